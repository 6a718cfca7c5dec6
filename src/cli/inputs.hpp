// The input files named on a command line, for the commands that read records (analyze,
// find, stats): each opened in turn ('-' is standard input), the ones that cannot be
// opened reported on standard error, and FEN/EPD told from PGN (io/source/input_format.hpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cli/output.hpp"
#include "io/source/input_format.hpp"

namespace pawnkit::cli {

// Calls on_input(file, opened) for each file that opens, in order, while it returns true.
// `kind` is an --input value ("auto", "epd", "pgn"). Returns false when some file could
// not be opened (it was reported; the files after it are still read).
template <class OnInput>
bool for_each_input(const std::vector<std::string_view>& files, std::string_view kind,
                    OnInput&& on_input) {
  bool all_opened = true;
  for (std::string_view file : files) {
    io::OpenedInput opened = io::open_input(std::string(file), io::parse_input_format(kind));
    if (!opened.ok()) {
      report(io::Diagnostic{.message = opened.error});
      all_opened = false;
      continue;
    }
    if (!on_input(file, opened)) break;
  }
  return all_opened;
}

}  // namespace pawnkit::cli
