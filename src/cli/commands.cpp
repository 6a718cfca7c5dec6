#include "cli/commands.hpp"

#include <array>

namespace pawnkit::cli {

int run_perft(const Args& args);
int run_bench(const Args& args);

std::span<const Command> commands() {
  static const std::array<Command, 2> table{{
      {"perft", "count legal move tree nodes by root move (Stockfish 'go perft' format)",
       &run_perft},
      {"bench", "perft speed in nodes per second over fixed positions", &run_bench},
  }};
  return table;
}

}  // namespace pawnkit::cli
