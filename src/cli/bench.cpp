// pawnkit bench: perft speed (nodes per second) over a few fixed positions.
#include <chrono>
#include <cstdio>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/perft.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"

namespace pawnkit::cli {

namespace {

struct BenchPosition {
  std::string_view name;
  std::string_view fen;
  int depth;
};

// The Chessprogramming wiki's perft positions at depths of roughly 0.1 s each.
constexpr BenchPosition bench_positions[] = {
    {"start", start_fen, 6},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
    {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7},
    {"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5},
    {"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5},
    {"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5},
};

}  // namespace

int run_bench(const Args& args) {
  Options options("bench", "bench",
                  "Runs perft on six fixed positions (one thread) and prints nodes, time and\n"
                  "nodes per second for each, then the total.");
  if (const auto status = options.parse(args)) return *status;
  using clock = std::chrono::steady_clock;
  std::uint64_t total_nodes = 0;
  double total_seconds = 0;
  std::printf("%-10s %5s %12s %9s %12s\n", "position", "depth", "nodes", "seconds", "Mnodes/s");
  for (const BenchPosition& b : bench_positions) {
    const Position pos = *parse_fen(b.fen);
    const auto t0 = clock::now();
    const std::uint64_t nodes = perft(pos, b.depth);
    const double seconds = std::chrono::duration<double>(clock::now() - t0).count();
    total_nodes += nodes;
    total_seconds += seconds;
    std::printf("%-10.*s %5d %12llu %9.3f %12.1f\n", int(b.name.size()), b.name.data(), b.depth,
                static_cast<unsigned long long>(nodes), seconds, nodes / seconds / 1e6);
  }
  std::printf("%-10s %5s %12llu %9.3f %12.1f\n", "total", "",
              static_cast<unsigned long long>(total_nodes), total_seconds,
              total_nodes / total_seconds / 1e6);
  return 0;
}

}  // namespace pawnkit::cli
