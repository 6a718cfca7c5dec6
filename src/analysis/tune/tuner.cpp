#include "analysis/tune/tuner.hpp"
#include "analysis/tune/parallel_sums.hpp"
#include "analysis/tune/scale_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pawnkit::analysis {

namespace {

constexpr std::array<std::string_view, 5> piece_names{"pawn", "knight", "bishop", "rook", "queen"};
constexpr std::size_t columns = linear_parameter_count;  // the dense feature columns
constexpr std::size_t shelter_count = eval::shelter_parameter_count;
using ShelterVector = std::array<double, shelter_count>;

// s in sigmoid(s E) = 1 / (1 + exp(-s E)), Texel's 10^(-K E / 400) written with exp.
double slope(double k) { return k * std::log(10.0) / 400.0; }

// The tuner's passes split the rows between threads, at least this many rows each.
constexpr std::size_t rows_per_thread = 4096;

double loss_of(double p, double y, LossKind kind) {
  if (kind == LossKind::SquaredError) return (p - y) * (p - y);
  constexpr double tiny = 1e-12;  // a certain prediction that is wrong costs much, not infinity
  return -(y * std::log(std::max(p, tiny)) + (1 - y) * std::log(std::max(1 - p, tiny)));
}

std::array<float, columns> as_floats(const TunerParameters& p) {
  std::array<float, columns> f;
  for (std::size_t i = 0; i < columns; ++i) f[i] = float(p[i]);
  return f;
}

ShelterVector shelter_vector(const TunerParameters& p) {
  ShelterVector q;
  std::copy(p.begin() + long(shelter_parameter), p.end(), q.begin());
  return q;
}

// The shelter's part of a row, linearised at q: the weights of each king's chosen square
// and its pawn distance, with their coefficients in E (White's minus Black's, tapered).
struct ShelterTerms {
  std::array<std::uint8_t, 28> parameter;
  std::array<double, 28> coefficient;
  std::size_t count = 0;

  double value(const ShelterVector& q) const {
    double e = 0;
    for (std::size_t i = 0; i < count; ++i) e += coefficient[i] * q[parameter[i]];
    return e;
  }
};

ShelterTerms shelter_terms(const ShelterRow& row, const ShelterVector& q) {
  ShelterTerms terms;
  const double mg = row.midgame, eg = 1 - mg;
  const auto add = [&terms](std::size_t parameter, double coefficient) {
    terms.parameter[terms.count] = std::uint8_t(parameter);
    terms.coefficient[terms.count++] = coefficient;
  };
  for (std::size_t side = 0; side < 2; ++side) {
    const eval::KingShelterTrace& t = row.sides[side];
    if (t.candidate_count == 0) continue;
    const double sign = side == 0 ? 1 : -1;
    const eval::ShelterSquareTrace& chosen = t.candidates[eval::chosen_candidate(t, q)];
    for (std::size_t i = 0; i < chosen.count; ++i) {
      const std::size_t parameter = chosen.parameters[i];
      add(parameter, sign * eval::shelter_parameter_sign(parameter) *
                         (eval::is_midgame_shelter_parameter(parameter) ? mg : eg));
    }
    add(eval::pawn_distance_parameter, -sign * eg * t.pawn_distance);
  }
  return terms;
}

}  // namespace

std::string tuner_parameter_name(std::size_t i) {
  if (i < material_parameter) return std::string(eval::pawn_parameter_names[i]);
  if (i < side_to_move_parameter) {
    const std::size_t m = i - material_parameter;
    return "material." + std::string(piece_names[m / 2]) + (m % 2 ? ".eg" : ".mg");
  }
  if (i == side_to_move_parameter) return "side_to_move";
  return eval::shelter_parameter_name(i - shelter_parameter);
}

std::optional<std::size_t> tuner_parameter_index(std::string_view name) {
  for (std::size_t i = 0; i < tuner_parameter_count; ++i)
    if (tuner_parameter_name(i) == name) return i;
  return std::nullopt;
}

TunerParameters initial_parameters(const eval::PawnWeights& w) {
  TunerParameters p{};
  const eval::PawnParameters pawns = eval::to_parameters(w);
  std::copy(pawns.begin(), pawns.end(), p.begin());
  for (std::size_t piece = 0; piece < 5; ++piece) {
    p[material_parameter + 2 * piece] = eval::StockfishPieceValues[piece].mg;
    p[material_parameter + 2 * piece + 1] = eval::StockfishPieceValues[piece].eg;
  }
  const eval::ShelterParameters shelter = eval::to_shelter_parameters(eval::stockfish_king_shelter);
  std::copy(shelter.begin(), shelter.end(), p.begin() + long(shelter_parameter));
  return p;
}

eval::PawnWeights pawn_weights(const TunerParameters& p) {
  eval::PawnParameters pawns;
  for (std::size_t i = 0; i < pawns.size(); ++i) pawns[i] = int(std::lround(p[i]));
  return eval::from_parameters(pawns);
}

eval::TunedWeights tuned_weights(const TunerParameters& p, bool with_shelter) {
  eval::TunedWeights w;
  w.pawns = pawn_weights(p);
  for (std::size_t piece = 0; piece < w.material.size(); ++piece)
    w.material[piece] = {int(std::lround(p[material_parameter + 2 * piece])),
                         int(std::lround(p[material_parameter + 2 * piece + 1]))};
  w.side_to_move = int(std::lround(p[side_to_move_parameter]));
  if (with_shelter) {
    eval::ShelterParameters shelter;
    for (std::size_t i = 0; i < shelter.size(); ++i)
      shelter[i] = int(std::lround(p[shelter_parameter + i]));
    w.shelter = eval::from_shelter_parameters(shelter);
  }
  return w;
}

TunerParameters tuned_parameters(const eval::TunedWeights& w) {
  TunerParameters p = initial_parameters(w.pawns);
  for (std::size_t piece = 0; piece < w.material.size(); ++piece) {
    p[material_parameter + 2 * piece] = w.material[piece].mg;
    p[material_parameter + 2 * piece + 1] = w.material[piece].eg;
  }
  p[side_to_move_parameter] = w.side_to_move;
  if (w.shelter) {
    const eval::ShelterParameters shelter = eval::to_shelter_parameters(*w.shelter);
    std::copy(shelter.begin(), shelter.end(), p.begin() + long(shelter_parameter));
  }
  return p;
}

void TuningData::add(const TraceRow& row, double label) {
  const auto pawns = eval::coefficients(row.pawns);
  features.insert(features.end(), pawns.begin(), pawns.end());
  const double mg = row.pawns.phase / double(eval::PhaseMidgame);
  for (const int count : row.material) {
    features.push_back(float(count * mg));
    features.push_back(float(count * (1 - mg)));
  }
  features.push_back(float(row.side_to_move));
  offsets.push_back(float(eval::rounding_term(row.pawns)));
  labels.push_back(float(label));
  if (with_shelter)
    shelter.push_back({float(row.pawns.phase / double(eval::PhaseMidgame)), row.shelter});
}

void TuningData::append(const TuningData& other, std::size_t begin, std::size_t end) {
  features.insert(features.end(), other.features.begin() + long(begin * columns),
                  other.features.begin() + long(end * columns));
  offsets.insert(offsets.end(), other.offsets.begin() + long(begin),
                 other.offsets.begin() + long(end));
  labels.insert(labels.end(), other.labels.begin() + long(begin), other.labels.begin() + long(end));
  if (other.with_shelter) {
    with_shelter = true;
    shelter.insert(shelter.end(), other.shelter.begin() + long(begin),
                   other.shelter.begin() + long(end));
  }
}

double mean_loss(const TuningData& data, const TunerParameters& p, double k, LossKind kind,
                 int threads) {
  if (data.rows() == 0) return 0;
  const auto theta = as_floats(p);
  const ShelterVector q = shelter_vector(p);
  const double s = slope(k);
  const auto sum =
      parallel_sums(data.rows(), threads, rows_per_thread, std::array<double, 1>{},
                    [&](std::size_t begin, std::size_t end, std::array<double, 1>& acc) {
                      for (std::size_t r = begin; r < end; ++r) {
                        const float* x = &data.features[r * columns];
                        float e = data.offsets[r];
                        for (std::size_t i = 0; i < columns; ++i) e += x[i] * theta[i];
                        if (data.with_shelter)
                          e += float(shelter_terms(data.shelter[r], q).value(q));
                        acc[0] += loss_of(1 / (1 + std::exp(-s * e)), data.labels[r], kind);
                      }
                    });
  return sum[0] / double(data.rows());
}

double loss_gradient(const TuningData& data, const TunerParameters& p, double k, LossKind kind,
                     int threads, TunerParameters& gradient) {
  gradient.fill(0);
  if (data.rows() == 0) return 0;
  const auto theta = as_floats(p);
  const ShelterVector q = shelter_vector(p);
  const float s = float(slope(k));
  const bool squared = kind == LossKind::SquaredError;
  constexpr std::size_t loss_sum = tuner_parameter_count;  // the accumulator of the loss
  // Rows in blocks: float sums within a block (vectorised), double sums across blocks.
  constexpr std::size_t block = 256;
  const auto sum = parallel_sums(
      data.rows(), threads, rows_per_thread, std::array<double, tuner_parameter_count + 1>{},
      [&](std::size_t begin, std::size_t end, auto& acc) {
        std::array<float, columns> g;
        for (std::size_t b = begin; b < end; b += block) {
          g.fill(0);
          double loss = 0;
          for (std::size_t r = b; r < std::min(end, b + block); ++r) {
            const float* x = &data.features[r * columns];
            float e = data.offsets[r];
            for (std::size_t i = 0; i < columns; ++i) e += x[i] * theta[i];
            ShelterTerms shelter;
            if (data.with_shelter) {
              shelter = shelter_terms(data.shelter[r], q);
              e += float(shelter.value(q));
            }
            const float prediction = 1 / (1 + std::exp(-s * e)), y = data.labels[r];
            loss += loss_of(prediction, y, kind);
            // d loss / d E: the chain rule through the sigmoid (s p (1 - p)).
            const float d = squared ? 2 * (prediction - y) * s * prediction * (1 - prediction)
                                    : (prediction - y) * s;
            for (std::size_t i = 0; i < columns; ++i) g[i] += d * x[i];
            for (std::size_t i = 0; i < shelter.count; ++i)
              acc[shelter_parameter + shelter.parameter[i]] += d * shelter.coefficient[i];
          }
          for (std::size_t i = 0; i < columns; ++i) acc[i] += g[i];
          acc[loss_sum] += loss;
        }
      });
  for (std::size_t i = 0; i < tuner_parameter_count; ++i)
    gradient[i] = sum[i] / double(data.rows());
  return sum[loss_sum] / double(data.rows());
}

double fit_k(const TuningData& data, const TunerParameters& p, LossKind kind, int threads) {
  return golden_section_scale([&](double k) { return mean_loss(data, p, k, kind, threads); });
}

TunerOptions::TunerOptions() {
  bounds.fill({-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()});
  // connected[0] and connected[7] never apply: no pawn stands on those ranks.
  frozen[eval::connected_parameter] = frozen[eval::connected_parameter + 7] = true;
  std::fill(frozen.begin() + long(shelter_parameter), frozen.end(), true);
}

void TunerOptions::fit_shelter() {
  std::fill(frozen.begin() + long(shelter_parameter), frozen.end(), false);
  using namespace eval;
  for (const std::size_t i :
       {king_base_parameter, king_base_parameter + 1, blocked_storm_parameter,
        blocked_storm_parameter + 1, blocked_storm_parameter + 2, blocked_storm_parameter + 3,
        // The level of the tables: shelter.0.0, shelter.2.0, unblocked_storm.0.0 and
        // king_on_file.0.0 (mg, eg) pin the five shifts that change no evaluation.
        shelter_table_parameter, shelter_table_parameter + 14, unblocked_storm_parameter,
        king_on_file_parameter, king_on_file_parameter + 1})
    frozen[shelter_parameter + i] = true;
}

TunerParameters tune(const TuningData& data, const TunerParameters& start, double k,
                     const TunerOptions& options) {
  constexpr double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
  TunerParameters p = start, m{}, v{}, g;
  double beta1_t = 1, beta2_t = 1;
  for (int step = 0; step < options.iterations; ++step) {
    loss_gradient(data, p, k, options.loss, options.threads, g);
    beta1_t *= beta1;
    beta2_t *= beta2;
    for (std::size_t i = 0; i < tuner_parameter_count; ++i) {
      if (options.frozen[i]) continue;
      m[i] = beta1 * m[i] + (1 - beta1) * g[i];
      v[i] = beta2 * v[i] + (1 - beta2) * g[i] * g[i];
      const double m_hat = m[i] / (1 - beta1_t), v_hat = v[i] / (1 - beta2_t);
      p[i] -= options.learning_rate * m_hat / (std::sqrt(v_hat) + epsilon);
      p[i] = std::clamp(p[i], options.bounds[i].first, options.bounds[i].second);
    }
  }
  return p;
}

}  // namespace pawnkit::analysis
