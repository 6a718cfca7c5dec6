// The tuner (src/analysis/tuner.hpp) and its position selection (tune_positions.hpp): the
// gradient against finite differences of the loss, K and the weights recovered from
// labels made by a known model, frozen and bounded parameters, and the quiet positions
// of a hand-checked game.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "analysis/tune/tune_positions.hpp"
#include "analysis/tune/tuner.hpp"
#include "support/random_board.hpp"
#include "support/read_games.hpp"
#include "support/tune_fixtures.hpp"

namespace pawnkit::analysis {
namespace {

// Random positions' rows: pawn traces of random boards at random phases, random material.
std::vector<TraceRow> random_rows(std::size_t n, std::uint64_t seed) {
  testing::RandomBoards boards(seed);
  std::mt19937_64 rng(seed);
  std::vector<TraceRow> rows;
  for (std::size_t i = 0; i < n; ++i) {
    const PawnBoard b = boards.next();
    TraceRow row;
    row.pawns = eval::trace(b.pawns[0], b.pawns[1], int(rng() % 129));
    row.material[0] = std::popcount(b.pawns[0]) - std::popcount(b.pawns[1]);
    for (std::size_t p = 1; p < 5; ++p) row.material[p] = int(rng() % 3) - 1;
    row.side_to_move = rng() & 1 ? 1 : -1;
    rows.push_back(row);
  }
  return rows;
}

double predict(const TraceRow& row, const TunerParameters& p, double k) {
  TuningData one;
  one.add(row, 0);
  double e = one.offsets[0];
  for (std::size_t i = 0; i < linear_parameter_count; ++i) e += one.features[i] * p[i];
  return 1 / (1 + std::pow(10.0, -k * e / 400));
}

// Labels from the model itself with parameters `truth` (probabilities, not results, so
// that the truth is where the loss is smallest).
TuningData labelled(const std::vector<TraceRow>& rows, const TunerParameters& truth, double k) {
  TuningData data;
  for (const TraceRow& row : rows) data.add(row, predict(row, truth, k));
  return data;
}

TunerParameters truth() {
  eval::PawnWeights w;
  w.isolated = {30, 40};
  w.backward = {-10, 25};
  w.connected[5] = 80;
  TunerParameters p = initial_parameters(w);
  p[side_to_move_parameter] = 20;
  return p;
}

TEST(Tuner, GradientMatchesFiniteDifferences) {
  const TuningData data = labelled(random_rows(2000, 1), truth(), 0.8);
  const TunerParameters p = initial_parameters({});
  for (LossKind kind : {LossKind::SquaredError, LossKind::LogLoss}) {
    TunerParameters g;
    loss_gradient(data, p, 0.8, kind, 2, g);
    for (std::size_t i :
         {std::size_t(0), std::size_t(7), eval::connected_parameter + 5, eval::supporter_parameter,
          material_parameter + 3, side_to_move_parameter}) {
      const double numeric = testing::central_difference(data, p, i, 0.8, kind, 0.5);
      EXPECT_NEAR(g[i], numeric, 1e-3 * std::abs(numeric) + 1e-7) << tuner_parameter_name(i);
    }
  }
}

TEST(Tuner, FitsKOfTheLabels) {
  const TuningData data = labelled(random_rows(5000, 2), truth(), 0.6);
  EXPECT_NEAR(fit_k(data, truth(), LossKind::SquaredError, 2), 0.6, 0.01);
}

TEST(Tuner, RecoversTheWeightsThatMadeTheLabels) {
  const TuningData data = labelled(random_rows(8000, 3), truth(), 0.6);
  TunerOptions options;
  options.iterations = 1000;
  options.threads = 2;
  // The truth has no extended terms (eval/extended_terms.hpp); free, they would share the
  // labels with the terms they overlap (isolated_opposed + isolated_open counts every
  // isolated pawn), so they stay at 0 here.
  for (std::size_t i = eval::extended_parameter; i < eval::pawn_parameter_count; ++i)
    options.frozen[i] = true;
  const TunerParameters start = initial_parameters({});
  const TunerParameters fitted = tune(data, start, 0.6, options);
  const double before = mean_loss(data, start, 0.6, options.loss, 1);
  const double after = mean_loss(data, fitted, 0.6, options.loss, 1);
  EXPECT_LT(after, before / 20) << before << " " << after;
  // Frequent terms come back close to the truth.
  const TunerParameters t = truth();
  for (std::size_t i : {std::size_t(6), std::size_t(7), side_to_move_parameter})
    EXPECT_NEAR(fitted[i], t[i], 3) << tuner_parameter_name(i);
}

TEST(Tuner, FrozenAndBounded) {
  const TuningData data = labelled(random_rows(3000, 4), truth(), 0.6);
  TunerOptions options;
  options.iterations = 200;
  const std::size_t isolated_mg = 6;
  options.frozen[isolated_mg] = true;
  options.bounds[isolated_mg + 1] = {0, 25};  // isolated.eg: the truth, 40, is outside
  const TunerParameters start = initial_parameters({});
  const TunerParameters fitted = tune(data, start, 0.6, options);
  EXPECT_EQ(fitted[isolated_mg], start[isolated_mg]);
  EXPECT_EQ(fitted[isolated_mg + 1], 25);
  EXPECT_EQ(fitted[eval::connected_parameter], 0);  // never applies: frozen by default
  EXPECT_EQ(tuner_parameter_name(isolated_mg), "isolated.mg");
  EXPECT_EQ(tuner_parameter_index("material.rook.eg"), material_parameter + 7);
  EXPECT_EQ(tuner_parameter_index("side_to_move"), side_to_move_parameter);
  EXPECT_FALSE(tuner_parameter_index("isolated"));
}

// Plies chosen from the games of a PGN text.
std::vector<std::vector<int>> chosen(const std::string& pgn, const PositionSelection& selection,
                                     SelectionCounts& selected) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("pawnkit_tuner_test_" + std::to_string(::getpid()) + ".pgn");
  std::ofstream(path) << pgn;
  std::vector<std::vector<int>> plies;
  testing::for_each_game(path.string(), {}, [&](const io::GameRecord& game) {
    std::vector<TuningSample> samples;
    GameCounts counts;
    std::vector<io::Diagnostic> diagnostics;
    select_positions(game, game.number, selection, {}, samples, selected, counts, diagnostics);
    plies.emplace_back();
    for (const TuningSample& s : samples) plies.back().push_back(s.ply);
  });
  std::filesystem::remove(path);
  return plies;
}

// Captures at plies 3, 4, 10, 11, 12, 13; checks at 6 and 12.
const std::string game =
    "[WhiteElo \"1500\"]\n[BlackElo \"1400\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. Be2 "
    "Bg4 5. d4 Bxe2 6. Qxe2 Qxe2+ 7. Kxe2 Nc6 1-0\n\n";

TEST(TunePositions, QuietPlies) {
  PositionSelection all{.skip_plies = 0, .min_game_plies = 0, .per_game = 0};
  SelectionCounts selected;
  EXPECT_EQ(chosen(game, all, selected),
            (std::vector<std::vector<int>>{{0, 1, 2, 5, 7, 8, 9, 14}}));
  PositionSelection later = all;
  later.skip_plies = 2;
  EXPECT_EQ(chosen(game, later, selected), (std::vector<std::vector<int>>{{2, 5, 7, 8, 9, 14}}));
  EXPECT_EQ(selected.used, 2u);
}

TEST(TunePositions, SamplingIsSeeded) {
  PositionSelection three{.skip_plies = 0, .min_game_plies = 0, .per_game = 3, .seed = 7};
  SelectionCounts selected;
  const auto a = chosen(game, three, selected), b = chosen(game, three, selected);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a[0].size(), 3u);
  EXPECT_TRUE(std::is_sorted(a[0].begin(), a[0].end()));
  for (int ply : a[0]) EXPECT_TRUE(ply != 3 && ply != 4 && ply != 6 && ply < 15) << ply;
  // Some other seed draws other plies.
  bool differs = false;
  for (std::uint64_t seed = 8; seed < 20 && !differs; ++seed) {
    three.seed = seed;
    differs = chosen(game, three, selected) != a;
  }
  EXPECT_TRUE(differs);
}

TEST(TunePositions, GamesLeftOut) {
  PositionSelection selection{.skip_plies = 0, .min_game_plies = 0, .per_game = 0};
  SelectionCounts selected;
  const std::string unrated = "[WhiteElo \"?\"]\n[BlackElo \"1400\"]\n\n1. e4 e5 0-1\n\n";
  const std::string no_result = "[WhiteElo \"1500\"]\n[BlackElo \"1400\"]\n\n1. e4 e5 *\n\n";
  EXPECT_EQ(chosen(unrated + no_result, selection, selected),
            (std::vector<std::vector<int>>{{}, {}}));
  EXPECT_EQ(selected.unrated, 1u);
  EXPECT_EQ(selected.no_result, 1u);
  selection.allow_unrated = true;
  EXPECT_EQ(chosen(unrated, selection, selected), (std::vector<std::vector<int>>{{0, 1, 2}}));
  selection.min_game_plies = 15;  // the game above has 14 plies
  EXPECT_EQ(chosen(game, selection, selected), (std::vector<std::vector<int>>{{}}));
  EXPECT_EQ(selected.short_games, 1u);
}

}  // namespace
}  // namespace pawnkit::analysis
