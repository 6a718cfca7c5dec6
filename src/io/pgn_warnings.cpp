#include "io/pgn_warnings.hpp"

#include <cstdio>

namespace pawnkit::io {

void append_warnings(const GameRecord& game, std::string& err) {
  for (const GameRecord::ReaderError& w : game.warnings) {
    err += "pawnkit: ";
    err += game.file;
    err += ':';
    err += std::to_string(w.line);
    err += ": game ";
    err += std::to_string(game.number);
    err += ": warning: ";
    err += w.message;
    err += '\n';
  }
}

void report_warning_total(std::string_view command, std::size_t warnings) {
  if (warnings == 0) return;
  std::fprintf(stderr, "pawnkit %.*s: %zu warning%s (input repaired; see above)\n",
               static_cast<int>(command.size()), command.data(), warnings,
               warnings == 1 ? "" : "s");
}

}  // namespace pawnkit::io
