// Perft's last ply: the number of legal moves of a position, counted without generating
// them. Most of perft's time is spent here (one call per node of the last-but-one ply).
//
// With set-wise attacks (chess/setwise.hpp, AVX-512 hosts) the knights and the sliders that
// are not pinned are counted by direction, all at once: no table lookup, no loop over
// pieces and so no loop exit to mispredict. The king's squares are tested against the
// enemy's whole attack map, built the same way (only when the king has a square to go to
// or a castling to make). Pawns are set-wise already; pinned sliders (rare) and en passant
// (rarer) go through the generator's own functions. Without set-wise attacks, this is the
// generator run with a counting sink.
#pragma once

#include "pawnkit/version.hpp"  // first: the C++20 check

#include <cstdint>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/chess/setwise.hpp>

namespace pawnkit::detail {

// The two counts live in differently named inline namespaces (as the slider tables do), so
// a program whose translation units disagree on AVX-512 gets two distinct functions
// instead of an ODR clash.
#if PAWNKIT_SETWISE
inline namespace count_setwise {

// The squares side Them attacks, with the given occupancy (ours without our king, so that
// the king cannot hide behind itself on a line).
template <Color Them, class Board>
Bitboard attack_map(const Board& pos, Bitboard occupied) {
  using enum PieceType;
  const Bitboard queens = pos.pieces(Them, Queen);
  const setwise::Lanes rays = setwise::slider_rays(pos.pieces(Them, Rook) | queens,
                                                   pos.pieces(Them, Bishop) | queens, occupied);
  return setwise::union_of(rays | setwise::knight_jumps(pos.pieces(Them, Knight))) |
         pawn_attacks<Them>(pos.pawns(Them)) | king_attacks(pos.king_square(Them));
}

// The moves of the pinned sliders: each along its pin line only (a pinned knight, or a
// slider pinned on the other kind of line, cannot move).
template <Color Us, class Sliders, class Board>
std::uint64_t pinned_slider_moves(const Board& pos, Bitboard target, Bitboard pin_orth,
                                  Bitboard pin_diag) {
  using enum PieceType;
  const Bitboard occupied = pos.occupied(), queens = pos.pieces(Us, Queen);
  std::uint64_t n = 0;
  for (Square s : squares((pos.pieces(Us, Rook) | queens) & pin_orth))
    n += static_cast<std::uint64_t>(popcount(Sliders::rook(s, occupied) & target & pin_orth));
  for (Square s : squares((pos.pieces(Us, Bishop) | queens) & pin_diag))
    n += static_cast<std::uint64_t>(popcount(Sliders::bishop(s, occupied) & target & pin_diag));
  return n;
}

template <Color Us, class Sliders, class Board>
std::uint64_t count_moves(const Board& pos) {
  constexpr Color Them = ~Us;
  using enum PieceType;
  const Bitboard occupied = pos.occupied(), ours = pos.pieces(Us);
  const Square king = pos.king_square(Us);
  const auto [checkers, pin_orth, pin_diag] = king_lines<Us>(pos, king);

  const Bitboard king_targets = king_attacks(king) & ~ours;
  const Bitboard castling_paths = checkers ? 0 : open_castling_paths<Us>(pos, king);
  const Bitboard danger =
      (king_targets | castling_paths) ? attack_map<Them>(pos, occupied ^ square_bb(king)) : 0;
  CountSink out;
  out.count = static_cast<std::uint64_t>(popcount(king_targets & ~danger));
  if (more_than_one(checkers)) return out.count;

  const Bitboard check_mask = checkers ? between_bb(king, lsb(checkers)) | checkers : ~Bitboard{0};
  const Bitboard target = ~ours & check_mask;
  generate_pawn_moves<Us>(pos, out, target, pin_orth, pin_diag);
  generate_en_passant<Us, Sliders>(pos, out, king, checkers);

  const Bitboard pinned = pin_orth | pin_diag, queens = pos.pieces(Us, Queen);
  const setwise::Lanes to = setwise::broadcast(target);
  const setwise::Lanes knight_moves = setwise::knight_jumps(pos.pieces(Us, Knight) & ~pinned) & to;
  const setwise::Lanes slider_moves =
      setwise::slider_rays((pos.pieces(Us, Rook) | queens) & ~pinned,
                           (pos.pieces(Us, Bishop) | queens) & ~pinned, occupied) &
      to;
  out.count += setwise::sum_of(setwise::popcounts(knight_moves) + setwise::popcounts(slider_moves));
  if (pinned) [[unlikely]]
    out.count += pinned_slider_moves<Us, Sliders>(pos, target, pin_orth, pin_diag);
  if (castling_paths) generate_castling<Us, Sliders>(pos, out, king, danger);
  return out.count;
}

}  // namespace count_setwise

#else
inline namespace count_generated {

template <Color Us, class Sliders, class Board>
std::uint64_t count_moves(const Board& pos) {
  CountSink counter;
  generate<Us, Sliders>(pos, counter);
  return counter.count;
}

}  // namespace count_generated
#endif

}  // namespace pawnkit::detail
