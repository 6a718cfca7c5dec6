// Bitboards, squares, files, ranks and one-step shifts.
//
// Layout: little-endian rank-file mapping (LERF), as in the Chessprogramming
// wiki: a1 = bit 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
// North is +8, east (towards the h-file) is +1.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string_view>

namespace pawnkit {

using Bitboard = std::uint64_t;

enum class Color : std::uint8_t { White, Black };
inline constexpr Color White = Color::White;
inline constexpr Color Black = Color::Black;

constexpr Color operator~(Color c) { return c == White ? Black : White; }
constexpr int index(Color c) { return static_cast<int>(c); }

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

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr bool is_valid(Square s) { return s < 64; }

constexpr Bitboard square_bb(Square s) { return Bitboard{1} << s; }

inline constexpr Bitboard FileA = 0x0101010101010101ULL;
inline constexpr Bitboard FileH = FileA << 7;
inline constexpr Bitboard Rank1 = 0xFFULL;
inline constexpr Bitboard Rank8 = Rank1 << 56;

constexpr Bitboard file_bb(int file) { return FileA << file; }
constexpr Bitboard rank_bb(int rank) { return Rank1 << (8 * rank); }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }

// Rank counted from the given side's back rank (0 = its first rank).
template <Color C>
constexpr int relative_rank(int rank) {
  return C == White ? rank : 7 - rank;
}
template <Color C>
constexpr Bitboard relative_rank_bb(int rank) {
  return rank_bb(relative_rank<C>(rank));
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

template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  using enum Direction;
  if constexpr (D == North) return b << 8;
  if constexpr (D == South) return b >> 8;
  if constexpr (D == East) return (b & ~FileH) << 1;
  if constexpr (D == West) return (b & ~FileA) >> 1;
  if constexpr (D == NorthEast) return (b & ~FileH) << 9;
  if constexpr (D == NorthWest) return (b & ~FileA) << 7;
  if constexpr (D == SouthEast) return (b & ~FileH) >> 7;
  if constexpr (D == SouthWest) return (b & ~FileA) >> 9;
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

namespace detail {
inline constexpr std::array<std::array<char, 2>, 64> square_names = [] {
  std::array<std::array<char, 2>, 64> names{};
  for (int s = 0; s < 64; ++s) names[s] = {char('a' + (s & 7)), char('1' + (s >> 3))};
  return names;
}();
}  // namespace detail

// "e4" for E4. The view points into a static table.
constexpr std::string_view square_name(Square s) {
  return {detail::square_names[s].data(), 2};
}

// Parses "e4" (lower-case file, rank digit); anything else is nullopt.
constexpr std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return std::nullopt;
  return make_square(text[0] - 'a', text[1] - '1');
}

static_assert(square_bb(E4) == 0x10000000ULL);
static_assert(shift<Direction::East>(square_bb(H4)) == 0, "east step must not wrap to the a-file");
static_assert(shift<Direction::NorthWest>(square_bb(A2)) == 0, "a-file pawn has no west attack");
static_assert(shift<Direction::NorthEast>(square_bb(H2)) == 0, "h-file pawn has no east attack");
static_assert(square_name(G7) == "g7" && parse_square("c6") == C6 && !parse_square("i1"));

}  // namespace pawnkit
