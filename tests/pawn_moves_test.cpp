// The seed page on pawn move generation, example by example, and the pattern spec's move sets.
#include <pawnkit/pawns/moves.hpp>
#include <pawnkit/pawns/report.hpp>

#include <gtest/gtest.h>

#include "support/diagram.hpp"

namespace pawnkit {
namespace {

using testing::bb;
using testing::diagram;

TEST(SeedPawnMoves, PawnOnD2) {
  // 1 = push (d3), 3 = double push (d4), 2 = attacks (c3, e3).
  const Bitboard pawn = bb({D2});
  EXPECT_EQ(single_pushes<White>(pawn, pawn), bb({D3}));
  EXPECT_EQ(double_pushes<White>(pawn, pawn), bb({D4}));
  EXPECT_EQ(pawn_attacks<White>(pawn), bb({C3, E3}));
}

TEST(SeedPawnMoves, AAndHFilesDoNotWrap) {
  // Shifting an a-file pawn by 7 (or an h-file pawn by 9) unmasked lands on the far side
  // of the board one rank lower than meant: h2 for a2 << 7, a4 for h2 << 9.
  EXPECT_EQ(square_bb(A2) << 7, square_bb(H2));
  EXPECT_EQ(square_bb(H2) << 9, square_bb(A4));
  EXPECT_EQ(pawn_attacks<White>(bb({A2})), bb({B3}));
  EXPECT_EQ(pawn_attacks<White>(bb({H2})), bb({G3}));
  EXPECT_EQ(pawn_attacks_west<White>(bb({A2, H2})), bb({G3}));
  EXPECT_EQ(pawn_attacks_east<White>(bb({A2, H2})), bb({B3}));
  EXPECT_EQ(pawn_attacks<Black>(bb({A7, H7})), bb({B6, G6}));
}

TEST(SeedPawnMoves, RemovingTheAFileBeforeShifting) {
  // The page's "example & ~fileA": pawns a4 c3 h3 b2 f2 g2 lose a4.
  const Bitboard example = diagram(R"(
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    1 . . . . . . .
    . . 1 . . . . 1
    . 1 . . . 1 1 .
    . . . . . . . .)");
  EXPECT_EQ(example & ~FileA, bb({B2, F2, G2, C3, H3}));
  EXPECT_EQ(pawn_attacks_west<White>(example), bb({A3, E3, F3, B4, G4}));
}

TEST(SeedPawnMoves, BlockedSinglePush) {
  // Pawns d3 and e4; a knight on d4 blocks d3. Occupancy also has h1 and h8.
  const Bitboard pawns = bb({D3, E4});
  const Bitboard occupied = bb({H8, D4, E4, D3, H1});
  EXPECT_EQ(single_pushes<White>(pawns, occupied), bb({E5}));
}

TEST(SeedPawnMoves, DoublePushThroughABlocker) {
  // A piece on e3 stops both e-pawn pushes; one on f4 stops only the double push.
  const Bitboard pawns = bb({E2, F2, G2});
  const Bitboard occupied = pawns | bb({E3, F4});
  EXPECT_EQ(single_pushes<White>(pawns, occupied), bb({F3, G3}));
  EXPECT_EQ(double_pushes<White>(pawns, occupied), bb({G4}));
  // The naive `~occupancy & (pawns << 16)` would wrongly allow e4.
  EXPECT_EQ(~occupied & (pawns << 16), bb({E4, G4}));
  // Only pawns on their second rank double-push: a pawn on g3 does not reach g5.
  EXPECT_EQ(double_pushes<White>(bb({G3}), bb({G3})), 0u);
  EXPECT_EQ(double_pushes<Black>(bb({C7, D6}), bb({C7, D6})), bb({C5}));
}

TEST(PatternSpecMoves, CapturesIncludeTheKingAndEnPassantIsForTheSideToMove) {
  PawnBoard board;
  board.pawns = {bb({E5, B7}), bb({D5, F7})};
  board.pieces = {board.pawns[0] | bb({E1}), board.pawns[1] | bb({F6, C8, A8})};
  board.side_to_move = White;
  board.en_passant = D6;
  const SideReport white = side_report<White>(board);
  EXPECT_EQ(white.attacks, bb({D6, F6, A8, C8}));
  EXPECT_EQ(white.captures, bb({F6, A8, C8}));
  EXPECT_EQ(white.en_passant, bb({D6}));
  EXPECT_EQ(white.single_pushes, bb({E6, B8}));
  EXPECT_EQ(white.promotions, bb({A8, B8, C8}));
  board.side_to_move = Black;
  EXPECT_EQ(side_report<White>(board).en_passant, 0u);
  // The enemy king counts as a capture target: the pattern spec leaves legality aside.
  board.pieces[1] |= bb({D6});
  EXPECT_EQ(side_report<White>(board).captures, bb({D6, F6, A8, C8}));
}

}  // namespace
}  // namespace pawnkit
