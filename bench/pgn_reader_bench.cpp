// PGN tokenizing speed: the reader over data already in memory (pure tokenizing), and
// end to end from disk through the streaming zstd decoder. Skipped when the shared data
// files are absent.
#include <benchmark/benchmark.h>

#include <map>
#include <string>

#include "io/pgn/reader.hpp"

namespace {

using namespace pawnkit::io;

const std::string shared = PAWNKIT_SHARED_DATA;

// A file's (decompressed) bytes, loaded once; empty when the file is absent.
const std::string& file_bytes(const std::string& path) {
  static std::map<std::string, std::string> cache;
  auto it = cache.find(path);
  if (it != cache.end()) return it->second;
  std::string bytes, error;
  OpenedSource opened = open_source(path);
  if (opened.ok()) read_all(*opened.source, bytes, error);
  return cache[path] = std::move(bytes);
}

// Counts what a replay would consume; comments optional.
template <bool Comments>
struct Counter : PgnVisitorBase {
  static constexpr bool wants_comments = Comments;
  std::size_t moves = 0;
  std::size_t comment_bytes = 0;
  Control san(std::string_view san, std::size_t) {
    moves += !san.empty();
    return Control::Continue;
  }
  void comment(std::string_view text) { comment_bytes += text.size(); }
};

// Tokenizes `path`'s bytes from memory, `buffer_size` bytes per read.
template <bool Comments>
void tokenize_in_memory(benchmark::State& state, const std::string& path) {
  const std::string& bytes = file_bytes(path);
  if (bytes.empty()) {
    state.SkipWithError(("data file absent: " + path).c_str());
    return;
  }
  PgnReaderOptions options;
  options.buffer_size = static_cast<std::size_t>(state.range(0));
  std::size_t games = 0, moves = 0;
  for (auto _ : state) {
    auto source = make_view_source(bytes, path);
    Counter<Comments> counter;
    games = read_pgn(*source, counter, options).games;
    moves = counter.moves;
    benchmark::DoNotOptimize(counter.comment_bytes);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
  state.counters["games"] = static_cast<double>(games);
  state.counters["moves/s"] = benchmark::Counter(static_cast<double>(moves * state.iterations()),
                                                 benchmark::Counter::kIsRate);
}

void BM_TokenizeLichess1000k(benchmark::State& state) {
  tokenize_in_memory<false>(state, shared + "/lichess_db_1000k.pgn");
}
void BM_TokenizeMagnus(benchmark::State& state) {
  tokenize_in_memory<false>(state, shared + "/lichess_magnus_games.pgn.zst");
}
void BM_TokenizeMagnusWithComments(benchmark::State& state) {
  tokenize_in_memory<true>(state, shared + "/lichess_magnus_games.pgn.zst");
}

// From disk through ZSTD_decompressStream: what `pawnkit analyze x.pgn.zst` will pay.
void BM_StreamMagnusZstdFromDisk(benchmark::State& state) {
  const std::string path = shared + "/lichess_magnus_games.pgn.zst";
  const std::string& bytes = file_bytes(path);
  if (bytes.empty()) {
    state.SkipWithError(("data file absent: " + path).c_str());
    return;
  }
  for (auto _ : state) {
    OpenedSource opened = open_source(path);
    Counter<false> counter;
    read_pgn(*opened.source, counter);
    benchmark::DoNotOptimize(counter.moves);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}

BENCHMARK(BM_TokenizeLichess1000k)->Arg(64 * 1024)->Arg(4096)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TokenizeMagnus)->Arg(64 * 1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TokenizeMagnusWithComments)->Arg(64 * 1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StreamMagnusZstdFromDisk)->Unit(benchmark::kMillisecond);

}  // namespace
