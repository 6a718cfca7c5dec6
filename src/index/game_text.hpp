// One game's PGN text from its source file, where the index recorded it: from the byte
// offset of its first byte to the end of its last non-blank line (the line before the next
// game's first tag, or the end of the file), the bytes as they are in the file (CRLF
// line ends kept). A plain file is read from the offset (one seek). A compressed file
// (.gz, .bz2, .zst) has no byte offsets of its text to seek to: it is decompressed from
// its start and the bytes before the offset are skipped, not parsed.
#pragma once

#include <cstdint>
#include <string>

namespace pawnkit::index_db {

// Appends the game at `offset` of `file` to `out`; empty on success, else why not.
std::string read_game_text(const std::string& file, std::uint64_t offset, std::string& out);

}  // namespace pawnkit::index_db
