// game_key, the key of a game in every frame of the module: the structure index's 128-bit
// content hash (index/game_visits.hpp: tags and moves) of a PGN game, the same scheme over
// the FEN of a FEN/EPD record, written as 32 hex digits. Content, not file and offset: a
// shard of `pawnkit split` holds a game's bytes at another offset.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "index/game_visits.hpp"

namespace pawnkit::python {

// The key of a FEN/EPD record: FNV-1a twice (two bases) and a splitmix64 finalizer, as
// content_hash, over the record's FEN; the same position has the same key in any file.
inline index_db::ContentHash record_key(std::string_view fen) {
  std::uint64_t a = 0xcbf29ce484222325ULL, b = 0x84222325cbf29ce4ULL;
  for (char c : fen) {
    a = (a ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    b = (b ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  }
  auto mix = [](std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  };
  return {mix(a), mix(b ^ 0x9e3779b97f4a7c15ULL)};
}

// A key as the 32 hex digits Python sees (high half first).
inline std::string key_hex(std::uint64_t high, std::uint64_t low) {
  char hex[33];
  std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(high),
                static_cast<unsigned long long>(low));
  return std::string(hex, 32);
}

}  // namespace pawnkit::python
