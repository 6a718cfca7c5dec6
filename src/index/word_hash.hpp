// The 128-bit hash behind a game's content hash (index/game_visits.hpp) and Python's
// game_key: a field's bytes eight at a time, on two lanes with their own constants, then
// the field's length, so that a sequence of fields is read one way only ("ab", "c" is not
// "a", "bc"). Byte-serial FNV-1a before it (index format 3) took a multiply per byte: 7% of
// `index add` on a file of master games with thirty tags each.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "index/keys.hpp"

namespace pawnkit::index_db {

class WordHash {
 public:
  void add(std::string_view field) {
    const char* p = field.data();
    std::size_t n = field.size();
    for (; n >= 8; p += 8, n -= 8) {
      std::uint64_t w;
      std::memcpy(&w, p, 8);
      if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
      add_word(w);
    }
    std::uint64_t tail = 0;  // the last bytes, zero-padded (words read little-endian)
    for (std::size_t i = 0; i < n; ++i)
      tail |= std::uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
    add_word(tail);
    add_word(field.size());
  }
  // Each step is a bijection of the lane for a given word, and distinct words give distinct
  // lanes: the multiply spreads the word's low bits up, the rotation brings high bits down.
  void add_word(std::uint64_t w) {
    a_ = std::rotl(a_ ^ (w * 0x9e3779b97f4a7c15ULL), 31) * 0xff51afd7ed558ccdULL;
    b_ = std::rotl(b_ ^ (w * 0xc2b2ae3d27d4eb4fULL), 27) * 0xc4ceb9fe1a85ec53ULL;
  }
  ContentHash finish() const {
    return {mix(a_ ^ std::rotl(b_, 32)), mix(b_ ^ 0x9e3779b97f4a7c15ULL)};
  }

 private:
  // splitmix64's finalizer, so that every output bit depends on every lane bit.
  static std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  }
  std::uint64_t a_ = 0x243f6a8885a308d3ULL, b_ = 0x13198a2e03707344ULL;
};

}  // namespace pawnkit::index_db
