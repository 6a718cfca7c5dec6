// The worked examples of the seed pages and of the pattern spec, expectations by hand.
#include <pawnkit/pawns/patterns.hpp>
#include <pawnkit/pawns/reference.hpp>
#include <pawnkit/pawns/report.hpp>

#include <gtest/gtest.h>

#include "support/diagram.hpp"

namespace pawnkit {
namespace {

using testing::bb;
using testing::diagram;

// Duo Trio Quart page: the neighbour diagrams.
const Bitboard neighbour_example = diagram(R"(
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  1 1 1 . . . . .
  . . . . . . . .
  . . . . . 1 1 .
  . . . . . . . .)");

TEST(SeedDuoTrioQuart, NeighbourDiagrams) {
  EXPECT_EQ(with_east_neighbor(neighbour_example), bb({F2, A4, B4}));
  EXPECT_EQ(with_west_neighbor(neighbour_example), bb({G2, B4, C4}));
  EXPECT_EQ(inner_pawns(neighbour_example), bb({B4}));
}

TEST(SeedDuoTrioQuart, DuoIsExclusive) {
  // "pawns with excl. east neighbor": a4, f2; "excl. west neighbor": c4, g2; duo: f2 g2.
  EXPECT_EQ(duo(neighbour_example), bb({F2, G2}));
  EXPECT_EQ(trio(neighbour_example), bb({A4, B4, C4}));
  EXPECT_EQ(quart(neighbour_example), 0u);
  EXPECT_EQ(phalanx(neighbour_example), neighbour_example);
}

TEST(SeedDuoTrioQuart, RunsOfEveryLength) {
  // Rank 7: a run of 4 (a-d) and a run of 2 (g-h). Rank 5: a run of 5 (b-f).
  // Rank 3: a run of 3 (f-h) and a single pawn (a). Rank 2: two runs of 1 (a, c) and a run of 3
  // (e-g).
  const Bitboard pawns = diagram(R"(
    . . . . . . . .
    1 1 1 1 . . 1 1
    . . . . . . . .
    . 1 1 1 1 1 . .
    . . . . . . . .
    1 . . . . 1 1 1
    1 . 1 . 1 1 1 .
    . . . . . . . .)");
  EXPECT_EQ(duo(pawns), bb({G7, H7}));
  EXPECT_EQ(trio(pawns), bb({F3, G3, H3, E2, F2, G2}));
  EXPECT_EQ(quart(pawns), bb({A7, B7, C7, D7}));
  EXPECT_EQ(phalanx(pawns), pawns & ~bb({A3, A2, C2}));
}

// Pawn Islands page: Black has three islands here, White two.
const Bitboard island_black = diagram(R"(
  . . . . . . . .
  1 . . . . . . 1
  . 1 . 1 1 . 1 .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .)");
const Bitboard island_white = diagram(R"(
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  . 1 . . . 1 . .
  1 . 1 . . . 1 1
  . . . . . . . .)");

TEST(SeedPawnIslands, FileSetsBordersAndCount) {
  // b b . b b . b b  and  w w w . . w w w, a-file first.
  EXPECT_EQ(file_set(island_black), 0b1101'1011);
  EXPECT_EQ(file_set(island_white), 0b1110'0111);
  // East borders: . b . . b . . b  and  . . w . . . . w
  EXPECT_EQ(island_east_files(0b1101'1011), 0b1001'0010);
  EXPECT_EQ(island_east_files(0b1110'0111), 0b1000'0100);
  // West borders: b . . b . . b .  and  w . . . . w . .
  EXPECT_EQ(island_west_files(0b1101'1011), 0b0100'1001);
  EXPECT_EQ(island_west_files(0b1110'0111), 0b0010'0001);
  EXPECT_EQ(island_count(0b1101'1011), 3);
  EXPECT_EQ(island_count(0b1110'0111), 2);
}

TEST(SeedPawnIslands, IsolatedFiles) {
  // The page's worked byte: files 1 . . . 1 1 . . -> east 1 . . . . 1 . ., west 1 . . . 1 . . .
  const FileSet files = 0b0011'0001;
  EXPECT_EQ(island_east_files(files), 0b0010'0001);
  EXPECT_EQ(island_west_files(files), 0b0001'0001);
  EXPECT_EQ(isolated_files(files), 0b0000'0001);
  EXPECT_EQ(island_east_files(files) ^ island_west_files(files), 0b0011'0000);
}

TEST(SeedPawnIslands, RangesForTheReport) {
  const IslandRanges black = island_ranges(0b1101'1011);
  ASSERT_EQ(black.count, 3);
  EXPECT_EQ(black.ranges[0].first_file, 0);
  EXPECT_EQ(black.ranges[0].last_file, 1);
  EXPECT_EQ(black.ranges[1].first_file, 3);
  EXPECT_EQ(black.ranges[1].last_file, 4);
  EXPECT_EQ(black.ranges[2].first_file, 6);
  EXPECT_EQ(black.ranges[2].last_file, 7);
  EXPECT_EQ(island_ranges(0).count, 0);
  EXPECT_EQ(island_ranges(0b0101'0101).count, 4);
}

// Isolated Pawns page.
TEST(SeedIsolated, IsolaniAndHalfIsolani) {
  // White: a2 b2 d4 f2 g3 h2 (an isolated queen pawn).
  const Bitboard white = bb({A2, B2, D4, F2, G3, H2});
  EXPECT_EQ(isolated(white), bb({D4}));
  EXPECT_EQ(no_neighbor_on_east_file(white), bb({B2, D4, H2}));
  EXPECT_EQ(no_neighbor_on_west_file(white), bb({A2, D4, F2}));
  // The rook-file pawns with one neighbour file are half-isolated, as are b2 and f2.
  EXPECT_EQ(half_isolated(white), bb({A2, B2, F2, H2}));
}

TEST(SeedIsolated, HangingPawns) {
  // c4/d4 with no b- and e-pawns, and no black pawn in front on the c- and d-files.
  const Bitboard white = bb({A2, C4, D4, F2, G2, H2});
  const Bitboard black = bb({A7, B7, E6, F7, G7, H7});
  EXPECT_EQ(hanging<White>(white, black), bb({C4, D4}));
  // Only c4 and d4 are open: a2, f2, g2, h2 face black pawns on their files.
  EXPECT_EQ(open_pawns<White>(white, black), bb({C4, D4}));
  // A black pawn on d5 closes the d-file: d4 is no longer open, so not hanging; c4 is
  // still open, half-isolated and in the c4-d4 duo, so the pattern spec keeps it.
  EXPECT_EQ(open_pawns<White>(white, black | bb({D5})), bb({C4}));
  EXPECT_EQ(hanging<White>(white, black | bb({D5})), bb({C4}));
  // With a b-pawn beside them the pair is a trio, not hanging.
  EXPECT_EQ(hanging<White>(white | bb({B4}), black), 0u);
}

// Double and Triple page.
TEST(SeedDoubleTriple, TwinsAndTriples) {
  // White: b2 b3 (doubled), e2 e3 e5 (tripled), g2.
  const Bitboard white = bb({B2, B3, E2, E3, E5, G2});
  EXPECT_EQ(behind_own<White>(white), bb({B2, E2, E3}));
  EXPECT_EQ(in_front_of_own<White>(white), bb({B3, E3, E5}));
  EXPECT_EQ(popcount(behind_own<White>(white)), popcount(in_front_of_own<White>(white)));
  EXPECT_EQ(doubled(white), bb({B2, B3}));
  EXPECT_EQ(tripled(white), bb({E2, E3, E5}));
  // For Black, "in front" is south.
  const Bitboard black = bb({C7, C5, H6});
  EXPECT_EQ(behind_own<Black>(black), bb({C7}));
  EXPECT_EQ(in_front_of_own<Black>(black), bb({C5}));
  EXPECT_EQ(doubled(black), bb({C5, C7}));
}

TEST(PatternSpec, PassedIgnoresPawnsLevelBeside) {
  // d4 against e4: the e-pawn is beside, not in front, so d4 is passed; e4 too.
  EXPECT_EQ(passed<White>(bb({D4}), bb({E4})), bb({D4}));
  EXPECT_EQ(passed<Black>(bb({E4}), bb({D4})), bb({E4}));
  // A black pawn on e5 stops d4 (adjacent file, in front).
  EXPECT_EQ(passed<White>(bb({D4}), bb({E5})), 0u);
  EXPECT_EQ(passed<White>(bb({A2}), bb({H7})), bb({A2}));
}

TEST(PatternSpec, BackwardRamsLeversDefended) {
  // White d3 e4, Black e5: d3's stop square d4 is attacked by e5, and e4 is ahead of it.
  const Bitboard white = bb({D3, E4}), black = bb({E5});
  EXPECT_EQ(backward<White>(white, black), bb({D3}));
  // A white c2 pawn could still come to d3's side: then d3 is not backward.
  EXPECT_EQ(backward<White>(white | bb({C2}), black), 0u);
  EXPECT_EQ(rams<White>(white, black), bb({E4}));
  EXPECT_EQ(rams<Black>(black, white), bb({E5}));
  EXPECT_EQ(defended<White>(white), bb({E4}));
  EXPECT_EQ(levers<White>(bb({E4}), bb({D5, E5})), bb({E4}));
  EXPECT_EQ(levers<Black>(bb({D5, E5}), bb({E4})), bb({D5}));
}

// pawn_sets copies the pawn-only report's leading members: their order must be
// pawn_set_keys' (pattern_keys, then term_keys).
TEST(PawnReportLayout, PawnSetsFollowPawnSetKeys) {
  for (std::size_t k = 0; k < pawn_set_keys.size(); ++k) {
    SideReport side;
    side.*pawn_set_keys[k].member = square_bb(Square(k));
    const auto sets = pawn_sets(side);
    for (std::size_t j = 0; j < sets.size(); ++j)
      EXPECT_EQ(sets[j], j == k ? square_bb(Square(k)) : 0) << pawn_set_keys[k].name << " at " << j;
  }
  for (std::size_t k = 0; k < pattern_keys.size(); ++k)
    EXPECT_EQ(pawn_set_keys[k].name, pattern_keys[k].name);
  for (std::size_t k = 0; k < term_keys.size(); ++k)
    EXPECT_EQ(pawn_set_keys[pattern_keys.size() + k].name, term_keys[k].name);
}

}  // namespace
}  // namespace pawnkit
