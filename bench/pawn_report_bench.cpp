// The full two-sided pawn report: set-wise against square by square, ns per position;
// and the pawn-only part alone.
#include <pawnkit/pawns/reference.hpp>
#include <pawnkit/pawns/report.hpp>

#include <benchmark/benchmark.h>

#include <vector>

#include "../tests/support/random_board.hpp"

namespace {

const std::vector<pawnkit::PawnBoard>& boards() {
  static const std::vector<pawnkit::PawnBoard> all = [] {
    pawnkit::testing::RandomBoards random(7);
    std::vector<pawnkit::PawnBoard> v(4096);
    for (auto& b : v) b = random.next();
    return v;
  }();
  return all;
}

template <pawnkit::PawnReport (*report)(const pawnkit::PawnBoard&)>
void run(benchmark::State& state) {
  const auto& all = boards();
  std::size_t i = 0;
  for (auto _ : state) {
    pawnkit::PawnReport r = report(all[i++ & (all.size() - 1)]);
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
}

void SetWiseReport(benchmark::State& state) { run<pawnkit::pawn_report>(state); }
void SquareBySquareReport(benchmark::State& state) { run<pawnkit::reference::pawn_report>(state); }

// The pawn-only part alone (what a pawn hash table saves on a hit).
void PawnOnlyReport(benchmark::State& state) {
  const auto& all = boards();
  std::size_t i = 0;
  for (auto _ : state) {
    const pawnkit::PawnBoard& b = all[i++ & (all.size() - 1)];
    pawnkit::PawnOnlyReport r = pawnkit::pawn_only_report(b.pawns[0], b.pawns[1]);
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(SetWiseReport);
BENCHMARK(SquareBySquareReport);
BENCHMARK(PawnOnlyReport);

}  // namespace
