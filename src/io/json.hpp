// Small JSON writing helpers shared by every writer: square lists, strings, integers.
// They write into a caller's buffer or append to a std::string the caller reuses, so a
// long run allocates only as the buffer grows.
#pragma once

#include <pawnkit/bitboard.hpp>

#include <string>
#include <string_view>

namespace pawnkit::io {

// ["c4","d4"]: the squares of b as a JSON array, ascending bit order, written at p, which
// must have room for max_square_list_bytes; returns the end.
inline constexpr std::size_t max_square_list_bytes = 2 + 64 * 5;
char* write_square_list(char* p, Bitboard b);

// A JSON string literal with the escapes JSON requires.
void append_json_string(std::string& out, std::string_view text);

void append_int(std::string& out, long long value);

}  // namespace pawnkit::io
