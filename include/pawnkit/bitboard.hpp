// Bitboards, squares, files, ranks and one-step shifts.
//
// Layout: little-endian rank-file mapping (LERF), as in the Chessprogramming
// wiki: a1 = bit 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
// North is +8, east (towards the h-file) is +1.
//
// Types, chosen so that square arithmetic cannot pick the wrong overload silently:
// - `Square` is an unscoped enum (a bit index, usable as an array index). `s + 8` is an int,
//   so step with a `Direction` instead: `s + Direction::North` is a Square.
// - `File` and `Rank` are scoped enums. `file_bb` and `rank_bb` take a File, a Rank or a
//   Square and never a bare int, so `rank_bb(s + 8)` and `file_bb(s + 1)` do not compile.
// - `file_of`, `rank_of` and `relative_rank` give 0..7 as int, for arithmetic; turn a
//   number into a File or Rank explicitly (`File(f)`) where a mask is wanted.
// Square names ("e4") and their parsing live in chess/notation.hpp.
#pragma once

#include "pawnkit/version.hpp"  // first: the C++20 check

#include <array>
#include <bit>
#include <cstdint>

namespace pawnkit {

using Bitboard = std::uint64_t;

enum class Color : std::uint8_t { White, Black };
inline constexpr Color White = Color::White;
inline constexpr Color Black = Color::Black;

constexpr Color operator~(Color c) { return c == White ? Black : White; }
// 0 for White, 1 for Black: the index of per-colour arrays.
constexpr std::size_t index(Color c) { return static_cast<std::size_t>(c); }

// A square is its bit index 0..63; NoSquare marks "none" (e.g. no en-passant square).
enum Square : std::uint8_t {
  // clang-format off
  A1, B1, C1, D1, E1, F1, G1, H1,
  A2, B2, C2, D2, E2, F2, G2, H2,
  A3, B3, C3, D3, E3, F3, G3, H3,
  A4, B4, C4, D4, E4, F4, G4, H4,
  A5, B5, C5, D5, E5, F5, G5, H5,
  A6, B6, C6, D6, E6, F6, G6, H6,
  A7, B7, C7, D7, E7, F7, G7, H7,
  A8, B8, C8, D8, E8, F8, G8, H8,
  // clang-format on
  NoSquare = 64
};

// Files a..h and ranks 1..8, typed so that a mask is never built from a stray int.
enum class File : std::uint8_t { A, B, C, D, E, F, G, H };
enum class Rank : std::uint8_t { First, Second, Third, Fourth, Fifth, Sixth, Seventh, Eighth };

// The file and rank of a square as 0..7 (a-file and first rank = 0), for arithmetic.
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr Square make_square(File f, Rank r) { return make_square(int(f), int(r)); }
constexpr bool is_valid(Square s) { return s < 64; }

constexpr Bitboard square_bb(Square s) { return Bitboard{1} << s; }

inline constexpr Bitboard FileA = 0x0101010101010101ULL;
inline constexpr Bitboard FileH = FileA << 7;
inline constexpr Bitboard Rank1 = 0xFFULL;
inline constexpr Bitboard Rank8 = Rank1 << 56;

constexpr Bitboard file_bb(File f) { return FileA << static_cast<int>(f); }
constexpr Bitboard rank_bb(Rank r) { return Rank1 << (8 * static_cast<int>(r)); }
constexpr Bitboard file_bb(Square s) { return file_bb(File(file_of(s))); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(Rank(rank_of(s))); }

// Rank counted from the given side's first rank, both ways: relative_rank(Black, 0) is 7,
// the rank of Black's pieces, and relative_rank(Black, 6) is 1, where Black's pawns start.
template <Color C>
constexpr int relative_rank(int rank) {
  return C == White ? rank : 7 - rank;
}
constexpr int relative_rank(Color c, int rank) { return c == White ? rank : 7 - rank; }

// The whole rank `rank` counted from the side's first rank: relative_rank_bb<Black>(1) is
// the seventh rank, where Black's pawns start.
template <Color C>
constexpr Bitboard relative_rank_bb(int rank) {
  return rank_bb(Rank(relative_rank<C>(rank)));
}
constexpr Bitboard relative_rank_bb(Color c, int rank) {
  return rank_bb(Rank(relative_rank(c, rank)));
}

// The square on file `file` of the side's relative rank `rank`: relative_square(Black,
// File::G, 0) is G8, where Black's king lands when castling short.
constexpr Square relative_square(Color c, File file, int rank) {
  return make_square(int(file), relative_rank(c, rank));
}

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Lowest set square; b must not be empty.
constexpr Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
constexpr Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }

// Removes and returns the lowest set square; b must not be empty.
constexpr Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

// Range over the squares of a bitboard, lowest first: `for (Square s : squares(b))`.
class SquareRange {
 public:
  class iterator {
   public:
    constexpr explicit iterator(Bitboard b) : b_(b) {}
    constexpr Square operator*() const { return lsb(b_); }
    constexpr iterator& operator++() {
      b_ &= b_ - 1;
      return *this;
    }
    constexpr bool operator==(const iterator&) const = default;

   private:
    Bitboard b_;
  };
  constexpr explicit SquareRange(Bitboard b) : b_(b) {}
  constexpr iterator begin() const { return iterator(b_); }
  constexpr iterator end() const { return iterator(0); }

 private:
  Bitboard b_;
};
constexpr SquareRange squares(Bitboard b) { return SquareRange(b); }

// One-step shifts. East and west steps mask the file they would wrap into.
enum class Direction : std::int8_t {
  North = 8,
  South = -8,
  East = 1,
  West = -1,
  NorthEast = 9,
  NorthWest = 7,
  SouthEast = -7,
  SouthWest = -9,
};

// The squares that may step in direction d without wrapping around the board: a step with
// an eastward part leaves the h-file out, one with a westward part the a-file.
constexpr Bitboard wrap_guard(Direction d) {
  const int file_step = (static_cast<int>(d) + 12) % 8 - 4;  // -1 west, 0, +1 east
  return file_step > 0 ? ~FileH : file_step < 0 ? ~FileA : ~Bitboard{0};
}

// The same one-step shift with the direction known only at run time.
constexpr Bitboard shift(Direction d, Bitboard b) {
  const int n = static_cast<int>(d);
  b &= wrap_guard(d);
  return n > 0 ? b << n : b >> -n;
}

template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  constexpr Bitboard guard = wrap_guard(D);
  constexpr int n = static_cast<int>(D);
  if constexpr (n > 0)
    return (b & guard) << n;
  else
    return (b & guard) >> -n;
}

// The square one step away: E4 + Direction::North is E5. The caller keeps the step on the
// board (no wrap check: H4 + East is A5, E8 + North is off the board).
constexpr Square operator+(Square s, Direction d) {
  return Square(static_cast<int>(s) + static_cast<int>(d));
}
constexpr Square operator-(Square s, Direction d) {
  return Square(static_cast<int>(s) - static_cast<int>(d));
}
// The opposite direction: -North is South.
constexpr Direction operator-(Direction d) { return Direction(-static_cast<int>(d)); }
// Two steps: North + North is the double pawn push.
constexpr int operator+(Direction a, Direction b) {
  return static_cast<int>(a) + static_cast<int>(b);
}

// "Forward" for a side: north for White, south for Black.
template <Color C>
inline constexpr Direction Up = C == White ? Direction::North : Direction::South;
template <Color C>
inline constexpr Direction Down = C == White ? Direction::South : Direction::North;
template <Color C>
inline constexpr Direction UpEast = C == White ? Direction::NorthEast : Direction::SouthEast;
template <Color C>
inline constexpr Direction UpWest = C == White ? Direction::NorthWest : Direction::SouthWest;

// The same directions for a colour known at run time.
constexpr Direction up(Color c) { return c == White ? Direction::North : Direction::South; }
constexpr Direction down(Color c) { return c == White ? Direction::South : Direction::North; }
constexpr Direction up_east(Color c) {
  return c == White ? Direction::NorthEast : Direction::SouthEast;
}
constexpr Direction up_west(Color c) {
  return c == White ? Direction::NorthWest : Direction::SouthWest;
}

// Mirrors the ranks (a1 <-> a8): the board seen from the other side.
constexpr Bitboard flip_vertical(Bitboard b) {
  b = ((b >> 8) & 0x00FF00FF00FF00FFULL) | ((b & 0x00FF00FF00FF00FFULL) << 8);
  b = ((b >> 16) & 0x0000FFFF0000FFFFULL) | ((b & 0x0000FFFF0000FFFFULL) << 16);
  return (b >> 32) | (b << 32);
}

static_assert(square_bb(E4) == 0x10000000ULL);
static_assert(shift<Direction::East>(square_bb(H4)) == 0, "east step must not wrap to the a-file");
static_assert(shift<Direction::NorthWest>(square_bb(A2)) == 0, "a-file pawn has no west attack");
static_assert(shift<Direction::NorthEast>(square_bb(H2)) == 0, "h-file pawn has no east attack");
static_assert(shift(Direction::SouthWest, square_bb(A4)) == 0 &&
              shift(Direction::SouthEast, square_bb(D4)) == square_bb(E3) &&
              shift(Direction::North, square_bb(D8)) == 0);
static_assert(E4 + Direction::North == E5 && E4 - Direction::NorthEast == D3);
static_assert(up(Black) == Down<White> && up_west(Black) == UpWest<Black>);
static_assert(file_bb(File::D) == 0x0808080808080808ULL && rank_bb(Rank::Fourth) == 0xFF000000ULL);
static_assert(rank_bb(G7) == rank_bb(Rank::Seventh) && file_bb(G7) == file_bb(File::G));
static_assert(relative_rank_bb(Black, 1) == rank_bb(Rank::Seventh));
static_assert(relative_square(Black, File::G, 0) == G8 && relative_square(White, File::C, 0) == C1);
static_assert(flip_vertical(square_bb(A1) | square_bb(E4)) == (square_bb(A8) | square_bb(E5)));

}  // namespace pawnkit
