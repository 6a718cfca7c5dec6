// Game phase: the 24-point count and the rule of chess/phase.hpp on real positions.
#include <gtest/gtest.h>

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/phase.hpp>
#include <string_view>

namespace pawnkit {
namespace {

GamePhase phase_of(std::string_view fen) {
  const Parsed<Position> pos = parse_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen;
  return pos ? game_phase(*pos) : GamePhase::Opening;
}

TEST(Phase, PointsCountMinorsOneRooksTwoQueensFour) {
  const Parsed<Position> start =
      parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  ASSERT_TRUE(start.ok());
  EXPECT_EQ(phase_points(*start), 24);
  EXPECT_EQ(game_ply(*start), 0);
  // White: Q, R, B; Black: R, N, N: 4 + 2 + 1 + 2 + 1 + 1 = 11.
  const Parsed<Position> p = parse_fen("2r1k3/8/2n5/4n3/8/2B5/8/3QR1K1 b - - 3 31");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(phase_points(*p), 11);
  EXPECT_EQ(game_ply(*p), 61);
}

TEST(Phase, RealPositions) {
  // The D19 Slav main line at move 10: every piece still on the board.
  EXPECT_EQ(phase_of("r2qk2r/pp1n1ppp/2p1pnb1/8/PbBP4/2N1PN2/1P2QPPP/R1BR2K1 b kq - 6 10"),
            GamePhase::Opening);
  // An IQP middlegame at move 21 (Q, 2R, B, N for White; Q, 2R, B, N for Black).
  EXPECT_EQ(phase_of("2rq1rk1/p4pnp/1p1p2p1/3p4/1PR5/P4PP1/4QPBP/3R2K1 w - - 0 21"),
            GamePhase::Middlegame);
  // A rook ending: one rook each.
  EXPECT_EQ(phase_of("4R3/p2r1pkp/8/3p4/5p2/1P4P1/P2K1P1P/8 w - - 0 34"), GamePhase::Endgame);
  // Queens traded on move 8: a queenless middlegame, not an ending.
  EXPECT_EQ(phase_of("r1b1kb1r/pppp1ppp/2n2n2/8/8/2N2N2/PPP2PPP/R1B1KB1R w KQkq - 0 8"),
            GamePhase::Middlegame);
  // A pawns-only diagram is an ending whatever its move number.
  EXPECT_EQ(phase_of("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1"), GamePhase::Endgame);
}

TEST(Phase, Names) {
  EXPECT_EQ(phase_name(GamePhase::Opening), "opening");
  EXPECT_EQ(phase_name(GamePhase::Middlegame), "middlegame");
  EXPECT_EQ(phase_name(GamePhase::Endgame), "endgame");
}

}  // namespace
}  // namespace pawnkit
