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
#include <exception>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <system_error>
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

// The pipeline without threads: the reading thread works on each batch itself.
template <class Worker>
io::PgnSummary run_in_one_thread(CountingSource& counted, Worker& worker, PipelineSink& sink,
                                 const PipelineOptions& options) {
  std::size_t games_read = 0, replay_warnings = 0;
  BatchOutput result;
  auto write = [&](const std::string& out, std::span<const io::Diagnostic> diagnostics) {
    sink.report(diagnostics);
    sink.out(out);
  };
  DirectSpill spill(write);
  if constexpr (Spilling<Worker>) worker.set_spill(&spill);
  auto ready = [&](io::GameBatch batch) {
    process_batch(worker, batch, result, spill);
    replay_warnings += result.replay_warnings;
    write(result.out, result.diagnostics);
    games_read += batch.size;
    sink.progress(games_read, counted.bytes());
    return batch;
  };
  io::GameCollector collector(counted.name(), options.batch_games, io::GameBatch{}, ready);
  io::PgnSummary summary = io::read_pgn(counted, collector, options.reader);
  collector.finish();
  summary.warnings += replay_warnings + collector.limit_warnings();
  if constexpr (Spilling<Worker>) worker.set_spill(nullptr);
  return summary;
}

// Starts up to `count` threads running `body(t)`. When the system refuses one (a
// std::system_error: no memory for its stack, RLIMIT_NPROC), the threads already started
// are kept and `refused` says why; the caller goes on with fewer.
template <class Body>
std::vector<std::thread> start_threads(std::size_t count, Body body, std::string& refused) {
  std::vector<std::thread> threads;
  threads.reserve(count);
  try {
    for (std::size_t t = 0; t < count; ++t) threads.emplace_back(body, t);
  } catch (const std::system_error& e) {
    refused = e.what();
  }
  return threads;
}

// A worker's spill writes its batch's output so far once every earlier batch is written:
// then nothing else writes until its batch is done (the reading thread writes whole
// batches in order, and the later ones wait for this one).
class ThreadSpill final : public OutputSpill {
 public:
  ThreadSpill(std::mutex& mutex, std::condition_variable& changed,
              const std::size_t& written_through, std::size_t& waiting, PipelineSink& sink,
              const bool& stop)
      : mutex_(mutex),
        changed_(changed),
        written_through_(written_through),
        waiting_(waiting),
        sink_(sink),
        stop_(stop) {}
  std::size_t sequence = 0;  // the batch being worked on
  void spill(std::string& out, std::vector<io::Diagnostic>& diagnostics) override {
    {
      std::unique_lock lock(mutex_);
      if (written_through_ != sequence && out.size() < limit) return;  // not yet our turn
      ++waiting_;
      changed_.wait(lock, [&] { return written_through_ == sequence || stop_; });
      --waiting_;
      if (stop_) return;  // the run is over: nothing more is written
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
  const bool& stop_;
};

// The warning when the system refused some of the worker threads (start_threads).
inline io::Diagnostic fewer_threads_warning(std::size_t started, std::size_t wanted,
                                            const std::string& refused) {
  return {.message = "could start only " + std::to_string(started) + " of " +
                     std::to_string(wanted) + " worker threads (" + refused + "): going on with " +
                     std::to_string(std::max<std::size_t>(started, 1)),
          .severity = io::Severity::Warning};
}

// Joins the threads however the pipeline ends: after `stop` (under `mutex`, with a
// notification) every thread returns without taking more work.
class ThreadJoiner {
 public:
  ThreadJoiner(std::vector<std::thread>& threads, std::mutex& mutex,
               std::condition_variable& changed, bool& stop)
      : threads_(threads), mutex_(mutex), changed_(changed), stop_(stop) {}
  ~ThreadJoiner() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    changed_.notify_all();
    for (std::thread& t : threads_)
      if (t.joinable()) t.join();
  }
  ThreadJoiner(const ThreadJoiner&) = delete;
  ThreadJoiner& operator=(const ThreadJoiner&) = delete;

 private:
  std::vector<std::thread>& threads_;
  std::mutex& mutex_;
  std::condition_variable& changed_;
  bool& stop_;
};

}  // namespace detail

// Reads every game of `source` and runs it through the workers (one thread per worker).
// Returns the reader's summary (games and reader errors).
// (Long on purpose, for now: the state the threads share under `mutex` and the three
// lambdas that touch it (work, write_ready, ready) are kept in one scope so that every
// access to it reads beside the lock; the next cut is a class holding that state.)
template <class Worker>
io::PgnSummary run_pipeline(io::ByteSource& source, std::span<Worker> workers, PipelineSink& sink,
                            const PipelineOptions& options = {}) {
  CountingSource counted(source);
  const std::string file = source.name();
  std::size_t games_read = 0, replay_warnings = 0;

  if (workers.size() <= 1) return detail::run_in_one_thread(counted, workers[0], sink, options);

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
  bool stop = false;           // a worker failed, or the reading thread did: all stop
  std::exception_ptr failure;  // what made a worker fail, rethrown by the reading thread

  std::deque<detail::ThreadSpill> spills;  // one per worker; a deque keeps their addresses
  for (Worker& worker : workers) {
    spills.emplace_back(mutex, changed, written_through, spills_waiting, sink, stop);
    if constexpr (detail::Spilling<Worker>) worker.set_spill(&spills.back());
  }

  // A worker's thread: batches until the input is over. What it throws (std::bad_alloc)
  // stops every thread and is rethrown by the reading thread.
  auto work = [&](Worker* w, detail::ThreadSpill* spill) {
    std::unique_lock lock(mutex);
    for (;;) {
      changed.wait(lock, [&] { return !todo.empty() || input_over || stop; });
      if (todo.empty() || stop) return;
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
  };
  std::string refused;
  std::vector<std::thread> threads = detail::start_threads(
      workers.size(),
      [&](std::size_t t) {
        try {
          work(&workers[t], &spills[t]);
        } catch (...) {
          const std::lock_guard lock(mutex);
          if (!failure) failure = std::current_exception();
          stop = true;
          changed.notify_all();
        }
      },
      refused);
  const detail::ThreadJoiner joiner(threads, mutex, changed, stop);
  if (!refused.empty()) {
    const io::Diagnostic warning =
        detail::fewer_threads_warning(threads.size(), workers.size(), refused);
    sink.report(std::span(&warning, 1));
    if (threads.empty()) return detail::run_in_one_thread(counted, workers[0], sink, options);
  }
  const std::size_t max_in_flight = 3 * threads.size();
  // Rethrows a worker's failure in the reading thread (the lock is held).
  const auto rethrow_failure = [&] {
    if (failure) std::rethrow_exception(failure);
  };

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
      rethrow_failure();
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
  summary.warnings += collector.limit_warnings();

  std::unique_lock lock(mutex);
  input_over = true;
  changed.notify_all();
  while (next_to_write < next_sequence) {
    rethrow_failure();
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
