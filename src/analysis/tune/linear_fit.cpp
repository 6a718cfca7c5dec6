#include "analysis/tune/linear_fit.hpp"
#include "analysis/tune/parallel_sums.hpp"
#include "analysis/tune/scale_search.hpp"

#include <algorithm>
#include <cmath>

namespace pawnkit::analysis {

namespace {

// s in sigmoid(s E) = 1 / (1 + exp(-s E)), Texel's 10^(-K E / 400) written with exp.
double slope(double k) { return k * std::log(10.0) / 400.0; }

// The passes over the rows split them between threads, at least this many rows each.
constexpr std::size_t rows_per_thread = 2048;

double evaluation(const FitData& data, std::size_t r, const std::vector<double>& w) {
  double e = data.offset[r];
  for (std::uint32_t j = data.row_start[r]; j < data.row_start[r + 1]; ++j)
    e += data.value[j] * w[data.column[j]];
  return e;
}

double loss_of(double p, double y, LossKind kind) {
  if (kind == LossKind::SquaredError) return (p - y) * (p - y);
  constexpr double tiny = 1e-12;  // a certain prediction that is wrong costs much, not infinity
  return -(y * std::log(std::max(p, tiny)) + (1 - y) * std::log(std::max(1 - p, tiny)));
}

double penalty(const std::vector<double>& w, double l2) {
  double sum = 0;
  for (const double v : w) sum += v * v;
  return l2 * sum;
}

// The mean loss (last element), its gradient and, when `hessian`, the Hessian (exact for
// the log-loss, Gauss-Newton's for the squared error) row by row after the gradient, all
// without the L2 penalty.
std::vector<double> derivatives(const FitData& data, const std::vector<double>& w, double k,
                                LossKind kind, int threads, bool hessian) {
  const std::size_t n = data.columns, size = n + (hessian ? n * n : 0) + 1;
  const double s = slope(k);
  std::vector<double> sum = parallel_sums(
      data.rows(), threads, rows_per_thread, std::vector<double>(size, 0.0),
      [&](std::size_t begin, std::size_t end, std::vector<double>& acc) {
        for (std::size_t r = begin; r < end; ++r) {
          const double p = 1 / (1 + std::exp(-s * evaluation(data, r, w))), y = data.label[r];
          acc[size - 1] += loss_of(p, y, kind);
          // d loss / d E and the curvature through the sigmoid (s p (1 - p)).
          const double dp = s * p * (1 - p);
          const double d = kind == LossKind::SquaredError ? 2 * (p - y) * dp : (p - y) * s;
          const double c = kind == LossKind::SquaredError ? 2 * dp * dp : s * dp;
          const std::uint32_t first = data.row_start[r], last = data.row_start[r + 1];
          for (std::uint32_t a = first; a < last; ++a) {
            const std::size_t i = data.column[a];
            acc[i] += d * data.value[a];
            if (!hessian) continue;
            const double ci = c * data.value[a];
            for (std::uint32_t b = first; b < last; ++b)
              acc[n + i * n + data.column[b]] += ci * data.value[b];
          }
        }
      });
  for (double& v : sum) v /= double(std::max<std::size_t>(1, data.rows()));
  return sum;
}

// Solves A x = b for a symmetric positive definite A (n x n, row-major) by Cholesky;
// false when A is not positive definite.
bool cholesky_solve(std::vector<double> a, std::vector<double>& b, std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (std::size_t k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
    if (!(d > 0)) return false;
    a[j * n + j] = std::sqrt(d);
    for (std::size_t i = j + 1; i < n; ++i) {
      double v = a[i * n + j];
      for (std::size_t k = 0; k < j; ++k) v -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = v / a[j * n + j];
    }
  }
  for (std::size_t i = 0; i < n; ++i) {  // L y = b
    for (std::size_t k = 0; k < i; ++k) b[i] -= a[i * n + k] * b[k];
    b[i] /= a[i * n + i];
  }
  for (std::size_t i = n; i-- > 0;) {  // L^T x = y
    for (std::size_t k = i + 1; k < n; ++k) b[i] -= a[k * n + i] * b[k];
    b[i] /= a[i * n + i];
  }
  return true;
}

std::vector<double> adam(const FitData& data, std::vector<double> w, double k,
                         const FitOptions& options, const std::vector<bool>& frozen) {
  constexpr double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
  const std::size_t n = data.columns;
  std::vector<double> m(n, 0.0), v(n, 0.0);
  double beta1_t = 1, beta2_t = 1;
  const int steps = options.iterations > 0 ? options.iterations : 500;
  for (int step = 0; step < steps; ++step) {
    const std::vector<double> g = derivatives(data, w, k, options.loss, options.threads, false);
    beta1_t *= beta1;
    beta2_t *= beta2;
    for (std::size_t i = 0; i < n; ++i) {
      if (frozen[i]) continue;
      const double gi = g[i] + 2 * options.l2 * w[i];
      m[i] = beta1 * m[i] + (1 - beta1) * gi;
      v[i] = beta2 * v[i] + (1 - beta2) * gi * gi;
      w[i] -= options.learning_rate * (m[i] / (1 - beta1_t)) /
              (std::sqrt(v[i] / (1 - beta2_t)) + epsilon);
    }
  }
  return w;
}

// Levenberg-Marquardt: Newton steps on the free columns with the diagonal damped by lambda,
// lambda lowered after a step that lowers the objective and raised (the step refused)
// after one that does not.
std::vector<double> gauss_newton(const FitData& data, std::vector<double> w, double k,
                                 const FitOptions& options, const std::vector<bool>& frozen) {
  const std::size_t n = data.columns;
  std::vector<std::size_t> free;
  for (std::size_t i = 0; i < n; ++i)
    if (!frozen[i]) free.push_back(i);
  const std::size_t m = free.size();
  const auto objective = [&](const std::vector<double>& x) {
    return fit_loss(data, x, k, options.loss, options.threads) + penalty(x, options.l2);
  };
  double lambda = 1e-3, current = objective(w);
  const int steps = options.iterations > 0 ? options.iterations : 100;
  for (int step = 0; step < steps && m > 0; ++step) {
    const std::vector<double> d = derivatives(data, w, k, options.loss, options.threads, true);
    for (int attempt = 0; attempt < 30; ++attempt) {
      std::vector<double> a(m * m), b(m);
      for (std::size_t i = 0; i < m; ++i) {
        b[i] = -(d[free[i]] + 2 * options.l2 * w[free[i]]);
        for (std::size_t j = 0; j < m; ++j) a[i * m + j] = d[n + free[i] * n + free[j]];
        const double diagonal = a[i * m + i] + 2 * options.l2;
        a[i * m + i] = diagonal + lambda * diagonal + 1e-12;  // a column never seen: no step
      }
      if (!cholesky_solve(a, b, m)) {
        lambda *= 10;
        continue;
      }
      std::vector<double> next = w;
      for (std::size_t i = 0; i < m; ++i) next[free[i]] += b[i];
      const double value = objective(next);
      if (value < current) {
        const bool converged = current - value < 1e-12 * std::max(1.0, current);
        w = std::move(next);
        current = value;
        lambda = std::max(1e-9, lambda / 3);
        if (converged) return w;
        break;
      }
      lambda *= 4;
      if (attempt == 29) return w;  // no step lowers the objective: a minimum
    }
  }
  return w;
}

}  // namespace

void FitData::add(const std::vector<std::pair<std::uint32_t, float>>& entries, float row_offset,
                  float row_label) {
  for (const auto& [c, v] : entries) {
    column.push_back(c);
    value.push_back(v);
  }
  row_start.push_back(std::uint32_t(column.size()));
  offset.push_back(row_offset);
  label.push_back(row_label);
}

void FitData::append(const FitData& other, std::size_t begin, std::size_t end) {
  for (std::size_t r = begin; r < end; ++r) {
    for (std::uint32_t j = other.row_start[r]; j < other.row_start[r + 1]; ++j) {
      column.push_back(other.column[j]);
      value.push_back(other.value[j]);
    }
    row_start.push_back(std::uint32_t(column.size()));
    offset.push_back(other.offset[r]);
    label.push_back(other.label[r]);
  }
}

double fit_loss(const FitData& data, const std::vector<double>& w, double k, LossKind kind,
                int threads) {
  if (data.rows() == 0) return 0;
  const double s = slope(k);
  const std::vector<double> sum = parallel_sums(
      data.rows(), threads, rows_per_thread, std::vector<double>(1, 0.0),
      [&](std::size_t begin, std::size_t end, std::vector<double>& acc) {
        for (std::size_t r = begin; r < end; ++r)
          acc[0] += loss_of(1 / (1 + std::exp(-s * evaluation(data, r, w))), data.label[r], kind);
      });
  return sum[0] / double(data.rows());
}

double fit_scale(const FitData& data, const std::vector<double>& w, LossKind kind, int threads) {
  return golden_section_scale([&](double k) { return fit_loss(data, w, k, kind, threads); });
}

std::vector<double> fit_weights(const FitData& data, std::vector<double> start, double k,
                                const FitOptions& options) {
  start.resize(data.columns, 0.0);
  std::vector<bool> frozen = options.frozen;
  frozen.resize(data.columns, false);
  return options.method == FitMethod::Adam
             ? adam(data, std::move(start), k, options, frozen)
             : gauss_newton(data, std::move(start), k, options, frozen);
}

}  // namespace pawnkit::analysis
