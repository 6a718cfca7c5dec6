// The tuner with the king shelter in the model (src/analysis/tune/tuner.hpp, `tune
// --shelter`): the shelter is the best of up to three squares' scores, so the tuner
// re-chooses each king's square with the weights of every step. Labels are made by a known
// model whose shelter part is king_shelter<C>() itself with known weights (not the trace the
// tuner reads), and the fit must find those weights again; its gradient must match finite
// differences of its loss.
#include <gtest/gtest.h>

#include <cmath>
#include <pawnkit/eval/king_shelter.hpp>
#include <random>

#include "analysis/tune/tuner.hpp"
#include "support/tune_fixtures.hpp"

namespace pawnkit::analysis {
namespace {

struct ShelterCase {
  TraceRow row;
  Bitboard white = 0, black = 0;
  Square kings[2] = {NoSquare, NoSquare};  // NoSquare: that side's shelter is left out
  bool short_castle[2] = {}, long_castle[2] = {};
};

// Random pawns, kings on their first two ranks with random castling rights, a random phase
// and material.
std::vector<ShelterCase> random_cases(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<ShelterCase> cases;
  for (std::size_t i = 0; i < n; ++i) {
    ShelterCase c;
    const unsigned density = 2 + unsigned(rng() % 6);
    for (int s = 8; s < 56; ++s)
      if (rng() % 16 < density) (rng() & 1 ? c.white : c.black) |= square_bb(Square(s));
    for (const Color side : {White, Black}) {
      const Square king = relative_square(side, File(rng() % 8), int(rng() % 2));
      c.kings[index(side)] = king;
      c.short_castle[index(side)] = rng() & 1;
      c.long_castle[index(side)] = rng() & 1;
      c.white &= ~square_bb(king);
      c.black &= ~square_bb(king);
    }
    c.row.pawns = eval::trace(c.white, c.black, int(rng() % 129));
    c.row.material[0] = std::popcount(c.white) - std::popcount(c.black);
    for (std::size_t p = 1; p < 5; ++p) c.row.material[p] = int(rng() % 3) - 1;
    c.row.side_to_move = rng() & 1 ? 1 : -1;
    for (const Color side : {White, Black}) {
      const Square king = c.kings[index(side)];
      if (king == NoSquare) continue;
      const bool ks = c.short_castle[index(side)], qs = c.long_castle[index(side)];
      c.row.shelter[index(side)] =
          side == White ? eval::king_shelter_trace<White>(c.white, c.black, king, ks, qs)
                        : eval::king_shelter_trace<Black>(c.black, c.white, king, ks, qs);
    }
    cases.push_back(c);
  }
  return cases;
}

// The known model: the linear terms with `linear` plus White's king shelter minus Black's
// with `shelter`, computed by king_shelter<C>() and tapered by the row's phase.
double evaluation(const ShelterCase& c, const TunerParameters& linear,
                  const eval::KingShelterWeights& shelter) {
  TuningData one;
  one.add(c.row, 0);
  double e = one.offsets[0];
  for (std::size_t i = 0; i < linear_parameter_count; ++i) e += one.features[i] * linear[i];
  eval::Score s{};
  if (c.kings[0] != NoSquare)
    s += eval::king_shelter<White>(c.white, c.black, c.kings[0], c.short_castle[0],
                                   c.long_castle[0], shelter);
  if (c.kings[1] != NoSquare)
    s -= eval::king_shelter<Black>(c.black, c.white, c.kings[1], c.short_castle[1],
                                   c.long_castle[1], shelter);
  const double mg = c.row.pawns.phase / double(eval::PhaseMidgame);
  return e + s.mg * mg + s.eg * (1 - mg);
}

// Stockfish's shelter with a few weights changed, each used by many rows.
eval::KingShelterWeights true_shelter() {
  eval::KingShelterWeights w = eval::stockfish_king_shelter;
  w.shelter[1][1] = 120;             // 64
  w.shelter[0][1] = 40;              // 85
  w.unblocked_storm[3][0] = 20;      // -27
  w.unblocked_storm[2][3] = 80;      // 34
  w.blocked_storm[2] = {20, 120};    // (64, 75)
  w.king_on_file[1][1] = {30, -20};  // (5, -4)
  w.pawn_distance_eg = 30;           // 16
  return w;
}

TuningData labelled(const std::vector<ShelterCase>& cases, const TunerParameters& linear,
                    const eval::KingShelterWeights& shelter, double k) {
  TuningData data;
  data.with_shelter = true;
  for (const ShelterCase& c : cases)
    data.add(c.row, 1 / (1 + std::pow(10.0, -k * evaluation(c, linear, shelter) / 400)));
  return data;
}

TunerParameters with_shelter(TunerParameters p, const eval::KingShelterWeights& w) {
  const eval::ShelterParameters s = eval::to_shelter_parameters(w);
  for (std::size_t i = 0; i < s.size(); ++i) p[shelter_parameter + i] = s[i];
  return p;
}

TEST(TunerShelter, ModelEqualsKingShelterAtTheTruth) {
  // The tuner's evaluation of a row (through the trace) is the known model's: the loss at
  // the truth is the labels' own (each label is its prediction: squared error 0).
  const auto cases = random_cases(3000, 1);
  const TunerParameters linear = initial_parameters({});
  const TuningData data = labelled(cases, linear, true_shelter(), 0.7);
  EXPECT_LT(mean_loss(data, with_shelter(linear, true_shelter()), 0.7, LossKind::SquaredError, 1),
            1e-10);
  EXPECT_GT(mean_loss(data, linear, 0.7, LossKind::SquaredError, 1), 1e-5);
}

TEST(TunerShelter, GradientMatchesFiniteDifferences) {
  const auto cases = random_cases(2000, 2);
  const TunerParameters start = initial_parameters({});
  const TuningData data = labelled(cases, start, true_shelter(), 0.8);
  for (LossKind kind : {LossKind::SquaredError, LossKind::LogLoss}) {
    TunerParameters g;
    loss_gradient(data, start, 0.8, kind, 2, g);
    for (std::size_t i : {eval::shelter_table_parameter + 7 + 1, eval::unblocked_storm_parameter,
                          eval::blocked_storm_parameter + 5, eval::king_on_file_parameter + 7,
                          eval::pawn_distance_parameter}) {
      const std::size_t p = shelter_parameter + i;
      // A step of 0.5 moves few kings to another square (a kink of the max).
      const double numeric = testing::central_difference(data, start, p, 0.8, kind, 0.5);
      EXPECT_NEAR(g[p], numeric, 2e-2 * std::abs(numeric) + 1e-7) << tuner_parameter_name(p);
      EXPECT_NE(g[p], 0) << tuner_parameter_name(p);
    }
  }
}

TEST(TunerShelter, RecoversTheShelterWeightsThatMadeTheLabels) {
  const auto cases = random_cases(4000, 3);
  const TunerParameters start = initial_parameters({});  // Stockfish's shelter
  const TuningData data = labelled(cases, start, true_shelter(), 0.6);
  TunerOptions options;
  options.iterations = 1000;
  options.learning_rate = 3;
  options.threads = 2;
  options.fit_shelter();
  for (std::size_t i = 0; i < linear_parameter_count; ++i) options.frozen[i] = true;
  const TunerParameters fitted = tune(data, start, 0.6, options);
  const double before = mean_loss(data, start, 0.6, options.loss, 1);
  const double after = mean_loss(data, fitted, 0.6, options.loss, 1);
  EXPECT_LT(after, before / 20) << before << " " << after;
  // The changed weights come back to within 3 internal units (they start 16 to 66 away).
  const eval::ShelterParameters truth = eval::to_shelter_parameters(true_shelter());
  const eval::ShelterParameters sf = eval::to_shelter_parameters(eval::stockfish_king_shelter);
  int changed = 0;
  for (std::size_t i = 0; i < truth.size(); ++i) {
    if (truth[i] == sf[i]) continue;
    ++changed;
    EXPECT_NEAR(fitted[shelter_parameter + i], truth[i], 3)
        << tuner_parameter_name(shelter_parameter + i) << " from " << sf[i];
  }
  EXPECT_EQ(changed, 9);
  // Frozen: the base, added to every square, the level of the tables (fit_shelter); the
  // linear terms.
  EXPECT_EQ(fitted[shelter_parameter + eval::king_base_parameter], 5);
  EXPECT_EQ(fitted[shelter_parameter + eval::shelter_table_parameter + 14], -11);
  EXPECT_EQ(fitted[material_parameter], start[material_parameter]);
}

TEST(TunerShelter, LeftOutUnlessAsked) {
  // Without with_shelter the shelter is not in the model: its weights change nothing.
  const auto cases = random_cases(500, 4);
  TuningData data;
  for (const ShelterCase& c : cases) data.add(c.row, 0.5);
  const TunerParameters p = initial_parameters({});
  TunerParameters q = p;
  q[shelter_parameter + eval::pawn_distance_parameter] = 100;
  EXPECT_EQ(mean_loss(data, p, 0.7, LossKind::SquaredError, 1),
            mean_loss(data, q, 0.7, LossKind::SquaredError, 1));
  EXPECT_TRUE(TunerOptions{}.frozen[shelter_parameter + eval::pawn_distance_parameter]);
  EXPECT_EQ(tuned_weights(p).shelter, std::nullopt);
  EXPECT_EQ(tuned_weights(p, true).shelter, eval::stockfish_king_shelter);
}

}  // namespace
}  // namespace pawnkit::analysis
