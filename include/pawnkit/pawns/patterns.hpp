// Every pawn pattern of docs/patterns.md, set-wise: each function takes whole pawn sets and
// returns the set of pawns that have the property.
//
// `own` are the pawns of side C, `enemy` the other side's. Each comment below is the
// definition of docs/patterns.md, square by square; the formulas follow the
// Chessprogramming wiki's bitboard pages named in each section.
//
// A pattern that depends on the side is a template on the colour (the fast path) with an
// overload taking the colour at run time first: `passed<White>(own, enemy)` and
// `passed(c, own, enemy)` give the same set. (Those overloads are alike by design, one
// dispatch point per pattern: a scan for repeated code lists them as pairs.)
#pragma once

#include <bit>
#include <cstdint>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/fill.hpp"
#include "pawnkit/pawns/moves.hpp"

namespace pawnkit {

// --- Neighbours on adjacent files (wiki: Isolated Pawns (Bitboards)) --------------------

// Pawns with no own pawn on the file to the east.
constexpr Bitboard no_neighbor_on_east_file(Bitboard pawns) {
  return pawns & ~west_attack_file_fill(pawns);
}
// Pawns with no own pawn on the file to the west.
constexpr Bitboard no_neighbor_on_west_file(Bitboard pawns) {
  return pawns & ~east_attack_file_fill(pawns);
}

// Pawns with no own pawn on either neighbouring file.
constexpr Bitboard isolated(Bitboard pawns) {
  return no_neighbor_on_east_file(pawns) & no_neighbor_on_west_file(pawns);
}

// Pawns with own pawns on exactly one neighbouring file (a rook-file pawn with a
// neighbour counts: its missing outer file is empty).
constexpr Bitboard half_isolated(Bitboard pawns) {
  return no_neighbor_on_east_file(pawns) ^ no_neighbor_on_west_file(pawns);
}

// --- Doubled and tripled (wiki: Double and Triple (Bitboards)) --------------------------

// Pawns with an own pawn behind them on their file.
template <Color C>
constexpr Bitboard in_front_of_own(Bitboard pawns) {
  return pawns & front_span<C>(pawns);
}
constexpr Bitboard in_front_of_own(Color c, Bitboard pawns) {
  return c == White ? in_front_of_own<White>(pawns) : in_front_of_own<Black>(pawns);
}

// Pawns with an own pawn in front of them on their file: in front for one side is behind
// for the other.
template <Color C>
constexpr Bitboard behind_own(Bitboard pawns) {
  return in_front_of_own<~C>(pawns);
}
constexpr Bitboard behind_own(Color c, Bitboard pawns) { return in_front_of_own(~c, pawns); }

// Doubled and tripled pawns do not depend on the side: "in front" and "behind" swap
// between the colours, and these sets use both.

// Files holding three or more own pawns: some pawn there has own pawns on both sides.
constexpr Bitboard files_with_at_least_triple(Bitboard pawns) {
  return file_fill(behind_own<White>(pawns) & in_front_of_own<White>(pawns));
}

// Both pawns of every file holding exactly two (the wiki's rearTwin | frontTwin): the pawns
// with another own pawn on their file, less the files of three or more.
constexpr Bitboard doubled(Bitboard pawns) {
  const Bitboard rear_twin = behind_own<White>(pawns), front_twin = in_front_of_own<White>(pawns);
  return (rear_twin | front_twin) & ~files_with_at_least_triple(pawns);
}

// Every pawn of a file holding three or more.
constexpr Bitboard tripled(Bitboard pawns) { return pawns & files_with_at_least_triple(pawns); }

// The colour is not needed; these two spellings stay only for pawn_report's side_report,
// and go when it calls doubled(own) and tripled(own).
template <Color C>
constexpr Bitboard doubled(Bitboard pawns) {
  return doubled(pawns);
}
template <Color C>
constexpr Bitboard tripled(Bitboard pawns) {
  return tripled(pawns);
}

// --- Phalanxes (wiki: Duo Trio Quart (Bitboards), neighbour algebra) --------------------

// Pawns with an own pawn on the same rank directly west / east.
constexpr Bitboard with_west_neighbor(Bitboard pawns) {
  return pawns & shift<Direction::East>(pawns);
}
constexpr Bitboard with_east_neighbor(Bitboard pawns) {
  return pawns & shift<Direction::West>(pawns);
}

// Pawns with an own pawn beside them on the same rank.
constexpr Bitboard phalanx(Bitboard pawns) {
  return with_west_neighbor(pawns) | with_east_neighbor(pawns);
}

// Pawns in a horizontal run of exactly two: a pawn whose only neighbour is east, paired
// with that neighbour, whose only neighbour is west (the wiki's exclusive duo).
constexpr Bitboard duo(Bitboard pawns) {
  const Bitboard west = with_west_neighbor(pawns), east = with_east_neighbor(pawns);
  const Bitboard one_neighbor = west ^ east;
  const Bitboard only_west = west & one_neighbor, only_east = east & one_neighbor;
  const Bitboard duo_west_ends = only_east & shift<Direction::West>(only_west);
  return duo_west_ends | shift<Direction::East>(duo_west_ends);
}

// Pawns with neighbours on both sides: the inner pawns of every run of three or more.
// A run of n pawns has a run of n-2 inner pawns, so trios and quarts are the runs whose
// inner pawns stand alone or form a duo.
constexpr Bitboard inner_pawns(Bitboard pawns) {
  return with_west_neighbor(pawns) & with_east_neighbor(pawns);
}

// Grows each square of b by its east and west neighbours.
constexpr Bitboard with_neighbors(Bitboard b) {
  return b | shift<Direction::East>(b) | shift<Direction::West>(b);
}

// Pawns in a horizontal run of exactly three.
constexpr Bitboard trio(Bitboard pawns) {
  const Bitboard inner = inner_pawns(pawns);
  return with_neighbors(inner & ~phalanx(inner));
}

// Pawns in a horizontal run of exactly four.
constexpr Bitboard quart(Bitboard pawns) { return with_neighbors(duo(inner_pawns(pawns))); }

// --- Relations to enemy pawns -----------------------------------------------------------

// Pawns with no enemy pawn in front of them on their file (the wiki's open pawns).
template <Color C>
constexpr Bitboard open_pawns(Bitboard own, Bitboard enemy) {
  return own & ~front_span<~C>(enemy);
}
constexpr Bitboard open_pawns(Color c, Bitboard own, Bitboard enemy) {
  return c == White ? open_pawns<White>(own, enemy) : open_pawns<Black>(own, enemy);
}

// Open, half-isolated members of a duo (wiki: Hanging Pawns (Bitboards)), from those three
// sets of a side's pawns: pawn_report has them already and reads hanging pawns from them.
constexpr Bitboard hanging_of(Bitboard open, Bitboard half_isolated, Bitboard duo) {
  return open & half_isolated & duo;
}
template <Color C>
constexpr Bitboard hanging(Bitboard own, Bitboard enemy) {
  return hanging_of(open_pawns<C>(own, enemy), half_isolated(own), duo(own));
}
constexpr Bitboard hanging(Color c, Bitboard own, Bitboard enemy) {
  return c == White ? hanging<White>(own, enemy) : hanging<Black>(own, enemy);
}

// Pawns with no enemy pawn in front of them on their own or a neighbouring file.
template <Color C>
constexpr Bitboard passed(Bitboard own, Bitboard enemy) {
  const Bitboard enemy_front = front_span<~C>(enemy);
  return own & ~with_neighbors(enemy_front);
}
constexpr Bitboard passed(Color c, Bitboard own, Bitboard enemy) {
  return c == White ? passed<White>(own, enemy) : passed<Black>(own, enemy);
}

// Pawns whose stop square an enemy pawn attacks and that no own pawn on a neighbouring
// file, level with them or behind, could ever protect.
template <Color C>
constexpr Bitboard backward(Bitboard own, Bitboard enemy) {
  const Bitboard stop_attacked = shift<Down<C>>(pawn_attacks<~C>(enemy));
  const Bitboard supportable =
      front_fill<C>(shift<Direction::East>(own) | shift<Direction::West>(own));
  return own & stop_attacked & ~supportable;
}
constexpr Bitboard backward(Color c, Bitboard own, Bitboard enemy) {
  return c == White ? backward<White>(own, enemy) : backward<Black>(own, enemy);
}

// Pawns protected by an own pawn.
template <Color C>
constexpr Bitboard defended(Bitboard own) {
  return own & pawn_attacks<C>(own);
}
constexpr Bitboard defended(Color c, Bitboard own) {
  return c == White ? defended<White>(own) : defended<Black>(own);
}

// Pawns blocked by an enemy pawn on their stop square (wiki: Pawn Rams (Bitboards)).
template <Color C>
constexpr Bitboard rams(Bitboard own, Bitboard enemy) {
  return own & shift<Down<C>>(enemy);
}
constexpr Bitboard rams(Color c, Bitboard own, Bitboard enemy) {
  return c == White ? rams<White>(own, enemy) : rams<Black>(own, enemy);
}

// Pawns attacking at least one enemy pawn (a pawn attacks t exactly when an enemy pawn
// on t would attack it; wiki: Pawn Levers (Bitboards)).
template <Color C>
constexpr Bitboard levers(Bitboard own, Bitboard enemy) {
  return own & pawn_attacks<~C>(enemy);
}
constexpr Bitboard levers(Color c, Bitboard own, Bitboard enemy) {
  return c == White ? levers<White>(own, enemy) : levers<Black>(own, enemy);
}

// --- Pawn islands (wiki: Pawn Islands (Bitboards)), on 8-bit file sets ------------------

// The east-most file of each island.
constexpr FileSet island_east_files(FileSet files) { return files & ~(files >> 1); }

// The west-most file of each island.
constexpr FileSet island_west_files(FileSet files) { return FileSet(files & ~(files << 1)); }

// Files forming an island on their own (every pawn there is isolated).
constexpr FileSet isolated_files(FileSet files) {
  return island_east_files(files) & island_west_files(files);
}

// Number of maximal runs of adjacent occupied files (0 to 4).
constexpr int island_count(FileSet files) { return std::popcount(island_east_files(files)); }

// The wiki page's example: Black has three islands, White two.
static_assert(island_count(0b1101'1011) == 3 && island_count(0b1110'0111) == 2);
static_assert(island_east_files(0b1110'0111) == 0b1000'0100);
static_assert(island_west_files(0b1101'1011) == 0b0100'1001);

// --- Pawn structure terms (pattern spec version 2) ------------------------------------------
// The rest of the wiki's pawn-structure family, defined in docs/patterns.md. `connected`,
// `candidates` and `chain_bases` are pawns; `holes` and `outposts` are squares.

// Pawns protected by an own pawn or standing beside one (Stockfish's connected pawns).
template <Color C>
constexpr Bitboard connected(Bitboard own) {
  return defended<C>(own) | phalanx(own);
}
constexpr Bitboard connected(Color c, Bitboard own) {
  return c == White ? connected<White>(own) : connected<Black>(own);
}

// Open pawns, not passed, whose helpers are at least as many as their sentries. Sentries:
// enemy pawns in front on a neighbouring file; helpers: own pawns on a neighbouring file
// level with the pawn or behind it (Candidates page). Both are sets; only their sizes are
// compared pawn by pawn, over the few open pawns that are not passed.
template <Color C>
constexpr Bitboard candidates(Bitboard own, Bitboard enemy) {
  // An open pawn that is not passed has a sentry, so one without any helper is no candidate.
  const Bitboard with_helpers =
      front_fill<C>(shift<Direction::East>(own) | shift<Direction::West>(own));
  Bitboard result = 0;
  for (Bitboard rest = open_pawns<C>(own, enemy) & ~passed<C>(own, enemy) & with_helpers; rest;
       rest &= rest - 1) {
    const Bitboard pawn = rest & (~rest + 1);
    const Bitboard sentries = enemy & attack_front_span<C>(pawn);
    const Bitboard beside = shift<Direction::East>(pawn) | shift<Direction::West>(pawn);
    const Bitboard helpers = own & rear_fill<C>(beside);
    if (std::popcount(helpers) >= std::popcount(sentries)) result |= pawn;
  }
  return result;
}
constexpr Bitboard candidates(Color c, Bitboard own, Bitboard enemy) {
  return c == White ? candidates<White>(own, enemy) : candidates<Black>(own, enemy);
}

// Pawns that protect an own pawn and are not protected themselves: the base of each chain.
template <Color C>
constexpr Bitboard chain_bases(Bitboard own) {
  return own & pawn_attacks<~C>(own) & ~defended<C>(own);
}
constexpr Bitboard chain_bases(Color c, Bitboard own) {
  return c == White ? chain_bases<White>(own) : chain_bases<Black>(own);
}

// Squares on the side's relative ranks 3 and 4 that no own pawn attacks now or after
// advancing (no own pawn behind them on a neighbouring file).
template <Color C>
constexpr Bitboard holes(Bitboard own) {
  return (relative_rank_bb<C>(2) | relative_rank_bb<C>(3)) & ~attack_front_span<C>(own);
}
constexpr Bitboard holes(Color c, Bitboard own) {
  return c == White ? holes<White>(own) : holes<Black>(own);
}

// Squares on the side's relative ranks 4 to 6 that an own pawn attacks and no enemy pawn
// can ever attack (no enemy pawn in front of them on a neighbouring file).
template <Color C>
constexpr Bitboard outposts(Bitboard own, Bitboard enemy) {
  const Bitboard ranks = relative_rank_bb<C>(3) | relative_rank_bb<C>(4) | relative_rank_bb<C>(5);
  return ranks & pawn_attacks<C>(own) & ~attack_front_span<~C>(enemy);
}
constexpr Bitboard outposts(Color c, Bitboard own, Bitboard enemy) {
  return c == White ? outposts<White>(own, enemy) : outposts<Black>(own, enemy);
}

}  // namespace pawnkit
