// The main charts of a database summary, as SVG files: pattern frequency by side, the
// island-count distribution, and the score of the side holding each named structure.
#pragma once

#include <string>
#include <vector>

#include "analysis/stats.hpp"

namespace pawnkit::analysis {

struct NamedSvg {
  std::string file_name;  // "patterns.svg", ...
  std::string svg;
};

std::vector<NamedSvg> stats_charts(const Stats& stats);

}  // namespace pawnkit::analysis
