// A database summary (analysis::Stats) as one JSON object (docs/stats.md).
#include "report/stats_writer.hpp"

#include <cstdio>
#include <string>

#include "report/stats_parts.hpp"

namespace pawnkit::report {

using namespace stats_parts;  // the shared pieces of the stats writers

namespace {

// , "patterns": {per key and side: positions, games}, "islands": {per side: positions by count}
void append_patterns(std::string& out, const Stats& stats) {
  out += ", \"patterns\": {";
  for (std::size_t k = 0; k < pawn_set_keys.size(); ++k) {
    if (k) out += ", ";
    io::append_json_string(out, pawn_set_keys[k].name);
    out += ": {";
    for (int ci = 0; ci < 2; ++ci) {
      out += ci ? ", \"black\": {\"positions\": " : "\"white\": {\"positions\": ";
      append_count(out, stats.positions_with(ci ? Black : White, k));
      out += ", \"games\": ";
      append_count(out, stats.games_with(ci ? Black : White, k));
      out += '}';
    }
    out += '}';
  }
  out += "}, \"islands\": {";
  for (int ci = 0; ci < 2; ++ci) {
    out += ci ? ", \"black\": [" : "\"white\": [";
    for (int n = 0; n < int(island_buckets); ++n) {
      if (n) out += ',';
      append_count(out, stats.positions_with_islands(ci ? Black : White, n));
    }
    out += ']';
  }
}

// , "scores": {the control row and each scored pattern, both sides}
void append_scores(std::string& out, const Stats& stats, double white_edge) {
  out += ", \"scores\": {";
  io::append_json_string(out, analysis::all_games_row_name);
  out += ": {";
  append_sides(
      out, [&](Color c) -> const GameScore& { return stats.all_games_score(c); }, white_edge);
  for (int p = 0; p < scored_pattern_count; ++p) {
    out += "}, ";
    io::append_json_string(out, scored_pattern_names[p]);
    out += ": {";
    append_sides(
        out, [&](Color c) -> const GameScore& { return stats.score(c, ScoredPattern(p)); },
        white_edge);
  }
  out += '}';
}

// }, "structures": {per named structure: positions, games, first ply, scores}
void append_structures_json(std::string& out, const Stats& stats, double white_edge) {
  out += "}, \"structures\": {";
  for (std::size_t i = 0; i < std::size_t(structure_count); ++i) {
    const auto id = StructureId(i);
    const GameScore& s = stats.structure_score(id);
    if (i) out += ", ";
    io::append_json_string(out, structure_name(id));
    out += ": {\"positions\": ";
    append_count(out, stats.structure_positions(id));
    out += ", \"positions_white\": ";
    append_count(out, stats.structure_positions(id, White));
    out += ", \"positions_black\": ";
    append_count(out, stats.structure_positions(id, Black));
    out += ", \"positions_reversed\": ";
    append_count(out, stats.structure_reversed_positions(id));
    out += ", \"games\": ";
    append_count(out, stats.structure_games(id));
    out += ", \"average_first_ply\": ";
    if (stats.structure_games(id))
      appendf(out, "%.2f", stats.structure_average_first_ply(id));
    else
      out += "null";
    out += ", ";
    append_score_fields(out, s, white_edge);
    out += ", ";
    append_sides(
        out, [&](Color c) -> const GameScore& { return stats.structure_score(id, c); }, white_edge);
    out += '}';
  }
  out += '}';
}

// , "by_eco": {per ECO code: games, and per structure held: games, first ply}
void append_by_eco_json(std::string& out, const Stats& stats) {
  out += ", \"by_eco\": {";
  bool first_eco = true;
  for (const auto& [eco, row] : stats.openings()) {
    if (!first_eco) out += ", ";
    first_eco = false;
    io::append_json_string(out, eco);
    out += ": {\"games\": ";
    append_count(out, row.games);
    out += ", \"structures\": {";
    bool first = true;
    for (int i = 0; i < structure_count; ++i) {
      const auto n = row.reached[std::size_t(i)];
      if (!n) continue;
      if (!first) out += ", ";
      first = false;
      io::append_json_string(out, structure_name(StructureId(i)));
      out += ": {\"games\": ";
      append_count(out, n);
      out += ", \"average_first_ply\": ";
      appendf(out, "%.2f", double(row.first_ply_sum[std::size_t(i)]) / double(n));
      out += '}';
    }
    out += "}}";
  }
  out += '}';
}

// , "phases": {...}, "pattern_phase": ..., "pattern_positions": N, "pattern_games": N
void append_phases(std::string& out, const Stats& stats) {
  out += ", \"phases\": {";
  for (std::size_t p = 0; p < phase_names.size(); ++p) {
    if (p) out += ", ";
    io::append_json_string(out, phase_names[p]);
    out += ": ";
    append_count(out, stats.phase_positions(GamePhase(p)));
  }
  out += "}, \"pattern_phase\": ";
  if (stats.pattern_phase())
    io::append_json_string(out, phase_name(*stats.pattern_phase()));
  else
    out += "null";
  out += ", \"pattern_positions\": ";
  append_count(out, stats.pattern_positions());
  out += ", \"pattern_games\": ";
  append_count(out, stats.pattern_games());
}

// , "transitions": [{from, to, games, score fields}, ...
void append_transitions_json(std::string& out, const Stats& stats, double white_edge) {
  out += ", \"transitions\": [";
  bool first = true;
  for (const auto& [from, to] : transitions_by_games(stats)) {
    if (!first) out += ", ";
    first = false;
    out += "{\"from\": ";
    io::append_json_string(out, structure_name(from));
    out += ", \"to\": ";
    io::append_json_string(out, structure_name(to));
    out += ", \"games\": ";
    append_count(out, stats.transition_games(from, to));
    out += ", ";
    append_score_fields(out, stats.transition_score(from, to), white_edge);
    out += '}';
  }
}

}  // namespace

std::string stats_json(const Stats& stats) {
  std::string out = "{\"games\": ";
  append_count(out, stats.games());
  out += ", \"positions\": ";
  append_count(out, stats.positions());
  out += ", \"bad_games\": ";
  append_count(out, stats.bad_games());
  out += ", \"skipped_games\": ";
  append_count(out, stats.skipped_games());
  append_patterns(out, stats);
  out += "}, \"min_plies\": ";
  io::append_int(out, stats.min_plies());
  const WhiteEdge edge = stats.white_edge();
  const double white_edge = elo(edge);
  append_white_edge(out, stats, edge);
  append_scores(out, stats, white_edge);
  append_structures_json(out, stats, white_edge);
  if (stats.tracks_openings()) append_by_eco_json(out, stats);
  append_phases(out, stats);
  append_transitions_json(out, stats, white_edge);
  out += "]}\n";
  return out;
}

}  // namespace pawnkit::report
