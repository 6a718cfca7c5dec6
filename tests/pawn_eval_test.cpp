// The pawn evaluation (include/pawnkit/eval/): hand-worked positions for each term, the
// set-wise version against the pawn-by-pawn reference on random pawn sets and on every
// node of perft trees (default and other weights), runtime colour, and the pawn table.
// Stockfish itself is the judge in tests/scripts/pawn_eval_vs_stockfish.py.
#include <gtest/gtest.h>

#include <memory>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/eval/pawn_eval.hpp>
#include <pawnkit/eval/pawn_eval_reference.hpp>
#include <pawnkit/eval/pawn_table.hpp>
#include <random>
#include <string>

#include "support/odd_weights.hpp"
#include "support/perft_files.hpp"
#include "support/random_board.hpp"

namespace pawnkit::eval {
namespace {

Bitboard board(std::initializer_list<Square> squares) {
  Bitboard b = 0;
  for (Square s : squares) b |= square_bb(s);
  return b;
}

struct Worked {
  const char* what;
  Bitboard white, black;
  Score white_score, black_score;
};

// Each worked out by hand from the definitions in pawn_terms.hpp and PawnWeights.
const Worked worked[] = {
    {"no pawns", 0, 0, {0, 0}, {0, 0}},
    // Every pawn on its rank 2 (relative rank 1) in a phalanx, opposed:
    // v = 3 * (2 + 1 - 1) = 6, eg = 6 * -1 / 4 = -1 (towards zero), times 8.
    {"start position", Rank1 << 8, Rank1 << 48, {48, -8}, {48, -8}},
    {"isolated, unopposed: isolated + weak unopposed", board({D4}), 0, {-16, -38}, {0, 0}},
    {"isolated and opposed", board({D4}), board({D6}), {-1, -20}, {-1, -20}},
    // d4: isolated, opposed, own pawn behind, no enemy pawn on c or e: doubled instead.
    {"doubled isolated", board({D2, D4}), board({D6}), {-12, -71}, {-1, -20}},
    // d3 supported by c2: 7 * 2 + 22 = 36, eg 0. d4: d3 directly behind, unsupported:
    // doubled, and doubled early (no white pawn fixed). h7 isolated, unopposed.
    {"doubled, doubled early, supported", board({C2, D3, D4}), board({H7}), {8, -58}, {-16, -38}},
    // d3: neighbour e4 in front, stop square d4 attacked by c5, unopposed on the d-file:
    // backward + weak unopposed. e4 supported: 7 * 2 + 22 = 36, eg 36 / 4 = 9.
    {"backward", board({D3, E4}), board({C5}), {15, -28}, {-16, -38}},
    // a3: backward, unopposed, but on the a-file: no weak unopposed. b4 supported and
    // opposed: 7 * (2 - 1) + 22 = 29, eg 29 / 4 = 7.
    {"backward on the a-file", board({A3, B4}), board({B5}), {-6 + 29, -19 + 7}, {-1, -20}},
    // d4 isolated, unopposed, attacked twice and unsupported: weak lever.
    {"weak lever", board({D4}), board({C5, E5}), {-18, -95}, {-32, -76}},
    // e5 isolated, opposed, blocked on its fifth rank.
    {"blocked on the fifth rank", board({E5}), board({E6}), {-20, -28}, {-1, -20}},
    {"blocked on the sixth rank", board({E6}), board({E7}), {-1 - 7, -20 + 3}, {-1, -20}},
    // d5: phalanx, opposed, rank index 4: 15 * 2 = 30, eg 15, blocked -19/-8;
    // e5: phalanx, unopposed: 15 * 3 = 45, eg 45 * 2 / 4 = 22.
    {"phalanx, opposed and not", board({D5, E5}), board({D6}), {56, 29}, {-1, -20}},
};

TEST(PawnEval, WorkedPositions) {
  for (const Worked& w : worked) {
    const PawnEval e = evaluate_pawns(w.white, w.black);
    EXPECT_EQ(e.white, w.white_score) << w.what << ": white " << e.white.mg << " " << e.white.eg;
    EXPECT_EQ(e.black, w.black_score) << w.what << ": black " << e.black.mg << " " << e.black.eg;
    EXPECT_EQ(reference::evaluate_pawns(w.white, w.black), e) << w.what;
  }
}

// The board seen from the other side: rank 1 becomes rank 8.
Bitboard flip_ranks(Bitboard b) {
  Bitboard flipped = 0;
  for (Square s : squares(b)) flipped |= square_bb(make_square(file_of(s), 7 - rank_of(s)));
  return flipped;
}

TEST(PawnEval, ColourMirror) {
  // Mirroring the board top to bottom and swapping the colours swaps the two scores.
  testing::RandomBoards boards(13);
  for (int i = 0; i < 2000; ++i) {
    const PawnBoard b = boards.next();
    const Bitboard w = b.pawns[0], k = b.pawns[1];
    const PawnEval e = evaluate_pawns(w, k),
                   mirrored = evaluate_pawns(flip_ranks(k), flip_ranks(w));
    ASSERT_EQ(e.white, mirrored.black);
    ASSERT_EQ(e.black, mirrored.white);
  }
}

TEST(PawnEval, SetWiseEqualsReferenceOnRandomBoards) {
  testing::RandomBoards boards(2024);
  std::mt19937_64 rng(7);
  for (int i = 0; i < 50'000; ++i) {
    const PawnBoard b = boards.next();
    ASSERT_EQ(evaluate_pawns(b.pawns[0], b.pawns[1]),
              reference::evaluate_pawns(b.pawns[0], b.pawns[1]))
        << "board " << i;
    const PawnWeights w = testing::odd_weights(rng);
    ASSERT_EQ(evaluate_pawns(b.pawns[0], b.pawns[1], w),
              reference::evaluate_pawns(b.pawns[0], b.pawns[1], w))
        << "board " << i << " with other weights";
  }
}

// Walks the tree, comparing at every node; returns the nodes visited.
std::uint64_t compare_tree(const Position& pos, int depth, const PawnWeights& w) {
  const Bitboard white = pos.pawns(White), black = pos.pawns(Black);
  const PawnEval e = evaluate_pawns(white, black, w);
  EXPECT_EQ(e, reference::evaluate_pawns(white, black, w)) << to_fen(pos);
  EXPECT_EQ(evaluate_pawns(White, white, black, w), e.white);
  EXPECT_EQ(evaluate_pawns(Black, black, white, w), e.black);
  if (depth == 0 || ::testing::Test::HasFailure()) return 1;
  std::uint64_t nodes = 1;
  for (Move m : legal_moves(pos)) nodes += compare_tree(after_move(pos, m), depth - 1, w);
  return nodes;
}

TEST(PawnEval, SetWiseEqualsReferenceOverPerftTrees) {
  const auto entries = test::read_epd_perft(PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd");
  ASSERT_TRUE(entries.has_value());
  std::mt19937_64 rng(11);
  std::uint64_t nodes = 0;
  for (const test::PerftEntry& e : *entries) {
    const Parsed<Position> pos = parse_fen(e.fen);
    ASSERT_TRUE(pos.ok()) << e.fen;
    nodes += compare_tree(*pos, 3, PawnWeights{});
    nodes += compare_tree(*pos, 2, testing::odd_weights(rng));
  }
  EXPECT_GT(nodes, 300'000u);
}

TEST(PawnEval, ConstantEvaluation) {
  static_assert(evaluate_pawns(Rank1 << 8, Rank1 << 48).white == Score{48, -8});
  static_assert(reference::evaluate_pawns(Rank1 << 8, Rank1 << 48).black == Score{48, -8});
}

TEST(PawnTable, FindStoreProbe) {
  auto table = std::make_unique<PawnTable<PawnEval, 1024>>();
  // Never stored: not even key 0 (no pawns) or keys equal to slot numbers are found.
  for (std::uint64_t key : {0ull, 1ull, 5ull, 1023ull, 1024ull, ~0ull})
    EXPECT_EQ(table->find(key), nullptr);
  const PawnEval a{{1, 2}, {3, 4}}, b{{5, 6}, {7, 8}};
  table->store(0, a);
  ASSERT_NE(table->find(0), nullptr);
  EXPECT_EQ(*table->find(0), a);
  // A key sharing the slot replaces it.
  table->store(1024, b);
  EXPECT_EQ(table->find(0), nullptr);
  EXPECT_EQ(*table->find(1024), b);
  // probe computes on a miss only.
  int computed = 0;
  const auto compute = [&] {
    ++computed;
    return a;
  };
  EXPECT_EQ(table->probe(77, compute), a);
  EXPECT_EQ(table->probe(77, compute), a);
  EXPECT_EQ(computed, 1);
  table->clear();
  EXPECT_EQ(table->find(77), nullptr);
  EXPECT_EQ(table->find(1024), nullptr);
}

TEST(PawnTable, CachesTheEvaluationUnderThePawnKey) {
  // Every node of a tree: the cached value equals a fresh evaluation.
  auto table = std::make_unique<PawnTable<PawnEval, 256>>();
  const Parsed<Position> root =
      parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(root.ok());
  std::uint64_t hits = 0, nodes = 0;
  const auto walk = [&](auto&& self, const Position& pos, int depth) -> void {
    ++nodes;
    const auto fresh = [&] { return evaluate_pawns(pos.pawns(White), pos.pawns(Black)); };
    hits += table->find(pos.pawn_key()) != nullptr;
    ASSERT_EQ(table->probe(pos.pawn_key(), fresh), fresh()) << to_fen(pos);
    if (depth == 0) return;
    for (Move m : legal_moves(pos)) self(self, after_move(pos, m), depth - 1);
  };
  walk(walk, *root, 3);
  EXPECT_EQ(nodes, 1u + 48 + 2039 + 97862);
  EXPECT_GT(hits, nodes / 2);
}

}  // namespace
}  // namespace pawnkit::eval
