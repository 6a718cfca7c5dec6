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

// The key of a FEN/EPD record: content_hash's scheme over the record's FEN; the same
// position has the same key in any file.
inline index_db::ContentHash record_key(std::string_view fen) {
  return index_db::content_hash(fen);
}

// A key as the 32 hex digits Python sees (high half first).
inline std::string key_hex(std::uint64_t high, std::uint64_t low) {
  char hex[33];
  std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(high),
                static_cast<unsigned long long>(low));
  return std::string(hex, 32);
}

}  // namespace pawnkit::python
