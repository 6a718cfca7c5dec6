// Published perft counts: the 126-position perftsuite (project copy), the 960 Chess960
// start positions of fischer.epd and shakmaty's tricky.perft (both read from
// ../shared/data, skipped when absent). Depths are capped by node count so the whole
// program runs in a few seconds in Release; perft_deep_test runs every depth.
#include <gtest/gtest.h>

#include <fstream>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/perft.hpp>
#include <sstream>
#include <string>

#include "support/perft_files.hpp"

namespace pawnkit {
namespace {

// Checks every count up to `max_nodes`; returns how many counts were checked.
int check_counts(const std::vector<test::PerftEntry>& entries, std::uint64_t max_nodes) {
  int checked = 0;
  for (const test::PerftEntry& e : entries) {
    const Parsed<Position> pos = parse_fen(e.fen);
    EXPECT_TRUE(pos.ok()) << "line " << e.line << ": " << e.fen;
    if (!pos.ok()) continue;
    EXPECT_FALSE(check_playable(*pos).has_value()) << e.fen;
    EXPECT_FALSE(e.counts.empty()) << "line " << e.line;
    for (auto [depth, nodes] : e.counts) {
      if (nodes > max_nodes) continue;
      EXPECT_EQ(perft(*pos, depth), nodes)
          << "line " << e.line << " depth " << depth << ": " << e.fen;
      ++checked;
    }
  }
  return checked;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(PerftSuite, ProjectCopy) {
  const auto entries = test::read_epd_perft(PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd");
  ASSERT_TRUE(entries.has_value());
  ASSERT_EQ(entries->size(), 126u);
  EXPECT_GT(check_counts(*entries, 20'000'000), 600);
}

TEST(PerftSuite, SharedFile) {
  const std::string shared = PAWNKIT_SHARED_DATA "/perftsuite.epd";
  if (!std::ifstream(shared)) GTEST_SKIP() << shared << " not present";
  EXPECT_EQ(slurp(shared), slurp(PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd"));
  // And its positions, read from there, at the shallow depths.
  const auto entries = test::read_epd_perft(shared);
  ASSERT_TRUE(entries.has_value());
  EXPECT_EQ(entries->size(), 126u);
  EXPECT_GT(check_counts(*entries, 100'000), 300);
}

TEST(PerftSuite, Chess960Fischer) {
  const auto entries = test::read_epd_perft(PAWNKIT_SHARED_DATA "/fischer.epd");
  if (!entries) GTEST_SKIP() << "fischer.epd not present";
  ASSERT_EQ(entries->size(), 960u);
  // Depths 1-4 everywhere (a few hundred thousand nodes each).
  int checked = 0;
  for (const test::PerftEntry& e : *entries) {
    const Parsed<Position> pos = parse_fen(e.fen);
    ASSERT_TRUE(pos.ok()) << e.fen;
    for (auto [depth, nodes] : e.counts) {
      if (depth > 4) continue;
      EXPECT_EQ(perft(*pos, depth), nodes) << "line " << e.line << " depth " << depth;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 960 * 4);
}

TEST(PerftSuite, Tricky) {
  const auto entries = test::read_block_perft(PAWNKIT_SHARED_DATA "/tricky.perft");
  if (!entries) GTEST_SKIP() << "tricky.perft not present";
  ASSERT_EQ(entries->size(), 26u);
  EXPECT_EQ(check_counts(*entries, ~std::uint64_t{0}), 88);
}

}  // namespace
}  // namespace pawnkit
