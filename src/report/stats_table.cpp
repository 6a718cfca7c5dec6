// The readable table of a database summary (analysis::Stats): wording, order, rounding
// and column widths.
#include "report/stats_writer.hpp"

#include <cstdio>
#include <string>

#include "io/text.hpp"
#include "report/stats_parts.hpp"

namespace pawnkit::report {

using namespace stats_parts;  // the shared pieces of the stats writers

namespace {

// The pattern, island and phase shares of positions (and games).
void append_position_shares(std::string& out, const Stats& stats) {
  out += "pattern            % of positions      % of games";
  out += pattern_phase_note(stats);
  out += '\n';
  out += "                    white   black     white   black\n";
  for (std::size_t k = 0; k < pawn_set_keys.size(); ++k)
    appendf(out, "%-17s  %6.2f  %6.2f    %6.2f  %6.2f\n",
            std::string(pawn_set_keys[k].name).c_str(),
            share(stats.positions_with(White, k), stats.pattern_positions()),
            share(stats.positions_with(Black, k), stats.pattern_positions()),
            share(stats.games_with(White, k), stats.pattern_games()),
            share(stats.games_with(Black, k), stats.pattern_games()));
  out += "\nislands            % of positions";
  out += pattern_phase_note(stats);
  out += '\n';
  out += "                    white   black\n";
  for (int n = 0; n < int(island_buckets); ++n)
    appendf(out, "%-17d  %6.2f  %6.2f\n", n,
            share(stats.positions_with_islands(White, n), stats.pattern_positions()),
            share(stats.positions_with_islands(Black, n), stats.pattern_positions()));
  out += "\nphase              % of positions  (docs/patterns.md: 24-point material count)\n";
  for (std::size_t p = 0; p < phase_names.size(); ++p)
    appendf(out, "%-17s  %6.2f\n", std::string(phase_names[p]).c_str(),
            share(stats.phase_positions(GamePhase(p)), stats.positions()));
}

// Each named structure: shares by holder, games, first ply and the holder's results.
void append_structures(std::string& out, const Stats& stats, double white_edge) {
  appendf(out,
          "\nnamed structures (score of the side holding it, held %d plies in a row; "
          "decided and drawn games)\n",
          stats.min_plies());
  // Held-by-White and held-by-Black shares of positions, share of games, average first
  // ply, then the holder's results. Header and rows share one set of column widths.
  const char* row = "%-23s  %6s  %6s  %10s  %9s  %6s  %6s  %6s  %6s  %6s";
  appendf(out, "%-23s  %14s  %10s  %9s  %6s  %6s  %6s  %6s  %6s", "structure", "% of positions",
          "% of games", "first ply", "games", "wins", "draws", "losses", "score%");
  out += rated_header;
  out += '\n';
  appendf(out, row, "", "white", "black", "", "(average)", "", "", "", "", "");
  out += '\n';
  while (out.ends_with(" \n")) out.erase(out.size() - 2, 1);
  const auto fixed = [](double v, const char* format) { return io::printf_string(format, v); };
  for (std::size_t i = 0; i < std::size_t(structure_count); ++i) {
    const auto id = StructureId(i);
    const GameScore& s = stats.structure_score(id);
    appendf(out, row, std::string(structure_name(id)).c_str(),
            fixed(share(stats.structure_positions(id, White), stats.positions()), "%.2f").c_str(),
            fixed(share(stats.structure_positions(id, Black), stats.positions()), "%.2f").c_str(),
            fixed(share(stats.structure_games(id), stats.games()), "%.2f").c_str(),
            stats.structure_games(id) ? fixed(stats.structure_average_first_ply(id), "%.1f").c_str()
                                      : "-",
            std::to_string(s.games()).c_str(), std::to_string(s.wins).c_str(),
            std::to_string(s.draws).c_str(), std::to_string(s.losses).c_str(),
            s.games() ? fixed(s.percent(), "%.1f").c_str() : "-");
    out += rated_columns(s, white_edge);
  }
}

// Each named structure some side held, one row per holder's colour.
void append_structures_by_holder(std::string& out, const Stats& stats, double white_edge) {
  appendf(out,
          "\nnamed structures by the holder's colour (the same games; structures no side held "
          "are left out)\n%-23s  side    games    wins   draws  losses   score%%",
          "structure");
  out += rated_header;
  out += '\n';
  for (int i = 0; i < structure_count; ++i) {
    const auto id = StructureId(i);
    if (!stats.structure_score(id).games()) continue;
    for (Color c : {White, Black})
      append_score_row(out, 23, structure_name(id), c, stats.structure_score(id, c), white_edge);
  }
}

// The structure transitions, most frequent first.
void append_transitions(std::string& out, const Stats& stats, double white_edge) {
  appendf(out,
          "\nstructure transitions (games whose timeline goes from one to the other, held %d "
          "plies\nin a row, docs/timeline.md; score of the side holding the first structure)\n",
          stats.min_plies());
  appendf(out, "%-23s  %-23s  %7s %7s %7s %7s  %6s", "from", "to", "games", "wins", "draws",
          "losses", "score%");
  out += rated_header;
  out += '\n';
  for (const auto& [from, to] : transitions_by_games(stats)) {
    const GameScore& s = stats.transition_score(from, to);
    appendf(out, "%-23s  %-23s  %7llu %7llu %7llu %7llu  ",
            std::string(structure_name(from)).c_str(), std::string(structure_name(to)).c_str(),
            ull(stats.transition_games(from, to)), ull(s.wins), ull(s.draws), ull(s.losses));
    if (s.games())
      appendf(out, "%6.1f", s.percent());
    else
      out += "     -";
    out += rated_columns(s, white_edge);
  }
}

// By ECO code: the share of its games holding each structure, and the first ply.
void append_by_eco(std::string& out, const Stats& stats) {
  out += "\nby ECO code: the share of its games where a side holds each named structure for " +
         std::to_string(stats.min_plies()) +
         " plies in a row,\nand the average ply where that first run starts (structures no game "
         "of the code holds are left out)\n";
  appendf(out, "%-5s  %7s  %-23s  %10s  %9s\n", "ECO", "games", "structure", "% of games",
          "first ply");
  for (const auto& [eco, row] : stats.openings())
    for (int i = 0; i < structure_count; ++i) {
      if (!row.reached[std::size_t(i)]) continue;
      appendf(out, "%-5s  %7llu  %-23s  %10.2f  %9.1f\n", io::visible(eco).c_str(), ull(row.games),
              std::string(structure_name(StructureId(i))).c_str(),
              share(row.reached[std::size_t(i)], row.games),
              double(row.first_ply_sum[std::size_t(i)]) / double(row.reached[std::size_t(i)]));
    }
}

}  // namespace

std::string stats_table(const Stats& stats) {
  std::string out;
  appendf(out, "games %llu, positions %llu", ull(stats.games()), ull(stats.positions()));
  if (stats.bad_games()) appendf(out, ", bad games %llu", ull(stats.bad_games()));
  if (stats.skipped_games())
    appendf(out, ", skipped (other variants) %llu", ull(stats.skipped_games()));
  out += "\n\n";
  append_position_shares(out, stats);
  const WhiteEdge edge = stats.white_edge();  // fitted once: it reads every rated game
  const double white_edge = elo(edge);
  out += '\n';
  out += white_edge_line(stats, edge);
  appendf(out, "\nscore of the side having it (held %d plies in a row; decided and drawn games)\n",
          stats.min_plies());
  out += "pattern               side    games    wins   draws  losses   score%";
  out += rated_header;
  out += '\n';
  for (Color c : {White, Black})
    append_score_row(out, 20, analysis::all_games_row_name, c, stats.all_games_score(c),
                     white_edge);
  for (int p = 0; p < scored_pattern_count; ++p)
    for (Color c : {White, Black})
      append_score_row(out, 20, scored_pattern_names[p], c, stats.score(c, ScoredPattern(p)),
                       white_edge);
  append_structures(out, stats, white_edge);
  append_structures_by_holder(out, stats, white_edge);
  append_transitions(out, stats, white_edge);
  out +=
      "\nexp%/act%: the holder's expected score from the Elo difference (White's edge added to\n"
      "White's rating) and its actual score, over games where both players are rated;\n"
      "diff = act% - exp% in percentage points, +/-95%: the half-width of its 95% confidence\n"
      "interval; fewer than " +
      std::to_string(analysis::min_rated_games) + " rated games: too few.\n";
  if (stats.tracks_openings()) append_by_eco(out, stats);
  return out;
}

}  // namespace pawnkit::report
