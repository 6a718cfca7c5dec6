// LineReader speed over the decompressed Magnus games (39 MB, long movetext lines) and
// the Lichess 1000k sample. Skipped when the shared data files are absent.
#include <benchmark/benchmark.h>

#include <string>

#include "io/source/line_reader.hpp"

namespace {

using namespace pawnkit::io;

std::string load(const std::string& path) {
  std::string bytes, error;
  OpenedSource opened = open_source(path);
  if (opened.ok()) read_all(*opened.source, bytes, error);
  return bytes;
}

void read_lines(benchmark::State& state, const std::string& path) {
  static std::string bytes;
  static std::string loaded;
  if (loaded != path) {
    bytes = load(path);
    loaded = path;
  }
  if (bytes.empty()) {
    state.SkipWithError(("data file absent: " + path).c_str());
    return;
  }
  std::size_t lines = 0;
  for (auto _ : state) {
    auto source = make_view_source(bytes, path);
    LineReader reader(*source);
    lines = 0;
    while (reader.next().status == LineReader::Status::Line) ++lines;
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
  state.counters["lines"] = static_cast<double>(lines);
}

void BM_LineReaderMagnus(benchmark::State& state) {
  read_lines(state, std::string(PAWNKIT_SHARED_DATA) + "/lichess_magnus_games.pgn.zst");
}
void BM_LineReaderLichess1000k(benchmark::State& state) {
  read_lines(state, std::string(PAWNKIT_SHARED_DATA) + "/lichess_db_1000k.pgn");
}

BENCHMARK(BM_LineReaderMagnus)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LineReaderLichess1000k)->Unit(benchmark::kMillisecond);

}  // namespace
