// Answers already given, by request target, for the index state they were computed from:
// the explorer costs about 150 us of CPU per query (measured, docs/serve.md) where HTTP
// costs a few, and a club's members ask the same few structures. An answer is dropped
// when the index changes (a batch of index add) and the least recently used goes first.
#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace pawnkit::serve {

class AnswerCache {
 public:
  explicit AnswerCache(std::size_t capacity) : capacity_(capacity) {}
  // The body answered to `target` for the index state `generation`, if kept.
  std::shared_ptr<const std::string> find(const std::string& target, std::uint64_t generation);
  void keep(const std::string& target, std::uint64_t generation,
            std::shared_ptr<const std::string> body);

 private:
  using Order = std::list<std::string>;  // most recently used first
  struct Entry {
    std::shared_ptr<const std::string> body;
    Order::iterator place;
  };
  void clear_for(std::uint64_t generation);
  std::size_t capacity_;
  std::mutex mutex_;
  std::uint64_t generation_ = 0;
  Order order_;
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace pawnkit::serve
