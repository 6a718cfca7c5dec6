#include "cli/commands.hpp"

#include <array>

namespace pawnkit::cli {

// Each command's entry point, defined in its own file.
int run_analyze(const Args& args);
int run_show(const Args& args);

std::span<const Command> commands() {
  static const std::array table{
      Command{"analyze", "pawn-structure report for every position of FEN/EPD input", &run_analyze},
      Command{"show", "a position as a diagram with chosen pawn patterns marked", &run_show},
  };
  return table;
}

}  // namespace pawnkit::cli
