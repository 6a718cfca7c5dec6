// The game pipeline: one thread reads and tokenizes PGN into batches of games, worker
// threads replay and analyze them, and the reading thread writes each batch's output in
// input order. Memory is bounded: at most a few batches per worker are in flight.
//
// A Worker has `void game(const io::GameRecord&, std::string& out,
// std::vector<io::Diagnostic>& diagnostics)`; `out` goes to standard output and the
// diagnostics (bad or skipped games) to the sink's report(), both in input order. Each
// thread has its own Worker, so workers keep per-thread state (statistics) without locks.
// A worker that writes a lot per game (analyze: ~2 KB a position) may also have
// `void set_spill(OutputSpill*)`: it then hands its output over in the middle of a game
// when it grows large, so that a 200,000-ply game is not held whole (OutputSpill).
#pragma once

#include <concepts>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "io/diagnostic.hpp"
#include "io/game_record.hpp"
#include "io/pgn/reader.hpp"
#include "io/pgn/warnings.hpp"
#include "io/source/byte_source.hpp"

namespace pawnkit::analysis {

// Where the pipeline writes: standard output and standard error by default.
struct PipelineSink {
  virtual ~PipelineSink() = default;
  virtual void out(const std::string& text) = 0;
  // Errors and warnings about the input, as values (the command line prints them).
  virtual void report(std::span<const io::Diagnostic> diagnostics) = 0;
  // Called after each batch with the games read so far and the input bytes read.
  virtual void progress(std::size_t /*games*/, std::size_t /*bytes*/) {}
};

struct PipelineOptions {
  std::size_t batch_games = 32;
  // reader.strict (--strict): every repair is an error, not a warning (the behaviour
  // before repairs existed). The reader marks each game with it (GameRecord::strict), so
  // that what reads a game after the reader (replay's SAN) refuses what it would repair.
  io::PgnReaderOptions reader;
};

// The options for a strict or lenient run, the reader and the games alike.
inline PipelineOptions strict_pipeline_options(bool strict) {
  PipelineOptions options;
  options.reader.strict = strict;
  return options;
}

// Counts the bytes a source delivers (for progress).
class CountingSource : public io::ByteSource {
 public:
  explicit CountingSource(io::ByteSource& inner) : ByteSource(inner.name()), inner_(inner) {}
  std::size_t read(char* out, std::size_t capacity) override {
    const std::size_t n = inner_.read(out, capacity);
    bytes_ += n;
    if (n == 0) pass_on(inner_);
    return n;
  }
  std::size_t bytes() const { return bytes_; }

 private:
  io::ByteSource& inner_;
  std::size_t bytes_ = 0;
};

// Where a worker hands over the output of the batch it works on before the batch is done:
// spill() writes `out` and `diagnostics` in their place in the input order and empties
// both, or keeps them while earlier batches are still being worked on, unless they have
// reached `limit`: then it waits for its turn. Output stays byte for byte the same, and
// an ordinary batch (a few MB) never waits.
class OutputSpill {
 public:
  // Workers offer their output each time it has grown by `threshold` bytes.
  static constexpr std::size_t threshold = std::size_t(1) << 20;
  static constexpr std::size_t limit = std::size_t(16) << 20;
  virtual void spill(std::string& out, std::vector<io::Diagnostic>& diagnostics) = 0;
  // How many times spill() wrote and emptied the buffers.
  std::size_t emptied = 0;

 protected:
  ~OutputSpill() = default;
};

namespace detail {

template <class Worker>
concept Spilling = requires(Worker& w, OutputSpill* s) {
  w.set_spill(s);
};

// A spill that calls `write` (single-threaded runs: nothing comes before the batch).
template <class Write>
class DirectSpill final : public OutputSpill {
 public:
  explicit DirectSpill(Write write) : write_(std::move(write)) {}
  void spill(std::string& out, std::vector<io::Diagnostic>& diagnostics) override {
    write_(out, diagnostics);
    out.clear();
    diagnostics.clear();
    ++emptied;
  }

 private:
  Write write_;
};

struct BatchOutput {
  std::string out;
  std::vector<io::Diagnostic> diagnostics;
  std::size_t replay_warnings = 0;  // the workers' warnings (the reader counts its own)
};

// Fills `result` (emptied first; its buffers are reused from batch to batch, so a long run
// stops allocating once they have grown).
// `spill` is the worker's spill, if it has one: a game it spilled in left only its own
// (end-of-game) diagnostics behind.
template <class Worker>
void process_batch(Worker& worker, const io::GameBatch& batch, BatchOutput& result,
                   const OutputSpill& spill) {
  result.out.clear();
  result.diagnostics.clear();
  result.replay_warnings = 0;
  for (std::size_t i = 0; i < batch.size; ++i) {
    // The reader's repairs come first, for every kind of worker alike.
    io::append_warnings(batch.games[i], result.diagnostics);
    std::size_t before = result.diagnostics.size();
    const std::size_t emptied = spill.emptied;
    worker.game(batch.games[i], result.out, result.diagnostics);
    if (spill.emptied != emptied) before = 0;
    for (std::size_t d = before; d < result.diagnostics.size(); ++d)
      result.replay_warnings += result.diagnostics[d].severity == io::Severity::Warning;
  }
}

}  // namespace detail

// Reads every game of `source` and runs it through the workers (one thread per worker).
// Returns the reader's summary (games and reader errors).
template <class Worker>
io::PgnSummary run_pipeline(io::ByteSource& source, std::span<Worker> workers, PipelineSink& sink,
                            const PipelineOptions& options = {}) {
  CountingSource counted(source);
  const std::string file = source.name();
  std::size_t games_read = 0, replay_warnings = 0;

  if (workers.size() <= 1) {
    detail::BatchOutput result;
    auto write = [&](const std::string& out, std::span<const io::Diagnostic> diagnostics) {
      sink.report(diagnostics);
      sink.out(out);
    };
    detail::DirectSpill spill(write);
    if constexpr (detail::Spilling<Worker>) workers[0].set_spill(&spill);
    auto ready = [&](io::GameBatch batch) {
      detail::process_batch(workers[0], batch, result, spill);
      replay_warnings += result.replay_warnings;
      write(result.out, result.diagnostics);
      games_read += batch.size;
      sink.progress(games_read, counted.bytes());
      return batch;
    };
    io::GameCollector collector(file, options.batch_games, io::GameBatch{}, ready);
    io::PgnSummary summary = io::read_pgn(counted, collector, options.reader);
    collector.finish();
    summary.warnings += replay_warnings;
    if constexpr (detail::Spilling<Worker>) workers[0].set_spill(nullptr);
    return summary;
  }

  std::mutex mutex;
  std::condition_variable changed;
  std::deque<io::GameBatch> todo;
  std::vector<io::GameBatch> spare;
  std::map<std::size_t, detail::BatchOutput> done;
  std::vector<detail::BatchOutput> spare_outputs;  // written already, buffers kept
  std::size_t next_sequence = 0, next_to_write = 0;
  std::size_t written_through = 0;  // batches [0, written_through) are written out whole
  std::size_t spills_waiting = 0;   // workers waiting in ThreadSpill::spill for their turn
  bool input_over = false;
  const std::size_t max_in_flight = 3 * workers.size();

  // A worker's spill writes its batch's output so far once every earlier batch is written:
  // then nothing else writes until its batch is done (the reading thread writes whole
  // batches in order, and the later ones wait for this one).
  class ThreadSpill final : public OutputSpill {
   public:
    ThreadSpill(std::mutex& mutex, std::condition_variable& changed,
                const std::size_t& written_through, std::size_t& waiting, PipelineSink& sink)
        : mutex_(mutex),
          changed_(changed),
          written_through_(written_through),
          waiting_(waiting),
          sink_(sink) {}
    std::size_t sequence = 0;  // the batch being worked on
    void spill(std::string& out, std::vector<io::Diagnostic>& diagnostics) override {
      {
        std::unique_lock lock(mutex_);
        if (written_through_ != sequence && out.size() < limit) return;  // not yet our turn
        ++waiting_;
        changed_.wait(lock, [&] { return written_through_ == sequence; });
        --waiting_;
      }
      sink_.report(diagnostics);
      sink_.out(out);
      out.clear();
      diagnostics.clear();
      ++emptied;
    }

   private:
    std::mutex& mutex_;
    std::condition_variable& changed_;
    const std::size_t& written_through_;
    std::size_t& waiting_;
    PipelineSink& sink_;
  };
  std::deque<ThreadSpill> spills;  // one per worker; a deque keeps their addresses
  for (Worker& worker : workers) {
    spills.emplace_back(mutex, changed, written_through, spills_waiting, sink);
    if constexpr (detail::Spilling<Worker>) worker.set_spill(&spills.back());
  }

  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < workers.size(); ++t) {
    threads.emplace_back([&, w = &workers[t], spill = &spills[t]] {
      std::unique_lock lock(mutex);
      for (;;) {
        changed.wait(lock, [&] { return !todo.empty() || input_over; });
        if (todo.empty()) return;
        io::GameBatch batch = std::move(todo.front());
        todo.pop_front();
        detail::BatchOutput result;
        if (!spare_outputs.empty()) {
          result = std::move(spare_outputs.back());
          spare_outputs.pop_back();
        }
        spill->sequence = batch.sequence;
        lock.unlock();
        detail::process_batch(*w, batch, result, *spill);
        lock.lock();
        done.emplace(batch.sequence, std::move(result));
        spare.push_back(std::move(batch));
        changed.notify_all();
      }
    });
  }

  // Writes finished batches in order; the lock is held on entry and exit.
  auto write_ready = [&](std::unique_lock<std::mutex>& lock) {
    while (!done.empty() && done.begin()->first == next_to_write) {
      detail::BatchOutput result = std::move(done.begin()->second);
      done.erase(done.begin());
      ++next_to_write;
      replay_warnings += result.replay_warnings;
      lock.unlock();
      sink.report(result.diagnostics);
      sink.out(result.out);
      lock.lock();
      ++written_through;
      if (spills_waiting) changed.notify_all();  // a spilling worker may wait for this batch
      spare_outputs.push_back(std::move(result));
    }
  };

  auto ready = [&](io::GameBatch batch) {
    games_read += batch.size;
    std::unique_lock lock(mutex);
    batch.sequence = next_sequence++;
    todo.push_back(std::move(batch));
    changed.notify_all();
    for (;;) {
      write_ready(lock);
      if (next_sequence - next_to_write < max_in_flight) break;
      changed.wait(lock);
    }
    io::GameBatch fresh;
    if (!spare.empty()) {
      fresh = std::move(spare.back());
      spare.pop_back();
    }
    lock.unlock();
    sink.progress(games_read, counted.bytes());
    return fresh;
  };

  io::GameCollector collector(file, options.batch_games, io::GameBatch{}, ready);
  io::PgnSummary summary = io::read_pgn(counted, collector, options.reader);
  collector.finish();

  std::unique_lock lock(mutex);
  input_over = true;
  changed.notify_all();
  while (next_to_write < next_sequence) {
    write_ready(lock);
    if (next_to_write < next_sequence) changed.wait(lock);
  }
  lock.unlock();
  for (std::thread& t : threads) t.join();
  summary.warnings += replay_warnings;  // written under the lock, all written by now
  if constexpr (detail::Spilling<Worker>) {
    for (Worker& worker : workers) worker.set_spill(nullptr);
  }
  return summary;
}

}  // namespace pawnkit::analysis
