// find_byte: the first occurrence of a byte in a buffer, for the PGN reader's scans (to a
// comment's closing brace, to a line feed). Natively it is libc's memchr, already
// vectorized. In WebAssembly, Emscripten's musl memchr reads one 4-byte word at a time; a
// build with SIMD (-msimd128) compares 16 bytes per step instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace pawnkit::io::detail {

// Bit i of the result set when block[i] == byte, for the 16 bytes at block: the plain
// version (the SIMD one below must agree with it; the unit test runs this one natively).
struct PlainBlockMatch {
  static std::uint32_t mask(const char* block, char byte) {
    std::uint32_t bits = 0;
    for (int i = 0; i < 16; ++i) bits |= std::uint32_t(block[i] == byte) << i;
    return bits;
  }
};

#ifdef __wasm_simd128__
struct SimdBlockMatch {
  static std::uint32_t mask(const char* block, char byte) {
    const v128_t bytes = wasm_v128_load(block);  // WebAssembly loads need no alignment
    return wasm_i8x16_bitmask(wasm_i8x16_eq(bytes, wasm_i8x16_splat(byte)));
  }
};
#endif

// The first `byte` in [begin, end), or nullptr: 16-byte blocks, then the tail byte by byte.
template <class BlockMatch>
const char* find_byte_in_blocks(const char* begin, const char* end, char byte) {
  for (; end - begin >= 16; begin += 16) {
    if (const std::uint32_t bits = BlockMatch::mask(begin, byte))
      return begin + __builtin_ctz(bits);
  }
  for (; begin != end; ++begin) {
    if (*begin == byte) return begin;
  }
  return nullptr;
}

// The first `byte` in [begin, end), or nullptr.
inline const char* find_byte(const char* begin, const char* end, char byte) {
#ifdef __wasm_simd128__
  return find_byte_in_blocks<SimdBlockMatch>(begin, end, byte);
#else
  return static_cast<const char*>(std::memchr(begin, byte, static_cast<std::size_t>(end - begin)));
#endif
}

}  // namespace pawnkit::io::detail
