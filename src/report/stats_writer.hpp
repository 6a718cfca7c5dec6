// Writers of a database summary (analysis::Stats, which only counts): the readable table
// of `pawnkit stats`, its JSON object, and its SVG charts.
#pragma once

#include <string>
#include <vector>

#include "analysis/stats.hpp"

namespace pawnkit::report {

// A readable summary, or JSON (one object); both newline-terminated.
std::string stats_table(const analysis::Stats& stats);
std::string stats_json(const analysis::Stats& stats);

struct NamedSvg {
  std::string file_name;  // "patterns.svg", ...
  std::string svg;
};

// Pattern frequency by side, the island-count distribution, and the score of the side
// holding each named structure.
std::vector<NamedSvg> stats_charts(const analysis::Stats& stats);

}  // namespace pawnkit::report
