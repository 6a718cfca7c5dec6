// PawnReport: every key of the pattern spec for both sides of a position, computed set-wise
// in one pass with no allocation. It is composed of a pawn-only part (PawnOnlyReport,
// from the two pawn sets alone, cacheable under a pawn key) and the occupancy-dependent
// move keys.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/fill.hpp"
#include "pawnkit/pawns/moves.hpp"
#include "pawnkit/pawns/patterns.hpp"

namespace pawnkit {

// What the pawn report needs to know of a position.
struct PawnBoard {
  std::array<Bitboard, 2> pawns{};   // by colour
  std::array<Bitboard, 2> pieces{};  // every piece of a colour, pawns and king included
  Color side_to_move = White;
  Square en_passant = NoSquare;  // as the FEN gives it
  // At most 8 of the 24 phase points of material left (chess/phase.hpp); false for a
  // board of pawns alone, whose material is not known. Named structures are not given
  // in an ending.
  bool in_ending = false;

  constexpr Bitboard occupied() const { return pieces[0] | pieces[1]; }
};

// The keys of one side that depend on the two pawn sets alone: the pattern sets, the
// structure terms, the islands and the pawn attacks. An engine can cache these under a
// pawn key. Square sets are bitboards; `island_files` is the file set of the side's pawns,
// from which the island ranges are read (see island_ranges()).
struct PawnOnlySide {
  Bitboard pawns = 0, isolated = 0, half_isolated = 0, behind_own = 0, in_front_of_own = 0,
           doubled = 0, tripled = 0, phalanx = 0, duo = 0, trio = 0, quart = 0, open = 0,
           hanging = 0, passed = 0, backward = 0, defended = 0, rams = 0, levers = 0;
  Bitboard connected = 0, candidates = 0, chain_bases = 0, holes = 0, outposts = 0;
  int islands = 0;
  FileSet island_files = 0;
  Bitboard attacks = 0;

  bool operator==(const PawnOnlySide&) const = default;
};

// The keys of one side that depend on the other pieces (blockers, capture targets), the
// side to move and the en-passant square.
struct PawnMoveSide {
  Bitboard single_pushes = 0, double_pushes = 0, captures = 0, en_passant = 0, promotions = 0;

  bool operator==(const PawnMoveSide&) const = default;
};

// Every key of the pattern spec for one side.
struct SideReport : PawnOnlySide, PawnMoveSide {
  bool operator==(const SideReport&) const = default;
};

struct PawnOnlyReport {
  PawnOnlySide white, black;

  constexpr const PawnOnlySide& side(Color c) const { return c == White ? white : black; }
  bool operator==(const PawnOnlyReport&) const = default;
};

struct PawnReport {
  SideReport white, black;

  constexpr const SideReport& side(Color c) const { return c == White ? white : black; }
  bool operator==(const PawnReport&) const = default;
};

// The square-set keys in the pattern spec's order, for writers, tests and queries that walk
// every key: pattern_keys, then `islands` and `island_files`, then move_keys, then
// term_keys.
struct SquareSetKey {
  std::string_view name;
  Bitboard SideReport::*member;
};

// Every square-set key, in the pattern spec's order: the patterns (18), the move keys (6),
// the version 2 pawn structure terms (5; `holes` and `outposts` are squares, not pawns).
inline constexpr std::array<SquareSetKey, 29> square_set_keys{{
    {"pawns", &SideReport::pawns},
    {"isolated", &SideReport::isolated},
    {"half_isolated", &SideReport::half_isolated},
    {"behind_own", &SideReport::behind_own},
    {"in_front_of_own", &SideReport::in_front_of_own},
    {"doubled", &SideReport::doubled},
    {"tripled", &SideReport::tripled},
    {"phalanx", &SideReport::phalanx},
    {"duo", &SideReport::duo},
    {"trio", &SideReport::trio},
    {"quart", &SideReport::quart},
    {"open", &SideReport::open},
    {"hanging", &SideReport::hanging},
    {"passed", &SideReport::passed},
    {"backward", &SideReport::backward},
    {"defended", &SideReport::defended},
    {"rams", &SideReport::rams},
    {"levers", &SideReport::levers},
    // moves
    {"attacks", &SideReport::attacks},
    {"single_pushes", &SideReport::single_pushes},
    {"double_pushes", &SideReport::double_pushes},
    {"captures", &SideReport::captures},
    {"en_passant", &SideReport::en_passant},
    {"promotions", &SideReport::promotions},
    // terms
    {"connected", &SideReport::connected},
    {"candidates", &SideReport::candidates},
    {"chain_bases", &SideReport::chain_bases},
    {"holes", &SideReport::holes},
    {"outposts", &SideReport::outposts},
}};

// Count keys of square_set_keys from First on, as their own table.
template <std::size_t First, std::size_t Count>
constexpr std::array<SquareSetKey, Count> square_set_key_range() {
  static_assert(First + Count <= square_set_keys.size());
  std::array<SquareSetKey, Count> keys{};
  for (std::size_t k = 0; k < Count; ++k) keys[k] = square_set_keys[First + k];
  return keys;
}
inline constexpr auto pattern_keys = square_set_key_range<0, 18>();
inline constexpr auto move_keys = square_set_key_range<18, 6>();
inline constexpr auto term_keys = square_set_key_range<24, 5>();
static_assert(pattern_keys.back().name == "levers" && move_keys.back().name == "promotions" &&
              term_keys.back().name == "outposts");

// The pawn-only square sets that statistics count: pattern_keys, then term_keys. They are
// PawnOnlySide's first members, in that order.
inline constexpr std::array<SquareSetKey, pattern_keys.size() + term_keys.size()> pawn_set_keys =
    [] {
      std::array<SquareSetKey, pattern_keys.size() + term_keys.size()> keys{};
      std::size_t n = 0;
      for (const auto& k : pattern_keys) keys[n++] = k;
      for (const auto& k : term_keys) keys[n++] = k;
      return keys;
    }();

// A side's pawn_set_keys sets as one array, in that order. At run time this is one copy
// (which vectorizes; tests check the layout against pawn_set_keys).
constexpr std::array<Bitboard, pawn_set_keys.size()> pawn_sets(const PawnOnlySide& side) {
  static_assert(offsetof(PawnOnlySide, pawns) == 0 &&
                offsetof(PawnOnlySide, outposts) == (pawn_set_keys.size() - 1) * sizeof(Bitboard));
  std::array<Bitboard, pawn_set_keys.size()> sets;
  if (std::is_constant_evaluated()) {
    const SideReport report{side, {}};
    for (std::size_t k = 0; k < sets.size(); ++k) sets[k] = report.*pawn_set_keys[k].member;
  } else {
    std::memcpy(sets.data(), &side, sizeof sets);
  }
  return sets;
}

// The pawn-only keys of side C that depend on its own pawns alone: every member of r but
// open, hanging, passed, backward, rams, levers, candidates and outposts, which are left
// as they are. A caller that keeps r while C's pawns stay the same (the other side's moved)
// sets only the rest again (set_enemy_pawn_keys).
template <Color C>
constexpr void set_own_pawn_keys(PawnOnlySide& r, Bitboard own) {
  r.pawns = own;
  r.isolated = isolated(own);
  r.half_isolated = half_isolated(own);
  r.behind_own = behind_own<C>(own);
  r.in_front_of_own = in_front_of_own<C>(own);
  r.doubled = doubled<C>(own);
  r.tripled = tripled<C>(own);
  r.phalanx = phalanx(own);
  r.duo = duo(own);
  r.trio = trio(own);
  r.quart = quart(own);
  r.defended = defended<C>(own);
  r.connected = connected<C>(own);
  r.chain_bases = chain_bases<C>(own);
  r.holes = holes<C>(own);
  r.island_files = file_set(own);
  r.islands = island_count(r.island_files);
  r.attacks = pawn_attacks<C>(own);
}

// The pawn-only keys of side C that depend on the enemy's pawns too. r's own-pawn keys
// (set_own_pawn_keys) must be those of `own`: hanging pawns are read from them.
template <Color C>
constexpr void set_enemy_pawn_keys(PawnOnlySide& r, Bitboard own, Bitboard enemy) {
  r.open = open_pawns<C>(own, enemy);
  r.hanging = hanging_of(r.open, r.half_isolated, r.duo);
  r.passed = passed<C>(own, enemy);
  r.backward = backward<C>(own, enemy);
  r.rams = rams<C>(own, enemy);
  r.levers = levers<C>(own, enemy);
  r.candidates = candidates<C>(own, enemy);
  r.outposts = outposts<C>(own, enemy);
}

// The pawn-only keys of side C, from its pawns and the enemy's.
template <Color C>
constexpr PawnOnlySide pawn_only_side(Bitboard own, Bitboard enemy) {
  PawnOnlySide r;
  set_own_pawn_keys<C>(r, own);
  set_enemy_pawn_keys<C>(r, own, enemy);
  return r;
}

// The pawn-only keys of both sides: what a pawn hash table keeps.
constexpr PawnOnlyReport pawn_only_report(Bitboard white_pawns, Bitboard black_pawns) {
  return {pawn_only_side<White>(white_pawns, black_pawns),
          pawn_only_side<Black>(black_pawns, white_pawns)};
}

// The occupancy-dependent keys of side C.
template <Color C>
constexpr PawnMoveSide pawn_move_side(const PawnBoard& board) {
  const Bitboard own = board.pawns[index(C)];
  const Bitboard occupied = board.occupied(), enemy_pieces = board.pieces[index(~C)];
  PawnMoveSide r;
  r.single_pushes = single_pushes<C>(own, occupied);
  r.double_pushes = double_pushes<C>(own, occupied);
  r.captures = pawn_captures<C>(own, enemy_pieces);
  r.en_passant = board.side_to_move == C ? en_passant_captures<C>(own, board.en_passant) : 0;
  r.promotions = promotions<C>(own, occupied, enemy_pieces);
  return r;
}

// The report of side C.
template <Color C>
constexpr SideReport side_report(const PawnBoard& board) {
  return {pawn_only_side<C>(board.pawns[index(C)], board.pawns[index(~C)]),
          pawn_move_side<C>(board)};
}

// The full report from a pawn-only report already at hand (say, from a pawn hash table):
// `pawn_only` must be pawn_only_report(board.pawns[0], board.pawns[1]).
constexpr PawnReport pawn_report(const PawnBoard& board, const PawnOnlyReport& pawn_only) {
  return {{pawn_only.white, pawn_move_side<White>(board)},
          {pawn_only.black, pawn_move_side<Black>(board)}};
}

// Side by side rather than through a PawnOnlyReport: the compiler then builds each side in
// place (a third faster on pawn_report_bench than copying the pawn-only parts).
constexpr PawnReport pawn_report(const PawnBoard& board) {
  return {side_report<White>(board), side_report<Black>(board)};
}

// Island ranges, west to east, as (first file, last file) pairs; at most four.
struct IslandRange {
  int first_file, last_file;
};
struct IslandRanges {
  std::array<IslandRange, 4> ranges{};
  int count = 0;
};

constexpr IslandRanges island_ranges(FileSet files) {
  IslandRanges out;
  FileSet west = island_west_files(files), east = island_east_files(files);
  while (west) {
    const int first = std::countr_zero(west), last = std::countr_zero(east);
    out.ranges[std::size_t(out.count++)] = {first, last};
    west &= west - 1;
    east &= east - 1;
  }
  return out;
}

}  // namespace pawnkit
