// The pattern spec's patterns answered square by square: the reference implementation the
// set-wise code is tested against. Written plainly, as the Chessprogramming wiki pages
// "Isolated Pawns (Bitboards)", "Double and Triple (Bitboards)", "Pawn Islands
// (Bitboards)" and "Duo Trio Quart (Bitboards)" (https://www.chessprogramming.org)
// describe the square-centric world: look up masks per file or square and test one pawn
// at a time.
// It shares no pattern code with patterns.hpp, moves.hpp or fill.hpp.
#pragma once

#include <array>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/pawns/report.hpp"

namespace pawnkit::reference {

namespace detail {

// Lookup tables built by walking the board, one square at a time. Plain arrays: the walk
// below indexes them with the signed file and rank numbers it computes with.
struct Masks {
  Bitboard file[8]{};             // arrFiles, indexed by file
  Bitboard neighbor_files[8]{};   // arrNeighborFiles, indexed by file
  Bitboard north_ray[64]{};       // squares strictly north, same file
  Bitboard south_ray[64]{};       // squares strictly south, same file
  Bitboard pawn_attack[2][64]{};  // by colour, from square
};

inline constexpr Masks masks = [] {
  Masks m;
  for (int f = 0; f < 8; ++f)
    for (int r = 0; r < 8; ++r) m.file[f] |= Bitboard{1} << (8 * r + f);
  for (int f = 0; f < 8; ++f) {
    if (f > 0) m.neighbor_files[f] |= m.file[f - 1];
    if (f < 7) m.neighbor_files[f] |= m.file[f + 1];
  }
  for (int s = 0; s < 64; ++s) {
    const int f = s % 8, r = s / 8;
    for (int rr = r + 1; rr < 8; ++rr) m.north_ray[s] |= Bitboard{1} << (8 * rr + f);
    for (int rr = r - 1; rr >= 0; --rr) m.south_ray[s] |= Bitboard{1} << (8 * rr + f);
    for (int df : {-1, 1}) {
      const int ff = f + df;
      if (ff < 0 || ff > 7) continue;
      if (r < 7) m.pawn_attack[0][s] |= Bitboard{1} << (8 * (r + 1) + ff);
      if (r > 0) m.pawn_attack[1][s] |= Bitboard{1} << (8 * (r - 1) + ff);
    }
  }
  return m;
}();

constexpr bool has(Bitboard b, int file, int rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8 && (b >> (8 * rank + file) & 1);
}

// Length of the horizontal run of own pawns through the pawn on (file, rank).
constexpr int run_length(Bitboard pawns, int file, int rank) {
  int length = 1;
  for (int f = file - 1; has(pawns, f, rank); --f) ++length;
  for (int f = file + 1; has(pawns, f, rank); ++f) ++length;
  return length;
}

}  // namespace detail

namespace detail {

// The patterns of the own pawn on square s (of file f and rank `rank`), added to r.
template <Color C>
constexpr void add_pawn_patterns(Bitboard own, Bitboard enemy, int s, SideReport& r) {
  const Bitboard bit = Bitboard{1} << s;
  const int f = s % 8, rank = s / 8;
  const int up = C == White ? 1 : -1;  // rank step towards the front
  const int c = index(C), e = index(~C);
  const Bitboard front_ray = C == White ? masks.north_ray[s] : masks.south_ray[s];
  const Bitboard rear_ray = C == White ? masks.south_ray[s] : masks.north_ray[s];

  const bool west_file = f > 0 && (own & masks.file[f - 1]);
  const bool east_file = f < 7 && (own & masks.file[f + 1]);
  if ((masks.neighbor_files[f] & own) == 0) r.isolated |= bit;
  if (west_file != east_file) r.half_isolated |= bit;

  const Bitboard on_file = masks.file[f] & own;
  if (own & front_ray) r.behind_own |= bit;
  if (own & rear_ray) r.in_front_of_own |= bit;
  const int count = std::popcount(on_file);
  if (count == 2) r.doubled |= bit;
  if (count >= 3) r.tripled |= bit;

  if (has(own, f - 1, rank) || has(own, f + 1, rank)) r.phalanx |= bit;
  const int run = run_length(own, f, rank);
  if (run == 2) r.duo |= bit;
  if (run == 3) r.trio |= bit;
  if (run == 4) r.quart |= bit;

  const bool open = (enemy & front_ray) == 0;
  if (open) r.open |= bit;
  if (open && west_file != east_file && run == 2) r.hanging |= bit;

  bool blocked = false;
  for (int df = -1; df <= 1; ++df)
    for (int rr = rank + up; rr >= 0 && rr < 8; rr += up) blocked |= has(enemy, f + df, rr);
  if (!blocked) r.passed |= bit;

  const int stop_rank = rank + up;
  bool stop_attacked = false;
  for (int t = 0; t < 64 && stop_rank >= 0 && stop_rank < 8; ++t)
    if ((enemy >> t & 1) && (masks.pawn_attack[e][t] >> (8 * stop_rank + f) & 1))
      stop_attacked = true;
  bool supportable = false;
  for (int df : {-1, 1})
    for (int rr = 0; rr < 8; ++rr) {
      const bool level_or_behind = C == White ? rr <= rank : rr >= rank;
      if (level_or_behind && has(own, f + df, rr)) supportable = true;
    }
  if (stop_attacked && !supportable) r.backward |= bit;

  for (int t = 0; t < 64; ++t)
    if (t != s && (own >> t & 1) && (masks.pawn_attack[c][t] & bit)) r.defended |= bit;
  if (has(enemy, f, rank + up)) r.rams |= bit;
  if (masks.pawn_attack[c][s] & enemy) r.levers |= bit;

  if ((r.defended | r.phalanx) & bit) r.connected |= bit;
  if (open && blocked) {
    int sentries = 0, helpers = 0;
    for (int df : {-1, 1})
      for (int rr = 0; rr < 8; ++rr) {
        const bool in_front = C == White ? rr > rank : rr < rank;
        if (in_front && has(enemy, f + df, rr)) ++sentries;
        if (!in_front && has(own, f + df, rr)) ++helpers;
      }
    if (helpers >= sentries) r.candidates |= bit;
  }
  if ((masks.pawn_attack[c][s] & own) && !(r.defended & bit)) r.chain_bases |= bit;
}

// The attacks, pushes, captures and en passant capture of the own pawn on square s, added
// to r.
template <Color C>
constexpr void add_pawn_moves(const PawnBoard& board, int s, SideReport& r) {
  const int f = s % 8, rank = s / 8;
  const int up = C == White ? 1 : -1;
  const int c = index(C);
  const Bitboard occupied = board.pieces[0] | board.pieces[1];
  r.attacks |= masks.pawn_attack[c][s];
  const int ahead = rank + up;
  if (ahead >= 0 && ahead < 8 && !has(occupied, f, ahead)) {
    r.single_pushes |= Bitboard{1} << (8 * ahead + f);
    const int start_rank = C == White ? 1 : 6;
    if (rank == start_rank && !has(occupied, f, ahead + up))
      r.double_pushes |= Bitboard{1} << (8 * (ahead + up) + f);
  }
  r.captures |= masks.pawn_attack[c][s] & board.pieces[index(~C)];
  if (board.side_to_move == C && board.en_passant != NoSquare &&
      (masks.pawn_attack[c][s] >> board.en_passant & 1))
    r.en_passant |= Bitboard{1} << board.en_passant;
}

// Holes and outposts are squares: walk the board again, whatever stands on a square.
template <Color C>
constexpr void add_holes_and_outposts(Bitboard own, Bitboard enemy, SideReport& r) {
  const int c = index(C);
  for (int t = 0; t < 64; ++t) {
    const Bitboard bit = Bitboard{1} << t;
    const int f = t % 8, rank = t / 8;
    const int relative_rank = C == White ? rank : 7 - rank;  // 0: the side's first rank
    // On a neighbouring file: an own pawn behind the square, an enemy pawn in front of it.
    bool own_behind = false, enemy_in_front = false;
    for (int df : {-1, 1})
      for (int rr = 0; rr < 8; ++rr) {
        const bool in_front = C == White ? rr > rank : rr < rank;
        const bool behind = C == White ? rr < rank : rr > rank;
        if (behind && has(own, f + df, rr)) own_behind = true;
        if (in_front && has(enemy, f + df, rr)) enemy_in_front = true;
      }
    bool attacked_by_own = false;
    for (int u = 0; u < 64; ++u)
      if ((own >> u & 1) && (masks.pawn_attack[c][u] & bit)) attacked_by_own = true;
    if ((relative_rank == 2 || relative_rank == 3) && !own_behind) r.holes |= bit;
    if (relative_rank >= 3 && relative_rank <= 5 && attacked_by_own && !enemy_in_front)
      r.outposts |= bit;
  }
}

// Islands: walk the files west to east and count runs of files holding own pawns.
constexpr void add_islands(Bitboard own, SideReport& r) {
  bool in_island = false;
  for (int f = 0; f < 8; ++f) {
    const bool occupied_file = (own & masks.file[f]) != 0;
    if (occupied_file) r.island_files |= FileSet(1u << f);
    if (occupied_file && !in_island) ++r.islands;
    in_island = occupied_file;
  }
}

}  // namespace detail

// One side's report, pawn by pawn, then square by square and file by file.
template <Color C>
constexpr SideReport side_report(const PawnBoard& board) {
  const Bitboard own = board.pawns[index(C)], enemy = board.pawns[index(~C)];
  SideReport r;
  r.pawns = own;
  for (int s = 0; s < 64; ++s) {
    if (!(own >> s & 1)) continue;
    detail::add_pawn_patterns<C>(own, enemy, s, r);
    detail::add_pawn_moves<C>(board, s, r);
  }
  const int last_rank = C == White ? 7 : 0;
  for (int f = 0; f < 8; ++f) {
    const Bitboard last = Bitboard{1} << (8 * last_rank + f);
    if ((r.single_pushes | r.captures) & last) r.promotions |= last;
  }
  detail::add_holes_and_outposts<C>(own, enemy, r);
  detail::add_islands(own, r);
  return r;
}

constexpr PawnReport pawn_report(const PawnBoard& board) {
  return {reference::side_report<White>(board), reference::side_report<Black>(board)};
}

}  // namespace pawnkit::reference
