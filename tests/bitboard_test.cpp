#include <gtest/gtest.h>

#include <cstdint>
#include <pawnkit/bitboard.hpp>
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
  EXPECT_EQ(file_bb(File::D), 0x0808080808080808ULL);
  EXPECT_EQ(rank_bb(Rank::Fourth), 0x00000000FF000000ULL);
}

// The overload traps of a bare int are compile errors: `rank_bb(s + 8)` used to take
// s + 8 as a rank number (a shift by 8 * 36 bits), `file_bb(s + 1)` as a file number.
template <class T>
concept FileMaskFrom = requires(T t) {
  file_bb(t);
};
template <class T>
concept RankMaskFrom = requires(T t) {
  rank_bb(t);
};
static_assert(FileMaskFrom<File> && FileMaskFrom<Square> && !FileMaskFrom<int>);
static_assert(RankMaskFrom<Rank> && RankMaskFrom<Square> && !RankMaskFrom<int>);
static_assert(!FileMaskFrom<unsigned> && !RankMaskFrom<std::uint8_t>);

TEST(Bitboard, SquarePlusDirectionStaysOnTheSquareType) {
  using enum Direction;
  for (Square s : squares(~Bitboard{0})) {
    if (rank_of(s) < 7) {
      EXPECT_EQ(rank_bb(s + North), rank_bb(Rank(rank_of(s) + 1)));
    }
    if (file_of(s) < 7) {
      EXPECT_EQ(file_bb(s + East), file_bb(File(file_of(s) + 1)));
    }
    if (rank_of(s) > 0 && file_of(s) > 0) {
      EXPECT_EQ(s + SouthWest, s - NorthEast);
      EXPECT_EQ(square_bb(s + SouthWest), shift<SouthWest>(square_bb(s)));
    }
    // A step that stays on the board lands on s + d; one that leaves it gives nothing.
    for (Direction d : {North, South, East, West, NorthEast, NorthWest, SouthEast, SouthWest}) {
      const Bitboard stepped = shift(d, square_bb(s));
      if (stepped) {
        EXPECT_EQ(stepped, square_bb(s + d));
        EXPECT_EQ(shift(-d, stepped), square_bb(s));
      }
    }
  }
}

TEST(Bitboard, RuntimeShiftEqualsTemplateShift) {
  using enum Direction;
  const Bitboard b = 0x8142'2418'0F00'F0A5ULL;
  EXPECT_EQ(shift(North, b), shift<North>(b));
  EXPECT_EQ(shift(South, b), shift<South>(b));
  EXPECT_EQ(shift(East, b), shift<East>(b));
  EXPECT_EQ(shift(West, b), shift<West>(b));
  EXPECT_EQ(shift(NorthEast, b), shift<NorthEast>(b));
  EXPECT_EQ(shift(NorthWest, b), shift<NorthWest>(b));
  EXPECT_EQ(shift(SouthEast, b), shift<SouthEast>(b));
  EXPECT_EQ(shift(SouthWest, b), shift<SouthWest>(b));
}

TEST(Bitboard, RelativeRanks) {
  for (int r = 0; r < 8; ++r) {
    EXPECT_EQ(relative_rank(White, r), relative_rank<White>(r));
    EXPECT_EQ(relative_rank(Black, r), relative_rank<Black>(r));
    EXPECT_EQ(relative_rank_bb(Black, r), relative_rank_bb<Black>(r));
    EXPECT_EQ(relative_rank_bb(White, r), rank_bb(Rank(r)));
    EXPECT_EQ(relative_rank_bb(Black, r), flip_vertical(rank_bb(Rank(r))));
  }
  EXPECT_EQ(up(White), Up<White>);
  EXPECT_EQ(down(Black), Down<Black>);
  EXPECT_EQ(up_east(Black), UpEast<Black>);
  EXPECT_EQ(up_west(White), UpWest<White>);
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

}  // namespace
}  // namespace pawnkit
