// The set-wise attacks perft's last ply counts with (chess/setwise.hpp), against the
// per-square tables and the ray walk: the same attacked squares, and per-direction
// popcounts that add up to the per-piece ones, on random boards.
#include <gtest/gtest.h>

#include <pawnkit/chess/attacks.hpp>
#include <pawnkit/chess/setwise.hpp>
#include <random>

namespace pawnkit {
namespace {

#if PAWNKIT_SETWISE
using namespace detail::setwise;

// A random subset of `of`, about a third of it.
Bitboard some_of(std::mt19937_64& rng, Bitboard of) { return of & rng() & (rng() | rng()); }

TEST(Setwise, KnightJumpsAreTheKnightTable) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20000; ++i) {
    const Bitboard knights = rng() & rng() & rng(), target = rng();
    Bitboard attacked = 0;
    std::uint64_t moves = 0;
    for (Square s : squares(knights)) {
      attacked |= knight_attacks(s);
      moves += static_cast<std::uint64_t>(popcount(knight_attacks(s) & target));
    }
    const Lanes jumps = knight_jumps(knights);
    ASSERT_EQ(union_of(jumps), attacked) << knights;
    ASSERT_EQ(popcount_sum(jumps & broadcast(target)), moves) << knights;
  }
}

TEST(Setwise, SliderRaysAreTheRayWalk) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 20000; ++i) {
    const Bitboard occupied = rng() & (rng() | rng());
    const Bitboard orth = some_of(rng, occupied), diag = some_of(rng, occupied), target = rng();
    Bitboard attacked = 0;
    std::uint64_t moves = 0;
    const auto add = [&](Bitboard sliders, const auto& directions) {
      for (Square s : squares(sliders)) {
        const Bitboard a = detail::ray_attacks(s, occupied, directions);
        attacked |= a;
        moves += static_cast<std::uint64_t>(popcount(a & target));
      }
    };
    add(orth, detail::rook_directions);
    add(diag, detail::bishop_directions);
    const Lanes rays = slider_rays(orth, diag, occupied);
    ASSERT_EQ(union_of(rays), attacked) << occupied << ' ' << orth << ' ' << diag;
    ASSERT_EQ(popcount_sum(rays & broadcast(target)), moves) << occupied;
  }
}

// A lone slider in each corner and on the edges: no ray wraps round the board.
TEST(Setwise, NoRayWrapsRoundTheBoard) {
  for (std::size_t s = 0; s < 64; ++s) {
    const Square sq = Square(s);
    EXPECT_EQ(union_of(slider_rays(square_bb(sq), 0, square_bb(sq))), rook_rays(sq)) << s;
    EXPECT_EQ(union_of(slider_rays(0, square_bb(sq), square_bb(sq))), bishop_rays(sq)) << s;
    EXPECT_EQ(union_of(knight_jumps(square_bb(sq))), knight_attacks(sq)) << s;
  }
}
#else
TEST(Setwise, NotBuilt) { GTEST_SKIP() << "no AVX-512: perft counts with the generator"; }
#endif

}  // namespace
}  // namespace pawnkit
