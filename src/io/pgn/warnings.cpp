#include "io/pgn/warnings.hpp"

namespace pawnkit::io {

void append_warnings(const GameRecord& game, std::vector<Diagnostic>& diagnostics) {
  for (const GameRecord::ReaderError& w : game.warnings)
    diagnostics.push_back(Diagnostic{.file = std::string(game.file),
                                     .line = w.line,
                                     .game = game.number,
                                     .message = w.message,
                                     .severity = Severity::Warning});
}

}  // namespace pawnkit::io
