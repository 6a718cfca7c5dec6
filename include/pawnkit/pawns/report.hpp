// PawnReport: every key of the contract for both sides of a position, computed set-wise
// in one pass with no allocation.
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

  constexpr Bitboard occupied() const { return pieces[0] | pieces[1]; }
};

// The contract's keys for one side. Square sets are bitboards; `island_files` is the file
// set of the side's pawns, from which the island ranges are read (see islands()).
struct SideReport {
  Bitboard pawns = 0, isolated = 0, half_isolated = 0, behind_own = 0, in_front_of_own = 0,
           doubled = 0, tripled = 0, phalanx = 0, duo = 0, trio = 0, quart = 0, open = 0,
           hanging = 0, passed = 0, backward = 0, defended = 0, rams = 0, levers = 0;
  int islands = 0;
  FileSet island_files = 0;
  Bitboard attacks = 0, single_pushes = 0, double_pushes = 0, captures = 0, en_passant = 0,
           promotions = 0;

  bool operator==(const SideReport&) const = default;
};

struct PawnReport {
  SideReport white, black;

  constexpr const SideReport& side(Color c) const { return c == White ? white : black; }
  bool operator==(const PawnReport&) const = default;
};

// The square-set keys in the contract's order, for writers, tests and queries that walk
// every key. `islands` and `island_files` sit between `levers` and `attacks`.
struct SquareSetKey {
  std::string_view name;
  Bitboard SideReport::*member;
};

inline constexpr std::array<SquareSetKey, 18> pattern_keys{{
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
}};

// A side's pattern sets as one array, in pattern_keys' order. They are SideReport's first
// members, in that order, so at run time this is one copy (which vectorizes; tests check
// the order against pattern_keys).
constexpr std::array<Bitboard, pattern_keys.size()> pattern_sets(const SideReport& side) {
  static_assert(offsetof(SideReport, pawns) == 0 &&
                offsetof(SideReport, levers) == (pattern_keys.size() - 1) * sizeof(Bitboard));
  std::array<Bitboard, pattern_keys.size()> sets;
  if (std::is_constant_evaluated()) {
    for (std::size_t k = 0; k < sets.size(); ++k) sets[k] = side.*pattern_keys[k].member;
  } else {
    std::memcpy(sets.data(), &side, sizeof sets);
  }
  return sets;
}

inline constexpr std::array<SquareSetKey, 6> move_keys{{
    {"attacks", &SideReport::attacks},
    {"single_pushes", &SideReport::single_pushes},
    {"double_pushes", &SideReport::double_pushes},
    {"captures", &SideReport::captures},
    {"en_passant", &SideReport::en_passant},
    {"promotions", &SideReport::promotions},
}};

// The report of side C.
template <Color C>
constexpr SideReport side_report(const PawnBoard& board) {
  const Bitboard own = board.pawns[index(C)], enemy = board.pawns[index(~C)];
  const Bitboard occupied = board.occupied(), enemy_pieces = board.pieces[index(~C)];
  SideReport r;
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
  r.open = open_pawns<C>(own, enemy);
  r.hanging = r.open & r.half_isolated & r.duo;
  r.passed = passed<C>(own, enemy);
  r.backward = backward<C>(own, enemy);
  r.defended = defended<C>(own);
  r.rams = rams<C>(own, enemy);
  r.levers = levers<C>(own, enemy);
  r.island_files = file_set(own);
  r.islands = island_count(r.island_files);
  r.attacks = pawn_attacks<C>(own);
  r.single_pushes = single_pushes<C>(own, occupied);
  r.double_pushes = double_pushes<C>(own, occupied);
  r.captures = r.attacks & enemy_pieces;
  r.en_passant = board.side_to_move == C ? en_passant_captures<C>(own, board.en_passant) : 0;
  r.promotions = (r.single_pushes | r.captures) & relative_rank_bb<C>(7);
  return r;
}

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
