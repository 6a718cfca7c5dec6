// The bridge from a full Position to the pawn report.
#pragma once

#include "pawnkit/chess/position.hpp"
#include "pawnkit/pawns/report.hpp"

namespace pawnkit {

inline PawnBoard pawn_board(const Position& pos) {
  PawnBoard b;
  b.pawns = {pos.pawns(White), pos.pawns(Black)};
  b.pieces = {pos.pieces(White), pos.pieces(Black)};
  b.side_to_move = pos.side_to_move();
  b.en_passant = pos.en_passant();
  return b;
}

inline PawnReport pawn_report(const Position& pos) { return pawn_report(pawn_board(pos)); }

}  // namespace pawnkit
