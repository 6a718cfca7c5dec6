#include "analysis/similar/similarity.hpp"

#include <algorithm>
#include <bit>
#include <pawnkit/pawns/structures.hpp>

namespace pawnkit::analysis {

namespace {

// Scores in quarters of a pawn: a pawn on the same square scores 4; one rank off scores 2
// on a wing file (a, b, g, h) and 1 on a centre file (c to f), where the pawns that define
// the named structures stand: d6 for d5 turns a French into another structure, a6 for a7
// does not.
constexpr int same_square = 4, rank_off_wing = 2, rank_off_centre = 1;

constexpr bool is_centre_file(int f) { return f >= 2 && f <= 5; }

// Four times the pairing score of one file of one colour, and the larger pawn count; a and
// b are the file's pawns as 8-bit rank sets.
struct FileScore {
  int quarter_score = 0;
  int size = 0;
};

FileScore score_file(unsigned a, unsigned b, int f) {
  FileScore s;
  s.size = std::max(std::popcount(a), std::popcount(b));
  const unsigned same = a & b;
  s.quarter_score = same_square * std::popcount(same);
  unsigned rest_a = a & ~same, rest_b = b & ~same;
  // Pair what is left one rank apart, lowest rank first, each pawn once. Files hold few
  // pawns, so this loop runs a handful of times at most.
  while (rest_a) {
    const unsigned bit = rest_a & (0u - rest_a);
    rest_a &= rest_a - 1;
    const unsigned neighbours = ((bit << 1) | (bit >> 1)) & rest_b;
    if (!neighbours) continue;
    rest_b &= ~(neighbours & (0u - neighbours));
    s.quarter_score += is_centre_file(f) ? rank_off_centre : rank_off_wing;
  }
  return s;
}

// The 8-bit rank set of file f of b: bit k = rank k + 1.
// The multiplier moves bit 8k of the masked file to bit 56 + k; no two products overlap,
// so nothing carries.
unsigned file_ranks(Bitboard b, int f) {
  constexpr Bitboard a_file = 0x0101010101010101, gather = 0x0102040810204080;
  return unsigned(((b >> f) & a_file) * gather >> 56);
}

}  // namespace

double structure_similarity_as_is(const PawnSets& target, const PawnSets& position,
                                  Bitboard ignored) {
  int score = 0, size = 0;
  for (int c = 0; c < 2; ++c) {
    const Bitboard t = target[c] & ~ignored, p = position[c] & ~ignored;
    if (t == p) {  // the common case for the whole colour: full marks, no pairing
      score += same_square * std::popcount(t);
      size += std::popcount(t);
      continue;
    }
    for (int f = 0; f < 8; ++f) {
      const Bitboard file = file_bb(File(f));
      if (!((t | p) & file)) continue;
      const FileScore s = score_file(file_ranks(t, f), file_ranks(p, f), f);
      score += s.quarter_score;
      size += s.size;
    }
  }
  return size ? double(score) / double(same_square * size) : 1.0;
}

SimilarityMatch structure_similarity_match(const PawnSets& target, const PawnSets& position,
                                           Bitboard ignored) {
  const double as_is = structure_similarity_as_is(target, position, ignored);
  const PawnSets flipped{flip_vertical(position[1]), flip_vertical(position[0])};
  const double reversed = structure_similarity_as_is(target, flipped, flip_vertical(ignored));
  return reversed > as_is ? SimilarityMatch{reversed, true} : SimilarityMatch{as_is, false};
}

double structure_similarity(const PawnSets& target, const PawnSets& position) {
  return structure_similarity_match(target, position).similarity;
}

}  // namespace pawnkit::analysis
