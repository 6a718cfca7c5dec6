// The trace of the pawn evaluation (include/pawnkit/eval/pawn_trace.hpp): hand-worked
// traces, and sum(coefficient * weight) + rounding equal to the tapered score exactly on
// random boards at every phase (Stockfish's and other weights), on every position of the
// bundled games and of the Stockfish cross-check games (tests/scripts/
// pawn_eval_vs_stockfish.py; the shared ones skip when absent) and of the perft suite;
// with extended weights (extended_terms.hpp) against the evaluation with the pieces.
#include <gtest/gtest.h>

#include <filesystem>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/eval/pawn_trace.hpp>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/replay.hpp"
#include "support/diagram.hpp"
#include "support/odd_weights.hpp"
#include "support/perft_files.hpp"
#include "support/random_board.hpp"
#include "support/read_games.hpp"

namespace pawnkit::eval {
namespace {

using testing::bb;

double tapered_eval(Bitboard white, Bitboard black, int phase, const PawnWeights& w = {}) {
  const PawnEval e = evaluate_pawns(white, black, w);
  return tapered(e.white - e.black, phase);
}

TEST(PawnTrace, WorkedDoubledAndConnected) {
  // White c2 d3 d4, Black h7 (pawn_eval_test's "doubled, doubled early, supported"):
  // d4 is doubled and doubled early (penalties: -1 each for White); h7 is isolated and
  // weak unopposed (+1 each: Black's penalties count for White); d3 is connected on
  // relative rank 2, neither phalanx nor opposed (2) with one supporter (c2).
  const PawnTrace t = trace(bb({C2, D3, D4}), bb({H7}), 64);
  PawnTrace expected;
  expected.phase = 64;
  expected.terms = {0, -1, -1, 1, 0, 1, 0, 0};
  expected.connected[2] = 2;
  expected.supporters[2] = 1;
  expected.extended[1] = -1;  // h7 isolated and open (extended_terms.hpp), Black's: -1
  EXPECT_EQ(t, expected);
  // On rank 2 the endgame part of the bonus is 0: the connected coefficients are
  // middlegame only, 2 * 64 / 128 and 1 * 64 / 128.
  const auto c = coefficients(t);
  EXPECT_EQ(c[connected_parameter + 2], 1.0);
  EXPECT_EQ(c[supporter_parameter], 0.5);
  EXPECT_EQ(c[2], -0.5);  // doubled.mg
  EXPECT_EQ(c[3], -0.5);  // doubled.eg
  // White {8, -58}, Black {-16, -38}: White's view {24, -20}, halfway: 2.
  EXPECT_EQ(linear_score(t, to_parameters({})), 2.0);
  EXPECT_EQ(tapered_eval(bb({C2, D3, D4}), bb({H7}), 64), 2.0);
}

TEST(PawnTrace, WorkedRounding) {
  // White d5 e5, Black d6: d5 is connected on relative rank 4, phalanx and opposed (2),
  // e5 phalanx and unopposed (3): connected[4] has middlegame coefficient 5. Their endgame
  // bonuses are 30 * 2 / 4 = 15 and 45 * 2 / 4 = 22 (22.5 rounded towards zero), the
  // linear form says 75 * 2 / 4 = 37.5: rounding 4 * (37 - 37.5) = -2.
  const PawnTrace t = trace(bb({D5, E5}), bb({D6}), 0);
  EXPECT_EQ(t.connected[4], 5);
  EXPECT_EQ(t.connected_rounding_x4, -2);
  EXPECT_EQ(t.terms[6], 1);  // d5 blocked on its fifth rank
  EXPECT_EQ(t.terms[3], 1);  // d6 isolated
  // At phase 0 (the endgame weights alone): -8 + 20 + 15 * 5 * 2 / 4 - 0.5 = 49.
  EXPECT_EQ(rounding_term(t), -0.5);
  EXPECT_EQ(linear_score(t, to_parameters({})), 49.0);
  EXPECT_EQ(tapered_eval(bb({D5, E5}), bb({D6}), 0), 49.0);
}

TEST(PawnTrace, ClassicalPhase) {
  const Position start = *parse_fen(start_fen);
  EXPECT_EQ(non_pawn_material(start), 16604);
  EXPECT_EQ(classical_phase(start), 128);  // above MidgameLimit: clamped
  // A queen and a rook each: 2 * (2538 + 1276) = 7628, (7628 - 3915) * 128 / 11343 = 41.
  EXPECT_EQ(classical_phase(*parse_fen("3qk2r/pppp4/8/8/8/8/4PPPP/R2QK3 w - - 0 1")), 41);
  EXPECT_EQ(classical_phase(*parse_fen("4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1")), 0);
}

TEST(PawnTrace, ExactOnRandomBoards) {
  testing::RandomBoards boards(21);
  std::mt19937_64 rng(5);
  for (int i = 0; i < 50'000; ++i) {
    const PawnBoard b = boards.next();
    const int phase = int(rng() % 129);
    const PawnTrace t = trace(b.pawns[0], b.pawns[1], phase);
    ASSERT_EQ(linear_score(t, to_parameters({})), tapered_eval(b.pawns[0], b.pawns[1], phase))
        << "board " << i;
    const PawnWeights w = testing::odd_weights(rng);
    const PawnTrace tw = trace(b.pawns[0], b.pawns[1], phase, w);
    ASSERT_EQ(linear_score(tw, to_parameters(w)), tapered_eval(b.pawns[0], b.pawns[1], phase, w))
        << "board " << i << " with other weights";
    // Only the rounding depends on the weights.
    PawnTrace same = tw;
    same.connected_rounding_x4 = t.connected_rounding_x4;
    ASSERT_EQ(same, t);
    // Without connected pawns off relative ranks 2 and 6 the linear form is exact alone.
    const Bitboard off = (connected<White>(b.pawns[0]) & ~(Rank1 << 16 | Rank1 << 48)) |
                         (connected<Black>(b.pawns[1]) & ~(Rank1 << 40 | Rank1 << 8));
    if (off == 0) {
      ASSERT_EQ(t.connected_rounding_x4, 0) << "board " << i;
    }
  }
}

// Every position of every game of `path` (the start and after each move): the count.
std::size_t check_games(const std::string& path) {
  std::size_t positions = 0;
  testing::for_each_game(path, {}, [&](const io::GameRecord& game) {
    analysis::replay(game, [&](const Position& pos, int) {
      ++positions;
      const PawnTrace t = trace(pos);
      const double score = tapered_eval(pos.pawns(White), pos.pawns(Black), classical_phase(pos));
      ASSERT_EQ(linear_score(t, to_parameters({})), score) << to_fen(pos);
    });
  });
  return positions;
}

TEST(PawnTrace, ExactOnTheBundledGames) {
  EXPECT_GT(check_games(PAWNKIT_SOURCE_DIR "/data/sample.pgn"), 1000u);
  EXPECT_GT(check_games(PAWNKIT_SOURCE_DIR "/tests/data/games/famous.pgn"), 100u);
}

// The same with extended weights (extended_terms.hpp) drawn at random per game, against
// the evaluation of the position with its pieces.
std::size_t check_games_with_extended_weights(const std::string& path, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::size_t positions = 0;
  testing::for_each_game(path, {}, [&](const io::GameRecord& game) {
    const PawnWeights w = testing::odd_weights(rng);
    analysis::replay(game, [&](const Position& pos, int) {
      ++positions;
      const PawnEval e = evaluate_pawns(pos, w);
      ASSERT_EQ(linear_score(trace(pos, w), to_parameters(w)),
                tapered(e.white - e.black, classical_phase(pos)))
          << to_fen(pos);
    });
  });
  return positions;
}

TEST(PawnTrace, ExactWithExtendedWeightsOnTheBundledGames) {
  EXPECT_GT(check_games_with_extended_weights(PAWNKIT_SOURCE_DIR "/data/sample.pgn", 1), 1000u);
  EXPECT_GT(check_games_with_extended_weights(PAWNKIT_SOURCE_DIR "/tests/data/games/famous.pgn", 2),
            100u);
}

TEST(PawnTrace, WorkedExtendedTerms) {
  // extended_terms_test's worked position: White's pawns a2 b5 d5 e5 against a bishop, a
  // knight and a king. White's extended counts enter the trace with +1, Black has none:
  // phalanx.4 twice, blocked_by_piece, passed_free_safe.1 and .4, passed_blocked_safe.4,
  // passed_blocked_attacked.4. Phase: a bishop and a knight, 1606 < EndgameLimit: 0.
  const Position pos = *parse_fen("2b1k3/8/3n4/1P1PP3/8/8/P7/6K1 w - - 0 1");
  const PawnTrace t = trace(pos);
  std::array<int, extended_term_count> expected{};
  expected[ext_phalanx + 3] = 2;
  expected[ext_blocked_by_piece] = 1;
  expected[ext_passed + 0] = 1;
  expected[ext_passed + 3] = 1;
  expected[ext_passed + 2 * pawn_rank_count + 3] = 1;
  expected[ext_passed + 3 * pawn_rank_count + 3] = 1;
  EXPECT_EQ(t.extended, expected);
  EXPECT_EQ(t.phase, 0);
  // At phase 0 each endgame coefficient is the count, each middlegame one 0.
  const auto c = coefficients(t);
  EXPECT_EQ(pawn_parameter_names[extended_parameter + 2 * (ext_phalanx + 3) + 1], "phalanx.4.eg");
  EXPECT_EQ(c[extended_parameter + 2 * (ext_phalanx + 3) + 1], 2.0);
  EXPECT_EQ(c[extended_parameter + 2 * (ext_phalanx + 3)], 0.0);
  EXPECT_EQ(pawn_parameter_names[extended_parameter + 2 * ext_blocked_by_piece],
            "blocked_by_piece.mg");
  EXPECT_EQ(c[extended_parameter + 2 * ext_blocked_by_piece + 1], 1.0);
  // The pawns alone leave out the terms that need the pieces.
  const PawnTrace pawns_only = trace(pos.pawns(White), pos.pawns(Black), 0);
  std::array<int, extended_term_count> pawn_expected{};
  pawn_expected[ext_phalanx + 3] = 2;
  EXPECT_EQ(pawns_only.extended, pawn_expected);
}

// Every parameter name, written out by hand as docs/engine.md describes them (the trace's
// CSV columns and the tuner's table print them): the Score terms' mg then eg, connected.0
// .. connected.7, supporter, then each extended term (its by-rank ones by relative rank
// 1..6) mg then eg. The headers derive them from the term names; this list is the check.
TEST(PawnTrace, ParameterNamesAsDocumented) {
  const std::vector<std::string_view> expected{"backward.mg",
                                               "backward.eg",
                                               "doubled.mg",
                                               "doubled.eg",
                                               "doubled_early.mg",
                                               "doubled_early.eg",
                                               "isolated.mg",
                                               "isolated.eg",
                                               "weak_lever.mg",
                                               "weak_lever.eg",
                                               "weak_unopposed.mg",
                                               "weak_unopposed.eg",
                                               "blocked_5.mg",
                                               "blocked_5.eg",
                                               "blocked_6.mg",
                                               "blocked_6.eg",
                                               "connected.0",
                                               "connected.1",
                                               "connected.2",
                                               "connected.3",
                                               "connected.4",
                                               "connected.5",
                                               "connected.6",
                                               "connected.7",
                                               "supporter",
                                               "isolated_opposed.mg",
                                               "isolated_opposed.eg",
                                               "isolated_open.mg",
                                               "isolated_open.eg",
                                               "backward_half_open.mg",
                                               "backward_half_open.eg",
                                               "phalanx.1.mg",
                                               "phalanx.1.eg",
                                               "phalanx.2.mg",
                                               "phalanx.2.eg",
                                               "phalanx.3.mg",
                                               "phalanx.3.eg",
                                               "phalanx.4.mg",
                                               "phalanx.4.eg",
                                               "phalanx.5.mg",
                                               "phalanx.5.eg",
                                               "phalanx.6.mg",
                                               "phalanx.6.eg",
                                               "candidate_passer.1.mg",
                                               "candidate_passer.1.eg",
                                               "candidate_passer.2.mg",
                                               "candidate_passer.2.eg",
                                               "candidate_passer.3.mg",
                                               "candidate_passer.3.eg",
                                               "candidate_passer.4.mg",
                                               "candidate_passer.4.eg",
                                               "candidate_passer.5.mg",
                                               "candidate_passer.5.eg",
                                               "candidate_passer.6.mg",
                                               "candidate_passer.6.eg",
                                               "blocked_by_piece.mg",
                                               "blocked_by_piece.eg",
                                               "passed_free_safe.1.mg",
                                               "passed_free_safe.1.eg",
                                               "passed_free_safe.2.mg",
                                               "passed_free_safe.2.eg",
                                               "passed_free_safe.3.mg",
                                               "passed_free_safe.3.eg",
                                               "passed_free_safe.4.mg",
                                               "passed_free_safe.4.eg",
                                               "passed_free_safe.5.mg",
                                               "passed_free_safe.5.eg",
                                               "passed_free_safe.6.mg",
                                               "passed_free_safe.6.eg",
                                               "passed_free_attacked.1.mg",
                                               "passed_free_attacked.1.eg",
                                               "passed_free_attacked.2.mg",
                                               "passed_free_attacked.2.eg",
                                               "passed_free_attacked.3.mg",
                                               "passed_free_attacked.3.eg",
                                               "passed_free_attacked.4.mg",
                                               "passed_free_attacked.4.eg",
                                               "passed_free_attacked.5.mg",
                                               "passed_free_attacked.5.eg",
                                               "passed_free_attacked.6.mg",
                                               "passed_free_attacked.6.eg",
                                               "passed_blocked_safe.1.mg",
                                               "passed_blocked_safe.1.eg",
                                               "passed_blocked_safe.2.mg",
                                               "passed_blocked_safe.2.eg",
                                               "passed_blocked_safe.3.mg",
                                               "passed_blocked_safe.3.eg",
                                               "passed_blocked_safe.4.mg",
                                               "passed_blocked_safe.4.eg",
                                               "passed_blocked_safe.5.mg",
                                               "passed_blocked_safe.5.eg",
                                               "passed_blocked_safe.6.mg",
                                               "passed_blocked_safe.6.eg",
                                               "passed_blocked_attacked.1.mg",
                                               "passed_blocked_attacked.1.eg",
                                               "passed_blocked_attacked.2.mg",
                                               "passed_blocked_attacked.2.eg",
                                               "passed_blocked_attacked.3.mg",
                                               "passed_blocked_attacked.3.eg",
                                               "passed_blocked_attacked.4.mg",
                                               "passed_blocked_attacked.4.eg",
                                               "passed_blocked_attacked.5.mg",
                                               "passed_blocked_attacked.5.eg",
                                               "passed_blocked_attacked.6.mg",
                                               "passed_blocked_attacked.6.eg"};
  ASSERT_EQ(expected.size(), pawn_parameter_names.size());
  for (std::size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(pawn_parameter_names[i], expected[i]) << "parameter " << i;
  for (std::size_t i = 0; i < extended_term_count; ++i)
    EXPECT_EQ(std::string(extended_term_names[i]) + ".mg", expected[extended_parameter + 2 * i]);
}

TEST(PawnTrace, ExactOnTheStockfishCrossCheckGames) {
  const std::string shared = PAWNKIT_SHARED_DATA "/lichess_db_1000k.pgn";
  if (!std::filesystem::exists(shared)) GTEST_SKIP() << shared << " absent";
  EXPECT_GT(check_games(shared), 10'000u);
}

// Every node of the tree below `pos` to `depth`: the count.
std::uint64_t check_tree(const Position& pos, int depth, const PawnWeights* extended = nullptr) {
  EXPECT_EQ(linear_score(trace(pos), to_parameters({})),
            tapered_eval(pos.pawns(White), pos.pawns(Black), classical_phase(pos)))
      << to_fen(pos);
  if (extended) {
    const PawnEval e = evaluate_pawns(pos, *extended);
    EXPECT_EQ(linear_score(trace(pos, *extended), to_parameters(*extended)),
              tapered(e.white - e.black, classical_phase(pos)))
        << to_fen(pos) << " with extended weights";
  }
  if (depth == 0 || ::testing::Test::HasFailure()) return 1;
  std::uint64_t nodes = 1;
  for (Move m : legal_moves(pos)) nodes += check_tree(after_move(pos, m), depth - 1, extended);
  return nodes;
}

TEST(PawnTrace, ExactOverPerftTrees) {
  const auto entries = test::read_epd_perft(PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd");
  ASSERT_TRUE(entries.has_value());
  std::uint64_t nodes = 0;
  std::mt19937_64 rng(31);
  for (const test::PerftEntry& e : *entries) {
    const Parsed<Position> pos = parse_fen(e.fen);
    ASSERT_TRUE(pos.ok()) << e.fen;
    const PawnWeights w = testing::odd_weights(rng);
    nodes += check_tree(*pos, 2, &w);
  }
  EXPECT_GT(nodes, 10'000u);
}

}  // namespace
}  // namespace pawnkit::eval
