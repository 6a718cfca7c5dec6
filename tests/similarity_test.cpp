// Structure similarity: the worked examples of docs/similar.md computed by hand, the
// properties the formula promises, and `pawnkit similar` on the bundled games.
#include "analysis/similarity.hpp"

#include <gtest/gtest.h>

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/pawns/structures.hpp>
#include <random>
#include <string>

#include "support/run_cli.hpp"

namespace pawnkit::analysis {
namespace {

using detail::sq;
using testing::run_cli;

// docs/similar.md, example 1: a Caro-Kann/Slav skeleton, one White pawn a rank off
// (c3 -> c4) and one Black pawn missing (e6). Files a..h of both colours are equal except
// the White c-file (1 pawn each, one rank apart: 1/2 of 1) and the Black e-file (1 against
// 0: 0 of 1). Sum of scores 6 + 1/2 + 7 + 0 = 13.5 over 7 + 8 = 15 pawns: 0.9.
TEST(Similarity, WorkedExampleOne) {
  const PawnSets target{sq("a2 b2 c3 d4 f2 g2 h2"), sq("a7 b7 c6 d5 e6 f7 g7 h7")};
  const PawnSets position{sq("a2 b2 c4 d4 f2 g2 h2"), sq("a7 b7 c6 d5 f7 g7 h7")};
  EXPECT_DOUBLE_EQ(structure_similarity_as_is(target, position), 13.5 / 15);
  const SimilarityMatch m = structure_similarity_match(target, position);
  EXPECT_DOUBLE_EQ(m.similarity, 0.9);
  EXPECT_FALSE(m.reversed);
}

// Example 2: doubled c-pawns c3 c4 against a single c4. The c-file scores 1 (c4 on c4,
// the c3 pawn unpaired) of max(2, 1) = 2; the other 5 White and 6 Black pawns are equal:
// (5 + 1 + 6) / (5 + 2 + 6) = 12/13.
TEST(Similarity, WorkedExampleTwoDoubledPawns) {
  const PawnSets target{sq("a2 b2 c3 c4 f2 g2 h2"), sq("a7 b7 e6 f7 g7 h7")};
  const PawnSets position{sq("a2 b2 c4 f2 g2 h2"), sq("a7 b7 e6 f7 g7 h7")};
  EXPECT_DOUBLE_EQ(structure_similarity_as_is(target, position), 12.0 / 13);
}

// Example 3: the isolani held by Black (Tarrasch) against the isolani held by White: as it
// stands they differ, with colours flipped they are the same structure.
TEST(Similarity, WorkedExampleThreeReversed) {
  const PawnSets white_iqp{sq("a2 b2 d4 f2 g2 h2"), sq("a7 b7 e6 f7 g7 h7")};
  const PawnSets black_iqp{sq("a2 b2 e3 f2 g2 h2"), sq("a7 b7 d5 f7 g7 h7")};
  EXPECT_LT(structure_similarity_as_is(white_iqp, black_iqp), 1.0);
  const SimilarityMatch m = structure_similarity_match(white_iqp, black_iqp);
  EXPECT_DOUBLE_EQ(m.similarity, 1.0);
  EXPECT_TRUE(m.reversed);
}

TEST(Similarity, IgnoredFilesTakeNoPart) {
  const PawnSets target{sq("a2 d4 h2"), sq("a7 d5 h7")};
  const PawnSets position{sq("a4 d4 h3"), sq("d5 h5")};
  EXPECT_LT(structure_similarity_as_is(target, position), 1.0);
  EXPECT_DOUBLE_EQ(
      structure_similarity_as_is(target, position, file_bb(File::A) | file_bb(File::H)), 1.0);
  EXPECT_DOUBLE_EQ(structure_similarity_as_is({0, 0}, {0, 0}), 1.0);
}

// In [0, 1], 1 exactly when the pawn sets are equal, symmetric in its two arguments, and
// the flipped reading of a flipped position is the as-is reading.
TEST(Similarity, PropertiesOnRandomPawnSets) {
  std::mt19937_64 rng(14);
  const Bitboard middle = 0x00FFFFFFFFFFFF00ULL;
  for (int i = 0; i < 20000; ++i) {
    auto random_pawns = [&] {
      Bitboard b = rng() & rng() & middle;
      return b;
    };
    const PawnSets a{random_pawns(), random_pawns()};
    PawnSets b = a;
    if (i % 3) b = {random_pawns(), random_pawns()};
    if (i % 3 == 2) b[0] ^= Bitboard{1} << (8 + rng() % 48);  // one pawn more or less
    const double s = structure_similarity_as_is(a, b);
    EXPECT_GE(s, 0.0);
    EXPECT_LE(s, 1.0);
    EXPECT_EQ(s == 1.0, a == b);
    EXPECT_DOUBLE_EQ(s, structure_similarity_as_is(b, a));
    const PawnSets flipped{flip_vertical(b[1]), flip_vertical(b[0])};
    EXPECT_DOUBLE_EQ(structure_similarity_match(a, flipped).similarity,
                     std::max(s, structure_similarity_as_is(a, flipped)));
  }
}

// The bundled sample: a target taken from game 24 at ply 20 ranks that game first with
// similarity 1; the heap keeps exactly --top hits, best first.
TEST(SimilarCommand, TargetGameRanksFirst) {
  const std::string sample = std::string(PAWNKIT_SOURCE_DIR) + "/data/sample.pgn";
  const auto find = run_cli("find --where 'ply == 20' " + sample);
  ASSERT_EQ(find.status, 0);
  // The record of game 24 at ply 20.
  const auto at = find.out.find("\"game\": 24, \"ply\": 20");
  ASSERT_NE(at, std::string::npos) << find.out.substr(0, 300);
  const auto line_start = find.out.rfind('\n', at) + 1;
  const auto fen_at = find.out.find("\"fen\": \"", line_start) + 8;
  const std::string fen = find.out.substr(fen_at, find.out.find('"', fen_at) - fen_at);

  const auto r = run_cli("similar --to '" + fen + "' --top 3 --format jsonl " + sample);
  ASSERT_EQ(r.status, 0) << r.err;
  int lines = 0;
  for (char c : r.out) lines += c == '\n';
  EXPECT_EQ(lines, 3);
  EXPECT_EQ(r.out.rfind("{\"rank\": 1, ", 0), 0u);
  const std::string first = r.out.substr(0, r.out.find('\n'));
  EXPECT_NE(first.find("\"game\": 24,"), std::string::npos) << first;
  EXPECT_NE(first.find("\"similarity\": 1.000"), std::string::npos) << first;
  EXPECT_NE(first.find("\"reversed\": false"), std::string::npos) << first;

  const auto games = run_cli("similar --to '" + fen + "' --top 1 --games " + sample);
  EXPECT_EQ(games.status, 0);
  EXPECT_NE(games.out.find("{pawnkit: similarity 1.000 at ply "), std::string::npos);

  const auto bad = run_cli("similar --to 'not a fen' " + sample);
  EXPECT_EQ(bad.status, 2);
  const auto epd = run_cli("similar --to '" + fen + "' " + std::string(PAWNKIT_SOURCE_DIR) +
                           "/data/structures.epd");
  EXPECT_EQ(epd.status, 1);
  EXPECT_NE(epd.err.find("similar reads PGN games"), std::string::npos);
}

}  // namespace
}  // namespace pawnkit::analysis
