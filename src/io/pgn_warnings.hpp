// How the reader's repairs (warnings) reach the user: one line per warning on standard
// error, in input order, and their number in the closing summary. They never change the
// exit status; a strict reader (PgnReaderOptions::strict) reports them as errors instead.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "io/game_record.hpp"

namespace pawnkit::io {

// Appends "pawnkit: FILE:LINE: game N: warning: MESSAGE\n" for each of the game's warnings.
void append_warnings(const GameRecord& game, std::string& err);

// Prints "pawnkit COMMAND: N warnings (input repaired; see above)" when N > 0.
void report_warning_total(std::string_view command, std::size_t warnings);

}  // namespace pawnkit::io
