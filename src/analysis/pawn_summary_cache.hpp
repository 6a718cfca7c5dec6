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
// table size (512 KB), the newest placement kept; an entry is used only when both pawn
// sets are equal, so the summary is always pawn_summary() of the position's pawns.
class PawnSummaryCache {
 public:
  // 2^size_bits entries of 32 bytes (tests use small tables, where placements share them).
  explicit PawnSummaryCache(int size_bits = 14) : entries_(std::size_t{1} << size_bits) {}

  const PawnSummary& operator()(const Position& pos) {
    const std::array<Bitboard, 2> pawns{pos.pawns(White), pos.pawns(Black)};
    Entry& entry = entries_[pos.pawn_key() & (entries_.size() - 1)];
    if (entry.pawns != pawns) {
      entry.pawns = pawns;
      entry.summary = pawn_summary(pawns[0], pawns[1]);
    }
    return entry.summary;
  }

 private:
  struct Entry {
    std::array<Bitboard, 2> pawns{~Bitboard{0}, ~Bitboard{0}};  // no position's pawns
    PawnSummary summary;
  };
  static_assert(sizeof(Entry) == 32);
  std::vector<Entry> entries_;
};

}  // namespace pawnkit::analysis
