// One game's PGN text from its source file: the lines from where the index says it
// starts to the line before the next game's first tag (or the end of the file).
#pragma once

#include <cstdint>
#include <string>

namespace pawnkit::serve {

// Appends the game starting at 1-based `line` of `file` (any of the CLI's containers);
// empty on success, else why not.
std::string read_game_text(const std::string& file, std::uint64_t line, std::string& out);

}  // namespace pawnkit::serve
