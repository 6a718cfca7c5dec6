// Every (square, occupancy) pair that indexes one entry of a slider table: the subsets of
// each square's relevant mask, enumerated by the carry-rippler trick.
#pragma once

#include <cstddef>
#include <pawnkit/chess/attacks.hpp>
#include <utility>
#include <vector>

namespace pawnkit::test {

inline std::vector<std::pair<Square, Bitboard>> slider_occupancies(
    const std::array<std::array<int, 2>, 4>& directions) {
  std::vector<std::pair<Square, Bitboard>> queries;
  for (int s = 0; s < 64; ++s) {
    const Bitboard mask = detail::relevant_mask(Square(s), directions);
    Bitboard subset = 0;
    do {
      queries.emplace_back(Square(s), subset);
      subset = (subset - mask) & mask;
    } while (subset != 0);
  }
  return queries;
}

// How many entries of perft's full slider table, read as perft reads it (SlidersFilled),
// differ from the ray walk's attack set.
inline std::size_t wrong_filled_entries() {
  std::size_t wrong = 0;
  for (const auto& [s, occupied] : slider_occupancies(detail::rook_directions))
    wrong += SlidersFilled::rook(s, occupied) !=
             detail::ray_attacks(s, occupied, detail::rook_directions);
  for (const auto& [s, occupied] : slider_occupancies(detail::bishop_directions))
    wrong += SlidersFilled::bishop(s, occupied) !=
             detail::ray_attacks(s, occupied, detail::bishop_directions);
  return wrong;
}

}  // namespace pawnkit::test
