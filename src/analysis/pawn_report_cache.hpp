// The pawn reports of the successive positions of games, reusing the pawn-only keys.
#pragma once

#include <pawnkit/chess/pawn_report.hpp>

#include <array>

namespace pawnkit::analysis {

// Most keys of a pawn report (PawnOnlyReport) depend on the two pawn sets alone, and in a
// game those change on about a third of the plies only (a pawn move, a capture of a
// pawn, a promotion). So the pawn-only keys are computed again only when the pawns differ
// from the last call's; the move keys, which depend on the other pieces, the side to move
// and the en-passant square, are computed for every position. The result is always
// pawn_report(pos), whatever positions came before (tests compare the two on real games).
class PawnReportCache {
 public:
  // The pawn-only keys of pos: pawn_only_report(pos.pawns(White), pos.pawns(Black)).
  const PawnOnlyReport& pawn_only(const Position& pos) {
    const std::array<Bitboard, 2> pawns{pos.pawns(White), pos.pawns(Black)};
    changed_ = pawns != pawns_;
    if (changed_) {
      pawns_ = pawns;
      pawn_only_ = pawn_only_report(pawns[0], pawns[1]);
    }
    return pawn_only_;
  }

  // The full report of pos: pawn_report(pos).
  PawnReport operator()(const Position& pos) {
    return pawn_report(pawn_board(pos), pawn_only(pos));
  }

  // Whether the last call computed the pawn-only keys anew: derived values (their text,
  // their summary) need the same only then.
  bool pawns_changed() const { return changed_; }

 private:
  std::array<Bitboard, 2> pawns_{~Bitboard{0}, ~Bitboard{0}};  // no position's pawns
  PawnOnlyReport pawn_only_;
  bool changed_ = false;
};

}  // namespace pawnkit::analysis
