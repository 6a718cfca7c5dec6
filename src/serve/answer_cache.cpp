#include "serve/answer_cache.hpp"

namespace pawnkit::serve {

void AnswerCache::clear_for(std::uint64_t generation) {
  if (generation == generation_) return;
  entries_.clear();
  order_.clear();
  generation_ = generation;
}

std::shared_ptr<const std::string> AnswerCache::find(const std::string& target,
                                                     std::uint64_t generation) {
  if (!capacity_) return nullptr;
  std::lock_guard lock(mutex_);
  clear_for(generation);
  const auto found = entries_.find(target);
  if (found == entries_.end()) return nullptr;
  order_.splice(order_.begin(), order_, found->second.place);
  return found->second.body;
}

void AnswerCache::keep(const std::string& target, std::uint64_t generation,
                       std::shared_ptr<const std::string> body) {
  if (!capacity_) return;
  std::lock_guard lock(mutex_);
  if (generation < generation_) return;  // computed from a store already replaced
  clear_for(generation);
  if (entries_.count(target)) return;
  if (entries_.size() >= capacity_) {
    entries_.erase(order_.back());
    order_.pop_back();
  }
  order_.push_front(target);
  entries_.emplace(target, Entry{std::move(body), order_.begin()});
}

}  // namespace pawnkit::serve
