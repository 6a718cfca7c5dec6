// An engine author's tuning trace (docs/engine.md, "Tuning your own evaluation"): CSV, one
// header line naming the columns, then one line per position. Named columns: `result` (the
// result for White, any fraction 0..1, or 1-0, 0-1, 1/2-1/2), `game` (optional: an id
// shared by the positions of one game, any text without a comma), `eval` (optional: the
// engine's evaluation, for fitting K), `offset` (optional: a part of the evaluation that is
// not fitted). Every other column is a coefficient with one weight to fit. A data line is
// dense (one field per header column) or sparse: the named columns, then only the nonzero
// coefficients as NAME=VALUE fields. Blank lines and lines starting with '#' are skipped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/tune/linear_fit.hpp"
#include "io/source/byte_source.hpp"

namespace pawnkit::analysis {

struct TraceTable {
  std::vector<std::string> names;   // the coefficient columns, in header order
  FitData data;                     // one row per position
  std::vector<std::uint32_t> game;  // per row: its game's number (first seen 0), or its row
  std::vector<float> eval;          // per row, when has_eval
  bool has_game = false, has_eval = false;
  std::size_t games = 0;
};

// Calls on_error(line, message) for every bad line (which is left out) and returns the
// rows read; a bad header leaves names empty.
TraceTable read_trace(io::ByteSource& source,
                      const std::function<void(std::size_t, std::string_view)>& on_error);

}  // namespace pawnkit::analysis
