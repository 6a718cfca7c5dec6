// Perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard
// correctness check for a move generator. The split by root move is `divide` in
// chess/divide.hpp.
//
// What makes it fast, as in the fastest published generators:
// - it plays on PerftBoard, a Position without the mailbox, the clocks and the Zobrist
//   keys (eight bitboards, the castling rooks and the en-passant square: 80 bytes), so
//   making a move is a handful of XORs on a copy;
// - inner nodes keep no move list: the generator hands each move to PerftSink, which
//   builds the child directly and recurses into it;
// - the last ply is counted in bulk, so leaves are never made: count_moves in
//   chess/perft_count.hpp (set-wise by direction with AVX-512, else the generator's count
//   mode, popcounts of target sets);
// - the side to move is a template parameter, so each colour's generator is specialised;
// - the slider attacks come from a full table filled once up front (fill_slider_table()),
//   read without the per-lookup test of the on-demand table (from depth 4 on; shallower
//   perfts run on Position, see shallow_perft).
// The generator is the same one legal_moves() runs on Position (chess/movegen.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/chess/perft_count.hpp>

namespace pawnkit {

// The pieces, the castling rights and the en-passant square of a position: what move
// generation reads, with Position's accessors, and nothing else.
class PerftBoard {
 public:
  explicit PerftBoard(const Position& pos) : en_passant_(pos.en_passant()) {
    for (Color c : {White, Black}) {
      by_color_[index(c)] = pos.pieces(c);
      castling_rooks_ |= pos.castling_rooks(c);
    }
    for (std::size_t pt = 0; pt < by_type_.size(); ++pt) by_type_[pt] = pos.pieces(PieceType(pt));
  }

  Bitboard pieces(Color c) const { return by_color_[index(c)]; }
  Bitboard pieces(PieceType pt) const { return by_type_[static_cast<std::size_t>(pt)]; }
  Bitboard pieces(Color c, PieceType pt) const { return pieces(c) & pieces(pt); }
  Bitboard pawns(Color c) const { return pieces(c, PieceType::Pawn); }
  Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
  Square king_square(Color c) const { return lsb(pieces(c, PieceType::King)); }
  Square en_passant() const { return en_passant_; }
  // The rooks that can still castle for side c.
  Bitboard castling_rooks(Color c) const { return castling_rooks_ & relative_rank_bb(c, 0); }

  bool operator==(const PerftBoard&) const = default;

  // The board after the legal move m of side Us, whose moving piece is of type `moved`.
  // The same rules as Position::do_move (tests/perft_board_test.cpp compares the two).
  template <Color Us>
  PerftBoard after(Move m, PieceType moved) const {
    constexpr Color Them = ~Us;
    using enum PieceType;
    PerftBoard next = *this;
    const Square from = m.from(), to = m.to();
    const Bitboard from_bb = square_bb(from), to_bb = square_bb(to);
    next.en_passant_ = NoSquare;
    switch (m.kind()) {
      case MoveKind::Castling: {
        const CastlingSide side = castling_side(m);
        // XOR, not OR: in Chess960 the king or the rook may stay on its square.
        const Bitboard king_move = from_bb ^ square_bb(castling_king_to(Us, side));
        const Bitboard rook_move = to_bb ^ square_bb(castling_rook_to(Us, side));
        next.by_type_[index(King)] ^= king_move;
        next.by_type_[index(Rook)] ^= rook_move;
        next.by_color_[index(Us)] ^= king_move ^ rook_move;
        next.castling_rooks_ &= ~relative_rank_bb<Us>(0);
        return next;
      }
      case MoveKind::EnPassant: {
        const Bitboard captured = square_bb(to - Up<Us>);
        next.by_type_[index(Pawn)] ^= from_bb | to_bb | captured;
        next.by_color_[index(Us)] ^= from_bb | to_bb;
        next.by_color_[index(Them)] ^= captured;
        return next;
      }
      case MoveKind::Promotion:
      case MoveKind::Normal:
        break;
    }
    if (by_color_[index(Them)] & to_bb) {  // a capture: whatever stood there goes
      next.by_color_[index(Them)] ^= to_bb;
      // From this board's sets, not the copy's: the compiler does the six in vector
      // registers, and a wide load of the copy just stored field by field would wait for
      // those stores to complete (1-3 % of perft's time in our runs).
      for (std::size_t pt = 0; pt < by_type_.size(); ++pt)
        next.by_type_[pt] = by_type_[pt] & ~to_bb;
    }
    next.by_color_[index(Us)] ^= from_bb | to_bb;
    next.by_type_[index(moved)] ^= from_bb;
    next.by_type_[index(m.kind() == MoveKind::Promotion ? m.promotion_type() : moved)] ^= to_bb;
    // A move from or to a castling rook's square, or any king move, removes rights.
    next.castling_rooks_ &= ~(from_bb | to_bb);
    if (moved == King) next.castling_rooks_ &= ~relative_rank_bb<Us>(0);
    // As Position::do_move: the en-passant square only when an enemy pawn attacks it.
    if (moved == Pawn && (from ^ to) == 16) {
      const Square ep = from + Up<Us>;
      if (pawn_attacks_from(Us, ep) & next.pawns(Them)) next.en_passant_ = ep;
    }
    return next;
  }

 private:
  static constexpr std::size_t index(Color c) { return pawnkit::index(c); }
  static constexpr std::size_t index(PieceType pt) { return static_cast<std::size_t>(pt); }

  std::array<Bitboard, 2> by_color_{};
  std::array<Bitboard, piece_type_count> by_type_{};
  Bitboard castling_rooks_ = 0;  // the rooks that still have a castling right
  Square en_passant_ = NoSquare;
};

namespace detail {

template <Color Us>
std::uint64_t perft_recursive(const PerftBoard& board, int depth);

// Receives the moves of one inner node and recurses into each child as it comes.
template <Color Us>
struct PerftSink {
  const PerftBoard& board;
  int child_depth;
  std::uint64_t nodes = 0;

  void visit(Move m, PieceType moved) {
    nodes += perft_recursive<~Us>(board.after<Us>(m, moved), child_depth);
  }
  void piece_moves(PieceType moved, Square from, Bitboard targets) {
    for (Square to : squares(targets)) visit(Move::normal(from, to), moved);
  }
  void pawn_moves(Bitboard targets, int delta) {
    for (Square to : squares(targets)) visit(Move::normal(Square(to - delta), to), PieceType::Pawn);
  }
  void promotions(Bitboard targets, int delta) {
    using enum PieceType;
    for (Square to : squares(targets))
      for (PieceType pt : {Queen, Rook, Bishop, Knight})
        visit(Move::promotion(Square(to - delta), to, pt), Pawn);
  }
  void add(Move m) { visit(m, m.kind() == MoveKind::Castling ? PieceType::King : PieceType::Pawn); }
};

// Precondition: fill_slider_table() has run (the generator reads the full table).
template <Color Us>
std::uint64_t perft_recursive(const PerftBoard& board, int depth) {
  if (depth == 1) return count_moves<Us, SlidersFilled>(board);
  PerftSink<Us> sink{board, depth - 1};
  generate<Us, SlidersFilled>(board, sink);
  return sink.nodes;
}

// From this depth on a perft takes long enough (some 100,000 nodes or more) to win back
// the ~4 ms of filling the full slider table.
inline constexpr int perft_fill_depth = 4;

// A shallower perft, such as a quick `perft 1`, plays on Position with the on-demand
// table: the program starts as fast as before, and the generator it runs is the one
// legal_moves() already brings (no second perft instantiation).
inline std::uint64_t shallow_perft(const Position& pos, int depth) {
  if (depth == 1) return count_legal_moves(pos);
  std::uint64_t nodes = 0;
  for (Move m : legal_moves(pos)) nodes += shallow_perft(after_move(pos, m), depth - 1);
  return nodes;
}

}  // namespace detail

// Leaf count at `depth` (depth 0 is 1). Precondition: check_playable(pos).
inline std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth < detail::perft_fill_depth) return detail::shallow_perft(pos, depth);
  fill_slider_table();
  const PerftBoard board(pos);
  return pos.side_to_move() == White ? detail::perft_recursive<White>(board, depth)
                                     : detail::perft_recursive<Black>(board, depth);
}

}  // namespace pawnkit
