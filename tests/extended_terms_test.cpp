// The extended pawn terms (include/pawnkit/eval/extended_terms.hpp): hand-worked counts,
// the set-wise counts against the pawn-by-pawn reference (pawn_eval_reference.hpp) on
// random boards and on every position of the bundled games and of perft trees, and the
// evaluation with extended weights against the reference's.
#include <gtest/gtest.h>

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/eval/extended_terms.hpp>
#include <pawnkit/eval/pawn_eval.hpp>
#include <pawnkit/eval/pawn_eval_reference.hpp>
#include <pawnkit/eval/position_eval.hpp>
#include <random>
#include <string>

#include "analysis/replay.hpp"
#include "support/diagram.hpp"
#include "support/odd_weights.hpp"
#include "support/perft_files.hpp"
#include "support/random_board.hpp"
#include "support/read_games.hpp"

namespace pawnkit::eval {
namespace {

using testing::bb;

template <Color C>
ExtendedCounts pawn_counts(Bitboard own, Bitboard enemy) {
  ExtendedCounts n{};
  count_pawn_terms<C>(n, own, enemy);
  return n;
}

// The counts with every term listed by name and count (the rest 0).
ExtendedCounts counts(std::initializer_list<std::pair<std::size_t, int>> terms) {
  ExtendedCounts n{};
  for (const auto& [term, count] : terms) n[term] = count;
  return n;
}

constexpr std::size_t isolated_opposed_term = 0, isolated_open_term = 1, backward_term = 2;

TEST(ExtendedTerms, WorkedIsolated) {
  // White d4; Black d6 h7. d4 and d6 are isolated and oppose each other; h7 is isolated
  // with no white pawn in front on the h-file: open.
  const Bitboard white = bb({D4}), black = bb({D6, H7});
  EXPECT_EQ(pawn_counts<White>(white, black), counts({{isolated_opposed_term, 1}}));
  EXPECT_EQ(pawn_counts<Black>(black, white),
            counts({{isolated_opposed_term, 1}, {isolated_open_term, 1}}));
}

TEST(ExtendedTerms, WorkedBackwardOnAHalfOpenFile) {
  // White d3 e4; Black c5. d3 is backward (its neighbour e4 is in front, c5 attacks d4) and
  // no black pawn stands on the d-file: backward on a half-open file. d3 is no candidate:
  // a sentry (c5) and no helper (e4 is in front). e4 is passed, so no candidate either.
  // c5: isolated, no white pawn on the c-file: open; d3 is a sentry and c5 has no helper.
  const Bitboard white = bb({D3, E4}), black = bb({C5});
  EXPECT_EQ(pawn_counts<White>(white, black), counts({{backward_term, 1}}));
  EXPECT_EQ(pawn_counts<Black>(black, white), counts({{isolated_open_term, 1}}));
  // With a black pawn on d5 the file is closed: backward still (d4 is attacked), not on a
  // half-open file. e4 now has a sentry (d5) and a helper (d3, behind it): a candidate.
  EXPECT_EQ(pawn_counts<White>(white, bb({C5, D5})), counts({{ext_candidate_passer + 2, 1}}));
}

TEST(ExtendedTerms, WorkedPhalanxAndCandidate) {
  // White b4 c4; Black a6. b4 and c4 form a phalanx on the fourth rank (relative rank 3).
  // b4: no black pawn on the b-file, one sentry (a6) and one helper (c4, level with it): a
  // candidate passer on relative rank 3. c4 is passed (nothing on b, c, d in front).
  // a6: isolated and open; b4 is a sentry, no helper.
  const Bitboard white = bb({B4, C4}), black = bb({A6});
  EXPECT_EQ(pawn_counts<White>(white, black),
            counts({{ext_phalanx + 2, 2}, {ext_candidate_passer + 2, 1}}));
  EXPECT_EQ(pawn_counts<Black>(black, white), counts({{isolated_open_term, 1}}));
  // A second sentry (Black c6 on the c-file: also opposes c4) outnumbers b4's helper.
  EXPECT_EQ(pawn_counts<White>(white, bb({A6, C6})), counts({{ext_phalanx + 2, 2}}));
}

TEST(ExtendedTerms, WorkedPassedPawnsAndPieces) {
  // White pawns a2 b5 d5 e5, king g1; Black bishop c8, knight d6, king e8, no pawn: every
  // white pawn is passed.
  //   a2: a3..a8 empty, a3 not attacked: free and safe, relative rank 1.
  //   b5: b6..b8 empty; b6 not attacked (the knight hits b5 and b7, the bishop b7 and a6):
  //       free and safe, relative rank 4.
  //   d5: the knight on d6 blocks it (blocked by a piece), d6 not attacked: blocked, safe.
  //   e5: e8 holds the king; e6 is on the bishop's diagonal c8-d7-e6: blocked, attacked.
  // d5 and e5 form a phalanx on relative rank 4; none is isolated (a2-b5 are neighbours).
  const Position pos = *parse_fen("2b1k3/8/3n4/1P1PP3/8/8/P7/6K1 w - - 0 1");
  const ExtendedCounts expected = counts({{ext_phalanx + 3, 2},
                                          {ext_blocked_by_piece, 1},
                                          {ext_passed + 0, 1},
                                          {ext_passed + 3, 1},
                                          {ext_passed + 2 * pawn_rank_count + 3, 1},
                                          {ext_passed + 3 * pawn_rank_count + 3, 1}});
  EXPECT_EQ(count_extended_terms<White>(pos), expected);
  EXPECT_EQ(count_extended_terms<Black>(pos), ExtendedCounts{});
  EXPECT_EQ(reference::count_extended_terms<White>(pos.pawns(White), pos.pawns(Black),
                                                   pos.occupied(), attacked_squares(pos, Black)),
            expected);

  // Weights on three of them: White gains 2 * {4, 2} + {-5, -7} + {10, 30} = {13, 27}.
  PawnWeights w;
  w.extended.phalanx[3] = {4, 2};
  w.extended.blocked_by_piece = {-5, -7};
  w.extended.passed_free_safe[3] = {10, 30};
  const PawnEval plain = evaluate_pawns(pos), extended = evaluate_pawns(pos, w);
  EXPECT_EQ(extended.white - plain.white, (Score{13, 27}));
  EXPECT_EQ(extended.black, plain.black);
  EXPECT_EQ(reference::evaluate_pawns(pos, w), extended);
}

TEST(ExtendedTerms, StockfishWeightsIgnoreThem) {
  // Zero extended weights: the position's evaluation is the pawns' alone.
  const Position pos = *parse_fen("2b1k3/8/3n4/1P1PP3/8/8/P7/6K1 w - - 0 1");
  EXPECT_EQ(evaluate_pawns(pos), evaluate_pawns(pos.pawns(White), pos.pawns(Black)));
}

template <Color C>
ExtendedCounts set_wise(Bitboard own, Bitboard enemy, Bitboard occupied, Bitboard attacks) {
  ExtendedCounts n{};
  count_pawn_terms<C>(n, own, enemy);
  count_piece_terms<C>(n, own, enemy, occupied, attacks);
  return n;
}

TEST(ExtendedTerms, SetWiseEqualsReferenceOnRandomBoards) {
  testing::RandomBoards boards(77);
  std::mt19937_64 rng(3);
  for (int i = 0; i < 50'000; ++i) {
    const PawnBoard b = boards.next();
    // Random attacked squares, from sparse to dense.
    const Bitboard attacks = rng() & rng() & (i % 2 ? rng() : ~Bitboard{0});
    const Bitboard w = b.pawns[0], k = b.pawns[1], occupied = b.occupied();
    ASSERT_EQ(set_wise<White>(w, k, occupied, attacks),
              reference::count_extended_terms<White>(w, k, occupied, attacks))
        << "board " << i;
    ASSERT_EQ(set_wise<Black>(k, w, occupied, attacks),
              reference::count_extended_terms<Black>(k, w, occupied, attacks))
        << "board " << i;
  }
}

// Set-wise against reference in one position: attacks, counts and the evaluation.
void compare(const Position& pos, const PawnWeights& w) {
  for (const Color c : {White, Black})
    ASSERT_EQ(attacked_squares(pos, c), reference::attacked_squares(pos, c)) << to_fen(pos);
  const Bitboard white = pos.pawns(White), black = pos.pawns(Black);
  ASSERT_EQ(count_extended_terms<White>(pos),
            reference::count_extended_terms<White>(white, black, pos.occupied(),
                                                   reference::attacked_squares(pos, Black)))
      << to_fen(pos);
  ASSERT_EQ(count_extended_terms<Black>(pos),
            reference::count_extended_terms<Black>(black, white, pos.occupied(),
                                                   reference::attacked_squares(pos, White)))
      << to_fen(pos);
  ASSERT_EQ(evaluate_pawns(pos, w), reference::evaluate_pawns(pos, w)) << to_fen(pos);
}

TEST(ExtendedTerms, SetWiseEqualsReferenceOnTheBundledGames) {
  std::mt19937_64 rng(9);
  std::size_t positions = 0;
  for (const char* path :
       {PAWNKIT_SOURCE_DIR "/data/sample.pgn", PAWNKIT_SOURCE_DIR "/tests/data/games/famous.pgn"}) {
    testing::for_each_game(path, {}, [&](const io::GameRecord& game) {
      const PawnWeights w = testing::odd_weights(rng);
      analysis::replay(game, [&](const Position& pos, int) {
        ++positions;
        compare(pos, w);
      });
    });
  }
  EXPECT_GT(positions, 1000u);
}

std::uint64_t compare_tree(const Position& pos, int depth, const PawnWeights& w) {
  compare(pos, w);
  if (depth == 0 || ::testing::Test::HasFailure()) return 1;
  std::uint64_t nodes = 1;
  for (Move m : legal_moves(pos)) nodes += compare_tree(after_move(pos, m), depth - 1, w);
  return nodes;
}

TEST(ExtendedTerms, SetWiseEqualsReferenceOverPerftTrees) {
  const auto entries = test::read_epd_perft(PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd");
  ASSERT_TRUE(entries.has_value());
  std::mt19937_64 rng(17);
  std::uint64_t nodes = 0;
  for (const test::PerftEntry& e : *entries) {
    const Parsed<Position> pos = parse_fen(e.fen);
    ASSERT_TRUE(pos.ok()) << e.fen;
    nodes += compare_tree(*pos, 2, testing::odd_weights(rng));
  }
  EXPECT_GT(nodes, 10'000u);
}

}  // namespace
}  // namespace pawnkit::eval
