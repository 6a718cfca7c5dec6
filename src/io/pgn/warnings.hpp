// How the reader's repairs (warnings) reach the user: one Diagnostic of severity Warning
// per repair, in input order, printed like every other message
// ("pawnkit: FILE:LINE: game N: warning: ..."), and their number in the closing summary
// (cli::report_warning_total). They never change the exit status; a strict reader
// (PgnReaderOptions::strict) reports them as errors instead.
#pragma once

#include <vector>

#include "io/diagnostic.hpp"
#include "io/game_record.hpp"

namespace pawnkit::io {

// Adds one warning for each of the game's repairs.
void append_warnings(const GameRecord& game, std::vector<Diagnostic>& diagnostics);

}  // namespace pawnkit::io
