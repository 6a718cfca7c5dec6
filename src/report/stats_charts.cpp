// A database summary (analysis::Stats) as SVG bar charts.
#include "report/stats_writer.hpp"

#include <cstdio>
#include <string>

#include "report/stats_parts.hpp"
#include "report/svg.hpp"

namespace pawnkit::report {

using namespace stats_parts;  // the shared pieces of the stats writers

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

}  // namespace pawnkit::report
