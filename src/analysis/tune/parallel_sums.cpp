#include "analysis/tune/parallel_sums.hpp"

#include <mutex>
#include <utility>

namespace pawnkit::analysis {

namespace {

std::mutex refusal_mutex;
ThreadRefusal kept_refusal;

}  // namespace

std::string ThreadRefusal::message() const {
  return "could start only " + std::to_string(started) + " of " + std::to_string(asked) +
         " tuner threads (" + reason + "): their share ran on the calling thread";
}

void note_thread_refusal(ThreadRefusal refusal) {
  const std::lock_guard lock(refusal_mutex);
  if (kept_refusal.asked == 0) kept_refusal = std::move(refusal);
}

ThreadRefusal take_thread_refusal() {
  const std::lock_guard lock(refusal_mutex);
  return std::exchange(kept_refusal, ThreadRefusal{});
}

}  // namespace pawnkit::analysis
