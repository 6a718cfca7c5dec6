// Texel's logistic fit over any columns (docs/engine.md, "Tuning your own evaluation"): the
// model is linear in its weights, E = offset + sum(x[i] * w[i]), the predicted result for
// White sigmoid(K E) = 1 / (1 + 10^(-K E / 400)), and the loss the mean squared error of
// that prediction (Texel's) or the log-loss, plus l2 * sum(w^2) when asked. Rows are sparse
// (compressed rows), so a dense trace and an engine's thousand-column sparse trace are one
// case. Two solvers: Adam (first order, many cheap steps) and Levenberg-Marquardt damped
// Gauss-Newton (second order: the exact Hessian for the log-loss, the Gauss-Newton one for
// the squared error; a few dozen steps, each solving the columns' normal equations). Every
// pass over the rows splits them between threads. analysis/tuner.hpp is the fixed-column
// fit of pawnkit's own terms; this one knows no chess.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "analysis/tune/tuner.hpp"

namespace pawnkit::analysis {

// The rows of a fit: each a sparse vector of coefficients, an offset (the part of the
// evaluation that is not fitted) and a label (the result for White, 0..1).
struct FitData {
  std::size_t columns = 0;
  std::vector<std::uint32_t> row_start{0};  // row r's entries: [row_start[r], row_start[r + 1])
  std::vector<std::uint32_t> column;
  std::vector<float> value;
  std::vector<float> offset, label;

  std::size_t rows() const { return label.size(); }
  // Appends a row; `entries` are (column, coefficient) pairs.
  void add(const std::vector<std::pair<std::uint32_t, float>>& entries, float row_offset,
           float row_label);
  // Rows [begin, end) of `other` added at the end.
  void append(const FitData& other, std::size_t begin, std::size_t end);
};

enum class FitMethod { Adam, GaussNewton };

struct FitOptions {
  LossKind loss = LossKind::SquaredError;
  FitMethod method = FitMethod::GaussNewton;
  int iterations = 0;          // 0: 500 Adam steps or 100 Gauss-Newton steps
  double learning_rate = 1.0;  // Adam's step size, in the evaluation's units
  double l2 = 0;               // the penalty l2 * sum(w^2) added to the mean loss
  int threads = 1;
  std::vector<bool> frozen;  // per column, empty: none
};

// The mean loss of `w` at scaling K, without the L2 penalty.
double fit_loss(const FitData& data, const std::vector<double>& w, double k, LossKind kind,
                int threads);

// K minimising the loss of `w` (golden-section search over log K in [1e-3, 10]).
double fit_scale(const FitData& data, const std::vector<double>& w, LossKind kind, int threads);

// The weights minimising the loss plus the L2 penalty, from `start`; frozen columns keep
// their start value.
std::vector<double> fit_weights(const FitData& data, std::vector<double> start, double k,
                                const FitOptions& options);

}  // namespace pawnkit::analysis
