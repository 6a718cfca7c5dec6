#include <gtest/gtest.h>

#include <cstdint>
#include <pawnkit/chess.hpp>  // the umbrella header must compile on its own
#include <random>
#include <string_view>

namespace pawnkit {
namespace {

Position position(std::string_view fen) {
  const Parsed<Position> p = parse_fen(fen);
  EXPECT_TRUE(p.ok()) << fen;
  return p.ok() ? *p : Position{};
}

TEST(Attacks, SlidersMatchRayWalkOnRandomOccupancies) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 20000; ++i) {
    const Bitboard occupied = rng() & rng();
    const Square s = Square(rng() % 64);
    EXPECT_EQ(rook_attacks(s, occupied), detail::ray_attacks(s, occupied, detail::rook_directions));
    EXPECT_EQ(bishop_attacks(s, occupied),
              detail::ray_attacks(s, occupied, detail::bishop_directions));
  }
}

struct PerftCase {
  std::string_view fen;
  int depth;
  std::uint64_t nodes;
};

// The six positions of the Chessprogramming wiki's "Perft Results" page.
constexpr PerftCase wiki_positions[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292},
    {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 5, 15833292},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
};

TEST(Perft, WikiPositions) {
  for (const PerftCase& c : wiki_positions) {
    const Position pos = position(c.fen);
    ASSERT_FALSE(check_playable(pos).has_value()) << c.fen;
    EXPECT_EQ(perft(pos, c.depth), c.nodes) << c.fen;
  }
}

TEST(Perft, ShallowDepthsAndDivide) {
  const Position start = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(perft(start, 0), 1u);
  EXPECT_EQ(perft(start, 1), 20u);
  EXPECT_EQ(perft(start, 2), 400u);
  EXPECT_EQ(perft(start, 3), 8902u);
  std::uint64_t total = 0;
  const auto entries = divide(start, 3);
  EXPECT_EQ(entries.size(), 20u);
  for (const DivideEntry& e : entries) total += e.nodes;
  EXPECT_EQ(total, 8902u);
}

// Walks the tree and checks, at every node, that the incremental key equals the key
// computed from scratch, that count mode equals the list size, and that the FEN of
// the position parses back to the same position.
void check_tree(const Position& pos, int depth) {
  ASSERT_EQ(pos.key(), pos.compute_key()) << to_fen(pos);
  const MoveList list = legal_moves(pos);
  ASSERT_EQ(count_legal_moves(pos), list.size());
  const Parsed<Position> again = parse_fen(to_fen(pos));
  ASSERT_TRUE(again.ok()) << to_fen(pos);
  ASSERT_EQ(*again, pos) << to_fen(pos);
  if (depth == 0) return;
  for (Move m : list) check_tree(after_move(pos, m), depth - 1);
}

TEST(Position, IncrementalKeyAndFenOverTrees) {
  for (const PerftCase& c : wiki_positions) check_tree(position(c.fen), 3);
  // Chess960 castling with the king and rook crossing.
  check_tree(position("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1"), 3);
}

TEST(Movegen, EnPassantHorizontalPin) {
  // Taking en passant would expose the king on the fifth rank.
  const Position pinned = position("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
  for (Move m : legal_moves(pinned)) EXPECT_NE(m.kind(), MoveKind::EnPassant);
  // Without the rook the capture is legal.
  const Position free = position("8/8/8/K2pP3/8/8/8/7k w - d6 0 1");
  bool found = false;
  for (Move m : legal_moves(free)) found |= m.kind() == MoveKind::EnPassant;
  EXPECT_TRUE(found);
  // En passant capturing the checking pawn.
  const Position check = position("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
  EXPECT_TRUE(legal_moves(check).contains(Move::en_passant(E4, D3)));
}

TEST(Movegen, CastlingRules) {
  // Through check (f1 attacked) and out of check.
  EXPECT_FALSE(
      legal_moves(position("4kr2/8/8/8/8/8/8/4K2R w K - 0 1")).contains(Move::castling(E1, H1)));
  EXPECT_FALSE(
      legal_moves(position("4k3/8/8/8/8/8/8/r3K2R w K - 0 1")).contains(Move::castling(E1, H1)));
  EXPECT_TRUE(
      legal_moves(position("4k3/8/8/8/8/8/8/4K2R w K - 0 1")).contains(Move::castling(E1, H1)));
  // Queen side: b1 may be attacked, only the king's path matters.
  EXPECT_TRUE(
      legal_moves(position("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1")).contains(Move::castling(E1, A1)));
  // Chess960: the rook on b1 shields the king's destination c1 from the queen on a1.
  EXPECT_FALSE(
      legal_moves(position("4k3/8/8/8/8/8/8/qR1K4 w Q - 0 1")).contains(Move::castling(D1, B1)));
  // Chess960: king f1 and rook g1 swap-ish (king to g1, rook to f1).
  const Position swap = position("4k3/8/8/8/8/8/8/5KR1 w K - 0 1");
  ASSERT_TRUE(legal_moves(swap).contains(Move::castling(F1, G1)));
  const Position after = after_move(swap, Move::castling(F1, G1));
  EXPECT_EQ(after.piece_on(G1), Piece::WhiteKing);
  EXPECT_EQ(after.piece_on(F1), Piece::WhiteRook);
  EXPECT_FALSE(after.can_castle(White, CastlingSide::King));
}

TEST(Movegen, PromotionsAndMate) {
  const Position pos = position("8/P6k/8/8/8/8/8/K7 w - - 0 1");
  int promotions = 0;
  for (Move m : legal_moves(pos)) promotions += m.kind() == MoveKind::Promotion;
  EXPECT_EQ(promotions, 4);
  const Position mate = position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  EXPECT_TRUE(is_checkmate(mate));
  EXPECT_FALSE(is_stalemate(mate));
  EXPECT_TRUE(is_stalemate(position("7k/5Q2/8/8/8/8/8/K7 b - - 0 1")));
}

}  // namespace
}  // namespace pawnkit
