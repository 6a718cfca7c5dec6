// Every published perft count, however deep (label "deep": run with `ctest -L deep`).
// Kiwipete depth 5 is 193,690,690 nodes; the perftsuite and fischer.epd go to depth 6.
#include <gtest/gtest.h>

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/perft.hpp>

#include "support/perft_files.hpp"

namespace pawnkit {
namespace {

void check_all(const std::vector<test::PerftEntry>& entries, int max_depth) {
  for (const test::PerftEntry& e : entries) {
    const Parsed<Position> pos = parse_fen(e.fen);
    ASSERT_TRUE(pos.ok()) << e.fen;
    for (auto [depth, nodes] : e.counts) {
      if (depth <= max_depth) {
        EXPECT_EQ(perft(*pos, depth), nodes) << "line " << e.line << " depth " << depth;
      }
    }
  }
}

TEST(PerftDeep, Kiwipete) {
  const Parsed<Position> pos =
      parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(perft(*pos, 5), 193690690u);
}

TEST(PerftDeep, StartDepth7) {
  const Parsed<Position> pos =
      parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(perft(*pos, 7), 3195901860u);
}

TEST(PerftDeep, WholeSuite) {
  const auto entries = test::read_epd_perft(PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd");
  ASSERT_TRUE(entries.has_value());
  check_all(*entries, 9);
}

TEST(PerftDeep, FischerDepth5) {
  const auto entries = test::read_epd_perft(PAWNKIT_SHARED_DATA "/fischer.epd");
  if (!entries) GTEST_SKIP() << "fischer.epd not present";
  check_all(*entries, 5);
}

}  // namespace
}  // namespace pawnkit
