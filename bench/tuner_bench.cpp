// The tuner's gradient loop (src/analysis/tune/tuner.hpp): one full pass of loss and gradient
// over a dense matrix of 100,000 positions (traces of random pawn boards), on one thread
// and on two. The counter "position-features/s" is positions times the model's 36
// columns per second; the target is 20 million per second per core.
//
//   build/bench/tuner_bench
//   build/bench/tuner_bench --benchmark_filter=Trace      (the trace alone, ns a position)
#include <benchmark/benchmark.h>

#include <random>

#include "../tests/support/random_board.hpp"
#include "analysis/tune/tuner.hpp"

namespace {

using namespace pawnkit;

analysis::TuningData random_data(std::size_t rows) {
  testing::RandomBoards boards(99);
  std::mt19937_64 rng(99);
  analysis::TuningData data;
  for (std::size_t i = 0; i < rows; ++i) {
    const PawnBoard b = boards.next();
    analysis::TraceRow row;
    row.pawns = eval::trace(b.pawns[0], b.pawns[1], int(rng() % 129));
    for (int& m : row.material) m = int(rng() % 3) - 1;
    data.add(row, double(rng() % 3) / 2);
  }
  return data;
}

void GradientPass(benchmark::State& state) {
  static const analysis::TuningData data = random_data(100'000);
  const analysis::TunerParameters p = analysis::initial_parameters({});
  analysis::TunerParameters g;
  const int threads = int(state.range(0));
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        analysis::loss_gradient(data, p, 0.3, analysis::LossKind::SquaredError, threads, g));
  }
  const double features = double(data.rows()) * analysis::linear_parameter_count;
  state.counters["position-features/s"] =
      benchmark::Counter(features * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(GradientPass)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void Trace(benchmark::State& state) {
  testing::RandomBoards boards(5);
  std::vector<PawnBoard> many;
  for (int i = 0; i < 4096; ++i) many.push_back(boards.next());
  std::size_t i = 0;
  for (auto _ : state) {
    const PawnBoard& b = many[i++ & 4095];
    benchmark::DoNotOptimize(eval::trace(b.pawns[0], b.pawns[1], 64));
  }
}
BENCHMARK(Trace);

}  // namespace
