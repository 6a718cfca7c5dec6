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

// What the reading thread and the worker threads share, under `mutex`: the batches to
// work on, the finished ones waiting for their turn to be written, and the buffers to
// reuse. Workers run work(); the reading thread push()es each batch and writes finished
// ones in input order, then finish()es. Every access to the shared state is in a member
// function here, beside its lock.
class BatchQueue {
 public:
  explicit BatchQueue(PipelineSink& sink) : sink_(sink) {}
  BatchQueue(const BatchQueue&) = delete;
  BatchQueue& operator=(const BatchQueue&) = delete;

  std::mutex mutex;
  std::condition_variable changed;
  std::size_t written_through = 0;  // batches [0, written_through) are written out whole
  std::size_t spills_waiting = 0;   // workers waiting in ThreadSpill::spill for their turn
  bool stop = false;                // a worker failed, or the reading thread did: all stop
  std::size_t max_in_flight = 0;    // set by the reading thread before its first push()
  std::size_t replay_warnings = 0;  // the workers' warnings, added as batches are written

  // A worker's thread: batches until the input is over or the run stops.
  template <class Worker>
  void work(Worker& worker, ThreadSpill& spill) {
    std::unique_lock lock(mutex);
    for (;;) {
      changed.wait(lock, [&] { return !todo_.empty() || input_over_ || stop; });
      if (todo_.empty() || stop) return;
      io::GameBatch batch = std::move(todo_.front());
      todo_.pop_front();
      BatchOutput result;
      if (!spare_outputs_.empty()) {
        result = std::move(spare_outputs_.back());
        spare_outputs_.pop_back();
      }
      spill.sequence = batch.sequence;
      lock.unlock();
      process_batch(worker, batch, result, spill);
      lock.lock();
      done_.emplace(batch.sequence, std::move(result));
      spare_.push_back(std::move(batch));
      changed.notify_all();
    }
  }

  // What a worker threw (std::bad_alloc) stops every thread; the reading thread rethrows it.
  void fail(std::exception_ptr error) {
    const std::lock_guard lock(mutex);
    if (!failure_) failure_ = error;
    stop = true;
    changed.notify_all();
  }

  // The reading thread: queues `batch`, writes the finished batches until fewer than
  // max_in_flight are in flight, and returns a used batch to fill next (or a new one).
  io::GameBatch push(io::GameBatch batch) {
    std::unique_lock lock(mutex);
    batch.sequence = next_sequence_++;
    todo_.push_back(std::move(batch));
    changed.notify_all();
    for (;;) {
      rethrow_failure();
      write_ready(lock);
      if (next_sequence_ - next_to_write_ < max_in_flight) break;
      changed.wait(lock);
    }
    io::GameBatch fresh;
    if (!spare_.empty()) {
      fresh = std::move(spare_.back());
      spare_.pop_back();
    }
    return fresh;
  }

  // The reading thread, after the last batch: writes every batch as it finishes.
  void finish() {
    std::unique_lock lock(mutex);
    input_over_ = true;
    changed.notify_all();
    while (next_to_write_ < next_sequence_) {
      rethrow_failure();
      write_ready(lock);
      if (next_to_write_ < next_sequence_) changed.wait(lock);
    }
  }

 private:
  // Rethrows a worker's failure in the reading thread (the lock is held).
  void rethrow_failure() const {
    if (failure_) std::rethrow_exception(failure_);
  }

  // Writes finished batches in order; the lock is held on entry and exit.
  void write_ready(std::unique_lock<std::mutex>& lock) {
    while (!done_.empty() && done_.begin()->first == next_to_write_) {
      BatchOutput result = std::move(done_.begin()->second);
      done_.erase(done_.begin());
      ++next_to_write_;
      replay_warnings += result.replay_warnings;
      lock.unlock();
      sink_.report(result.diagnostics);
      sink_.out(result.out);
      lock.lock();
      ++written_through;
      if (spills_waiting) changed.notify_all();  // a spilling worker may wait for this batch
      spare_outputs_.push_back(std::move(result));
    }
  }

  PipelineSink& sink_;
  std::deque<io::GameBatch> todo_;
  std::vector<io::GameBatch> spare_;
  std::map<std::size_t, BatchOutput> done_;
  std::vector<BatchOutput> spare_outputs_;  // written already, buffers kept
  std::size_t next_sequence_ = 0, next_to_write_ = 0;
  bool input_over_ = false;
  std::exception_ptr failure_;  // what made a worker fail, rethrown by the reading thread
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
template <class Worker>
io::PgnSummary run_pipeline(io::ByteSource& source, std::span<Worker> workers, PipelineSink& sink,
                            const PipelineOptions& options = {}) {
  CountingSource counted(source);
  if (workers.size() <= 1) return detail::run_in_one_thread(counted, workers[0], sink, options);

  detail::BatchQueue queue(sink);
  std::deque<detail::ThreadSpill> spills;  // one per worker; a deque keeps their addresses
  for (Worker& worker : workers) {
    spills.emplace_back(queue.mutex, queue.changed, queue.written_through, queue.spills_waiting,
                        sink, queue.stop);
    if constexpr (detail::Spilling<Worker>) worker.set_spill(&spills.back());
  }
  std::string refused;
  std::vector<std::thread> threads = detail::start_threads(
      workers.size(),
      [&](std::size_t t) {
        try {
          queue.work(workers[t], spills[t]);
        } catch (...) {
          queue.fail(std::current_exception());
        }
      },
      refused);
  const detail::ThreadJoiner joiner(threads, queue.mutex, queue.changed, queue.stop);
  if (!refused.empty()) {
    const io::Diagnostic warning =
        detail::fewer_threads_warning(threads.size(), workers.size(), refused);
    sink.report(std::span(&warning, 1));
    if (threads.empty()) return detail::run_in_one_thread(counted, workers[0], sink, options);
  }
  queue.max_in_flight = 3 * threads.size();

  std::size_t games_read = 0;
  auto ready = [&](io::GameBatch batch) {
    games_read += batch.size;
    io::GameBatch fresh = queue.push(std::move(batch));
    sink.progress(games_read, counted.bytes());
    return fresh;
  };
  io::GameCollector collector(source.name(), options.batch_games, io::GameBatch{}, ready);
  io::PgnSummary summary = io::read_pgn(counted, collector, options.reader);
  collector.finish();
  summary.warnings += collector.limit_warnings();

  queue.finish();
  for (std::thread& t : threads) t.join();
  summary.warnings += queue.replay_warnings;  // written under the lock, all written by now
  if constexpr (detail::Spilling<Worker>) {
    for (Worker& worker : workers) worker.set_spill(nullptr);
  }
  return summary;
}

}  // namespace pawnkit::analysis
