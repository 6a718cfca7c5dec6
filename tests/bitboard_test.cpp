#include <pawnkit/bitboard.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace pawnkit {
namespace {

TEST(Bitboard, LerfLayout) {
  EXPECT_EQ(square_bb(A1), 1ULL);
  EXPECT_EQ(square_bb(H1), 0x80ULL);
  EXPECT_EQ(square_bb(A2), 0x100ULL);
  EXPECT_EQ(square_bb(H8), 0x8000000000000000ULL);
  EXPECT_EQ(file_of(E4), 4);
  EXPECT_EQ(rank_of(E4), 3);
  EXPECT_EQ(file_bb(3), 0x0808080808080808ULL);
  EXPECT_EQ(rank_bb(3), 0x00000000FF000000ULL);
}

TEST(Bitboard, ShiftsDoNotWrap) {
  const Bitboard edge = square_bb(A4) | square_bb(H5);
  EXPECT_EQ(shift<Direction::East>(edge), square_bb(B4));
  EXPECT_EQ(shift<Direction::West>(edge), square_bb(G5));
  EXPECT_EQ(shift<Direction::North>(square_bb(E8)), 0u);
  EXPECT_EQ(shift<Direction::South>(square_bb(E1)), 0u);
  EXPECT_EQ(shift<Direction::SouthWest>(square_bb(A5) | square_bb(C5)), square_bb(B4));
  EXPECT_EQ(shift<Direction::SouthEast>(square_bb(H5) | square_bb(C5)), square_bb(D4));
}

TEST(Bitboard, SquareIterationIsAscending) {
  std::vector<Square> seen;
  for (Square s : squares(square_bb(H8) | square_bb(C4) | square_bb(A1))) seen.push_back(s);
  EXPECT_EQ(seen, (std::vector<Square>{A1, C4, H8}));
  Bitboard b = square_bb(D4) | square_bb(E5);
  EXPECT_EQ(pop_lsb(b), D4);
  EXPECT_EQ(b, square_bb(E5));
}

TEST(Bitboard, SquareNames) {
  for (int s = 0; s < 64; ++s) EXPECT_EQ(parse_square(square_name(Square(s))), Square(s));
  EXPECT_FALSE(parse_square("e9"));
  EXPECT_FALSE(parse_square("E4"));
  EXPECT_FALSE(parse_square("e"));
}

}  // namespace
}  // namespace pawnkit
