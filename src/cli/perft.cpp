// pawnkit perft DEPTH [FEN]: legal move tree node counts, split by root move, in
// Stockfish's `go perft` output format.
#include <cstdio>
#include <pawnkit/chess/divide.hpp>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/chess/perft.hpp>
#include <string>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"

namespace pawnkit::cli {

int run_perft(const Args& args) {
  bool chess960 = false;
  Options options(
      "perft", "perft [--chess960] DEPTH [FEN]",
      "Counts the leaf nodes of the legal move tree DEPTH plies deep (1 to 20) from FEN\n"
      "(default: the start position), one line per root move, then the total, as\n"
      "Stockfish's 'go perft' prints them:\n"
      "\n"
      "  e2e4: 9771632\n"
      "  ...\n"
      "\n"
      "  Nodes searched: 119060324\n"
      "\n"
      "The FEN may be one argument or its fields as separate arguments; sloppy FEN is\n"
      "repaired with a warning per repair. A bad FEN or a position that cannot be\n"
      "played exits with 1, a bad command line with 2.");
  options
      .flag("chess960", chess960, "print castling as king takes rook (e1h1), as UCI_Chess960 does")
      .needs_operand("DEPTH");
  std::vector<std::string_view> rest;
  if (const auto status = options.parse(args, rest)) return *status;
  const std::optional<int> depth = parse_int_in_range(rest[0], 1, 20);
  if (!depth) {
    report_error("perft", "bad depth '" + std::string(rest[0]) + "' (expected 1 to 20)");
    return 2;
  }
  std::string fen;
  for (std::size_t i = 1; i < rest.size(); ++i) {
    if (i > 1) fen += ' ';
    fen += rest[i];
  }
  if (fen.empty()) fen = start_fen;
  const std::optional<Position> pos = command_line_position("perft", fen);
  if (!pos) return 1;
  if (const auto problem = check_playable(*pos)) {
    report_error("perft", "position not playable: " + std::string(problem->what));
    return 1;
  }
  std::uint64_t total = 0;
  for (const DivideEntry& e : divide(*pos, *depth)) {
    std::printf("%s: %llu\n", to_uci(e.move, chess960).c_str(),
                static_cast<unsigned long long>(e.nodes));
    total += e.nodes;
  }
  std::printf("\nNodes searched: %llu\n", static_cast<unsigned long long>(total));
  return 0;
}

}  // namespace pawnkit::cli
