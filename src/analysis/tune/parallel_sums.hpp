// Sums over slices of rows on threads: the tuners' passes over their rows (tuner.cpp,
// linear_fit.cpp). A thread the system refuses (RLIMIT_NPROC, no memory for its stack) does
// not end the run: its slice runs on the calling thread, into its own sum, and the sums are
// added in slice order as always, so the result is the same bit for bit. The refusal is kept
// for the command to warn about (take_thread_refusal).
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace pawnkit::analysis {

// The first refusal since the last take_thread_refusal(): how many threads a pass asked for
// and how many it got, and the system's reason. asked == 0: none was refused.
struct ThreadRefusal {
  std::size_t asked = 0, started = 0;
  std::string reason;
  // "could start only S of A tuner threads (REASON): their share ran on the calling thread"
  std::string message() const;
};

// Keeps `refusal` unless one is kept already (thread-safe).
void note_thread_refusal(ThreadRefusal refusal);
// The refusal kept, and forgets it.
ThreadRefusal take_thread_refusal();

namespace detail {

// Joins the threads started, however the pass ends.
class JoinAll {
 public:
  explicit JoinAll(std::vector<std::thread>& threads) : threads_(threads) {}
  ~JoinAll() {
    for (std::thread& t : threads_) t.join();
  }
  JoinAll(const JoinAll&) = delete;
  JoinAll& operator=(const JoinAll&) = delete;

 private:
  std::vector<std::thread>& threads_;
};

}  // namespace detail

// Runs each(begin, end, sum) over n slices of [0, rows), n = min(threads, rows /
// rows_per_thread + 1) (at least 1), each slice into its own copy of `zero`: slice 0 on the
// calling thread, the others on threads of their own while the system gives them, the rest
// on the calling thread. Returns the sums added in slice order.
template <class Sum, class Each>
Sum parallel_sums(std::size_t rows, int threads, std::size_t rows_per_thread, const Sum& zero,
                  Each each) {
  const std::size_t n = std::max<std::size_t>(
      1, std::min<std::size_t>(std::size_t(std::max(threads, 1)), rows / rows_per_thread + 1));
  std::vector<Sum> sums(n, zero);
  const auto slice = [&](std::size_t t) { each(rows * t / n, rows * (t + 1) / n, sums[t]); };
  std::vector<std::thread> workers;
  workers.reserve(n);
  std::size_t t = 1;
  {
    const detail::JoinAll join(workers);
    try {
      for (; t < n; ++t) workers.emplace_back(slice, t);
    } catch (const std::system_error& e) {
      note_thread_refusal({.asked = n - 1, .started = t - 1, .reason = e.what()});
    }
    slice(0);
    for (; t < n; ++t) slice(t);  // the slices whose thread was refused
  }
  for (std::size_t s = 1; s < n; ++s)
    for (std::size_t i = 0; i < sums[0].size(); ++i) sums[0][i] += sums[s][i];
  return std::move(sums[0]);
}

}  // namespace pawnkit::analysis
