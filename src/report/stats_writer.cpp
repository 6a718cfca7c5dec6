// The writers of a database summary (analysis::Stats): the readable table, one JSON
// object, and the SVG charts. Stats only counts; every choice of wording, order, rounding
// and layout is made here.
#include "report/stats_writer.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <optional>
#include <utility>

#include "io/json.hpp"
#include "report/svg.hpp"

namespace pawnkit::io {

using analysis::GameScore;
using analysis::island_buckets;
using analysis::RatedSummary;
using analysis::scored_pattern_count;
using analysis::scored_pattern_names;
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

using WhiteEdge = std::optional<analysis::WhiteEdge>;

// White's edge in Elo, 0 when it does not fit (then the plain Elo formula is used).
double elo(const WhiteEdge& edge) { return edge ? edge->elo : 0; }

// Actual against expected over a score's rated games. The control row's difference is 0
// up to the fit's rounding (1e-12 points): shown as 0, not "-0.0".
RatedSummary rated_summary(const GameScore& s, double white_edge) {
  RatedSummary r = s.rated(white_edge);
  if (std::fabs(r.difference) < 1e-6) r.difference = 0;
  return r;
}

// , "KEY": V.VV for each field, or null for each when there are too few games.
void append_percents(std::string& out,
                     std::initializer_list<std::pair<std::string_view, double>> fields,
                     bool enough) {
  for (const auto& [key, value] : fields) {
    out += ", \"";
    out += key;
    out += "\": ";
    if (enough)
      appendf(out, "%.2f", value);
    else
      out += "null";
  }
}

// "wins": W, "draws": D, "losses": L, "score_percent": P (null without games)
void append_score_fields(std::string& out, const GameScore& s, double white_edge) {
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
  const RatedSummary r = rated_summary(s, white_edge);
  out += ", \"rated_games\": ";
  append_count(out, r.games);
  append_percents(out,
                  {{"expected_percent", r.expected_percent},
                   {"actual_percent", r.actual_percent},
                   {"difference", r.difference},
                   {"ci95", r.ci95}},
                  r.enough());
}

// The rating-adjusted columns of a score row (see rated_header), newline included.
std::string rated_columns(const GameScore& s, double white_edge) {
  const RatedSummary r = rated_summary(s, white_edge);
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

// One row of a score table: name, side, games, wins, draws, losses, score%, rated columns.
void append_score_row(std::string& out, int name_width, std::string_view name, Color side,
                      const GameScore& s, double white_edge) {
  appendf(out, "%-*s  %-5s  %7llu %7llu %7llu %7llu  ", name_width, std::string(name).c_str(),
          side == Black ? "black" : "white", ull(s.games()), ull(s.wins), ull(s.draws),
          ull(s.losses));
  if (s.games())
    appendf(out, "%6.1f", s.percent());
  else
    out += "     -";
  out += rated_columns(s, white_edge);
}

// "White's edge: +21.3 Elo (...)": the fit, or why there is none.
std::string white_edge_line(const Stats& stats, const WhiteEdge& edge) {
  const RatedSummary all = stats.all_games_score(White).rated();
  std::string out;
  if (edge)
    appendf(out,
            "White's edge: %+.1f Elo (White scored %.1f%% of %llu rated games, %.1f%% expected "
            "from the ratings alone);\nevery exp%% below includes it, so the \"%s\" row's diff "
            "is 0 for both colours\n",
            edge->elo, edge->unadjusted.actual_percent, ull(edge->unadjusted.games),
            edge->unadjusted.expected_percent, std::string(analysis::all_games_row_name).c_str());
  else if (!all.enough())
    appendf(out,
            "White's edge: not fitted (%llu rated games, at least %llu needed); exp%% below is "
            "from the ratings alone\n",
            ull(all.games), ull(analysis::min_rated_games));
  else
    out +=
        "White's edge: not fitted (White won or lost every rated game); exp% below is from the "
        "ratings alone\n";
  return out;
}

// "white": {score fields}, "black": {score fields}
template <class ScoreOf>
void append_sides(std::string& out, ScoreOf score_of, double white_edge) {
  for (Color c : {White, Black}) {
    out += c == White ? "\"white\": {" : ", \"black\": {";
    append_score_fields(out, score_of(c), white_edge);
    out += '}';
  }
}

// , "white_edge": {"elo": E, "rated_games": N, "actual_percent": A, "expected_percent": X}:
// the fitted edge (null when it does not fit) and White's results over all rated games,
// the expectation from the ratings alone (null with too few rated games).
void append_white_edge(std::string& out, const Stats& stats, const WhiteEdge& edge) {
  const RatedSummary all = stats.all_games_score(White).rated();
  out += ", \"white_edge\": {\"elo\": ";
  if (edge)
    appendf(out, "%.2f", edge->elo);
  else
    out += "null";
  out += ", \"rated_games\": ";
  append_count(out, all.games);
  append_percents(
      out, {{"actual_percent", all.actual_percent}, {"expected_percent", all.expected_percent}},
      all.enough());
  out += '}';
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
  out +=
      "\nexp%/act%: the holder's expected score from the Elo difference (White's edge added to\n"
      "White's rating) and its actual score, over games where both players are rated;\n"
      "diff = act% - exp% in percentage points, +/-95%: the half-width of its 95% confidence\n"
      "interval; fewer than " +
      std::to_string(analysis::min_rated_games) + " rated games: too few.\n";
  if (stats.tracks_openings()) {
    out += "\nby ECO code: the share of its games where a side holds each named structure for " +
           std::to_string(stats.min_plies()) +
           " plies in a row,\nand the average ply where that first run starts (structures no game "
           "of the code holds are left out)\n";
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
  const WhiteEdge edge = stats.white_edge();
  const double white_edge = elo(edge);
  append_white_edge(out, stats, edge);
  out += ", \"scores\": {";
  append_json_string(out, analysis::all_games_row_name);
  out += ": {";
  append_sides(
      out, [&](Color c) -> const GameScore& { return stats.all_games_score(c); }, white_edge);
  for (int p = 0; p < scored_pattern_count; ++p) {
    out += "}, ";
    append_json_string(out, scored_pattern_names[p]);
    out += ": {";
    append_sides(
        out, [&](Color c) -> const GameScore& { return stats.score(c, ScoredPattern(p)); },
        white_edge);
  }
  out += '}';
  out += "}, \"structures\": {";
  for (std::size_t i = 0; i < std::size_t(structure_count); ++i) {
    const auto id = StructureId(i);
    const GameScore& s = stats.structure_score(id);
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
    append_score_fields(out, s, white_edge);
    out += ", ";
    append_sides(
        out, [&](Color c) -> const GameScore& { return stats.structure_score(id, c); }, white_edge);
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
    append_score_fields(out, stats.transition_score(from, to), white_edge);
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
    const GameScore& s = stats.structure_score(id);
    structures.categories.emplace_back(structure_name(id));
    structures.series[0].values.push_back(s.games() ? s.percent() : std::nan(""));
    structures.bar_notes.push_back("n=" + std::to_string(s.games()));
  }
  charts.push_back({"structures.svg", bar_chart_svg(structures)});

  // Expected (from the players' ratings) against actual score of each structure's holder,
  // with the difference and its 95% interval over each pair of bars.
  BarChart rated;
  // A pair of bars needs min_rated_games rated games; the title says so, since a small file
  // may have no pair at all and an empty plot must not look like a fault.
  rated.title = "Expected vs actual score of the side holding each structure (" +
                std::to_string(analysis::min_rated_games) + "+ rated games)" + games_text(stats);
  rated.y_label = "score % (held " + std::to_string(stats.min_plies()) + " plies in a row)";
  rated.y_max = 100;
  rated.reference_line = 50;
  rated.series = {{"expected %", {}}, {"actual %", {}}};
  const double white_edge = elo(stats.white_edge());
  for (int i = 0; i < structure_count; ++i) {
    const auto id = StructureId(i);
    const RatedSummary r = rated_summary(stats.structure_score(id), white_edge);
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
