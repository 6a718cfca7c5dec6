// Forces the portable (magic multiplication) slider tables and checks them against the
// ray walk and against published perft counts, so the fallback is tested on BMI2 hosts.
// Perft here also counts its last ply with the generator, not set-wise (chess/setwise.hpp),
// as on a host without AVX-512.
#define PAWNKIT_NO_PEXT 1
#define PAWNKIT_NO_SETWISE 1
#include <gtest/gtest.h>

#include <functional>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/perft.hpp>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include "support/slider_occupancies.hpp"

namespace pawnkit {
namespace {

static_assert(!uses_pext && !PAWNKIT_SETWISE);

// Two threads meet the fallback table empty (this file is its only user, and this test
// runs first) and look up every occupancy of every square in opposite orders, so entries
// are filled from both sides at once: each must see the ray walk's attack set.
TEST(MagicFallback, FilledFromTwoThreadsAtOnce) {
  const auto rook_queries = test::slider_occupancies(detail::rook_directions);
  auto check = [&](bool backwards, std::size_t& wrong) {
    for (std::size_t i = 0; i < rook_queries.size(); ++i) {
      const auto [s, occupied] = rook_queries[backwards ? rook_queries.size() - 1 - i : i];
      wrong +=
          rook_attacks(s, occupied) != detail::ray_attacks(s, occupied, detail::rook_directions);
    }
  };
  std::size_t wrong_forwards = 0, wrong_backwards = 0;
  std::thread other(check, true, std::ref(wrong_backwards));
  check(false, wrong_forwards);
  other.join();
  EXPECT_EQ(rook_queries.size(), detail::rook_table_size);
  EXPECT_EQ(wrong_forwards, 0u);
  EXPECT_EQ(wrong_backwards, 0u);
}

TEST(MagicFallback, MatchesRayWalk) {
  std::mt19937_64 rng(1);
  for (int s = 0; s < 64; ++s) {
    for (int i = 0; i < 500; ++i) {
      const Bitboard occupied = rng() & rng();
      EXPECT_EQ(rook_attacks(Square(s), occupied),
                detail::ray_attacks(Square(s), occupied, detail::rook_directions));
      EXPECT_EQ(bishop_attacks(Square(s), occupied),
                detail::ray_attacks(Square(s), occupied, detail::bishop_directions));
    }
  }
}

// Every occupancy of every square's relevant mask: the fixed magic numbers index each one
// to the ray walk's attack set (a harmful collision would show here).
TEST(MagicFallback, EveryOccupancyOfEverySquare) {
  std::size_t checked = 0;
  for (int s = 0; s < 64; ++s) {
    const Square sq = Square(s);
    for (const auto* directions : {&detail::rook_directions, &detail::bishop_directions}) {
      const Bitboard mask = detail::relevant_mask(sq, *directions);
      Bitboard subset = 0;
      do {
        const Bitboard expected = detail::ray_attacks(sq, subset, *directions);
        const Bitboard got = directions == &detail::rook_directions ? rook_attacks(sq, subset)
                                                                    : bishop_attacks(sq, subset);
        EXPECT_EQ(got, expected) << "square " << s << " occupancy " << subset;
        ++checked;
        subset = (subset - mask) & mask;
      } while (subset != 0);
    }
  }
  EXPECT_EQ(checked, detail::rook_table_size + detail::bishop_table_size);
}

// Perft's full table filled while another thread fills the on-demand one entry by entry:
// afterwards every entry of the full table, read as perft reads it, is the ray walk's.
TEST(MagicFallback, FilledAtOnceWhileLookedUpOnDemand) {
  std::thread filler([] { fill_slider_table(); });
  std::size_t wrong_on_demand = 0;
  for (const auto& [s, occupied] : test::slider_occupancies(detail::bishop_directions))
    wrong_on_demand +=
        bishop_attacks(s, occupied) != detail::ray_attacks(s, occupied, detail::bishop_directions);
  filler.join();
  EXPECT_EQ(wrong_on_demand, 0u);
  EXPECT_EQ(test::wrong_filled_entries(), 0u);
}

TEST(MagicFallback, Perft) {
  const Parsed<Position> kiwipete =
      parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(kiwipete.ok());
  EXPECT_EQ(perft(*kiwipete, 4), 4085603u);
}

}  // namespace
}  // namespace pawnkit
