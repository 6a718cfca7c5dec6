// The command table: each command lives in its own file (analyze.cpp, show.cpp, ...)
// and is listed once in commands.cpp.
#pragma once

#include <span>
#include <string_view>
#include <vector>

namespace pawnkit::cli {

// A command's arguments, after the command name.
using Args = std::vector<std::string_view>;

struct Command {
  std::string_view name;
  std::string_view summary;  // one line for 'pawnkit --help'
  int (*run)(const Args& args);
};

std::span<const Command> commands();

}  // namespace pawnkit::cli
