// The run-time colour overloads give what the colour templates give, for both colours, on
// random pawn sets: every span, fill, relative rank, push, attack and pattern of the core.
#include <gtest/gtest.h>

#include <pawnkit/fill.hpp>
#include <pawnkit/pawns/moves.hpp>
#include <pawnkit/pawns/patterns.hpp>

#include "support/random_board.hpp"

namespace pawnkit {
namespace {

template <Color C>
void expect_same_as_template(const PawnBoard& b) {
  const Bitboard own = b.pawns[index(C)], enemy = b.pawns[index(~C)];
  const Bitboard occupied = b.occupied(), enemy_pieces = b.pieces[index(~C)];
  // Fills and spans.
  EXPECT_EQ(front_fill(C, own), front_fill<C>(own));
  EXPECT_EQ(rear_fill(C, own), rear_fill<C>(own));
  EXPECT_EQ(front_span(C, own), front_span<C>(own));
  EXPECT_EQ(rear_span(C, own), rear_span<C>(own));
  EXPECT_EQ(attack_front_span(C, own), attack_front_span<C>(own));
  // Pushes and attacks.
  EXPECT_EQ(pawn_attacks_west(C, own), pawn_attacks_west<C>(own));
  EXPECT_EQ(pawn_attacks_east(C, own), pawn_attacks_east<C>(own));
  EXPECT_EQ(pawn_attacks(C, own), pawn_attacks<C>(own));
  EXPECT_EQ(single_pushes(C, own, occupied), single_pushes<C>(own, occupied));
  EXPECT_EQ(double_pushes(C, own, occupied), double_pushes<C>(own, occupied));
  EXPECT_EQ(pawn_captures(C, own, enemy_pieces), pawn_captures<C>(own, enemy_pieces));
  EXPECT_EQ(en_passant_captures(C, own, b.en_passant), en_passant_captures<C>(own, b.en_passant));
  EXPECT_EQ(promotions(C, own, occupied, enemy_pieces), promotions<C>(own, occupied, enemy_pieces));
  // Patterns.
  EXPECT_EQ(behind_own(C, own), behind_own<C>(own));
  EXPECT_EQ(in_front_of_own(C, own), in_front_of_own<C>(own));
  EXPECT_EQ(doubled(own), doubled<C>(own));
  EXPECT_EQ(tripled(own), tripled<C>(own));
  EXPECT_EQ(open_pawns(C, own, enemy), open_pawns<C>(own, enemy));
  EXPECT_EQ(hanging(C, own, enemy), hanging<C>(own, enemy));
  EXPECT_EQ(passed(C, own, enemy), passed<C>(own, enemy));
  EXPECT_EQ(backward(C, own, enemy), backward<C>(own, enemy));
  EXPECT_EQ(defended(C, own), defended<C>(own));
  EXPECT_EQ(rams(C, own, enemy), rams<C>(own, enemy));
  EXPECT_EQ(levers(C, own, enemy), levers<C>(own, enemy));
  EXPECT_EQ(connected(C, own), connected<C>(own));
  EXPECT_EQ(candidates(C, own, enemy), candidates<C>(own, enemy));
  EXPECT_EQ(chain_bases(C, own), chain_bases<C>(own));
  EXPECT_EQ(holes(C, own), holes<C>(own));
  EXPECT_EQ(outposts(C, own, enemy), outposts<C>(own, enemy));
  // Directions and ranks.
  EXPECT_EQ(shift(up(C), own), shift<Up<C>>(own));
  EXPECT_EQ(shift(down(C), own), shift<Down<C>>(own));
  EXPECT_EQ(shift(up_east(C), own), shift<UpEast<C>>(own));
  EXPECT_EQ(shift(up_west(C), own), shift<UpWest<C>>(own));
}

TEST(RuntimeColor, EqualsTheTemplatesOnRandomBoards) {
  testing::RandomBoards boards(0xC0102);
  for (int i = 0; i < 20000; ++i) {
    const PawnBoard b = boards.next();
    expect_same_as_template<White>(b);
    expect_same_as_template<Black>(b);
    if (::testing::Test::HasFailure()) break;
  }
}

// The colour-free doubled and tripled are what the old per-colour versions were: with
// the colours swapped (ranks mirrored) a pawn set has the same doubled and tripled pawns.
TEST(RuntimeColor, DoubledAndTripledNeedNoColour) {
  testing::RandomBoards boards(0xD0B1ED);
  for (int i = 0; i < 20000; ++i) {
    const Bitboard pawns = boards.next().pawns[0];
    EXPECT_EQ(flip_vertical(doubled(pawns)), doubled(flip_vertical(pawns)));
    EXPECT_EQ(flip_vertical(tripled(pawns)), tripled(flip_vertical(pawns)));
    // Seen from Black, "behind" and "in front" swap and their union is the same.
    EXPECT_EQ(doubled(pawns) | tripled(pawns),
              behind_own(Black, pawns) | in_front_of_own(Black, pawns));
  }
}

// Mirroring the board swaps what each colour sees: the Black overload on mirrored pawns is
// the mirrored White answer (a check of the dispatch that does not go through it twice).
TEST(RuntimeColor, BlackIsWhiteMirrored) {
  testing::RandomBoards boards(0xB1ACC);
  for (int i = 0; i < 20000; ++i) {
    const PawnBoard b = boards.next();
    const Bitboard w = b.pawns[0], k = b.pawns[1];
    const Bitboard mw = flip_vertical(w), mk = flip_vertical(k);
    EXPECT_EQ(flip_vertical(passed(White, w, k)), passed(Black, mw, mk));
    EXPECT_EQ(flip_vertical(backward(White, w, k)), backward(Black, mw, mk));
    EXPECT_EQ(flip_vertical(front_span(White, w)), front_span(Black, mw));
    EXPECT_EQ(flip_vertical(attack_front_span(White, w)), attack_front_span(Black, mw));
    EXPECT_EQ(flip_vertical(pawn_attacks(White, w)), pawn_attacks(Black, mw));
    EXPECT_EQ(flip_vertical(levers(White, w, k)), levers(Black, mw, mk));
  }
}

}  // namespace
}  // namespace pawnkit
