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
// structure and summary are not worked out again. One entry per pawn key modulo the
// table size, the newest placement kept; an entry is used only when both pawn sets are
// equal, so the summary is always pawn_summary() of the position's pawns.
// The table is small (32 KB) on purpose: the reader streams the games' text through the
// caches between two look-ups, and at 512 KB nearly every look-up waited for memory
// (18-21 % of `stats --threads 1`, shown under memcmp); at 32 KB it stays cached and
// `stats` took some 15 % less time though fewer placements are found (docs/speed.md).
class PawnSummaryCache {
 public:
  // 2^size_bits entries of 32 bytes (tests use small tables, where placements share them).
  explicit PawnSummaryCache(int size_bits = 10) : entries_(std::size_t{1} << size_bits) {}

  const PawnSummary& operator()(const Position& pos) {
    const Bitboard white = pos.pawns(White);
    const Bitboard black = pos.pawns(Black);
    last_ = pos.pawn_key() & (entries_.size() - 1);
    Entry& entry = entries_[last_];
    // Word by word: std::array's == is a call to memcmp here.
    if (entry.pawns[0] != white || entry.pawns[1] != black) {
      entry.pawns = {white, black};
      entry.summary = pawn_summary(white, black);
    }
    return entry.summary;
  }

  // What the last call returned: no other placement replaces it before the next call.
  const PawnSummary& last() const { return entries_[last_].summary; }

 private:
  struct Entry {
    std::array<Bitboard, 2> pawns{~Bitboard{0}, ~Bitboard{0}};  // no position's pawns
    PawnSummary summary;
  };
  static_assert(sizeof(Entry) == 32);
  std::vector<Entry> entries_;
  std::size_t last_ = 0;  // the entry of the last call
};

}  // namespace pawnkit::analysis
