// A move in 16 bits and a fixed-capacity move list (no allocation).
//
// Layout: bits 0-5 destination, 6-11 origin, 12-13 promotion piece (knight..queen),
// 14-15 kind. Castling is stored as "king takes own rook": origin = king square,
// destination = the castling rook's square, which covers Chess960 uniformly.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <pawnkit/bitboard.hpp>

namespace pawnkit {

enum class PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King };
inline constexpr int piece_type_count = 6;

enum class MoveKind : std::uint8_t { Normal, Promotion, EnPassant, Castling };

class Move {
 public:
  // Uninitialized (cheap move lists); Move{} is the null move a1a1, never generated.
  Move() = default;

  static constexpr Move normal(Square from, Square to) { return Move(from, to, 0); }
  // pt is Knight, Bishop, Rook or Queen.
  static constexpr Move promotion(Square from, Square to, PieceType pt) {
    return Move(from, to, (1u << 14) | ((static_cast<unsigned>(pt) - 1u) << 12));
  }
  static constexpr Move en_passant(Square from, Square to) { return Move(from, to, 2u << 14); }
  // The king's square and the castling rook's square.
  static constexpr Move castling(Square king, Square rook) { return Move(king, rook, 3u << 14); }

  constexpr Square from() const { return Square((bits_ >> 6) & 63); }
  constexpr Square to() const { return Square(bits_ & 63); }
  constexpr MoveKind kind() const { return MoveKind(bits_ >> 14); }
  // The piece a pawn promotes to; only meaningful for MoveKind::Promotion.
  constexpr PieceType promotion_type() const { return PieceType(((bits_ >> 12) & 3) + 1); }
  constexpr std::uint16_t raw() const { return bits_; }
  constexpr bool is_null() const { return bits_ == 0; }
  static constexpr Move null() { return Move(A1, A1, 0); }

  constexpr bool operator==(const Move&) const = default;

 private:
  constexpr Move(Square from, Square to, unsigned flags)
      : bits_(static_cast<std::uint16_t>(flags | (unsigned(from) << 6) | unsigned(to))) {}
  std::uint16_t bits_;
};

// Fixed capacity, never allocates. Reachable positions have at most 218 legal moves, but
// FEN can describe any material (say 40 queens). A piece has at most 27 targets and a
// target square at most 25 movers (8 rays, 8 knight jumps, promotions counted 4 times),
// so n own pieces make at most min(27n, 25(64 - n)) <= 840 moves: 1024 always suffices.
// Storage is left uninitialized, so the size costs only stack space.
class MoveList {
 public:
  static constexpr std::size_t capacity = 1024;

  void push_back(Move m) {
    assert(size_ < capacity);
    moves_[size_++] = m;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  std::array<Move, capacity> moves_;
  std::size_t size_ = 0;
};

static_assert(Move::promotion(E7, E8, PieceType::Queen).promotion_type() == PieceType::Queen);
static_assert(Move::promotion(E7, D8, PieceType::Knight).promotion_type() == PieceType::Knight);
static_assert(Move::castling(E1, H1).kind() == MoveKind::Castling);
static_assert(Move::normal(G1, F3).from() == G1 && Move::normal(G1, F3).to() == F3);

}  // namespace pawnkit
