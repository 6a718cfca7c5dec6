// One game's visit of one key in a batch of `index add`, waiting for the batch to be
// sorted and summed: 24 bytes (a batch of long games holds over a million; 32 bytes took
// a third more memory to fill and to move in the sort). The key and
// the cell are packed in one 128-bit number whose order is the order of the key's bytes
// (RocksDB's), then the cell's: the sort of a batch compares one number (measured on the
// 1.4 million rows of a tag-heavy batch: 0.58 of the time of comparing the kind, both
// words and the cell in turn).
//
// The packing holds what the keys hold: an exact or centre key's two pawn bitboards have
// nothing on ranks 1 and 8 (no pawn stands there: the FEN reader refuses one and a pawn
// reaching the last rank promotes), so each fits in 48 bits; a structure key's two bytes
// stand on top of its high word and its low word is zero; a cell is below 2^30 (a rating
// band below 100 above bit 20: Cell::id). The kinds 'C' < 'E' < 'S' are 0, 1, 2.
//   hi: kind (2 bits), high's 48 bits, low's first 14 of 48
//   lo: low's other 34 bits, cell (30 bits)
#pragma once

#include <cstdint>

#include "index/keys.hpp"

namespace pawnkit::index_db {

struct BatchRow {
  std::uint64_t key_hi = 0, key_lo = 0;
  // The visit, from the top: the game's place in the batch (IndexBuilder::BatchGame, 24
  // bits: --batch-games is at most 2^22), the first ply (16 bits: a game has at most
  // GameLimits::max_plies, 20,000), the move (code + 1, 16 bits; 0: the game ended there),
  // the plies the placement held (8 bits, at most 40: all model_score counts).
  std::uint64_t visit = 0;

  // False, the row untouched, when a field is outside its bits.
  bool set_visit(std::uint32_t game, std::uint32_t first_ply, std::uint16_t move,
                 std::uint32_t held) {
    if (game >= 1U << 24 || first_ply >= 1U << 16 || held >= 1U << 8) return false;
    visit = std::uint64_t(game) << 40 | std::uint64_t(first_ply) << 24 | std::uint64_t(move) << 8 |
            held;
    return true;
  }
  std::uint32_t game() const { return std::uint32_t(visit >> 40); }
  std::uint32_t first_ply() const { return std::uint32_t(visit >> 24) & 0xffff; }
  std::uint16_t move() const { return std::uint16_t(visit >> 8); }
  std::uint8_t held() const { return std::uint8_t(visit); }

  // Packs a key and a cell into `key_hi` and `key_lo`; false, the row untouched, when they
  // are outside what the packing holds (see above: never for the keys a replay makes).
  bool set_key(const KeyWords& key, std::uint32_t cell) {
    const auto [high, low, kind] = key;
    std::uint64_t code, high48, low48;
    if (kind == center || kind == exact) {
      if ((high | low) & back_ranks) return false;
      code = kind == center ? 0 : 1;
      high48 = high >> 8;
      low48 = low >> 8;
    } else if (kind == structure) {
      if ((high & 0xffff) || low) return false;
      code = 2;
      high48 = high >> 16;
      low48 = 0;
    } else {
      return false;
    }
    if (cell >= cell_limit) return false;
    key_hi = code << 62 | high48 << 14 | low48 >> 34;
    key_lo = (low48 & low_mask) << cell_bits | cell;
    return true;
  }
  // The key as it went in.
  KeyWords key() const { return {high(), low(), kind()}; }
  char kind() const {
    constexpr char by_code[] = {center, exact, structure};
    return by_code[key_hi >> 62];
  }
  std::uint64_t high() const {
    const std::uint64_t high48 = (key_hi >> 14) & word48;
    return kind() == structure ? high48 << 16 : high48 << 8;
  }
  std::uint64_t low() const {
    const std::uint64_t low48 = (key_hi & ((1ULL << 14) - 1)) << 34 | key_lo >> cell_bits;
    return low48 << 8;  // zero for a structure key
  }
  std::uint32_t cell() const { return std::uint32_t(key_lo & (cell_limit - 1)); }
  bool same_key(const BatchRow& o) const {
    return key_hi == o.key_hi && (key_lo >> cell_bits) == (o.key_lo >> cell_bits);
  }
  // The key, then the cell. One 128-bit comparison where the compiler has one (the two
  // words compared in turn took 1.2x its time), without branches either way: the data
  // mispredicts them.
  bool operator<(const BatchRow& o) const {
#ifdef __SIZEOF_INT128__
    __extension__ typedef unsigned __int128 U128;  // a GCC and Clang type: no pedantic warning
    return (U128(key_hi) << 64 | key_lo) < (U128(o.key_hi) << 64 | o.key_lo);
#else
    return (key_hi < o.key_hi) | ((key_hi == o.key_hi) & (key_lo < o.key_lo));
#endif
  }

 private:
  static constexpr char center = char(MatchKind::Center), exact = char(MatchKind::Exact),
                        structure = char(MatchKind::Structure);  // codes 0, 1, 2: in order
  static_assert(center < exact && exact < structure);
  static constexpr std::uint64_t word48 = (1ULL << 48) - 1;
  static constexpr std::uint64_t low_mask = (1ULL << 34) - 1;
  static constexpr int cell_bits = 30;
  static constexpr std::uint32_t cell_limit = 1U << cell_bits;
};
static_assert(sizeof(BatchRow) == 24);

}  // namespace pawnkit::index_db
