// Every pawn pattern of the contract (shared/spec/patterns.md), set-wise: each function
// takes whole pawn sets and returns the set of pawns that have the property.
//
// `own` are the pawns of side C, `enemy` the other side's. Each definition below is the
// contract's, square by square; the formulas are the seed pages'.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/fill.hpp"
#include "pawnkit/pawns/moves.hpp"

namespace pawnkit {

// --- Neighbours on adjacent files (Isolated Pawns page) ---------------------------------

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

// --- Doubled and tripled (Double and Triple page) ---------------------------------------

// Pawns with an own pawn in front of them on their file.
template <Color C>
constexpr Bitboard behind_own(Bitboard pawns) {
  return pawns & rear_span<C>(pawns);
}

// Pawns with an own pawn behind them on their file.
template <Color C>
constexpr Bitboard in_front_of_own(Bitboard pawns) {
  return pawns & front_span<C>(pawns);
}

// Files holding three or more own pawns: some pawn there has own pawns on both sides.
template <Color C>
constexpr Bitboard files_with_at_least_triple(Bitboard pawns) {
  return file_fill(behind_own<C>(pawns) & in_front_of_own<C>(pawns));
}

// Both pawns of every file holding exactly two (the seed's rearTwin | frontTwin).
template <Color C>
constexpr Bitboard doubled(Bitboard pawns) {
  const Bitboard rear_twin = behind_own<C>(pawns), front_twin = in_front_of_own<C>(pawns);
  return (rear_twin | front_twin) & ~files_with_at_least_triple<C>(pawns);
}

// Every pawn of a file holding three or more.
template <Color C>
constexpr Bitboard tripled(Bitboard pawns) {
  return pawns & files_with_at_least_triple<C>(pawns);
}

// --- Phalanxes (Duo Trio Quart page, neighbour algebra) ---------------------------------

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
// with that neighbour, whose only neighbour is west (the seed's duo()).
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

// Open, half-isolated members of a duo (the seed's wHangingPawns).
template <Color C>
constexpr Bitboard hanging(Bitboard own, Bitboard enemy) {
  return open_pawns<C>(own, enemy) & half_isolated(own) & duo(own);
}

// Pawns with no enemy pawn in front of them on their own or a neighbouring file.
template <Color C>
constexpr Bitboard passed(Bitboard own, Bitboard enemy) {
  const Bitboard enemy_front = front_span<~C>(enemy);
  return own & ~with_neighbors(enemy_front);
}

// Pawns whose stop square an enemy pawn attacks and that no own pawn on a neighbouring
// file, level with them or behind, could ever protect.
template <Color C>
constexpr Bitboard backward(Bitboard own, Bitboard enemy) {
  const Bitboard stop_attacked = shift<Down<C>>(pawn_attacks<~C>(enemy));
  const Bitboard supportable = front_fill<C>(shift<Direction::East>(own) | shift<Direction::West>(own));
  return own & stop_attacked & ~supportable;
}

// Pawns protected by an own pawn.
template <Color C>
constexpr Bitboard defended(Bitboard own) {
  return own & pawn_attacks<C>(own);
}

// Pawns blocked by an enemy pawn on their stop square.
template <Color C>
constexpr Bitboard rams(Bitboard own, Bitboard enemy) {
  return own & shift<Down<C>>(enemy);
}

// Pawns attacking at least one enemy pawn (a pawn attacks t exactly when an enemy pawn
// on t would attack it).
template <Color C>
constexpr Bitboard levers(Bitboard own, Bitboard enemy) {
  return own & pawn_attacks<~C>(enemy);
}

// --- Pawn islands (Pawn Islands page), on 8-bit file sets -------------------------------

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

// The seed page's example: Black has three islands, White two.
static_assert(island_count(0b1101'1011) == 3 && island_count(0b1110'0111) == 2);
static_assert(island_east_files(0b1110'0111) == 0b1000'0100);
static_assert(island_west_files(0b1101'1011) == 0b0100'1001);

// --- Pawn structure terms (contract version 2) ------------------------------------------
// The rest of the wiki's pawn-structure family, defined in docs/patterns.md. `connected`,
// `candidates` and `chain_bases` are pawns; `holes` and `outposts` are squares.

// Pawns protected by an own pawn or standing beside one (Stockfish's connected pawns).
template <Color C>
constexpr Bitboard connected(Bitboard own) {
  return defended<C>(own) | phalanx(own);
}

namespace detail {

// Bit-sliced counters: plane i holds bit i of a small count kept for every square at once,
// so that 64 counts are added and compared in a few dozen bit operations. Five planes
// count to 31; the counts below reach 16 at most (eight pawns on each neighbouring file).
using SquareCounts = std::array<Bitboard, 5>;

constexpr SquareCounts add(const SquareCounts& a, const SquareCounts& b) {
  SquareCounts sum{};
  Bitboard carry = 0;
  for (std::size_t i = 0; i < sum.size(); ++i) {
    sum[i] = a[i] ^ b[i] ^ carry;
    carry = (a[i] & b[i]) | (carry & (a[i] ^ b[i]));
  }
  return sum;
}

// Every count moved `ranks` ranks north (positive) or south (negative), and one file east
// or west; counts pushed off the board are dropped.
constexpr SquareCounts shift_ranks(const SquareCounts& a, int ranks) {
  SquareCounts out{};
  for (std::size_t i = 0; i < a.size(); ++i)
    out[i] = ranks > 0 ? a[i] << (8 * ranks) : a[i] >> (-8 * ranks);
  return out;
}
template <Direction D>
constexpr SquareCounts shift_counts(const SquareCounts& a) {
  SquareCounts out{};
  for (std::size_t i = 0; i < a.size(); ++i) out[i] = shift<D>(a[i]);
  return out;
}

// The squares where count a is at least count b.
constexpr Bitboard at_least(const SquareCounts& a, const SquareCounts& b) {
  Bitboard greater = 0, equal = ~Bitboard{0};  // where b > a, where equal so far
  for (std::size_t i = a.size(); i-- > 0;) {
    greater |= equal & b[i] & ~a[i];
    equal &= ~(a[i] ^ b[i]);
  }
  return ~greater;
}

// For every square, how many pawns of b stand on its file in front of it, seen from C
// (strictly, or also on the square itself): a prefix sum along the file by doubling.
template <Color C>
constexpr SquareCounts count_in_front(Bitboard b, bool on_square_too) {
  constexpr int back = C == White ? -1 : 1;  // one rank towards C's rear
  SquareCounts n{on_square_too ? b : shift<Down<C>>(b)};
  for (int ranks = 1; ranks < 8; ranks *= 2) n = add(n, shift_ranks(n, back * ranks));
  return n;
}

// For every square, the same count summed over the two neighbouring files.
constexpr SquareCounts on_neighbor_files(const SquareCounts& n) {
  return add(shift_counts<Direction::East>(n), shift_counts<Direction::West>(n));
}

}  // namespace detail

// Open pawns, not passed, whose helpers are at least as many as their sentries. Sentries:
// enemy pawns in front on a neighbouring file; helpers: own pawns on a neighbouring file
// level with the pawn or behind it (Candidates page).
template <Color C>
constexpr Bitboard candidates(Bitboard own, Bitboard enemy) {
  const Bitboard open_not_passed = open_pawns<C>(own, enemy) & ~passed<C>(own, enemy);
  if (!open_not_passed) return 0;  // the common case: spare the counting
  // Helpers stand level with s or behind it: "in front" seen from the enemy, square included.
  const auto sentries = detail::on_neighbor_files(detail::count_in_front<C>(enemy, false));
  const auto helpers = detail::on_neighbor_files(detail::count_in_front<~C>(own, true));
  return open_not_passed & detail::at_least(helpers, sentries);
}

// Pawns that protect an own pawn and are not protected themselves: the base of each chain.
template <Color C>
constexpr Bitboard chain_bases(Bitboard own) {
  return own & pawn_attacks<~C>(own) & ~defended<C>(own);
}

// Squares on the side's relative ranks 3 and 4 that no own pawn attacks now or after
// advancing (no own pawn behind them on a neighbouring file).
template <Color C>
constexpr Bitboard holes(Bitboard own) {
  return (relative_rank_bb<C>(2) | relative_rank_bb<C>(3)) & ~attack_front_span<C>(own);
}

// Squares on the side's relative ranks 4 to 6 that an own pawn attacks and no enemy pawn
// can ever attack (no enemy pawn in front of them on a neighbouring file).
template <Color C>
constexpr Bitboard outposts(Bitboard own, Bitboard enemy) {
  const Bitboard ranks = relative_rank_bb<C>(3) | relative_rank_bb<C>(4) | relative_rank_bb<C>(5);
  return ranks & pawn_attacks<C>(own) & ~attack_front_span<~C>(enemy);
}

}  // namespace pawnkit
