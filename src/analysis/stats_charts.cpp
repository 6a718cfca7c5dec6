#include "analysis/stats_charts.hpp"

#include <cmath>

#include "io/svg.hpp"

namespace pawnkit::analysis {

namespace {

double percent(std::uint64_t part, std::uint64_t whole) {
  return whole ? 100.0 * double(part) / double(whole) : 0.0;
}

std::string games_text(const Stats& s) {
  return " (" + std::to_string(s.games()) + " games, " + std::to_string(s.positions()) +
         " positions)";
}

}  // namespace

std::vector<NamedSvg> stats_charts(const Stats& stats) {
  std::vector<NamedSvg> charts;

  io::BarChart patterns;
  patterns.title = "Pattern frequency by side" + games_text(stats);
  patterns.y_label = "% of positions";
  patterns.y_max = 100;
  patterns.series = {{"White", {}}, {"Black", {}}};
  for (std::size_t k = 0; k < pawn_set_keys.size(); ++k) {
    patterns.categories.emplace_back(pawn_set_keys[k].name);
    for (Color c : {White, Black})
      patterns.series[std::size_t(index(c))].values.push_back(
          percent(stats.positions_with(c, k), stats.positions()));
  }
  charts.push_back({"patterns.svg", io::bar_chart_svg(patterns)});

  io::BarChart islands;
  islands.title = "Pawn islands" + games_text(stats);
  islands.y_label = "% of positions";
  islands.series = {{"White", {}}, {"Black", {}}};
  for (int n = 0; n < 5; ++n) {
    islands.categories.push_back(std::to_string(n) + (n == 1 ? " island" : " islands"));
    for (Color c : {White, Black})
      islands.series[std::size_t(index(c))].values.push_back(
          percent(stats.positions_with_islands(c, n), stats.positions()));
  }
  charts.push_back({"islands.svg", io::bar_chart_svg(islands)});

  io::BarChart structures;
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
  charts.push_back({"structures.svg", io::bar_chart_svg(structures)});
  return charts;
}

}  // namespace pawnkit::analysis
