// Non-temporal stores for the bitboard columns of pawnkit.positions (positions.cpp):
// the columns are written once and read by numpy much later, so their cache lines are
// written without being read first and without evicting what the reader is working on.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace pawnkit::python {
// Stores that write their cache line without reading it first and without keeping it in
// the cache (non-temporal stores on x86-64, plain ones elsewhere); stream_fence() orders
// them before the stores that follow.
inline void stream_store(std::uint64_t* to, std::uint64_t value) {
#if defined(__x86_64__)
  _mm_stream_si64(reinterpret_cast<long long*>(to), static_cast<long long>(value));
#else
  *to = value;
#endif
}

// Two values to a 16-byte aligned `to`: half the stores of stream_store.
inline void stream_store_pair(std::uint64_t* to, std::uint64_t first, std::uint64_t second) {
#if defined(__x86_64__)
  _mm_stream_si128(reinterpret_cast<__m128i*>(to),
                   _mm_set_epi64x(static_cast<long long>(second), static_cast<long long>(first)));
#else
  to[0] = first;
  to[1] = second;
#endif
}

inline void stream_fence() {
#if defined(__x86_64__)
  _mm_sfence();
#endif
}

#if defined(__AVX512F__)
// Columns [k, k + 8) of 8 rows (`offset` = 8 k bytes into each row) to one whole line of
// each column (`lines`, 64-byte aligned): loaded 8 values at a time and transposed in
// registers, 24 shuffles and 8 stores for 64 values instead of 64 loads and 32 stores.
inline void stream_transposed_8x8(const char* const* rows, std::size_t offset,
                                  std::uint64_t* const* lines) {
  __m512i r[8], a[8], b[8];
  for (int i = 0; i < 8; ++i) r[i] = _mm512_loadu_si512(rows[i] + offset);
  for (int i = 0; i < 8; i += 2) {  // rows i, i + 1 of columns 0, 2, 4, 6 and of 1, 3, 5, 7
    a[i] = _mm512_unpacklo_epi64(r[i], r[i + 1]);
    a[i + 1] = _mm512_unpackhi_epi64(r[i], r[i + 1]);
  }
  const __m512i first = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
  const __m512i second = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
  for (int i = 0; i < 8; i += 4) {  // rows i to i + 3 of columns (0, 4), (2, 6), (1, 5), (3, 7)
    b[i] = _mm512_permutex2var_epi64(a[i], first, a[i + 2]);
    b[i + 1] = _mm512_permutex2var_epi64(a[i], second, a[i + 2]);
    b[i + 2] = _mm512_permutex2var_epi64(a[i + 1], first, a[i + 3]);
    b[i + 3] = _mm512_permutex2var_epi64(a[i + 1], second, a[i + 3]);
  }
  constexpr int column_of[4][2] = {{0, 4}, {2, 6}, {1, 5}, {3, 7}};
  for (int j = 0; j < 4; ++j) {  // rows 0-3 from b[j], rows 4-7 from b[j + 4]
    _mm512_stream_si512(reinterpret_cast<__m512i*>(lines[column_of[j][0]]),
                        _mm512_shuffle_i64x2(b[j], b[j + 4], 0x44));
    _mm512_stream_si512(reinterpret_cast<__m512i*>(lines[column_of[j][1]]),
                        _mm512_shuffle_i64x2(b[j], b[j + 4], 0xEE));
  }
}
#endif

}  // namespace pawnkit::python
