// The keys of the index (one RocksDB column family, a one-byte prefix per kind of key):
//
//   'V'                      the format version ("pawnkit-index 6")
//   'M'                      totals: games indexed, the next game number
//   'F' file name            games added from that source file
//   'H' 16-byte content hash the number of the game with that content (adding it again
//                            finds it here and changes nothing)
//   'G' 4-byte game number   the game's record (players, ratings, date, source: GameInfo)
//   'E' 6+6 bytes            an exact pawn placement: White's then Black's pawn bitboard,
//                            ranks 7 to 2 (no pawn stands on rank 1 or 8)
//   'C' 6+6 bytes            a centre placement: the pawns on the c- to f-files alone
//   'S' id, side             a named structure and the side holding it
//   'B' table, first key     a chunk of the 'C' and 'E' values of at most lean_visits_max
//                            games of one table file (the RocksDB store: lean_chunks.hpp)
//
// E, C and S keys hold a PlacementStats value that RocksDB's merge operator sums.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include <pawnkit/bitboard.hpp>
#include <pawnkit/pawns/structures.hpp>

#include "index/bytes.hpp"

namespace pawnkit::index_db {

// 2: a game's record holds its byte offset; 3: a counts value of one game has a short
// form, which a reader of 2 would refuse as corrupt; 4: a candidate keeps 16 bits of its
// tiebreak and a game's record the whole word, the values' numbers are written shorter,
// and the content hash reads words (word_hash.hpp); 5: a key of at most lean_visits_max
// games keeps their visits, not cells (placement_stats.hpp: LeanVisit), and a placement
// key leaves out ranks 1 and 8; 6: those keys' values are packed in chunks of many
// (lean_chunks.hpp), which a reader of 5 would not see.
inline constexpr std::string_view format_version = "pawnkit-index 6";

enum class MatchKind : char { Exact = 'E', Center = 'C', Structure = 'S' };

// The c-, d-, e- and f-files: the centre a Carlsbad or a Maroczy bind is named by.
inline constexpr Bitboard center_files = 0x3c3c3c3c3c3c3c3cULL;

// No pawn stands on rank 1 or 8 (the FEN reader refuses one, a pawn reaching the last
// rank promotes): a placement key keeps a bitboard's ranks 7 to 2, 6 bytes big-endian.
inline constexpr Bitboard back_ranks = 0xff000000000000ffULL;
inline constexpr std::size_t placement_key_size = 1 + 6 + 6;

inline std::string structure_key(StructureId id, Color side) {
  std::string key(1, static_cast<char>(MatchKind::Structure));
  key.push_back(static_cast<char>(id));
  key.push_back(static_cast<char>(side == White ? 0 : 1));
  return key;
}

inline std::string game_key(std::uint32_t number) {
  std::string key(1, 'G');
  put_fixed32(key, number);
  return key;
}

struct ContentHash {
  std::uint64_t high = 0, low = 0;
  bool operator==(const ContentHash&) const = default;
};

inline std::string hash_key(const ContentHash& h) {
  std::string key(1, 'H');
  put_fixed64(key, h.high);
  put_fixed64(key, h.low);
  return key;
}

// A placement or structure key's bytes held in place (no allocation): the writer makes one
// per key of a batch, a query one per FEN.
struct PackedKey {
  std::array<char, placement_key_size> bytes{};
  std::uint8_t size = 0;
  std::string_view view() const { return {bytes.data(), size}; }
  bool empty() const { return size == 0; }
  bool operator==(const PackedKey& o) const { return view() == o.view(); }
  bool operator<(const PackedKey& o) const { return view() < o.view(); }
};

// A placement or structure key as its kind byte and two words: an exact or centre key's
// pawn bitboards (their ranks 7 to 2 are the key's bytes), a structure key's id and side
// on top of `high` (its two bytes). (kind, high, low) compare as the key's bytes do. The workers
// make one per change of pawns in registers: a PackedKey's bytes, stored one at a time and then
// read back whole to be copied, made each load wait for the stores (a sixth of the tracker's time).
struct KeyWords {
  std::uint64_t high = 0, low = 0;
  char kind = 0;  // a MatchKind, or 0: no key
  bool empty() const { return kind == 0; }
  bool operator==(const KeyWords&) const = default;
  PackedKey packed() const {
    PackedKey k;
    k.bytes[0] = kind;
    if (kind == static_cast<char>(MatchKind::Structure)) {
      k.bytes[1] = static_cast<char>(high >> 56);
      k.bytes[2] = static_cast<char>(high >> 48);
      k.size = 3;
      return k;
    }
    for (std::size_t i = 0; i < 6; ++i) {
      k.bytes[1 + i] = static_cast<char>(high >> (48 - 8 * i));
      k.bytes[7 + i] = static_cast<char>(low >> (48 - 8 * i));
    }
    k.size = kind == 0 ? 0 : std::uint8_t(placement_key_size);
    return k;
  }
};

// placement_key and structure_key as words, and as bytes held in place (a 17-byte
// std::string is past the short-string buffer: measured, its allocations were 4% of a
// build's instructions).
inline KeyWords placement_words(MatchKind kind, Bitboard white, Bitboard black) {
  if (kind == MatchKind::Center) {
    white &= center_files;
    black &= center_files;
  }
  return {white, black, static_cast<char>(kind)};
}

inline KeyWords structure_words(StructureId id, Color side) {
  const std::uint64_t high = (std::uint64_t(static_cast<unsigned char>(id)) << 56) |
                             (std::uint64_t(side == White ? 0 : 1) << 48);
  return {high, 0, static_cast<char>(MatchKind::Structure)};
}

inline PackedKey packed_placement_key(MatchKind kind, Bitboard white, Bitboard black) {
  return placement_words(kind, white, black).packed();
}

inline std::string placement_key(MatchKind kind, Bitboard white, Bitboard black) {
  return std::string(packed_placement_key(kind, white, black).view());
}

// The bitboards of an exact or centre key's bytes after its kind (false: not 12 bytes).
inline bool placement_of_key(std::string_view bytes, Bitboard& white, Bitboard& black) {
  if (bytes.size() != placement_key_size - 1) return false;
  white = black = 0;
  for (std::size_t i = 0; i < 6; ++i) {
    white = white << 8 | static_cast<unsigned char>(bytes[i]);
    black = black << 8 | static_cast<unsigned char>(bytes[6 + i]);
  }
  white <<= 8;
  black <<= 8;
  return true;
}

inline PackedKey packed_structure_key(StructureId id, Color side) {
  return structure_words(id, side).packed();
}

inline bool is_stats_key(std::string_view key) {
  return !key.empty() && (key[0] == 'E' || key[0] == 'C' || key[0] == 'S');
}

}  // namespace pawnkit::index_db
