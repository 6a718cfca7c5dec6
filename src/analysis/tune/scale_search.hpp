// The scaling constant K of Texel's loss, found by golden-section search on log K over
// [0.001, 10]: the games tuner and the trace tuner fit K the same way.
#pragma once

#include <cmath>

namespace pawnkit::analysis {

// The K in [0.001, 10] that minimizes loss_at_k(K) (60 golden-section steps on log K).
template <class LossAtK>
double golden_section_scale(LossAtK loss_at_k) {
  const double golden = (std::sqrt(5.0) - 1) / 2;
  double low = std::log(1e-3), high = std::log(10.0);
  const auto loss_at = [&](double log_k) { return loss_at_k(std::exp(log_k)); };
  double a = high - golden * (high - low), b = low + golden * (high - low);
  double fa = loss_at(a), fb = loss_at(b);
  for (int i = 0; i < 60; ++i) {
    if (fa < fb) {
      high = b;
      b = a;
      fb = fa;
      a = high - golden * (high - low);
      fa = loss_at(a);
    } else {
      low = a;
      a = b;
      fa = fb;
      b = low + golden * (high - low);
      fb = loss_at(b);
    }
  }
  return std::exp((low + high) / 2);
}

}  // namespace pawnkit::analysis
