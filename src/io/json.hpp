// Small JSON writing helpers shared by every writer: square lists, strings, integers.
// They write into a caller's buffer or append to a std::string the caller reuses, so a
// long run allocates only as the buffer grows.
#pragma once

#include <pawnkit/bitboard.hpp>
#include <pawnkit/chess/notation.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstring>

#include <string>
#include <string_view>

namespace pawnkit::io {

namespace detail {
// `"c4",` for each square, padded to 8 bytes: one copy of a constant size writes a square.
inline constexpr std::array<std::array<char, 8>, 64> square_list_entries = [] {
  std::array<std::array<char, 8>, 64> entries{};
  for (std::size_t s = 0; s < entries.size(); ++s) {
    const std::string_view name = square_name(Square(s));
    entries[s] = {'"', name[0], name[1], '"', ','};
  }
  return entries;
}();
static_assert(std::string_view(square_list_entries[C4].data(), 5) == "\"c4\",");
}  // namespace detail

// ["c4","d4"]: the squares of b as a JSON array, ascending bit order, written at p, which
// must have room for square_list_room bytes (the longest list and 3 more: each square is
// written with an 8-byte copy); returns the end.
inline constexpr std::size_t max_square_list_bytes = 2 + 64 * 5;
inline constexpr std::size_t square_list_room = max_square_list_bytes + 3;
inline char* write_square_list(char* p, Bitboard b) {
  *p++ = '[';
  for (Bitboard rest = b; rest; rest &= rest - 1) {
    std::memcpy(p, detail::square_list_entries[std::countr_zero(rest)].data(), 8);
    p += 5;
  }
  if (b) --p;  // no comma after the last square
  *p++ = ']';
  return p;
}

// Whether c must be escaped in a JSON string: a control character, '"' or '\\'.
// (With no branch: a loop over a text's characters vectorizes.)
constexpr bool needs_json_escape(char c) {
  return (static_cast<unsigned char>(c) < 0x20) | (c == '"') | (c == '\\');
}

// A JSON string literal with the escapes JSON requires.
void append_json_string(std::string& out, std::string_view text);

void append_int(std::string& out, long long value);

}  // namespace pawnkit::io
