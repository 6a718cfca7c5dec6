// The bridge from a full Position to the pawn report and the named structure.
#pragma once

#include <optional>

#include "pawnkit/chess/phase.hpp"
#include "pawnkit/chess/position.hpp"
#include "pawnkit/pawns/report.hpp"
#include "pawnkit/pawns/structures.hpp"

namespace pawnkit {

// Whether the position is an ending by the 24-point phase count: named structures are
// middlegame skeletons and are not given there.
inline bool in_ending(const Position& pos) { return phase_points(pos) <= endgame_max_points; }

inline PawnBoard pawn_board(const Position& pos) {
  PawnBoard b;
  b.pawns = {pos.pawns(White), pos.pawns(Black)};
  b.pieces = {pos.pieces(White), pos.pieces(Black)};
  b.side_to_move = pos.side_to_move();
  b.en_passant = pos.en_passant();
  b.in_ending = in_ending(pos);
  return b;
}

inline PawnReport pawn_report(const Position& pos) { return pawn_report(pawn_board(pos)); }

// The named structure of a position: its pawns, unless it is an ending.
inline std::optional<StructureMatch> classify_structure(const Position& pos) {
  return classify_structure(pos.pawns(White), pos.pawns(Black), in_ending(pos));
}

}  // namespace pawnkit
