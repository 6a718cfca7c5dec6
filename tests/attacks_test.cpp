// Attack tables against their definitions: queens are rooks plus bishops, lines hold the
// squares between, a pawn's table entry is the set-wise pawn attack of one pawn, and
// sliders on an empty board see their whole rays; perft's full slider table equals the ray
// walk.
#include <gtest/gtest.h>

#include <pawnkit/chess/attacks.hpp>
#include <random>
#include <thread>

#include "support/slider_occupancies.hpp"

namespace pawnkit {
namespace {

TEST(Attacks, QueenIsRookPlusBishop) {
  std::mt19937_64 rng(7);
  for (Square s : squares(~Bitboard{0})) {
    for (int i = 0; i < 50; ++i) {
      const Bitboard occupied = rng() & rng();
      EXPECT_EQ(queen_attacks(s, occupied),
                rook_attacks(s, occupied) | bishop_attacks(s, occupied));
    }
    EXPECT_EQ(rook_attacks(s, 0), rook_rays(s));
    EXPECT_EQ(bishop_attacks(s, 0), bishop_rays(s));
  }
}

TEST(Attacks, LinesAndBetween) {
  for (Square a : squares(~Bitboard{0})) {
    for (Square b : squares(~Bitboard{0})) {
      const bool aligned = a != b && ((rook_rays(a) | bishop_rays(a)) & square_bb(b));
      EXPECT_EQ(line_bb(a, b) != 0, aligned) << int(a) << " " << int(b);
      if (!aligned) continue;
      const Bitboard ends = square_bb(a) | square_bb(b);
      EXPECT_EQ(line_bb(a, b), line_bb(b, a));
      EXPECT_EQ(between_bb(a, b) & ends, 0u);
      EXPECT_EQ((between_bb(a, b) | ends) & ~line_bb(a, b), 0u);
      // A queen on a sees b exactly when nothing stands between them.
      EXPECT_TRUE(queen_attacks(a, ends) & square_bb(b));
      if (between_bb(a, b)) {
        EXPECT_FALSE(queen_attacks(a, ends | square_bb(lsb(between_bb(a, b)))) & square_bb(b));
      }
    }
  }
}

TEST(Attacks, PawnTableIsTheSetWiseAttack) {
  for (Square s : squares(~Bitboard{0})) {
    EXPECT_EQ(pawn_attacks_from(White, s), pawn_attacks(White, square_bb(s)));
    EXPECT_EQ(pawn_attacks_from(Black, s), pawn_attacks(Black, square_bb(s)));
  }
}

// Two threads ask for the full table at once (perft's fill_slider_table(): one fills,
// the other waits) while a third fills the on-demand table entry by entry (ctest runs each
// test in its own process: both tables start empty). Then every entry of the full table,
// read as perft reads it, is the ray walk's.
TEST(Attacks, FilledAtOnceWhileLookedUpOnDemand) {
  std::thread first([] { fill_slider_table(); }), second([] { fill_slider_table(); });
  std::size_t wrong_on_demand = 0;
  for (const auto& [s, occupied] : test::slider_occupancies(detail::rook_directions))
    wrong_on_demand +=
        rook_attacks(s, occupied) != detail::ray_attacks(s, occupied, detail::rook_directions);
  first.join();
  second.join();
  EXPECT_EQ(wrong_on_demand, 0u);
  EXPECT_EQ(test::wrong_filled_entries(), 0u);
}

TEST(Bitboard, LowestAndHighestSquare) {
  EXPECT_EQ(lsb(square_bb(C3) | square_bb(F7)), C3);
  EXPECT_EQ(msb(square_bb(C3) | square_bb(F7)), F7);
  EXPECT_EQ(msb(square_bb(H8)), H8);
  EXPECT_EQ(msb(square_bb(A1)), A1);
}

}  // namespace
}  // namespace pawnkit
