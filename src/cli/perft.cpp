// pawnkit perft DEPTH [FEN]: legal move tree node counts, split by root move, in
// Stockfish's `go perft` output format.
#include <charconv>
#include <cstdio>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/chess/perft.hpp>
#include <string>

#include "cli/commands.hpp"

namespace pawnkit::cli {

namespace {

constexpr std::string_view start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

void print_help() {
  std::fputs(
      "usage: pawnkit perft [--chess960] DEPTH [FEN]\n"
      "\n"
      "Counts the leaf nodes of the legal move tree DEPTH plies deep (1 to 20) from FEN\n"
      "(default: the start position), one line per root move, then the total:\n"
      "\n"
      "  e2e4: 9771632\n"
      "  ...\n"
      "\n"
      "  Nodes searched: 119060324\n"
      "\n"
      "The FEN may be one argument or its fields as separate arguments.\n"
      "--chess960 prints castling as king-takes-rook (e1h1), as UCI_Chess960 does.\n",
      stdout);
}

}  // namespace

int run_perft(const Args& args) {
  bool chess960 = false;
  std::vector<std::string_view> rest;
  for (std::string_view a : args) {
    if (a == "--help" || a == "-h") {
      print_help();
      return 0;
    }
    if (a == "--chess960")
      chess960 = true;
    else
      rest.push_back(a);
  }
  if (rest.empty()) {
    std::fputs("pawnkit perft: missing DEPTH (see 'pawnkit perft --help')\n", stderr);
    return 1;
  }
  int depth = 0;
  const std::string_view d = rest[0];
  const auto [end, ec] = std::from_chars(d.data(), d.data() + d.size(), depth);
  if (ec != std::errc{} || end != d.data() + d.size() || depth < 1 || depth > 20) {
    std::fprintf(stderr, "pawnkit perft: bad depth '%.*s' (expected 1 to 20)\n", int(d.size()),
                 d.data());
    return 1;
  }
  std::string fen;
  for (std::size_t i = 1; i < rest.size(); ++i) {
    if (i > 1) fen += ' ';
    fen += rest[i];
  }
  if (fen.empty()) fen = start_fen;
  const Parsed<Position> pos = parse_fen(fen);
  if (!pos) {
    std::fprintf(stderr, "pawnkit perft: bad FEN: %.*s (column %zu)\n",
                 int(pos.error().what.size()), pos.error().what.data(), pos.error().column);
    return 1;
  }
  if (const auto problem = check_playable(*pos)) {
    std::fprintf(stderr, "pawnkit perft: position not playable: %.*s\n", int(problem->what.size()),
                 problem->what.data());
    return 1;
  }
  std::uint64_t total = 0;
  for (const DivideEntry& e : divide(*pos, depth)) {
    std::printf("%s: %llu\n", to_uci(e.move, chess960).c_str(),
                static_cast<unsigned long long>(e.nodes));
    total += e.nodes;
  }
  std::printf("\nNodes searched: %llu\n", static_cast<unsigned long long>(total));
  return 0;
}

}  // namespace pawnkit::cli
