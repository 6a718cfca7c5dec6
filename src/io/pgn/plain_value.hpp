// plain_value_end: where the plain part of a tag value ends, for the tag reader's common
// case (tags.hpp, read_plain_tag). A plain byte is printable ASCII other than '"' and
// '\': the bytes a value needs neither unescaping nor checking for. Tag values are some
// forty percent of a master-game file, so they are scanned eight bytes at a time.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace pawnkit::io::detail {

constexpr bool plain_value_byte(char ch) {
  return static_cast<unsigned char>(ch) - 0x20u < 0x5Fu && ch != '"' && ch != '\\';
}

// The first byte in [p, end) that is not plain, or end: the plain version (the word-wise
// one below must agree with it; the unit test compares them).
inline const char* plain_value_end_bytewise(const char* p, const char* end) {
  while (p != end && plain_value_byte(*p)) ++p;
  return p;
}

// The same, eight bytes a step with word arithmetic (no SIMD instructions, so the same
// code on every platform). In each word, the high bit of a byte is set for a byte below
// 0x20, above 0x7E, '"' or '\'; the carries and borrows of these tests run only from a
// byte that is set itself towards later bytes, so the first set byte is exact.
inline const char* plain_value_end(const char* p, const char* end) {
  constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  const auto zero_bytes = [&](std::uint64_t w) { return (w - ones) & ~w; };
  for (; end - p >= 8; p += 8) {
    std::uint64_t w;
    std::memcpy(&w, p, sizeof w);
    if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
    const std::uint64_t below_space = (w - 0x20 * ones) & ~w;
    const std::uint64_t above_tilde = (w + ones) | w;
    const std::uint64_t special = zero_bytes(w ^ ('"' * ones)) | zero_bytes(w ^ ('\\' * ones));
    if (const std::uint64_t stop = (below_space | above_tilde | special) & highs)
      return p + std::countr_zero(stop) / 8;
  }
  return plain_value_end_bytewise(p, end);
}

}  // namespace pawnkit::io::detail
