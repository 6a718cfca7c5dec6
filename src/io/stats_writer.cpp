// The writers of a database summary (analysis::Stats): the readable table, one JSON
// object, and the SVG charts. Stats only counts; every choice of wording, order, rounding
// and layout is made here.
#include "io/stats_writer.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <utility>

#include "io/json.hpp"
#include "io/svg.hpp"

namespace pawnkit::io {

using analysis::island_buckets;
using analysis::Score;
using analysis::scored_pattern_count;
using analysis::scored_pattern_names;

// The JSON keys of the score table. The table says "isolated d-pawn" (not to be confused
// with the named structure `iqp`); the JSON key keeps its first spelling for its readers.
constexpr std::array<std::string_view, scored_pattern_count> scored_pattern_json_keys = {
    "isolated queen pawn", scored_pattern_names[1], scored_pattern_names[2],
    scored_pattern_names[3]};
using analysis::ScoredPattern;
using analysis::Stats;

namespace {

double share(std::uint64_t part, std::uint64_t whole) {
  return whole ? 100.0 * double(part) / double(whole) : 0.0;
}

template <class... T>
void appendf(std::string& out, const char* format, T... args) {
  char line[256];
  const int n = std::snprintf(line, sizeof line, format, args...);
  out.append(line, std::size_t(n < 0 ? 0 : n));
}

unsigned long long ull(std::uint64_t v) { return static_cast<unsigned long long>(v); }

void append_count(std::string& out, std::uint64_t v) { append_int(out, static_cast<long long>(v)); }

// "wins": W, "draws": D, "losses": L, "score_percent": P (null without games)
void append_score_fields(std::string& out, const Score& s) {
  out += "\"wins\": ";
  append_count(out, s.wins);
  out += ", \"draws\": ";
  append_count(out, s.draws);
  out += ", \"losses\": ";
  append_count(out, s.losses);
  out += ", \"score_percent\": ";
  if (s.games())
    appendf(out, "%.2f", s.percent());
  else
    out += "null";
  // Rating-adjusted: over games where both players are rated; null with too few.
  const analysis::RatedSummary r = s.rated();
  out += ", \"rated_games\": ";
  append_count(out, r.games);
  for (auto [key, value] : {std::pair{"expected_percent", r.expected_percent},
                            std::pair{"actual_percent", r.actual_percent},
                            std::pair{"difference", r.difference}, std::pair{"ci95", r.ci95}}) {
    out += ", \"";
    out += key;
    out += "\": ";
    if (r.enough())
      appendf(out, "%.2f", value);
    else
      out += "null";
  }
}

// The rating-adjusted columns of a score row (see rated_header), newline included.
std::string rated_columns(const Score& s) {
  const analysis::RatedSummary r = s.rated();
  std::string out;
  if (r.enough())
    appendf(out, "  %6llu  %6.1f  %6.1f  %+6.1f  %6.1f\n", ull(r.games), r.expected_percent,
            r.actual_percent, r.difference, r.ci95);
  else
    appendf(out, "  %6llu  too few rated games\n", ull(r.games));
  return out;
}
constexpr std::string_view rated_header = "   rated   exp%   act%    diff   +/-95%";

// The structure pairs some game turned from one into the other, most frequent first.
std::vector<std::pair<StructureId, StructureId>> transitions_by_games(const Stats& stats) {
  std::vector<std::pair<StructureId, StructureId>> pairs;
  for (int f = 0; f < structure_count; ++f)
    for (int t = 0; t < structure_count; ++t)
      if (stats.transition_games(StructureId(f), StructureId(t)))
        pairs.emplace_back(StructureId(f), StructureId(t));
  std::stable_sort(pairs.begin(), pairs.end(), [&](const auto& a, const auto& b) {
    return stats.transition_games(a.first, a.second) > stats.transition_games(b.first, b.second);
  });
  return pairs;
}

// " (middlegame positions only)" under --phase, else nothing.
std::string pattern_phase_note(const Stats& stats) {
  if (!stats.pattern_phase()) return {};
  return " (" + std::string(phase_name(*stats.pattern_phase())) +
         " positions only: " + std::to_string(stats.pattern_positions()) + " positions of " +
         std::to_string(stats.pattern_games()) + " games)";
}

}  // namespace

std::string stats_table(const Stats& stats) {
  std::string out;
  appendf(out, "games %llu, positions %llu", ull(stats.games()), ull(stats.positions()));
  if (stats.bad_games()) appendf(out, ", bad games %llu", ull(stats.bad_games()));
  if (stats.skipped_games())
    appendf(out, ", skipped (other variants) %llu", ull(stats.skipped_games()));
  out += "\n\n";
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
  appendf(out, "\nscore of the side having it (held %d plies in a row; decided and drawn games)\n",
          stats.min_plies());
  out += "pattern               side    games    wins   draws  losses   score%";
  out += rated_header;
  out += '\n';
  for (int p = 0; p < scored_pattern_count; ++p)
    for (int ci = 0; ci < 2; ++ci) {
      const Score& s = stats.score(ci ? Black : White, ScoredPattern(p));
      appendf(out, "%-20s  %-5s  %7llu %7llu %7llu %7llu  ",
              std::string(scored_pattern_names[p]).c_str(), ci ? "black" : "white", ull(s.games()),
              ull(s.wins), ull(s.draws), ull(s.losses));
      if (s.games())
        appendf(out, "%6.1f", s.percent());
      else
        out += "     -";
      out += rated_columns(s);
    }
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
  auto fixed = [](double v, const char* format) {
    char text[32];
    std::snprintf(text, sizeof text, format, v);
    return std::string(text);
  };
  for (std::size_t i = 0; i < std::size_t(structure_count); ++i) {
    const auto id = StructureId(i);
    const Score& s = stats.structure_score(id);
    appendf(out, row, std::string(structure_name(id)).c_str(),
            fixed(share(stats.structure_positions(id, White), stats.positions()), "%.2f").c_str(),
            fixed(share(stats.structure_positions(id, Black), stats.positions()), "%.2f").c_str(),
            fixed(share(stats.structure_games(id), stats.games()), "%.2f").c_str(),
            stats.structure_games(id) ? fixed(stats.structure_average_first_ply(id), "%.1f").c_str()
                                      : "-",
            std::to_string(s.games()).c_str(), std::to_string(s.wins).c_str(),
            std::to_string(s.draws).c_str(), std::to_string(s.losses).c_str(),
            s.games() ? fixed(s.percent(), "%.1f").c_str() : "-");
    out += rated_columns(s);
  }
  appendf(out,
          "\nstructure transitions (games whose timeline goes from one to the other, held %d "
          "plies\nin a row, docs/timeline.md; score of the side holding the first structure)\n",
          stats.min_plies());
  appendf(out, "%-23s  %-23s  %7s %7s %7s %7s  %6s", "from", "to", "games", "wins", "draws",
          "losses", "score%");
  out += rated_header;
  out += '\n';
  for (const auto& [from, to] : transitions_by_games(stats)) {
    const Score& s = stats.transition_score(from, to);
    appendf(out, "%-23s  %-23s  %7llu %7llu %7llu %7llu  ",
            std::string(structure_name(from)).c_str(), std::string(structure_name(to)).c_str(),
            ull(stats.transition_games(from, to)), ull(s.wins), ull(s.draws), ull(s.losses));
    if (s.games())
      appendf(out, "%6.1f", s.percent());
    else
      out += "     -";
    out += rated_columns(s);
  }
  out +=
      "\nexp%/act%: the holder's expected score from the Elo difference and its actual score,\n"
      "over games where both players are rated; diff = act% - exp% in percentage points,\n"
      "+/-95%: the half-width of its 95% confidence interval; fewer than " +
      std::to_string(analysis::min_rated_games) + " rated games: too few.\n";
  if (stats.tracks_openings()) {
    out +=
        "\nby ECO code: the share of its games that reach each named structure, and the\n"
        "average ply where it first appears (structures no game of the code reaches are left "
        "out)\n";
    appendf(out, "%-5s  %7s  %-23s  %10s  %9s\n", "ECO", "games", "structure", "% of games",
            "first ply");
    for (const auto& [eco, row] : stats.openings())
      for (int i = 0; i < structure_count; ++i) {
        if (!row.reached[std::size_t(i)]) continue;
        appendf(out, "%-5s  %7llu  %-23s  %10.2f  %9.1f\n", eco.c_str(), ull(row.games),
                std::string(structure_name(StructureId(i))).c_str(),
                share(row.reached[std::size_t(i)], row.games),
                double(row.first_ply_sum[std::size_t(i)]) / double(row.reached[std::size_t(i)]));
      }
  }
  return out;
}

std::string stats_json(const Stats& stats) {
  std::string out = "{\"games\": ";
  append_count(out, stats.games());
  out += ", \"positions\": ";
  append_count(out, stats.positions());
  out += ", \"bad_games\": ";
  append_count(out, stats.bad_games());
  out += ", \"skipped_games\": ";
  append_count(out, stats.skipped_games());
  out += ", \"patterns\": {";
  for (std::size_t k = 0; k < pawn_set_keys.size(); ++k) {
    if (k) out += ", ";
    append_json_string(out, pawn_set_keys[k].name);
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
  out += "}, \"min_plies\": ";
  append_int(out, stats.min_plies());
  out += ", \"scores\": {";
  for (int p = 0; p < scored_pattern_count; ++p) {
    if (p) out += ", ";
    append_json_string(out, scored_pattern_json_keys[p]);
    out += ": {";
    for (int ci = 0; ci < 2; ++ci) {
      out += ci ? ", \"black\": {" : "\"white\": {";
      append_score_fields(out, stats.score(ci ? Black : White, ScoredPattern(p)));
      out += '}';
    }
    out += '}';
  }
  out += "}, \"structures\": {";
  for (std::size_t i = 0; i < std::size_t(structure_count); ++i) {
    const auto id = StructureId(i);
    const Score& s = stats.structure_score(id);
    if (i) out += ", ";
    append_json_string(out, structure_name(id));
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
    append_score_fields(out, s);
    out += '}';
  }
  out += '}';
  if (stats.tracks_openings()) {
    out += ", \"by_eco\": {";
    bool first_eco = true;
    for (const auto& [eco, row] : stats.openings()) {
      if (!first_eco) out += ", ";
      first_eco = false;
      append_json_string(out, eco);
      out += ": {\"games\": ";
      append_count(out, row.games);
      out += ", \"structures\": {";
      bool first = true;
      for (int i = 0; i < structure_count; ++i) {
        const auto n = row.reached[std::size_t(i)];
        if (!n) continue;
        if (!first) out += ", ";
        first = false;
        append_json_string(out, structure_name(StructureId(i)));
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
  out += ", \"phases\": {";
  for (std::size_t p = 0; p < phase_names.size(); ++p) {
    if (p) out += ", ";
    append_json_string(out, phase_names[p]);
    out += ": ";
    append_count(out, stats.phase_positions(GamePhase(p)));
  }
  out += "}, \"pattern_phase\": ";
  if (stats.pattern_phase())
    append_json_string(out, phase_name(*stats.pattern_phase()));
  else
    out += "null";
  out += ", \"pattern_positions\": ";
  append_count(out, stats.pattern_positions());
  out += ", \"pattern_games\": ";
  append_count(out, stats.pattern_games());
  out += ", \"transitions\": [";
  bool first = true;
  for (const auto& [from, to] : transitions_by_games(stats)) {
    if (!first) out += ", ";
    first = false;
    out += "{\"from\": ";
    append_json_string(out, structure_name(from));
    out += ", \"to\": ";
    append_json_string(out, structure_name(to));
    out += ", \"games\": ";
    append_count(out, stats.transition_games(from, to));
    out += ", ";
    append_score_fields(out, stats.transition_score(from, to));
    out += '}';
  }
  out += "]}\n";
  return out;
}

namespace {

std::string games_text(const Stats& s) {
  return " (" + std::to_string(s.games()) + " games, " + std::to_string(s.positions()) +
         " positions)";
}

// One category of a White/Black chart: each side's count as a share of the positions of the
// pattern rows (all of them, or one phase's under --phase).
template <class CountForSide>
void add_side_shares(BarChart& chart, const Stats& stats, std::string category,
                     CountForSide count) {
  chart.categories.push_back(std::move(category));
  for (Color c : {White, Black})
    chart.series[std::size_t(index(c))].values.push_back(
        share(count(c), stats.pattern_positions()));
}

}  // namespace

std::vector<NamedSvg> stats_charts(const Stats& stats) {
  std::vector<NamedSvg> charts;

  BarChart patterns;
  patterns.title = "Pattern frequency by side" + games_text(stats);
  patterns.y_label = "% of positions";
  patterns.y_max = 100;
  patterns.series = {{"White", {}}, {"Black", {}}};
  for (std::size_t k = 0; k < pawn_set_keys.size(); ++k)
    add_side_shares(patterns, stats, std::string(pawn_set_keys[k].name),
                    [&](Color c) { return stats.positions_with(c, k); });
  charts.push_back({"patterns.svg", bar_chart_svg(patterns)});

  BarChart islands;
  islands.title = "Pawn islands" + games_text(stats);
  islands.y_label = "% of positions";
  islands.series = {{"White", {}}, {"Black", {}}};
  for (int n = 0; n < int(island_buckets); ++n)
    add_side_shares(islands, stats, std::to_string(n) + (n == 1 ? " island" : " islands"),
                    [&](Color c) { return stats.positions_with_islands(c, n); });
  charts.push_back({"islands.svg", bar_chart_svg(islands)});

  BarChart structures;
  structures.title = "Score of the side holding each structure" + games_text(stats);
  structures.y_label = "score % (held " + std::to_string(stats.min_plies()) + " plies in a row)";
  structures.y_max = 100;
  structures.reference_line = 50;
  structures.series = {{"score %", {}}};
  for (int i = 0; i < structure_count; ++i) {
    const auto id = StructureId(i);
    const Score& s = stats.structure_score(id);
    structures.categories.emplace_back(structure_name(id));
    structures.series[0].values.push_back(s.games() ? s.percent() : std::nan(""));
    structures.bar_notes.push_back("n=" + std::to_string(s.games()));
  }
  charts.push_back({"structures.svg", bar_chart_svg(structures)});

  // Expected (from the players' ratings) against actual score of each structure's holder,
  // with the difference and its 95% interval over each pair of bars.
  BarChart rated;
  rated.title = "Expected vs actual score of the side holding each structure (rated games)" +
                games_text(stats);
  rated.y_label = "score % (held " + std::to_string(stats.min_plies()) + " plies in a row)";
  rated.y_max = 100;
  rated.reference_line = 50;
  rated.series = {{"expected %", {}}, {"actual %", {}}};
  for (int i = 0; i < structure_count; ++i) {
    const auto id = StructureId(i);
    const analysis::RatedSummary r = stats.structure_score(id).rated();
    rated.categories.emplace_back(structure_name(id));
    rated.series[0].values.push_back(r.enough() ? r.expected_percent : std::nan(""));
    rated.series[1].values.push_back(r.enough() ? r.actual_percent : std::nan(""));
    char note[64];
    if (r.enough())
      std::snprintf(note, sizeof note, "%+.1f \u00b1%.1f", r.difference, r.ci95);
    else
      std::snprintf(note, sizeof note, "n=%llu", ull(r.games));
    rated.bar_notes.push_back(note);
  }
  charts.push_back({"expected_vs_actual.svg", bar_chart_svg(rated)});
  return charts;
}

}  // namespace pawnkit::io
