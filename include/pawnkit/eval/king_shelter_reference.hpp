// king_shelter.hpp square by square, as the definition reads: walk each of the three files
// from the king's rank forward, find our first pawn not attacked by an enemy pawn and their
// first pawn, and look the ranks up. The property tests compare the two.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdlib>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/eval/king_shelter.hpp"
#include "pawnkit/eval/score.hpp"

namespace pawnkit::eval::reference {

namespace detail {
constexpr bool has(Bitboard b, int file, int rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8 && (b >> (rank * 8 + file) & 1);
}
// Is (file, rank) attacked by a pawn of `color` in `pawns`? It stands one rank behind,
// seen from that color, on a neighbouring file.
constexpr bool attacked_by_pawn(Bitboard pawns, Color color, int file, int rank) {
  const int behind = color == White ? rank - 1 : rank + 1;
  return has(pawns, file - 1, behind) || has(pawns, file + 1, behind);
}
}  // namespace detail

constexpr Score shelter_at(Color us, Bitboard own, Bitboard enemy, Square king,
                           const KingShelterWeights& w = stockfish_king_shelter) {
  Score s = w.base;
  const int center = std::clamp(file_of(king), 1, 6);
  for (int f = center - 1; f <= center + 1; ++f) {
    std::size_t ours = 0, theirs = 0;
    // Relative ranks from the king's forward; the first found is the rearmost.
    for (int r = relative_rank(us, rank_of(king)); r < 8; ++r) {
      const int rank = relative_rank(us, r);
      if (!ours && detail::has(own, f, rank) && !detail::attacked_by_pawn(enemy, ~us, f, rank))
        ours = std::size_t(r);
      if (!theirs && detail::has(enemy, f, rank)) theirs = std::size_t(r);
    }
    const auto d = std::size_t(std::min(f, 7 - f));
    s.mg += w.shelter[d][ours];
    if (ours != 0 && theirs == ours + 1)
      s = s - w.blocked_storm[theirs];
    else
      s.mg -= w.unblocked_storm[d][theirs];
  }
  bool own_on_file = false, enemy_on_file = false;
  for (int r = 0; r < 8; ++r) {
    own_on_file = own_on_file || detail::has(own, file_of(king), r);
    enemy_on_file = enemy_on_file || detail::has(enemy, file_of(king), r);
  }
  return s - w.king_on_file[!own_on_file][!enemy_on_file];
}

constexpr Score king_shelter(Color us, Bitboard own, Bitboard enemy, Square king, bool castle_short,
                             bool castle_long,
                             const KingShelterWeights& w = stockfish_king_shelter) {
  Score best = shelter_at(us, own, enemy, king, w);
  const int back = us == White ? 0 : 7;
  if (castle_short) {
    const Score g = shelter_at(us, own, enemy, make_square(6, back), w);
    if (g.mg > best.mg) best = g;
  }
  if (castle_long) {
    const Score c = shelter_at(us, own, enemy, make_square(2, back), w);
    if (c.mg > best.mg) best = c;
  }
  int distance = 6;
  for (int s = 0; s < 64; ++s)
    if (own >> s & 1)
      distance = std::min(
          distance, std::max(std::abs(s % 8 - file_of(king)), std::abs(s / 8 - rank_of(king))));
  return best - Score{0, w.pawn_distance_eg * distance};
}

}  // namespace pawnkit::eval::reference
