// What the files of the extension module share.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "analysis/pipeline.hpp"
#include "analysis/query/query.hpp"
#include "io/source/input_format.hpp"

namespace pawnkit::python {

// One input as Python gave it (python/pawnkit/_inputs.py): a path, or bytes already read
// from a file object or an fsspec URL, with the name messages give it.
struct Input {
  std::string name;
  std::optional<std::string> data;  // nullopt: `name` is a path to open
};

// Opens an input as the CLI opens a file (decompressed by its magic bytes, PGN or EPD
// by name or content); `error` says why not.
io::OpenedInput open_input(const Input& input);

// threads=0 means every core; ValueError outside 0..256.
int resolve_threads(int threads);

// min_plies within 1..max (max is 256 for stats, whose histograms are per ply, else 10000);
// ValueError naming the range otherwise.
void check_min_plies(int min_plies, int max);

// Compiles a `find` query; a bad one raises ValueError with the CLI's text (the column,
// the expression and a caret line).
analysis::Query compile_query(const std::string& where);

// How far a long call has got: games and bytes (of the input as stored) read so far.
struct Progress {
  std::size_t games = 0, bytes = 0;
};

// Progress written by the reading thread and read by Python's: across several inputs.
class ProgressCounter {
 public:
  // Called by the pipeline with the counts of the current input.
  void update(std::size_t games, std::size_t bytes) {
    games_.store(games_before_ + games, std::memory_order_relaxed);
    bytes_.store(bytes_before_ + bytes, std::memory_order_relaxed);
  }
  // Before the next input: what was read so far becomes the base.
  void next_input() {
    games_before_ = games_.load(std::memory_order_relaxed);
    bytes_before_ = bytes_.load(std::memory_order_relaxed);
  }
  Progress load() const {
    return {games_.load(std::memory_order_relaxed), bytes_.load(std::memory_order_relaxed)};
  }

 private:
  std::atomic<std::size_t> games_{0}, bytes_{0};
  std::size_t games_before_ = 0, bytes_before_ = 0;
};

// A source that ends (as if the input were over) once `stop` is set: how an interrupted
// call stops the pipeline's reading and so its threads.
class StoppableSource : public io::ByteSource {
 public:
  StoppableSource(io::ByteSource& inner, const std::atomic<bool>& stop)
      : ByteSource(inner.name()), inner_(inner), stop_(stop) {}
  std::size_t read(char* out, std::size_t capacity) override {
    if (stop_.load(std::memory_order_relaxed)) return 0;
    const std::size_t n = inner_.read(out, capacity);
    if (n == 0 && inner_.failed()) fail(inner_.error());
    return n;
  }

 private:
  io::ByteSource& inner_;
  const std::atomic<bool>& stop_;
};

// How often a long call looks at Python's signals (Ctrl-C) and updates the progress bar.
inline constexpr auto signal_poll_interval = std::chrono::milliseconds(50);

// Runs `work` on a thread of its own, the GIL released, while this thread polls Python's
// signals (PyErr_CheckSignals, under the GIL) and calls `on_progress(games, bytes)` (when
// not None) every signal_poll_interval. On a signal (KeyboardInterrupt), sets the stop
// flag `work` watches, waits for it to return, and raises. Exceptions of `work` are
// raised here.
void run_interruptible(const std::function<void(const std::atomic<bool>& stop)>& work,
                       const ProgressCounter& progress, const pybind11::object& on_progress);

void bind_games(pybind11::module_& m);  // games.cpp: Stats, stats(), find_games(), timeline_jsonl()
void bind_bitboards(pybind11::module_& m);     // bitboards.cpp: the bb submodule
void bind_trace(pybind11::module_& m);         // trace.cpp: pawn_trace()
void bind_split_origin(pybind11::module_& m);  // split_origin.cpp: split_origin()
void bind_tune(pybind11::module_& m);          // tune.cpp: tune_games(), tune_trace()
void bind_game_table(pybind11::module_& m);    // game_table.cpp: game_table() (pawnkit.games)
void bind_index(pybind11::module_& m);         // explore_index.cpp: IndexReader (pawnkit.Index)
}  // namespace pawnkit::python
