// The pawn summaries (stats.hpp) of the pawn placements a stats worker met, over all its
// games.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "analysis/stats.hpp"

namespace pawnkit::analysis {

// Within a game a pawn placement never comes back (pawn moves and captures cannot be
// undone), but across games it often does: every game of an opening passes through the
// same few. On the Magnus Carlsen games about a quarter of the placements a game reaches
// were met before by the time it gets there, and then their pawn-only report, named
// structure and summary are not worked out again. One entry per hash of the two pawn
// sets modulo the table size, the newest placement kept; an entry is used only when both
// pawn sets are equal, so the summary is always pawn_summary() of the position's pawns.
// A table larger than the caches is only worth it when its entries are asked for ahead
// (prefetch): the reader streams the games' text through the caches between two
// look-ups, and at 512 KB a look-up as the position came waited for memory (18-21 % of
// `stats --threads 1`, docs/speed.md). StatsWorker asks for each new placement's entry as
// the replay reaches it and looks the game's placements up once the game is replayed.
class PawnSummaryCache {
 public:
  // 2^size_bits entries of 32 bytes (tests use small tables, where placements share them).
  explicit PawnSummaryCache(int size_bits = 14)
      : entries_(std::size_t{1} << size_bits), mask_((std::size_t{1} << size_bits) - 1) {}

  const PawnSummary& operator()(Bitboard white, Bitboard black) {
    Entry& entry = entries_[slot(white, black)];
    // Word by word: std::array's == is a call to memcmp here.
    if (entry.pawns[0] != white || entry.pawns[1] != black) {
      entry.pawns = {white, black};
      update_side<White>(sides_[0], white, black);
      update_side<Black>(sides_[1], black, white);
      entry.summary = pawn_summary(sides_[0], sides_[1]);
    }
    return entry.summary;
  }
  const PawnSummary& operator()(const Position& pos) {
    return (*this)(pos.pawns(White), pos.pawns(Black));
  }

  // Asks for the entry of these pawns to be brought into the caches, for a look-up soon.
  void prefetch(Bitboard white, Bitboard black) const {
    __builtin_prefetch(&entries_[slot(white, black)]);
  }

 private:
  struct Entry {
    std::array<Bitboard, 2> pawns{~Bitboard{0}, ~Bitboard{0}};  // no position's pawns
    PawnSummary summary;
  };
  static_assert(sizeof(Entry) == 32);

  // The high bits of a multiplicative hash of both sets (the low bits of a product depend
  // on the low squares alone); tables of up to 2^24 entries.
  std::size_t slot(Bitboard white, Bitboard black) const {
    return std::size_t(((white * 0x9E3779B97F4A7C15u) ^ (black * 0xC2B2AE3D27D4EB4Fu)) >> 40) &
           mask_;
  }

  // The pawn-only keys of each side for the last placement worked out. Most moves change
  // one side's pawns (a pawn move, a piece taking a pawn), so the other side's keys that
  // depend on its own pawns alone are kept (about half of pawn_only_side's work).
  template <Color C>
  static void update_side(PawnOnlySide& side, Bitboard own, Bitboard enemy) {
    if (side.pawns != own) set_own_pawn_keys<C>(side, own);
    set_enemy_pawn_keys<C>(side, own, enemy);
  }

  std::vector<Entry> entries_;
  std::size_t mask_;
  // Made for no position's pawns (all 64 squares), so the first placement sets them.
  std::array<PawnOnlySide, 2> sides_{PawnOnlySide{.pawns = ~Bitboard{0}},
                                     PawnOnlySide{.pawns = ~Bitboard{0}}};
};

}  // namespace pawnkit::analysis
