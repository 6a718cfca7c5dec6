// PerftBoard, perft's light board, against Position: at every node of small trees from
// the perft suites, the board perft builds for each child equals the one made from
// Position::do_move's result, and the generator gives the same moves on both boards.
// (The perft counts themselves are checked in perft_suite_test and perft_deep_test.)
#include <gtest/gtest.h>

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/perft.hpp>

#include "support/perft_files.hpp"

namespace pawnkit {
namespace {

template <Color Us>
MoveList moves_on(const PerftBoard& board) {
  MoveList list;
  detail::ListSink sink{list};
  detail::generate<Us>(board, sink);
  return list;
}

// Compares the two boards below pos, `depth` plies deep; returns the nodes visited.
std::size_t compare_tree(const Position& pos, int depth) {
  const PerftBoard board(pos);
  const MoveList legal = legal_moves(pos);
  const MoveList on_board =
      pos.side_to_move() == White ? moves_on<White>(board) : moves_on<Black>(board);
  EXPECT_EQ(std::vector<Move>(legal.begin(), legal.end()),
            std::vector<Move>(on_board.begin(), on_board.end()));
  if (depth == 0) return 1;
  std::size_t nodes = 1;
  for (Move m : legal) {
    const Position next = after_move(pos, m);
    const PieceType moved = type_of(pos.piece_on(m.from()));
    const PerftBoard child =
        pos.side_to_move() == White ? board.after<White>(m, moved) : board.after<Black>(m, moved);
    EXPECT_TRUE(child == PerftBoard(next))
        << "move " << m.from() << "-" << m.to() << " kind " << int(m.kind());
    nodes += compare_tree(next, depth - 1);
  }
  return nodes;
}

TEST(PerftBoard, StartPosition) {
  const Position start = *parse_fen(start_fen);
  EXPECT_EQ(compare_tree(start, 3), 1u + 20 + 400 + 8902);
}

TEST(PerftBoard, PerftSuiteThreePlies) {
  const auto entries = test::read_epd_perft(PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd");
  ASSERT_TRUE(entries.has_value());
  std::size_t nodes = 0;
  for (const test::PerftEntry& e : *entries) nodes += compare_tree(*parse_fen(e.fen), 3);
  EXPECT_GT(nodes, 500000u);
}

TEST(PerftBoard, TrickyPositions) {
  const auto entries = test::read_block_perft(PAWNKIT_SHARED_DATA "/tricky.perft");
  if (!entries) GTEST_SKIP() << "tricky.perft not present";
  for (const test::PerftEntry& e : *entries) compare_tree(*parse_fen(e.fen), 2);
}

TEST(PerftBoard, Chess960TwoPlies) {
  const auto entries = test::read_epd_perft(PAWNKIT_SHARED_DATA "/fischer.epd");
  if (!entries) GTEST_SKIP() << "fischer.epd not present";
  for (const test::PerftEntry& e : *entries) compare_tree(*parse_fen(e.fen), 2);
}

}  // namespace
}  // namespace pawnkit
