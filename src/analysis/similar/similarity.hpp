// How close two pawn structures are: a number in [0, 1], 1 exactly when the pawn sets of
// both colours are equal (docs/similar.md gives the formula and worked examples).
//
// File by file and colour by colour, the pawns of the target are paired with the pawns of
// the position: a pawn on the same square scores 1, a pawn one rank off scores 1/2 on a
// wing file (a, b, g, h) and 1/4 on a centre file (c to f, where the pawns that define the
// named structures stand), each pawn used once; anything else scores 0. The similarity is
// the sum of those scores over the sum, over files and colours, of the larger of the two
// pawn counts:
//
//   similarity = sum(score) / sum(max(target pawns on the file, position pawns on the file))
//
// so missing and extra pawns both cost. Ignored files (ChessBase's "ignore the a- and
// h-pawns") take no part; with no pawn left on either side the similarity is 1.
#pragma once

#include <array>
#include <pawnkit/bitboard.hpp>

namespace pawnkit::analysis {

// Pawns by colour: [0] White, [1] Black.
using PawnSets = std::array<Bitboard, 2>;

// The similarity of `position` to `target` as they stand (no colour reversal).
// `ignored` is a set of squares (usually whole files) left out of both.
double structure_similarity_as_is(const PawnSets& target, const PawnSets& position,
                                  Bitboard ignored = 0);

struct SimilarityMatch {
  double similarity = 0;
  bool reversed = false;  // the position matched the target with colours flipped
};

// The better of the position as it stands and the position with colours flipped (ranks
// mirrored, White's pawns taken as Black's): the same structure held by the other side.
// On a tie the as-is reading wins.
SimilarityMatch structure_similarity_match(const PawnSets& target, const PawnSets& position,
                                           Bitboard ignored = 0);

// The per-position function for queries (`find --where 'similarity("FEN") >= 0.9'`):
// structure_similarity_match(target, position).similarity, no files ignored.
double structure_similarity(const PawnSets& target, const PawnSets& position);

}  // namespace pawnkit::analysis
