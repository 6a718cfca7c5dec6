// Random pawn boards for property tests and benchmarks: a fixed seed gives the same
// boards on every machine.
#pragma once

#include <pawnkit/pawns/report.hpp>

#include <random>

namespace pawnkit::testing {

class RandomBoards {
 public:
  explicit RandomBoards(std::uint64_t seed) : rng_(seed) {}

  // Pawns on ranks 2-7 at a density drawn per board (from empty to crowded), some other
  // pieces, a random side to move and, often, an en-passant square a pawn could have
  // just crossed.
  PawnBoard next() {
    PawnBoard b;
    const int density = int(rng_() % 9);  // out of 16
    Bitboard taken = 0;
    for (int s = 8; s < 56; ++s) {
      if (rng_() % 16 >= unsigned(density)) continue;
      const Bitboard bit = Bitboard{1} << s;
      b.pawns[rng_() & 1] |= bit;
      taken |= bit;
    }
    for (int c = 0; c < 2; ++c) {
      b.pieces[c] = b.pawns[c];
      const int others = int(rng_() % 8);
      for (int i = 0; i < others; ++i) {
        const Bitboard bit = Bitboard{1} << (rng_() % 64);
        if (taken & bit) continue;
        b.pieces[c] |= bit;
        taken |= bit;
      }
    }
    b.side_to_move = (rng_() & 1) ? White : Black;
    if (rng_() % 3 == 0) b.en_passant = plausible_en_passant(b);
    return b;
  }

 private:
  // An empty third/sixth-rank square behind an enemy pawn that could have just moved two.
  Square plausible_en_passant(const PawnBoard& b) {
    const bool white_to_move = b.side_to_move == White;
    const Bitboard movers =
        b.pawns[white_to_move ? 1 : 0] & rank_bb(white_to_move ? Rank::Fifth : Rank::Fourth);
    const Bitboard occupied = b.occupied();
    Bitboard candidates = 0;
    for (Square s : squares(movers)) {
      const Square crossed = Square(white_to_move ? s + 8 : s - 8);
      const Square origin = Square(white_to_move ? s + 16 : s - 16);
      if (!(occupied & (square_bb(crossed) | square_bb(origin)))) candidates |= square_bb(crossed);
    }
    if (!candidates) return NoSquare;
    int skip = int(rng_() % unsigned(popcount(candidates)));
    while (skip--) candidates &= candidates - 1;
    return lsb(candidates);
  }

  std::mt19937_64 rng_;
};

}  // namespace pawnkit::testing
