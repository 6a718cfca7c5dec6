// Bitboards written as the seed pages draw them: eight rows of eight cells, rank 8 first,
// '.' for an empty square and any other character for a set one.
#pragma once

#include <pawnkit/bitboard.hpp>

#include <initializer_list>
#include <stdexcept>
#include <string_view>

namespace pawnkit::testing {

inline Bitboard diagram(std::string_view rows) {
  Bitboard b = 0;
  int cell = 0;
  for (char ch : rows) {
    if (ch == ' ' || ch == '\n') continue;
    if (cell >= 64) throw std::invalid_argument("diagram has more than 64 cells");
    const int rank = 7 - cell / 8, file = cell % 8;
    if (ch != '.') b |= square_bb(make_square(file, rank));
    ++cell;
  }
  if (cell != 64) throw std::invalid_argument("diagram needs 64 cells");
  return b;
}

inline Bitboard bb(std::initializer_list<Square> list) {
  Bitboard b = 0;
  for (Square s : list) b |= square_bb(s);
  return b;
}

}  // namespace pawnkit::testing
