// find_byte (src/io/pgn/find_byte.hpp) against std::memchr: random buffers of every length
// up to a few blocks, at every alignment, with the byte absent, present once and present
// many times, including bytes above 0x7f.
#include "io/pgn/find_byte.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

namespace pawnkit::io::detail {
namespace {

using Finder = const char* (*)(const char*, const char*, char);

const char* find_plain_blocks(const char* begin, const char* end, char byte) {
  return find_byte_in_blocks<PlainBlockMatch>(begin, end, byte);
}

// Every length 0..80 at every offset 0..31 of a random buffer over a small alphabet (so
// that most bytes are hits of some search), and the same with the byte planted once.
void check_against_memchr(Finder find) {
  std::mt19937 random(31);
  std::vector<char> buffer(160);
  const char alphabet[] = {'a', '}', '\n', ' ', '\xff', '\x80', '{', '0'};
  for (int round = 0; round < 20; ++round) {
    for (char& c : buffer) c = alphabet[random() % sizeof alphabet];
    for (std::size_t offset = 0; offset < 32; ++offset) {
      for (std::size_t length = 0; length <= 80; ++length) {
        const char* begin = buffer.data() + offset;
        const char* end = begin + length;
        for (char byte : {'}', '\n', '\xff', 'z'}) {  // 'z' never occurs
          const void* expected = std::memchr(begin, byte, length);
          ASSERT_EQ(find(begin, end, byte), expected)
              << "offset " << offset << ", length " << length << ", byte " << int(byte);
        }
      }
    }
  }
}

// One hit at every position of a longer buffer without other hits.
void check_single_hits(Finder find) {
  std::vector<char> buffer(300, 'x');
  for (std::size_t at = 0; at < buffer.size(); ++at) {
    buffer[at] = '}';
    for (std::size_t offset : {0, 1, 7, 15}) {
      const char* begin = buffer.data() + offset;
      const char* end = buffer.data() + buffer.size();
      const char* expected = at >= offset ? buffer.data() + at : nullptr;
      ASSERT_EQ(find(begin, end, '}'), expected) << "hit at " << at << ", offset " << offset;
    }
    buffer[at] = 'x';
  }
}

TEST(FindByte, MatchesMemchr) { check_against_memchr(find_byte); }
TEST(FindByte, BlocksMatchMemchr) { check_against_memchr(find_plain_blocks); }
TEST(FindByte, SingleHits) { check_single_hits(find_byte); }
TEST(FindByte, BlocksSingleHits) { check_single_hits(find_plain_blocks); }

TEST(FindByte, EmptyRange) {
  const char text[] = "}";
  EXPECT_EQ(find_byte(text, text, '}'), nullptr);
  EXPECT_EQ(find_plain_blocks(text, text, '}'), nullptr);
}

}  // namespace
}  // namespace pawnkit::io::detail
