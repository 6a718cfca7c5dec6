// Pawn move target sets, set-wise, as the Chessprogramming wiki's Pawn Pushes (Bitboards)
// and Pawn Attacks (Bitboards) build them. Pseudo-legal: pins and checks are ignored; every
// piece blocks a push and every enemy piece (king included) can be captured. The legal
// move generator builds its pawn moves from these same functions.
//
// Each colour template has an overload taking the colour at run time first.
#pragma once

#include "pawnkit/bitboard.hpp"

namespace pawnkit {

// Squares attacked towards the west / east (for White `pawns << 7` and `<< 9`, with the
// a- and h-file pawns masked so that nothing wraps around the board).
template <Color C>
constexpr Bitboard pawn_attacks_west(Bitboard pawns) {
  return shift<UpWest<C>>(pawns);
}
template <Color C>
constexpr Bitboard pawn_attacks_east(Bitboard pawns) {
  return shift<UpEast<C>>(pawns);
}
constexpr Bitboard pawn_attacks_west(Color c, Bitboard pawns) {
  return c == White ? pawn_attacks_west<White>(pawns) : pawn_attacks_west<Black>(pawns);
}
constexpr Bitboard pawn_attacks_east(Color c, Bitboard pawns) {
  return c == White ? pawn_attacks_east<White>(pawns) : pawn_attacks_east<Black>(pawns);
}

// Every square some pawn of b attacks, whatever stands there.
template <Color C>
constexpr Bitboard pawn_attacks(Bitboard pawns) {
  return pawn_attacks_west<C>(pawns) | pawn_attacks_east<C>(pawns);
}
constexpr Bitboard pawn_attacks(Color c, Bitboard pawns) {
  return c == White ? pawn_attacks<White>(pawns) : pawn_attacks<Black>(pawns);
}

// Empty squares directly in front of a pawn.
template <Color C>
constexpr Bitboard single_pushes(Bitboard pawns, Bitboard occupied) {
  return shift<Up<C>>(pawns) & ~occupied;
}
constexpr Bitboard single_pushes(Color c, Bitboard pawns, Bitboard occupied) {
  return c == White ? single_pushes<White>(pawns, occupied) : single_pushes<Black>(pawns, occupied);
}

// Fourth-rank targets of pawns on their second rank with both squares ahead empty:
// a single push, twice, kept only from the third rank (so a blocker on it stops both).
template <Color C>
constexpr Bitboard double_pushes(Bitboard pawns, Bitboard occupied) {
  const Bitboard third_rank = single_pushes<C>(pawns, occupied) & relative_rank_bb<C>(2);
  return single_pushes<C>(third_rank, occupied);
}
constexpr Bitboard double_pushes(Color c, Bitboard pawns, Bitboard occupied) {
  return c == White ? double_pushes<White>(pawns, occupied) : double_pushes<Black>(pawns, occupied);
}

// Squares holding an enemy piece (any kind) that a pawn attacks.
template <Color C>
constexpr Bitboard pawn_captures(Bitboard pawns, Bitboard enemy_pieces) {
  return pawn_attacks<C>(pawns) & enemy_pieces;
}
constexpr Bitboard pawn_captures(Color c, Bitboard pawns, Bitboard enemy_pieces) {
  return c == White ? pawn_captures<White>(pawns, enemy_pieces)
                    : pawn_captures<Black>(pawns, enemy_pieces);
}

// The en-passant square when a pawn attacks it; ep_square may be NoSquare.
template <Color C>
constexpr Bitboard en_passant_captures(Bitboard pawns, Square ep_square) {
  return ep_square == NoSquare ? 0 : pawn_attacks<C>(pawns) & square_bb(ep_square);
}
constexpr Bitboard en_passant_captures(Color c, Bitboard pawns, Square ep_square) {
  return c == White ? en_passant_captures<White>(pawns, ep_square)
                    : en_passant_captures<Black>(pawns, ep_square);
}

// Push and capture targets on the last rank.
template <Color C>
constexpr Bitboard promotions(Bitboard pawns, Bitboard occupied, Bitboard enemy_pieces) {
  return (single_pushes<C>(pawns, occupied) | pawn_captures<C>(pawns, enemy_pieces)) &
         relative_rank_bb<C>(7);
}
constexpr Bitboard promotions(Color c, Bitboard pawns, Bitboard occupied, Bitboard enemy_pieces) {
  return c == White ? promotions<White>(pawns, occupied, enemy_pieces)
                    : promotions<Black>(pawns, occupied, enemy_pieces);
}

}  // namespace pawnkit
