// Texel tuning of the pawn weights (docs/engine.md, "Tuning on games"). The model is linear
// in its parameters: the tapered evaluation from White's point of view is
//
//   E = sum(x[i] * theta[i]) + offset
//
// where x holds the pawn trace's coefficients (eval/pawn_trace.hpp), the material
// balance of each piece type tapered into middlegame and endgame (so that the pawn weights
// need not absorb material), and the side to move (+1 White, -1 Black, a tempo bonus);
// the offset is the connected bonus's rounding. With the king shelter asked for
// (TuningData::with_shelter), E adds each side's king shelter (eval/king_shelter.hpp), White's
// minus Black's: the best of up to three squares' scores, not linear in its weights, so
// each pass re-chooses every king's square with the current weights
// (eval/king_shelter_trace.hpp) and uses the chosen square's weights, which are linear (a
// subgradient of the max: the gradient wherever the choice does not tie). The predicted result for
// White is sigmoid(K * E) with sigmoid(K E) = 1 / (1 + 10^(-K E / 400)), E in Stockfish's internal
// units. K is fitted first with the starting weights (Texel's method), then the weights by
// full-batch gradient descent with Adam (Kingma and Ba's defaults, beta1 0.9, beta2 0.999),
// minimising the mean squared error of the prediction or, by option, the log-loss. The
// features are computed once into a dense matrix of floats; every pass over it splits the
// rows between threads.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <pawnkit/eval/king_shelter_trace.hpp>
#include <pawnkit/eval/pawn_trace.hpp>
#include <pawnkit/eval/pawn_weights_json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/tune/trace_rows.hpp"

namespace pawnkit::analysis {

// The parameters: the pawn weights (eval::pawn_parameter_names), then material values
// (pawn to queen, mg and eg), then the side-to-move bonus: the linear ones, one dense
// feature column each; then the king shelter's (eval::shelter_parameter_name), fitted only
// when asked (frozen by default).
inline constexpr std::size_t material_parameter = eval::pawn_parameter_count;
inline constexpr std::size_t side_to_move_parameter = material_parameter + 10;
inline constexpr std::size_t linear_parameter_count = side_to_move_parameter + 1;
inline constexpr std::size_t shelter_parameter = linear_parameter_count;
inline constexpr std::size_t tuner_parameter_count =
    shelter_parameter + eval::shelter_parameter_count;

using TunerParameters = std::array<double, tuner_parameter_count>;

// "isolated.mg", ..., "material.knight.eg", ..., "side_to_move", "shelter.0.1", ...
std::string tuner_parameter_name(std::size_t i);
// The index of a name; nullopt for an unknown one.
std::optional<std::size_t> tuner_parameter_index(std::string_view name);

// Pawn weights `w`, Stockfish 15.1's material values and shelter, no side-to-move bonus.
TunerParameters initial_parameters(const eval::PawnWeights& w);
// The pawn weights of a parameter vector, rounded to integers.
eval::PawnWeights pawn_weights(const TunerParameters& p);
// Every weight the parameters hold (pawn weights, material, side to move and, when
// `with_shelter`, the shelter), rounded, and back (Stockfish's shelter without one).
eval::TunedWeights tuned_weights(const TunerParameters& p, bool with_shelter = false);
TunerParameters tuned_parameters(const eval::TunedWeights& tuned);

// What the shelter part of a row reads: each side's king shelter trace and the phase.
struct ShelterRow {
  float midgame = 0;                              // phase / 128, the middlegame share of the taper
  std::array<eval::KingShelterTrace, 2> sides{};  // White's, Black's
};

// The positions: one row of features each, with its offset, its label and its game.
struct TuningData {
  std::vector<float> features;  // rows() * linear_parameter_count, row by row
  std::vector<float> offsets;
  std::vector<float> labels;
  // With the king shelter in the model: one ShelterRow per row (set before adding rows).
  bool with_shelter = false;
  std::vector<ShelterRow> shelter;

  std::size_t rows() const { return labels.size(); }
  void add(const TraceRow& row, double label);
  // Rows [begin, end) of `other` added at the end.
  void append(const TuningData& other, std::size_t begin, std::size_t end);
};

enum class LossKind { SquaredError, LogLoss };

// The mean loss of the predictions of `p` at scaling K.
double mean_loss(const TuningData& data, const TunerParameters& p, double k, LossKind kind,
                 int threads);

// The mean loss and its gradient with respect to the parameters.
double loss_gradient(const TuningData& data, const TunerParameters& p, double k, LossKind kind,
                     int threads, TunerParameters& gradient);

// K minimising the loss of `p` (golden-section search over log K in [1e-3, 10]).
double fit_k(const TuningData& data, const TunerParameters& p, LossKind kind, int threads);

struct TunerOptions {
  LossKind loss = LossKind::SquaredError;
  int iterations = 500;
  double learning_rate = 1.0;  // Adam's step size, in internal units
  int threads = 1;
  std::array<bool, tuner_parameter_count> frozen{};
  // Each parameter is kept within [low, high] after every step.
  std::array<std::pair<double, double>, tuner_parameter_count> bounds;
  TunerOptions();  // the connected ranks that never apply and the shelter frozen
  // Frees the shelter's parameters but those that can have no effect (its base, added to
  // both kings, and the blocked storm on ranks 0 and 1, where no pawn blocks) and five that
  // fix the level of the tables. Five shifts change no evaluation with both kings on the
  // board: every shelter entry by c (each square reads three), the shelter entries of the
  // files 0, 1, 2, 3 from the edge by c, c, -2c, c (every three neighbouring files sum to
  // 0), every storm entry's middlegame value by c, and king_on_file's mg or eg values by c.
  // shelter.0.0, shelter.2.0, unblocked_storm.0.0 and king_on_file.0.0 (mg and eg) keep
  // their start, so that the others' values are determined (and stay comparable with it).
  void fit_shelter();
};

// Adam from `start` for options.iterations steps; frozen parameters keep their value.
TunerParameters tune(const TuningData& data, const TunerParameters& start, double k,
                     const TunerOptions& options);

}  // namespace pawnkit::analysis
