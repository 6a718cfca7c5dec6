// `pawnkit tune --trace FILE` as a run object (docs/engine.md, "Tuning your own
// evaluation"): an author's trace (analysis/tune/trace_file.hpp) split into training and
// held-out positions by game (by record when the trace has no `game` column, and the result
// says so), K fitted on the `eval` column (or given, or fitted with the starting weights),
// one weight per coefficient column fitted on the training part (analysis/tune/linear_fit.hpp),
// 95% intervals from bootstrap refits over training games, and the held-out loss before and
// after. The result's writers give the CLI's and the Python module's output.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/tune/linear_fit.hpp"
#include "analysis/tune/trace_file.hpp"

namespace pawnkit::analysis {

struct TraceTuneOptions {
  FitOptions fit;
  std::optional<double> k;              // fixed K; otherwise fitted
  std::map<std::string, double> start;  // starting weights by column name (others 0)
  std::vector<std::string> frozen;      // columns kept at their start
  int test_percent = 10;
  int bootstrap = 20;  // refits for the intervals (0: none)
  std::uint64_t seed = 1;
};

struct TraceTuneResult {
  std::vector<std::string> names;
  std::vector<double> start, weights, half_widths;
  double k = 1;
  std::string k_from;       // "eval", "option", "start" or "default"
  std::string held_out_by;  // "game" or "record"
  std::size_t train_rows = 0, test_rows = 0, train_games = 0, test_games = 0;
  double loss_start = 0, loss_tuned = 0;  // held out, without the L2 penalty
  double train_loss_start = 0, train_loss_tuned = 0;
  FitOptions fit;
  int bootstrap = 0, test_percent = 0;
  bool improved() const { return loss_tuned < loss_start; }
};

// Nullopt with `error` set when the trace cannot be fitted (no rows on one side, an unknown
// starting or frozen column).
std::optional<TraceTuneResult> run_trace_tune(const TraceTable& table,
                                              const TraceTuneOptions& options, std::string& error);

// {"weights": {...}, "intervals": {...}, "k": K, "k_from": ..., "held_out": {...},
//  "loss": {...}, "fit": {...}}; "weights" and "intervals" are null when `with_weights` is
// false (the held-out loss got worse and --force was not given).
std::string trace_tune_json(const TraceTuneResult& result, bool with_weights);
// The table: one line per column (start, tuned, 95% half-width), then the losses.
std::string trace_tune_table(const TraceTuneResult& result);
// The weights as a C++ initializer: a constexpr array of {name, value}.
std::string trace_tune_initializer(const TraceTuneResult& result);

}  // namespace pawnkit::analysis
