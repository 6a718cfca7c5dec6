// The content hashes of the games a build added and has not ingested yet: a set with one
// lookup per game read (is this game already in the build?), kept open-addressed in one
// array. std::unordered_set allocated a node per game and freed them all at every
// ingestion (2.5% of a build of long master games, its malloc and free more).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "index/keys.hpp"

namespace pawnkit::index_db {

class ContentHashSet {
 public:
  // Whether `hash` was inserted since the last clear().
  bool contains(const ContentHash& hash) const {
    if (is_empty_slot(hash)) return has_zero_;
    if (slots_.empty()) return false;
    for (std::size_t i = slot_of(hash);; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i] == hash) return true;
      if (is_empty_slot(slots_[i])) return false;
    }
  }
  // Adds `hash` (the caller checked that it is not there).
  void insert(const ContentHash& hash) {
    if (is_empty_slot(hash)) {
      has_zero_ = true;
      return;
    }
    if (2 * (size_ + 1) > slots_.size()) grow();
    place(hash);
    ++size_;
  }
  // Empty again, its room kept.
  void clear() {
    std::fill(slots_.begin(), slots_.end(), ContentHash{});
    size_ = 0;
    has_zero_ = false;
  }

 private:
  // All zeros marks a free slot; the one hash of all zeros is kept aside (has_zero_).
  static bool is_empty_slot(const ContentHash& h) { return (h.high | h.low) == 0; }
  // The low word of a content hash is already mixed (content_hash's finalizer).
  std::size_t slot_of(const ContentHash& h) const {
    return std::size_t(h.low) & (slots_.size() - 1);
  }
  void place(const ContentHash& hash) {
    std::size_t i = slot_of(hash);
    while (!is_empty_slot(slots_[i])) i = (i + 1) & (slots_.size() - 1);
    slots_[i] = hash;
  }
  // Twice the room (1,024 slots at first: a small file's build zeroes no more), each hash
  // placed again.
  void grow() {
    std::vector<ContentHash> old(std::max<std::size_t>(1024, 2 * slots_.size()));
    old.swap(slots_);
    for (const ContentHash& h : old)
      if (!is_empty_slot(h)) place(h);
  }
  std::vector<ContentHash> slots_;  // a power of two, at most half full
  std::size_t size_ = 0;
  bool has_zero_ = false;
};

}  // namespace pawnkit::index_db
