// Fills, spans and file sets, composed from one-step shifts: the toolbox of the
// Chessprogramming wiki's Pawn Fills and Pawn Spans pages.
//
// A fill includes the squares it starts from; a span excludes them. "Front" and "rear"
// are seen from the side C: north is in front of White, south in front of Black.
//
// Every colour template has an overload taking the colour at run time as its first
// argument (`front_span(c, b)`); the templates are the fast path for code that knows the
// side at compile time, the overloads dispatch to them.
#pragma once

#include <cstdint>

#include "pawnkit/bitboard.hpp"

namespace pawnkit {

// Every square on or north of a square of b (Kogge-Stone style doubling).
constexpr Bitboard north_fill(Bitboard b) {
  b |= b << 8;
  b |= b << 16;
  b |= b << 32;
  return b;
}

// Every square on or south of a square of b.
constexpr Bitboard south_fill(Bitboard b) {
  b |= b >> 8;
  b |= b >> 16;
  b |= b >> 32;
  return b;
}

// Every square of every file that holds a square of b.
constexpr Bitboard file_fill(Bitboard b) { return north_fill(b) | south_fill(b); }

template <Color C>
constexpr Bitboard front_fill(Bitboard b) {
  return C == White ? north_fill(b) : south_fill(b);
}
// Behind one side is in front of the other.
template <Color C>
constexpr Bitboard rear_fill(Bitboard b) {
  return front_fill<~C>(b);
}
constexpr Bitboard front_fill(Color c, Bitboard b) {
  return c == White ? front_fill<White>(b) : front_fill<Black>(b);
}
constexpr Bitboard rear_fill(Color c, Bitboard b) { return front_fill(~c, b); }

// Squares strictly in front of / behind a square of b, on its file:
// front_span<Black>(square_bb(D3)) is d2 and d1.
template <Color C>
constexpr Bitboard front_span(Bitboard b) {
  return shift<Up<C>>(front_fill<C>(b));
}
template <Color C>
constexpr Bitboard rear_span(Bitboard b) {
  return shift<Down<C>>(rear_fill<C>(b));
}
constexpr Bitboard front_span(Color c, Bitboard b) {
  return c == White ? front_span<White>(b) : front_span<Black>(b);
}
constexpr Bitboard rear_span(Color c, Bitboard b) {
  return c == White ? rear_span<White>(b) : rear_span<Black>(b);
}

// The files east / west of each file holding a square of b (the wiki's attack file fills).
constexpr Bitboard east_attack_file_fill(Bitboard b) {
  return shift<Direction::East>(file_fill(b));
}
constexpr Bitboard west_attack_file_fill(Bitboard b) {
  return shift<Direction::West>(file_fill(b));
}

// Squares a pawn of b could ever attack while advancing: the front spans of both
// neighbouring files.
template <Color C>
constexpr Bitboard attack_front_span(Bitboard b) {
  const Bitboard span = front_span<C>(b);
  return shift<Direction::East>(span) | shift<Direction::West>(span);
}
constexpr Bitboard attack_front_span(Color c, Bitboard b) {
  return c == White ? attack_front_span<White>(b) : attack_front_span<Black>(b);
}

// An 8-bit file set: bit f is set when file f holds a square of b (a-file = bit 0).
using FileSet = std::uint8_t;

constexpr FileSet file_set(Bitboard b) { return FileSet(south_fill(b) & Rank1); }

// The files of a file set as a bitboard.
constexpr Bitboard files_bb(FileSet files) { return north_fill(Bitboard{files}); }

static_assert(north_fill(square_bb(E4)) == (file_bb(File::E) & ~0xFFFFFFULL));
static_assert(front_span<White>(square_bb(D6)) == (square_bb(D7) | square_bb(D8)));
static_assert(front_span<Black>(square_bb(D3)) == (square_bb(D2) | square_bb(D1)));
static_assert(rear_span<White>(square_bb(B2)) == square_bb(B1));
static_assert(attack_front_span<White>(square_bb(B6)) ==
              (square_bb(A7) | square_bb(A8) | square_bb(C7) | square_bb(C8)));
static_assert(front_span(Black, square_bb(D3)) == front_span<Black>(square_bb(D3)));
static_assert(east_attack_file_fill(square_bb(H5)) == 0);
static_assert(file_set(square_bb(A7) | square_bb(C2) | square_bb(C5)) == 0b101);
static_assert(files_bb(0b1000'0001) == (FileA | FileH));

}  // namespace pawnkit
