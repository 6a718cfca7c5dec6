#include "analysis/tune/trace_tune.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "analysis/tune/tune_positions.hpp"
#include "io/json.hpp"

namespace pawnkit::analysis {

namespace {

std::string number(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

// The training rows grouped by game (or record), with where each group starts, and the
// held-out rows.
struct Split {
  FitData train, test;
  std::vector<std::size_t> train_starts;
  std::vector<float> train_eval;
  std::size_t test_groups = 0;
};

Split split(const TraceTable& table, const TraceTuneOptions& options) {
  Split s;
  s.train.columns = s.test.columns = table.data.columns;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> train_rows;  // (group, row)
  std::vector<bool> test_group_seen;
  for (std::size_t r = 0; r < table.data.rows(); ++r) {
    const std::uint32_t group = table.game[r];
    const bool held_out =
        mix(options.seed ^ 0x5eed, group) % 100 < std::uint64_t(options.test_percent);
    if (!held_out) {
      train_rows.emplace_back(group, std::uint32_t(r));
      continue;
    }
    s.test.append(table.data, r, r + 1);
    if (test_group_seen.size() <= group) test_group_seen.resize(group + 1, false);
    if (!test_group_seen[group]) ++s.test_groups;
    test_group_seen[group] = true;
  }
  std::stable_sort(train_rows.begin(), train_rows.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < train_rows.size(); ++i) {
    if (i == 0 || train_rows[i].first != train_rows[i - 1].first)
      s.train_starts.push_back(s.train.rows());
    s.train.append(table.data, train_rows[i].second, train_rows[i].second + 1);
    if (table.has_eval) s.train_eval.push_back(table.eval[train_rows[i].second]);
  }
  return s;
}

// K and where it came from.
std::pair<double, std::string> scale(const TraceTable& table, const Split& s,
                                     const TraceTuneOptions& options,
                                     const std::vector<double>& start) {
  if (options.k) return {*options.k, "option"};
  if (table.has_eval) {  // the engine's own evaluation predicts the results: Texel's K
    FitData evals;
    for (std::size_t r = 0; r < s.train.rows(); ++r)
      evals.add({}, s.train_eval[r], s.train.label[r]);
    return {fit_scale(evals, {}, options.fit.loss, options.fit.threads), "eval"};
  }
  if (std::any_of(start.begin(), start.end(), [](double w) { return w != 0; }))
    return {fit_scale(s.train, start, options.fit.loss, options.fit.threads), "start"};
  return {1.0, "default"};
}

// 1.96 standard deviations of each weight over refits on training sets drawn from the
// training games with replacement (positions of one game are not independent).
std::vector<double> bootstrap_half_widths(const Split& s, const std::vector<double>& tuned,
                                          double k, FitOptions fit, int rounds,
                                          std::uint64_t seed) {
  const std::size_t n = tuned.size(), groups = s.train_starts.size();
  std::vector<double> sum(n, 0.0), squares(n, 0.0);
  std::mt19937_64 rng(mix(seed, 0xb007));
  if (fit.method == FitMethod::Adam) fit.iterations = std::max(50, fit.iterations / 4);
  for (int round = 0; round < rounds; ++round) {
    FitData drawn;
    drawn.columns = n;
    for (std::size_t i = 0; i < groups; ++i) {
      const std::size_t g = rng() % groups;
      drawn.append(s.train, s.train_starts[g],
                   g + 1 < groups ? s.train_starts[g + 1] : s.train.rows());
    }
    const std::vector<double> w = fit_weights(drawn, tuned, k, fit);
    for (std::size_t i = 0; i < n; ++i) {
      sum[i] += w[i];
      squares[i] += w[i] * w[i];
    }
  }
  std::vector<double> half(n, 0.0);
  for (std::size_t i = 0; rounds > 1 && i < n; ++i) {
    const double mean = sum[i] / rounds;
    const double variance = (squares[i] - rounds * mean * mean) / (rounds - 1);
    half[i] = 1.96 * std::sqrt(std::max(0.0, variance));
  }
  return half;
}

}  // namespace

std::optional<TraceTuneResult> run_trace_tune(const TraceTable& table,
                                              const TraceTuneOptions& options, std::string& error) {
  TraceTuneResult result;
  result.names = table.names;
  result.fit = options.fit;
  result.bootstrap = options.bootstrap;
  result.test_percent = options.test_percent;
  const std::size_t n = table.names.size();
  const auto index = [&](const std::string& name) -> std::optional<std::size_t> {
    const auto at = std::find(table.names.begin(), table.names.end(), name);
    if (at == table.names.end()) return std::nullopt;
    return std::size_t(at - table.names.begin());
  };
  result.start.assign(n, 0.0);
  for (const auto& [name, value] : options.start) {
    const auto i = index(name);
    if (!i) {
      error = "the starting weights name " + name + ", not a column of the trace";
      return std::nullopt;
    }
    result.start[*i] = value;
  }
  result.fit.frozen.assign(n, false);
  for (const std::string& name : options.frozen) {
    const auto i = index(name);
    if (!i) {
      error = "--freeze: " + name + " is not a column of the trace";
      return std::nullopt;
    }
    result.fit.frozen[*i] = true;
  }
  const Split s = split(table, options);
  result.held_out_by = table.has_game ? "game" : "record";
  result.train_rows = s.train.rows();
  result.test_rows = s.test.rows();
  result.train_games = s.train_starts.size();
  result.test_games = s.test_groups;
  if (s.train.rows() == 0 || s.test.rows() == 0) {
    error = "too few positions to fit and to test (" + std::to_string(s.train.rows()) + " and " +
            std::to_string(s.test.rows()) + ")";
    return std::nullopt;
  }
  std::tie(result.k, result.k_from) = scale(table, s, options, result.start);
  result.weights = fit_weights(s.train, result.start, result.k, result.fit);
  const LossKind loss = options.fit.loss;
  const int threads = options.fit.threads;
  result.loss_start = fit_loss(s.test, result.start, result.k, loss, threads);
  result.loss_tuned = fit_loss(s.test, result.weights, result.k, loss, threads);
  result.train_loss_start = fit_loss(s.train, result.start, result.k, loss, threads);
  result.train_loss_tuned = fit_loss(s.train, result.weights, result.k, loss, threads);
  result.half_widths = options.bootstrap > 1
                           ? bootstrap_half_widths(s, result.weights, result.k, result.fit,
                                                   options.bootstrap, options.seed)
                           : std::vector<double>(n, 0.0);
  return result;
}

std::string trace_tune_json(const TraceTuneResult& r, bool with_weights) {
  const auto object = [&](const std::vector<double>& values, const char* format) {
    if (!with_weights) return std::string("null");
    std::string out = "{";
    for (std::size_t i = 0; i < r.names.size(); ++i) {
      if (i > 0) out += ", ";
      io::append_json_string(out, r.names[i]);
      out += ": " + number(format, values[i]);
    }
    return out + "}";
  };
  const bool log = r.fit.loss == LossKind::LogLoss;
  return "{\"weights\": " + object(r.weights, "%.10g") +
         ", \"intervals\": " + object(r.half_widths, "%.6g") + ", \"k\": " + number("%.10g", r.k) +
         ", \"k_from\": \"" + r.k_from + "\", \"held_out\": {\"by\": \"" + r.held_out_by +
         "\", \"percent\": " + std::to_string(r.test_percent) +
         ", \"train_positions\": " + std::to_string(r.train_rows) +
         ", \"test_positions\": " + std::to_string(r.test_rows) + ", \"train_" +
         (r.held_out_by == "game" ? "games" : "records") + "\": " + std::to_string(r.train_games) +
         ", \"test_" + (r.held_out_by == "game" ? "games" : "records") +
         "\": " + std::to_string(r.test_games) + "}, \"loss\": {\"kind\": \"" +
         (log ? "log" : "mse") + "\", \"held_out_start\": " + number("%.10g", r.loss_start) +
         ", \"held_out_tuned\": " + number("%.10g", r.loss_tuned) +
         ", \"train_start\": " + number("%.10g", r.train_loss_start) +
         ", \"train_tuned\": " + number("%.10g", r.train_loss_tuned) +
         ", \"improved\": " + (r.improved() ? "true" : "false") + "}, \"fit\": {\"method\": \"" +
         (r.fit.method == FitMethod::Adam ? "adam" : "gauss-newton") +
         "\", \"l2\": " + number("%.10g", r.fit.l2) +
         ", \"bootstrap\": " + std::to_string(r.bootstrap) + "}}\n";
}

std::string trace_tune_table(const TraceTuneResult& r) {
  const bool by_game = r.held_out_by == "game";
  std::string out = "positions   " + std::to_string(r.train_rows) + " training, " +
                    std::to_string(r.test_rows) + " held out (" + std::to_string(r.test_games) +
                    (by_game ? " games)\n"
                             : " records: the trace has no `game` column, so "
                               "positions of one game may fall on both sides)\n");
  out += "K           " + number("%.6g", r.k) + " (" +
         (r.k_from == "eval"     ? "fitted on the eval column"
          : r.k_from == "option" ? "--k"
          : r.k_from == "start"  ? "fitted with the starting weights"
                                 : "1: no eval column, no --k, no starting weights") +
         ")\n";
  out += std::string("loss (") + (r.fit.loss == LossKind::LogLoss ? "log" : "mse") +
         ")  held out: " + number("%.6f", r.loss_start) + " with the starting weights, " +
         number("%.6f", r.loss_tuned) + " tuned (" +
         number("%+.3f", 100 * (r.loss_tuned - r.loss_start) / std::max(1e-300, r.loss_start)) +
         "%)\n\n";
  char line[256];
  std::snprintf(line, sizeof line, "%-28s %12s %12s %12s\n", "column", "start", "tuned", "95% +/-");
  out += line;
  for (std::size_t i = 0; i < r.names.size(); ++i) {
    std::snprintf(line, sizeof line, "%-28s %12.4g %12.4f %12.4f%s\n", r.names[i].c_str(),
                  r.start[i], r.weights[i], r.half_widths[i], r.fit.frozen[i] ? "  (frozen)" : "");
    out += line;
  }
  return out;
}

std::string trace_tune_initializer(const TraceTuneResult& r) {
  std::string out =
      "// pawnkit tune --trace: one weight per trace column, K = " + number("%.6g", r.k) +
      "\nstruct TunedWeight {\n  const char* name;\n" +
      "  double value;\n};\ninline constexpr TunedWeight tuned_weights[] = {\n";
  for (std::size_t i = 0; i < r.names.size(); ++i) {
    out += "    {";
    io::append_json_string(out, r.names[i]);
    out += ", " + number("%.10g", r.weights[i]) + "},\n";
  }
  return out + "};\n";
}

}  // namespace pawnkit::analysis
