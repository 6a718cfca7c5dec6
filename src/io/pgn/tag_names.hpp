// The tag names of one game, for the tag reader's duplicate-tag warning (tags.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/fnv1a.hpp"

namespace pawnkit::io::detail {

// A small hash set of names: a game with n tags costs n look-ups, not the n^2/2 string
// comparisons of a list (master-game databases write some thirty tags a game). Open
// addressing over a table at most half full; clear() starts a new game in O(1): slots of
// an earlier game count as empty.
class TagNameSet {
 public:
  void clear() {
    names_.clear();
    count_ = 0;
    ++game_;
  }

  // True when `name` was added since the last clear(); adds it if not.
  bool contains_or_add(std::string_view name) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    const std::uint64_t hash = fnv1a(name);
    for (std::size_t i = hash & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      Slot& slot = slots_[i];
      if (slot.game != game_) {  // empty: the name is new
        slot = Slot{hash, names_.size(), name.size(), game_};
        names_ += name;
        ++count_;
        return false;
      }
      if (slot.hash == hash && name_at(slot) == name) return true;
    }
  }

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::size_t offset = 0, size = 0;  // the name in names_
    std::uint64_t game = 0;            // the game it belongs to; 0: none
  };

  std::string_view name_at(const Slot& slot) const {
    return std::string_view(names_).substr(slot.offset, slot.size);
  }

  // Twice the slots (64 at first), the game's names placed again.
  void grow() {
    std::vector<Slot> old(slots_.size() < 32 ? 64 : 2 * slots_.size());
    old.swap(slots_);
    for (const Slot& slot : old) {
      if (slot.game != game_) continue;
      std::size_t i = slot.hash & (slots_.size() - 1);
      while (slots_[i].game == game_) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = slot;
    }
  }

  std::vector<Slot> slots_;
  std::string names_;  // the game's names, back to back
  std::size_t count_ = 0;
  std::uint64_t game_ = 1;
};

}  // namespace pawnkit::io::detail
