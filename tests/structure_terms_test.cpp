// The pattern spec's pawn structure terms (version 2: connected, candidates, chain_bases,
// holes, outposts) on its worked example, expectations written by hand from the spec; and
// the pawn-only report: everything in it depends on the two pawn sets alone.
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/pawns/patterns.hpp>
#include <pawnkit/pawns/reference.hpp>
#include <pawnkit/pawns/report.hpp>

#include <gtest/gtest.h>

#include "analysis/stats.hpp"
#include "report/stats_writer.hpp"
#include "support/diagram.hpp"
#include "support/random_board.hpp"

namespace pawnkit {
namespace {

using testing::bb;

// 8/p4ppp/2p5/1P1p4/2PP4/6P1/P4P1P/8 w - - 0 1
const Bitboard example_white = bb({A2, B5, C4, D4, F2, G3, H2});
const Bitboard example_black = bb({A7, C6, D5, F7, G7, H7});

TEST(StructureTermsWorkedExample, Connected) {
  EXPECT_EQ(connected<White>(example_white), bb({G3, C4, D4, B5}));
  EXPECT_EQ(connected<Black>(example_black), bb({D5, F7, G7, H7}));
}

TEST(StructureTermsWorkedExample, Candidates) {
  // b5: sentries a7 c6, helpers a2 c4. Every other pawn faces an enemy pawn on its file.
  EXPECT_EQ(candidates<White>(example_white, example_black), bb({B5}));
  EXPECT_EQ(candidates<Black>(example_black, example_white), 0u);
}

TEST(StructureTermsWorkedExample, ChainBases) {
  EXPECT_EQ(chain_bases<White>(example_white), bb({F2, H2, C4}));
  EXPECT_EQ(chain_bases<Black>(example_black), bb({C6}));
}

TEST(StructureTermsWorkedExample, Holes) {
  EXPECT_EQ(holes<White>(example_white), bb({A3, C3, D3, F3, H3, A4, C4, D4}));
  EXPECT_EQ(holes<Black>(example_black), bb({A5, C5, A6, C6, D6}));
}

TEST(StructureTermsWorkedExample, Outposts) {
  EXPECT_EQ(outposts<White>(example_white, example_black), bb({C5, A6, C6}));
  EXPECT_EQ(outposts<Black>(example_black, example_white), bb({C4}));
}

TEST(StructureTermsWorkedExample, ReportAndReferenceFromTheFen) {
  const auto pos = parse_fen("8/p4ppp/2p5/1P1p4/2PP4/6P1/P4P1P/8 w - - 0 1");
  ASSERT_TRUE(pos);
  for (const PawnReport& r : {pawn_report(*pos), reference::pawn_report(pawn_board(*pos))}) {
    EXPECT_EQ(r.white.pawns, example_white);
    EXPECT_EQ(r.black.pawns, example_black);
    EXPECT_EQ(r.white.connected, bb({G3, C4, D4, B5}));
    EXPECT_EQ(r.black.connected, bb({D5, F7, G7, H7}));
    EXPECT_EQ(r.white.candidates, bb({B5}));
    EXPECT_EQ(r.black.candidates, 0u);
    EXPECT_EQ(r.white.chain_bases, bb({F2, H2, C4}));
    EXPECT_EQ(r.black.chain_bases, bb({C6}));
    EXPECT_EQ(r.white.holes, bb({A3, C3, D3, F3, H3, A4, C4, D4}));
    EXPECT_EQ(r.black.holes, bb({A5, C5, A6, C6, D6}));
    EXPECT_EQ(r.white.outposts, bb({C5, A6, C6}));
    EXPECT_EQ(r.black.outposts, bb({C4}));
  }
}

TEST(StructureTerms, CandidatesCountHelpersAgainstSentries) {
  // White c4 with a black b6 and d6 in front (two sentries): one helper (b3) is too few,
  // two (b3, d2) answer both; a helper in front of c4 (d5) does not count.
  const Bitboard black = bb({B6, D6});
  EXPECT_EQ(candidates<White>(bb({C4, B3}), black), 0u);
  EXPECT_EQ(candidates<White>(bb({C4, B3, D2}), black), bb({C4}));
  EXPECT_EQ(candidates<White>(bb({C4, B3, D5}), black), 0u);
  // A helper level with the pawn counts; doubled sentries count twice.
  EXPECT_EQ(candidates<White>(bb({C4, B4, D3}), black), bb({C4}));
  EXPECT_EQ(candidates<White>(bb({C4, B4, D3}), black | bb({D7})), 0u);
  // Black mirrors: "in front" is south.
  EXPECT_EQ(candidates<Black>(bb({C5, B6, D7}), bb({B3, D3})), bb({C5}));
  EXPECT_EQ(candidates<Black>(bb({C5, B6}), bb({B3, D3})), 0u);
  // A passed pawn is no candidate, nor a pawn with an enemy pawn in front on its file.
  EXPECT_EQ(candidates<White>(bb({C4}), 0), 0u);
  EXPECT_EQ(candidates<White>(bb({C4, B3, D3}), bb({C6, B6})), 0u);
}

TEST(StructureTerms, HolesAndOutpostsIgnoreWhatStandsOnTheSquare) {
  // No pawns at all: every square of relative ranks 3-4 is a hole, no square an outpost.
  EXPECT_EQ(holes<White>(0), rank_bb(Rank::Third) | rank_bb(Rank::Fourth));
  EXPECT_EQ(holes<Black>(0), rank_bb(Rank::Sixth) | rank_bb(Rank::Fifth));
  // d3 covers c4 and e4 (e4 although a white pawn stands there); d4 stays a hole.
  EXPECT_EQ(holes<White>(bb({D3, E4})) & bb({E4, C4, D4}), bb({D4}));
  // An own pawn on the outpost square does not matter (e5); an enemy pawn level beside it
  // does not either (f5 can never attack e5), one further up the neighbouring file does.
  EXPECT_EQ(outposts<White>(bb({D4, E5}), bb({F5})), bb({C5, E5, D6, F6}));
  EXPECT_EQ(outposts<White>(bb({D4}), bb({F6})), bb({C5}));
}

// The pawn-only report of a board equals the pawn-only part of its full report, and that
// part does not change when the other pieces, the side to move or the en-passant square do.
TEST(PawnOnlyReport, DependsOnThePawnsAlone) {
  testing::RandomBoards random(20261123);
  for (int i = 0; i < 20'000; ++i) {
    const PawnBoard board = random.next();
    PawnBoard bare;
    bare.pawns = board.pawns;
    bare.pieces = board.pawns;
    bare.side_to_move = ~board.side_to_move;
    const PawnOnlyReport pawn_only = pawn_only_report(board.pawns[0], board.pawns[1]);
    const PawnReport full = pawn_report(board), slow = reference::pawn_report(board),
                     slow_bare = reference::pawn_report(bare);
    for (Color c : {White, Black}) {
      const PawnOnlySide& fast_part = full.side(c);
      ASSERT_EQ(fast_part, pawn_only.side(c)) << i;
      ASSERT_EQ(static_cast<const PawnOnlySide&>(slow.side(c)), pawn_only.side(c)) << i;
      ASSERT_EQ(static_cast<const PawnOnlySide&>(slow_bare.side(c)), pawn_only.side(c)) << i;
    }
    ASSERT_EQ(pawn_report(board, pawn_only), full);
  }
}

// stats counts the new keys (shares) and scores the side with a candidate passer.
TEST(StructureTerms, StatsCountAndScoreThem) {
  PawnBoard board;
  board.pawns = {example_white, example_black};
  board.pieces = board.pawns;
  analysis::Stats stats(2);
  stats.begin_game(analysis::GameResult::WhiteWins);
  for (int ply = 0; ply < 3; ++ply) stats.add_position(pawn_report(board));
  stats.end_game();
  for (std::size_t k = 0; k < pawn_set_keys.size(); ++k) {
    const bool white_has = pawn_report(board).white.*pawn_set_keys[k].member != 0;
    EXPECT_EQ(stats.positions_with(White, k), white_has ? 3u : 0u) << pawn_set_keys[k].name;
  }
  EXPECT_EQ(stats.score(White, analysis::ScoredPattern::Candidate).wins, 1u);
  EXPECT_EQ(stats.score(Black, analysis::ScoredPattern::Candidate).games(), 0u);
  EXPECT_NE(report::stats_table(stats).find("candidates "), std::string::npos);
  EXPECT_NE(
      report::stats_json(stats).find("\"outposts\": {\"white\": {\"positions\": 3, \"games\": 1}"),
      std::string::npos)
      << report::stats_json(stats);
}

// The new keys at compile time, set-wise and by reference.
static_assert([] {
  PawnBoard board;
  board.pawns = {square_bb(D4) | square_bb(E5), square_bb(D5)};
  board.pieces = board.pawns;
  const PawnReport r = pawn_report(board);
  return r.white.connected == square_bb(E5) && r.white.chain_bases == square_bb(D4) &&
         r == reference::pawn_report(board);
}());

}  // namespace
}  // namespace pawnkit
