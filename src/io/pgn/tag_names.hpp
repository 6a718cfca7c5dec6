// The tag names of one game, for the tag reader's duplicate-tag warning (tags.hpp).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace pawnkit::io::detail {

// A name of at most 16 bytes as two words and its size, which tell it apart from every
// other name exactly: `head` holds its first 8 bytes (zero-padded when shorter), `tail`
// its last 8 when it is longer than 8 (else 0). A longer name keeps its first and last 8
// bytes here and the rest must be compared. Read with a few loads, never past the name.
struct TagNameKey {
  std::uint64_t head = 0, tail = 0;
  std::size_t size = 0;

  static TagNameKey of(std::string_view name) {
    const char* p = name.data();
    const std::size_t n = name.size();
    TagNameKey key{0, 0, n};
    if (n >= 8) {
      key.head = load<std::uint64_t>(p);
      if (n > 8) key.tail = load<std::uint64_t>(p + n - 8);
    } else if (n >= 4) {  // two 4-byte loads that overlap: bytes [0, 4) and [n - 4, n)
      key.head = load<std::uint32_t>(p) | std::uint64_t(load<std::uint32_t>(p + n - 4))
                                              << (8 * (n - 4));
    } else if (n > 0) {  // bytes 0, n / 2 and n - 1 cover sizes 1 to 3
      key.head = byte(p[0]) | byte(p[n / 2]) << (8 * (n / 2)) | byte(p[n - 1]) << (8 * (n - 1));
    }
    return key;
  }

  bool operator==(const TagNameKey&) const = default;

 private:
  static std::uint64_t byte(char ch) { return static_cast<unsigned char>(ch); }
  // The bytes at p as a little-endian number: byte i in bits [8i, 8i + 8).
  template <class Word>
  static std::uint64_t load(const char* p) {
    Word word;
    std::memcpy(&word, p, sizeof word);
    if constexpr (std::endian::native == std::endian::big)
      word = sizeof word == 8 ? Word(__builtin_bswap64(word)) : Word(__builtin_bswap32(word));
    return word;
  }
};

// A small hash set of names: a game with n tags costs n look-ups, not the n^2/2 string
// comparisons of a list (master-game databases write some thirty tags a game). A slot
// holds a name's TagNameKey, so names of up to 16 bytes (all the usual ones) are neither
// hashed byte by byte nor copied nor compared with memcmp. Open addressing over a table
// at most half full; clear() starts a new game in O(1): slots of an earlier game count
// as empty.
class TagNameSet {
 public:
  void clear() {
    long_names_.clear();
    count_ = 0;
    ++game_;
  }

  // True when `name` was added since the last clear(); adds it if not.
  bool contains_or_add(std::string_view name) {
    if (2 * (count_ + 1) > mask_ + 1) grow();
    const TagNameKey key = TagNameKey::of(name);
    for (std::size_t i = hash(key) & mask_;; i = (i + 1) & mask_) {
      Slot& slot = slots_[i];
      if (slot.game != game_) {  // empty: the name is new
        slot = Slot{key, long_names_.size(), game_};
        if (name.size() > 16) long_names_ += name;
        ++count_;
        return false;
      }
      if (slot.key == key && (name.size() <= 16 || long_name(slot) == name)) return true;
    }
  }

 private:
  struct Slot {
    TagNameKey key;
    std::size_t offset = 0;  // a name longer than 16 bytes: where it is in long_names_
    std::uint64_t game = 0;  // the game it belongs to; 0: none
  };

  static std::size_t hash(const TagNameKey& key) {
    const std::uint64_t mixed =
        (key.head ^ (key.tail * 0x9E3779B97F4A7C15ULL) ^ key.size) * 0xD6E8FEB86659FD93ULL;
    return static_cast<std::size_t>(mixed >> 40);
  }

  std::string_view long_name(const Slot& slot) const {
    return std::string_view(long_names_).substr(slot.offset, slot.key.size);
  }

  // Twice the slots (64 at first), the game's names placed again.
  void grow() {
    std::vector<Slot> old(slots_.empty() ? 64 : 2 * slots_.size());
    old.swap(slots_);
    mask_ = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (slot.game != game_) continue;
      std::size_t i = hash(slot.key) & mask_;
      while (slots_[i].game == game_) i = (i + 1) & mask_;
      slots_[i] = slot;
    }
  }

  std::vector<Slot> slots_;
  std::size_t mask_ = std::size_t(-1);  // slots_.size() - 1 (wraps to the maximum when empty)
  std::string long_names_;              // the game's names longer than 16 bytes, back to back
  std::size_t count_ = 0;
  std::uint64_t game_ = 1;
};

}  // namespace pawnkit::io::detail
