// Two implementations, one truth: the set-wise report against the square-by-square
// reference, key by key, on generated boards. PAWNKIT_PROPERTY_BOARDS=N runs more.
#include <pawnkit/pawns/reference.hpp>
#include <pawnkit/pawns/report.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "support/random_board.hpp"

namespace pawnkit {
namespace {

std::string describe(const PawnBoard& b) {
  return "white pawns " + std::to_string(b.pawns[0]) + ", black pawns " +
         std::to_string(b.pawns[1]) + ", white pieces " + std::to_string(b.pieces[0]) +
         ", black pieces " + std::to_string(b.pieces[1]) + ", ep " +
         std::to_string(int(b.en_passant)) + ", " + (b.side_to_move == White ? "white" : "black") +
         " to move";
}

// Compares every key and reports the first one that differs.
void expect_same(const PawnBoard& board, const SideReport& fast, const SideReport& slow,
                 const char* side) {
  for (const auto& key : pattern_keys)
    ASSERT_EQ(fast.*key.member, slow.*key.member)
        << side << " " << key.name << " on " << describe(board);
  for (const auto& key : move_keys)
    ASSERT_EQ(fast.*key.member, slow.*key.member)
        << side << " " << key.name << " on " << describe(board);
  for (const auto& key : term_keys)
    ASSERT_EQ(fast.*key.member, slow.*key.member)
        << side << " " << key.name << " on " << describe(board);
  ASSERT_EQ(fast.islands, slow.islands) << side << " islands on " << describe(board);
  ASSERT_EQ(fast.island_files, slow.island_files) << side << " island_files on " << describe(board);
  ASSERT_EQ(fast, slow);
}

TEST(SetWiseAgainstReference, GeneratedBoards) {
  long boards = 200'000;
  if (const char* env = std::getenv("PAWNKIT_PROPERTY_BOARDS")) boards = std::atol(env);
  testing::RandomBoards random(20261122);
  for (long i = 0; i < boards; ++i) {
    const PawnBoard board = random.next();
    const PawnReport fast = pawn_report(board), slow = reference::pawn_report(board);
    expect_same(board, fast.white, slow.white, "white");
    expect_same(board, fast.black, slow.black, "black");
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(SetWiseAgainstReference, EveryPawnShapeOnOneRankAndOneFile) {
  // Every subset of a rank and of a file, for both sides: all runs and all stackings.
  for (int rank = 1; rank <= 6; ++rank)
    for (Bitboard set = 0; set < 256; ++set) {
      PawnBoard board;
      board.pawns[0] = set << (8 * rank);
      board.pieces[0] = board.pawns[0];
      const PawnReport fast = pawn_report(board), slow = reference::pawn_report(board);
      expect_same(board, fast.white, slow.white, "white");
      std::swap(board.pawns[0], board.pawns[1]);
      std::swap(board.pieces[0], board.pieces[1]);
      expect_same(board, pawn_report(board).black, reference::pawn_report(board).black, "black");
    }
  for (int file = 0; file < 8; ++file)
    for (Bitboard set = 0; set < 64; ++set) {
      PawnBoard board;
      for (int r = 0; r < 6; ++r)
        if (set >> r & 1) board.pawns[r % 2 ? 0 : 1] |= square_bb(make_square(file, r + 1));
      board.pieces = board.pawns;
      const PawnReport fast = pawn_report(board), slow = reference::pawn_report(board);
      expect_same(board, fast.white, slow.white, "white");
      expect_same(board, fast.black, slow.black, "black");
    }
}

// The report is usable at compile time: constexpr all the way down.
static_assert([] {
  PawnBoard board;
  board.pawns = {square_bb(D4), square_bb(E5)};
  board.pieces = board.pawns;
  const PawnReport r = pawn_report(board);
  return r.white.isolated == square_bb(D4) && r.white.levers == square_bb(D4) &&
         r == reference::pawn_report(board);
}());

}  // namespace
}  // namespace pawnkit
