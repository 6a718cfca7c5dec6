// The PGN reader's input side: the byte classes of its tokenizer and the buffer it reads a
// ByteSource through.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "io/source/byte_source.hpp"

namespace pawnkit::io::detail {

// Byte classes for the tokenizer.
enum : std::uint8_t {
  kBlank = 1,  // space, tab, CR, FF, VT (LF is handled separately: it counts lines)
  kWord = 2,   // characters of a move token, move number or result
  kDigit = 4,
  kTagName = 8,        // letters, digits and '_'
  kTagSpecial = 16,    // what the tag scanner must look at: LF, backslash, '"', ']'
  kHigh = 32,          // bytes of UTF-8 sequences (figurines, "…", "½", a byte order mark)
  kRespellFirst = 64,  // a move starting with this byte may be spelled unusually
  kRespellLast = 128,  // a move ending with this byte may be spelled unusually
};

inline constexpr std::array<std::uint8_t, 256> pgn_char_class = [] {
  std::array<std::uint8_t, 256> table{};
  for (unsigned char c : std::string_view(" \t\r\f\v")) table[c] = kBlank;
  for (int c = 'a'; c <= 'z'; ++c) table[c] = kWord | kTagName;
  for (int c = 'A'; c <= 'Z'; ++c) table[c] = kWord | kTagName;
  for (int c = '0'; c <= '9'; ++c) table[c] = kWord | kDigit | kTagName;
  for (unsigned char c : std::string_view("-+#=/.!?*@:")) table[c] = kWord;
  table['_'] = kWord | kTagName;
  for (unsigned char c : std::string_view("\n\\\"]")) table[c] |= kTagSpecial;
  for (int c = 0x80; c <= 0xFF; ++c) table[c] = kHigh;
  // First bytes of "0-0", "o-o", "Pe4", "Z0", "--", "+=", "=+"; last of "e4.", "exd6e.p."
  for (unsigned char c : std::string_view("0oPZ-+=")) table[c] |= kRespellFirst;
  for (unsigned char c : std::string_view(".p")) table[c] |= kRespellLast;
  return table;
}();

// True when byte c belongs to one of the classes in mask.
inline bool has_class(char c, std::uint8_t mask) {
  return (pgn_char_class[static_cast<unsigned char>(c)] & mask) != 0;
}

// The reader's buffer over a ByteSource. A token that reaches the end of the buffer is
// moved to the front before more bytes are read, so tokens are always contiguous; the
// buffer holds buffer_size bytes plus the longest token that may be kept.
class PgnInput {
 public:
  PgnInput(ByteSource& source, std::size_t read_size, std::size_t keep_limit);

  // Reads more bytes, discarding everything before pos. False at end of input.
  bool refill();
  // Reads more bytes, keeping [keep, end) (keep <= pos, end - keep <= keep_limit);
  // `keep` is updated to the kept bytes' new place. False at end of input.
  bool refill(const char*& keep);

  ByteSource& source() { return source_; }
  // The offset of pos in the source's bytes (decompressed; a byte order mark counts).
  std::uint64_t offset() const {
    return consumed_ + static_cast<std::uint64_t>(pos - buffer_.data());
  }

  const char* pos = nullptr;  // next byte to read
  const char* end = nullptr;  // end of valid bytes

 private:
  ByteSource& source_;
  std::vector<char> buffer_;
  std::size_t read_size_;
  std::uint64_t consumed_ = 0;  // source bytes before buffer_'s first byte
  bool eof_ = false;
};

}  // namespace pawnkit::io::detail
