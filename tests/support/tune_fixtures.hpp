// What the tune tests share: the loss's slope by central differences (the outside truth the
// tuner's gradient is checked against) and the "start" column of `pawnkit tune`'s table.
#pragma once

#include <cstdio>
#include <optional>
#include <string>

#include "analysis/tune/tuner.hpp"

namespace pawnkit::testing {

// The slope of the mean loss along parameter `i` at `p`: (loss(p + h) - loss(p - h)) / 2h.
inline double central_difference(const analysis::TuningData& data,
                                 const analysis::TunerParameters& p, std::size_t i, double k,
                                 analysis::LossKind kind, double h) {
  analysis::TunerParameters up = p, down = p;
  up[i] += h;
  down[i] -= h;
  return (analysis::mean_loss(data, up, k, kind, 1) - analysis::mean_loss(data, down, k, kind, 1)) /
         (2 * h);
}

// The "start" figure of the row `name` (its parameter name and a blank, "side_to_move ")
// of `pawnkit tune`'s table; nullopt when there is no such row or it has no number.
inline std::optional<double> start_column(const std::string& table, const std::string& name) {
  const std::size_t line = table.find(name);
  if (line == std::string::npos) return std::nullopt;
  char parameter[64];
  double start = 0;
  if (std::sscanf(table.c_str() + line, "%63s %lf", parameter, &start) != 2) return std::nullopt;
  return start;
}

}  // namespace pawnkit::testing
