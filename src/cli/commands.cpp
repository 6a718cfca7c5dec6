#include "cli/commands.hpp"

#include <array>

namespace pawnkit::cli {

std::span<const Command> commands() {
  static const std::array<Command, 0> table{};
  return table;
}

}  // namespace pawnkit::cli
