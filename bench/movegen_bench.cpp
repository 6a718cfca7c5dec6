// Perft and move generation speed on fixed positions (Google Benchmark). Items per
// second is nodes per second.
#include <benchmark/benchmark.h>

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/chess/perft.hpp>

namespace {

using namespace pawnkit;

Position position(const char* fen) { return *parse_fen(fen); }

const char* const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const char* const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const char* const endgame = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

void perft_bench(benchmark::State& state, const char* fen) {
  const Position pos = position(fen);
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = perft(pos, depth);
    benchmark::DoNotOptimize(nodes);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(nodes) * state.iterations());
}

void BM_PerftStart(benchmark::State& state) { perft_bench(state, start); }
void BM_PerftKiwipete(benchmark::State& state) { perft_bench(state, kiwipete); }
void BM_PerftEndgame(benchmark::State& state) { perft_bench(state, endgame); }
BENCHMARK(BM_PerftStart)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftKiwipete)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftEndgame)->Arg(5)->Unit(benchmark::kMillisecond);

// Building the full legal move list (not the count mode perft uses at the leaves).
void BM_LegalMovesKiwipete(benchmark::State& state) {
  const Position pos = position(kiwipete);
  for (auto _ : state) {
    MoveList list = legal_moves(pos);
    benchmark::DoNotOptimize(list.size());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LegalMovesKiwipete);

void BM_DoMoveKiwipete(benchmark::State& state) {
  const Position pos = position(kiwipete);
  const MoveList list = legal_moves(pos);
  for (auto _ : state) {
    for (Move m : list) {
      Position next = pos;
      next.do_move(m);
      benchmark::DoNotOptimize(next.key());
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(list.size()) * state.iterations());
}
BENCHMARK(BM_DoMoveKiwipete);

void BM_SanKiwipete(benchmark::State& state) {
  const Position pos = position(kiwipete);
  const MoveList list = legal_moves(pos);
  for (auto _ : state)
    for (Move m : list) benchmark::DoNotOptimize(to_san(pos, m));
  state.SetItemsProcessed(static_cast<std::int64_t>(list.size()) * state.iterations());
}
BENCHMARK(BM_SanKiwipete);

}  // namespace
