// Replaying games already read into memory (no file, no tokenizer): SAN parsing and move
// making alone, then the whole per-game work of `pawnkit stats` (replay, pawn report of
// every position, statistics). Uses the bundled sample, so it runs on every clone.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "analysis/game_workers.hpp"
#include "analysis/replay.hpp"
#include "io/game_record.hpp"
#include "io/pgn/reader.hpp"
#include "io/source/byte_source.hpp"

namespace {

using namespace pawnkit;

// The sample's games, read once.
const std::vector<io::GameRecord>& sample_games() {
  static const std::vector<io::GameRecord> games = [] {
    std::vector<io::GameRecord> out;
    io::OpenedSource opened = io::open_source(PAWNKIT_SOURCE_DIR "/data/sample.pgn");
    if (!opened.ok()) return out;
    auto keep = [&](io::GameBatch batch) {
      for (std::size_t i = 0; i < batch.size; ++i) out.push_back(batch.games[i]);
      return io::GameBatch{};
    };
    io::GameCollector collector(opened.source->name(), 32, io::GameBatch{}, keep);
    io::read_pgn(*opened.source, collector);
    collector.finish();
    return out;
  }();
  return games;
}

// Positions of all the games, counted by the run itself.
void report_rate(benchmark::State& state, std::size_t positions) {
  state.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(positions) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

void BM_ReplaySample(benchmark::State& state) {
  const auto& games = sample_games();
  std::size_t positions = 0;
  for (auto _ : state) {
    positions = 0;
    for (const io::GameRecord& game : games)
      analysis::replay(game, [&](const Position& pos, int) {
        benchmark::DoNotOptimize(pos.key());
        ++positions;
      });
  }
  report_rate(state, positions);
}
BENCHMARK(BM_ReplaySample)->Unit(benchmark::kMillisecond);

void BM_StatsWorkerSample(benchmark::State& state) {
  const auto& games = sample_games();
  std::size_t positions = 0;
  std::string out;
  std::vector<io::Diagnostic> errors;
  for (auto _ : state) {
    analysis::StatsWorker worker(8);
    for (const io::GameRecord& game : games) worker.game(game, out, errors);
    positions = worker.stats().positions();
    errors.clear();
  }
  report_rate(state, positions);
}
BENCHMARK(BM_StatsWorkerSample)->Unit(benchmark::kMillisecond);

}  // namespace
