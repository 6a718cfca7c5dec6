// Differential test: the pin/check-mask generator against a deliberately naive one
// (pseudo-legal moves from ray walks, then make the move and test the king square with
// ray walks), compared move by move at every node of small trees. Perft counts can hide
// compensating errors; identical move sets cannot.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <pawnkit/chess.hpp>
#include <vector>

#include "support/perft_files.hpp"

namespace pawnkit {
namespace {

// Whether `by` attacks s, by walking rays square by square (no tables).
bool naive_attacked(const Position& pos, Square s, Color by) {
  using enum PieceType;
  const Bitboard occ = pos.occupied();
  const Bitboard queens = pos.pieces(by, Queen);
  if (detail::ray_attacks(s, occ, detail::rook_directions) & (pos.pieces(by, Rook) | queens))
    return true;
  if (detail::ray_attacks(s, occ, detail::bishop_directions) & (pos.pieces(by, Bishop) | queens))
    return true;
  for (Square from : squares(pos.pieces(by, Knight)))
    if (std::abs(file_of(from) - file_of(s)) * std::abs(rank_of(from) - rank_of(s)) == 2)
      return true;
  for (Square from : squares(pos.pieces(by, King)))
    if (std::max(std::abs(file_of(from) - file_of(s)), std::abs(rank_of(from) - rank_of(s))) == 1)
      return true;
  const int forward = by == White ? 1 : -1;
  for (Square from : squares(pos.pieces(by, Pawn)))
    if (rank_of(s) - rank_of(from) == forward && std::abs(file_of(s) - file_of(from)) == 1)
      return true;
  return false;
}

std::vector<Move> naive_legal_moves(const Position& pos) {
  using enum PieceType;
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard own = pos.pieces(us), occ = pos.occupied();
  std::vector<Move> pseudo;
  auto add_targets = [&](Square from, Bitboard targets) {
    for (Square to : squares(targets & ~own)) pseudo.push_back(Move::normal(from, to));
  };
  auto add_pawn = [&](Square from, Square to) {
    if (rank_of(to) == 0 || rank_of(to) == 7) {
      for (PieceType pt : {Knight, Bishop, Rook, Queen})
        pseudo.push_back(Move::promotion(from, to, pt));
    } else {
      pseudo.push_back(Move::normal(from, to));
    }
  };
  for (Square from : squares(own)) {
    const PieceType pt = type_of(pos.piece_on(from));
    const int f = file_of(from), r = rank_of(from);
    switch (pt) {
      case Pawn: {
        const int dir = us == White ? 1 : -1;
        const int start = us == White ? 1 : 6;
        const Square one = make_square(f, r + dir);
        if (pos.piece_on(one) == NoPiece) {
          add_pawn(from, one);
          if (r == start && pos.piece_on(make_square(f, r + 2 * dir)) == NoPiece)
            pseudo.push_back(Move::normal(from, make_square(f, r + 2 * dir)));
        }
        for (int df : {-1, 1}) {
          if (f + df < 0 || f + df > 7) continue;
          const Square to = make_square(f + df, r + dir);
          if (pos.piece_on(to) != NoPiece && color_of(pos.piece_on(to)) == them) add_pawn(from, to);
          if (to == pos.en_passant()) pseudo.push_back(Move::en_passant(from, to));
        }
        break;
      }
      case Knight:
        add_targets(
            from,
            detail::step_targets(
                from, {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}));
        break;
      case Bishop:
        add_targets(from, detail::ray_attacks(from, occ, detail::bishop_directions));
        break;
      case Rook:
        add_targets(from, detail::ray_attacks(from, occ, detail::rook_directions));
        break;
      case Queen:
        add_targets(from, detail::ray_attacks(from, occ, detail::bishop_directions) |
                              detail::ray_attacks(from, occ, detail::rook_directions));
        break;
      case King:
        add_targets(
            from,
            detail::step_targets(
                from, {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}));
        break;
    }
  }
  std::vector<Move> legal;
  for (Move m : pseudo) {
    const Position next = after_move(pos, m);
    if (!naive_attacked(next, next.king_square(us), them)) legal.push_back(m);
  }
  // Castling: king and rook squares in between empty (apart from the two), the king not
  // in check, no square the king crosses or lands on attacked, and safe afterwards.
  const Square king = pos.king_square(us);
  for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
    const Square rook = pos.castling_rook(us, side);
    if (rook == NoSquare || naive_attacked(pos, king, them)) continue;
    const int back = rank_of(king);
    const int king_to = side == CastlingSide::King ? 6 : 2;
    const int rook_to = side == CastlingSide::King ? 5 : 3;
    bool ok = true;
    for (int file = std::min({file_of(king), king_to, file_of(rook), rook_to});
         file <= std::max({file_of(king), king_to, file_of(rook), rook_to}); ++file) {
      const Square s = make_square(file, back);
      const bool on_king_path =
          file >= std::min(file_of(king), king_to) && file <= std::max(file_of(king), king_to);
      const bool on_rook_path =
          file >= std::min(file_of(rook), rook_to) && file <= std::max(file_of(rook), rook_to);
      if ((on_king_path || on_rook_path) && s != king && s != rook && pos.piece_on(s) != NoPiece)
        ok = false;
    }
    for (int file = std::min(file_of(king), king_to); file <= std::max(file_of(king), king_to);
         ++file) {
      Position probe = pos;  // the king alone on each square of its path
      probe.remove_piece(king);
      const Square s = make_square(file, back);
      if (probe.piece_on(s) == NoPiece) probe.put_piece(make_piece(us, King), s);
      if (naive_attacked(probe, s, them)) ok = false;
    }
    if (!ok) continue;
    const Move m = Move::castling(king, rook);
    const Position next = after_move(pos, m);
    if (!naive_attacked(next, next.king_square(us), them)) legal.push_back(m);
  }
  return legal;
}

// Compares both generators at every node down to `depth`; returns the nodes visited.
std::size_t compare_tree(const Position& pos, int depth) {
  const MoveList fast = legal_moves(pos);
  std::vector<std::uint16_t> a, b;
  for (Move m : fast) a.push_back(m.raw());
  const std::vector<Move> naive = naive_legal_moves(pos);
  for (Move m : naive) b.push_back(m.raw());
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b) << to_fen(pos);
  // castling_moves (what SAN castling uses) gives exactly the castling moves.
  std::vector<std::uint16_t> castling, naive_castling;
  for (Move m : castling_moves(pos)) castling.push_back(m.raw());
  for (Move m : naive)
    if (m.kind() == MoveKind::Castling) naive_castling.push_back(m.raw());
  std::sort(castling.begin(), castling.end());
  std::sort(naive_castling.begin(), naive_castling.end());
  EXPECT_EQ(castling, naive_castling) << to_fen(pos);
  EXPECT_EQ(in_check(pos),
            naive_attacked(pos, pos.king_square(pos.side_to_move()), ~pos.side_to_move()))
      << to_fen(pos);
  if (a != b || depth == 0) return 1;
  std::size_t nodes = 1;
  for (Move m : fast) nodes += compare_tree(after_move(pos, m), depth - 1);
  return nodes;
}

TEST(MovegenReference, PerftSuiteThreePlies) {
  const auto entries = test::read_epd_perft(PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd");
  ASSERT_TRUE(entries.has_value());
  std::size_t nodes = 0;
  for (const test::PerftEntry& e : *entries) nodes += compare_tree(*parse_fen(e.fen), 3);
  EXPECT_GT(nodes, 500000u);
}

TEST(MovegenReference, TrickyPositions) {
  const auto entries = test::read_block_perft(PAWNKIT_SHARED_DATA "/tricky.perft");
  if (!entries) GTEST_SKIP() << "tricky.perft not present";
  for (const test::PerftEntry& e : *entries) compare_tree(*parse_fen(e.fen), 2);
}

TEST(MovegenReference, Chess960TwoPlies) {
  const auto entries = test::read_epd_perft(PAWNKIT_SHARED_DATA "/fischer.epd");
  if (!entries) GTEST_SKIP() << "fischer.epd not present";
  for (const test::PerftEntry& e : *entries) compare_tree(*parse_fen(e.fen), 2);
}

}  // namespace
}  // namespace pawnkit
