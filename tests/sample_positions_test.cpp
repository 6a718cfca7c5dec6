// Set-wise against square by square on real positions: every bundled sample position and
// the shared EPD suites (skipped when ../shared/data is absent).
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/pawns/reference.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace pawnkit {
namespace {

// Checks every line of an EPD file; returns how many positions were compared.
int check_file(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  int line_number = 0, positions = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.empty()) continue;
    const Parsed<EpdRecord> record = parse_epd(line);
    EXPECT_TRUE(record.ok()) << path << ":" << line_number << ": "
                             << (record ? "" : record.error().what);
    if (!record) continue;
    const PawnBoard board = pawn_board(record->position);
    EXPECT_EQ(pawn_report(board), reference::pawn_report(board)) << path << ":" << line_number;
    ++positions;
  }
  return positions;
}

TEST(RealPositions, BundledSamples) {
  EXPECT_EQ(check_file(PAWNKIT_SOURCE_DIR "/data/structures.epd"), 35);
}

TEST(RealPositions, SharedSuites) {
  int positions = 0;
  for (const char* name : {"perftsuite.epd", "bratko_kopec_test.epd", "win_at_chess_test.epd"}) {
    const std::string path = std::string(PAWNKIT_SHARED_DATA) + "/" + name;
    if (std::filesystem::exists(path)) positions += check_file(path);
  }
  if (positions == 0) GTEST_SKIP() << "no shared data at " << PAWNKIT_SHARED_DATA;
  EXPECT_GT(positions, 400);
}

// Spot checks written by hand on named sample structures.
TEST(RealPositions, NamedStructures) {
  // Fischer-Spassky 1972 (6) after 15.dxc5 bxc5: Black's hanging pawns c5 and d5.
  auto pos = parse_fen("rnr3k1/4qpp1/p3b2p/1Bpp4/8/Q3PN2/PP3PPP/2R1K2R w K - 0 16");
  ASSERT_TRUE(pos.ok());
  PawnReport r = pawn_report(*pos);
  EXPECT_EQ(r.black.hanging, square_bb(C5) | square_bb(D5));
  EXPECT_EQ(r.black.isolated, square_bb(A6));
  EXPECT_EQ(r.black.islands, 3);
  // Nimzo-Indian Saemisch: White's doubled c-pawns c3 and c4.
  pos = parse_fen("r1bq1rk1/pp1p1ppp/2n1pn2/2p5/2PP4/P1PBP3/5PPP/R1BQK1NR w KQ - 3 8");
  ASSERT_TRUE(pos.ok());
  r = pawn_report(*pos);
  EXPECT_EQ(r.white.doubled, square_bb(C3) | square_bb(C4));
  EXPECT_EQ(r.white.levers, square_bb(D4));  // d4 attacks c5
  // Reti's study: both pawns are passed.
  pos = parse_fen("7K/8/k1P5/7p/8/8/8/8 w - - 0 1");
  ASSERT_TRUE(pos.ok());
  r = pawn_report(*pos);
  EXPECT_EQ(r.white.passed, square_bb(C6));
  EXPECT_EQ(r.black.passed, square_bb(H5));
}

}  // namespace
}  // namespace pawnkit
