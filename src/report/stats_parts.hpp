// The pieces the stats writers share (stats_table.cpp, stats_json.cpp, stats_charts.cpp):
// shares, White's edge, the rating-adjusted columns and fields of a score row. Internal
// to src/report; not part of the library's interface.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/stats.hpp"
#include "io/json.hpp"
#include "io/printf.hpp"

namespace pawnkit::report::stats_parts {

using analysis::GameScore;
using analysis::island_buckets;
using analysis::RatedSummary;
using analysis::scored_pattern_count;
using analysis::scored_pattern_names;
using analysis::ScoredPattern;
using analysis::Stats;

inline double share(std::uint64_t part, std::uint64_t whole) {
  return whole ? 100.0 * double(part) / double(whole) : 0.0;
}

using io::appendf;

inline unsigned long long ull(std::uint64_t v) { return static_cast<unsigned long long>(v); }

inline void append_count(std::string& out, std::uint64_t v) {
  io::append_int(out, static_cast<long long>(v));
}

using WhiteEdge = std::optional<analysis::WhiteEdge>;

// White's edge in Elo, 0 when it does not fit (then the plain Elo formula is used).
inline double elo(const WhiteEdge& edge) { return edge ? edge->elo : 0; }

// Actual against expected over a score's rated games. The control row's difference is 0
// up to the fit's rounding (1e-12 points): shown as 0, not "-0.0".
inline RatedSummary rated_summary(const GameScore& s, double white_edge) {
  RatedSummary r = s.rated(white_edge);
  if (std::fabs(r.difference) < 1e-6) r.difference = 0;
  return r;
}

// , "KEY": V.VV for each field, or null for each when there are too few games.
inline void append_percents(std::string& out,
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
inline void append_score_fields(std::string& out, const GameScore& s, double white_edge) {
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
inline std::string rated_columns(const GameScore& s, double white_edge) {
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
inline std::vector<std::pair<StructureId, StructureId>> transitions_by_games(const Stats& stats) {
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
inline std::string pattern_phase_note(const Stats& stats) {
  if (!stats.pattern_phase()) return {};
  return " (" + std::string(phase_name(*stats.pattern_phase())) +
         " positions only: " + std::to_string(stats.pattern_positions()) + " positions of " +
         std::to_string(stats.pattern_games()) + " games)";
}

// One row of a score table: name, side, games, wins, draws, losses, score%, rated columns.
inline void append_score_row(std::string& out, int name_width, std::string_view name, Color side,
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
inline std::string white_edge_line(const Stats& stats, const WhiteEdge& edge) {
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
inline void append_sides(std::string& out, ScoreOf score_of, double white_edge) {
  for (Color c : {White, Black}) {
    out += c == White ? "\"white\": {" : ", \"black\": {";
    append_score_fields(out, score_of(c), white_edge);
    out += '}';
  }
}

// , "white_edge": {"elo": E, "rated_games": N, "actual_percent": A, "expected_percent": X}:
// the fitted edge (null when it does not fit) and White's results over all rated games,
// the expectation from the ratings alone (null with too few rated games).
inline void append_white_edge(std::string& out, const Stats& stats, const WhiteEdge& edge) {
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

}  // namespace pawnkit::report::stats_parts
