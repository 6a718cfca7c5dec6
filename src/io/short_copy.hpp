// short_copy: memcpy for the short texts the PGN reader copies by the million (tag names
// and values, moves: mostly under 16 bytes), inline. A call to memcpy costs more than
// such a copy; here it is two loads and two stores that may overlap, at most.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace pawnkit::io {

// Copies [from, from + size) to `to`; the two must not overlap.
inline void short_copy(char* to, const char* from, std::size_t size) {
  // Each branch copies a first and a last piece that together cover every byte.
  const auto two = [&]<class Piece>(Piece) {
    Piece first, last;
    std::memcpy(&first, from, sizeof first);
    std::memcpy(&last, from + size - sizeof last, sizeof last);
    std::memcpy(to, &first, sizeof first);
    std::memcpy(to + size - sizeof last, &last, sizeof last);
  };
  if (size < 4) {
    if (size == 0) return;
    to[0] = from[0];  // sizes 1 to 3: bytes 0, size / 2 and size - 1
    to[size / 2] = from[size / 2];
    to[size - 1] = from[size - 1];
  } else if (size < 8) {
    two(std::uint32_t{});
  } else if (size <= 16) {
    two(std::uint64_t{});
  } else {
    std::memcpy(to, from, size);
  }
}

}  // namespace pawnkit::io
