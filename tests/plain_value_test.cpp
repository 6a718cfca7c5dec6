// plain_value_end (src/io/pgn/plain_value.hpp), eight bytes a step, against the byte-by-byte
// scan: random buffers over the bytes at the edges of the plain range at every length and
// alignment, every byte value planted at every position of a plain run, and the lines of
// real PGN files from every starting byte.
#include "io/pgn/plain_value.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace pawnkit::io::detail {
namespace {

void expect_same_end(const char* begin, const char* end, const std::string& what) {
  ASSERT_EQ(plain_value_end(begin, end), plain_value_end_bytewise(begin, end)) << what;
}

TEST(PlainValue, ByteTestIsTheDefinition) {
  for (int byte = 0; byte < 256; ++byte) {
    const bool expected = byte >= 0x20 && byte <= 0x7E && byte != '"' && byte != '\\';
    EXPECT_EQ(plain_value_byte(char(byte)), expected) << byte;
  }
}

TEST(PlainValue, RandomBuffersAtEveryLengthAndAlignment) {
  // The bytes on both sides of each edge: below and at the space, at and above the tilde,
  // around the quote and the backslash, high bytes, and common plain ones.
  const char alphabet[] = {'\x00', '\x1f', ' ',    '!',    '"',    '#',  '[',  '\\', ']',
                           '~',    '\x7f', '\x80', '\xfe', '\xff', '\t', '\n', 'a',  'Z'};
  std::mt19937 random(31);
  std::vector<char> buffer(96);
  for (int round = 0; round < 400; ++round) {
    // Mostly plain bytes, so that the runs are long enough to cross words.
    for (char& c : buffer)
      c = random() % 4 ? char('A' + random() % 26) : alphabet[random() % sizeof alphabet];
    for (std::size_t offset = 0; offset < 16; ++offset)
      for (std::size_t length = 0; length + offset <= buffer.size(); ++length)
        expect_same_end(buffer.data() + offset, buffer.data() + offset + length,
                        "round " + std::to_string(round) + ", offset " + std::to_string(offset) +
                            ", length " + std::to_string(length));
  }
}

TEST(PlainValue, EveryByteAtEveryPosition) {
  std::vector<char> buffer(40, 'x');
  for (int byte = 0; byte < 256; ++byte) {
    for (std::size_t at = 0; at < buffer.size(); ++at) {
      buffer[at] = char(byte);
      // A second stop byte later must not hide or move the first.
      if (at + 3 < buffer.size()) buffer[at + 3] = '"';
      for (std::size_t offset : {0, 1, 5, 8})
        expect_same_end(buffer.data() + offset, buffer.data() + buffer.size(),
                        "byte " + std::to_string(byte) + " at " + std::to_string(at) + ", offset " +
                            std::to_string(offset));
      std::fill(buffer.begin(), buffer.end(), 'x');
    }
  }
}

// Each line of a real file, scanned from each of its bytes to its end.
void check_file(const std::string& path, std::size_t max_lines) {
  std::ifstream in(path, std::ios::binary);
  if (!in) GTEST_SKIP() << path << " is absent";
  std::string line;
  for (std::size_t n = 0; n < max_lines && std::getline(in, line); ++n)
    for (std::size_t from = 0; from <= line.size(); ++from)
      expect_same_end(line.data() + from, line.data() + line.size(),
                      path + " line " + std::to_string(n + 1) + " from " + std::to_string(from));
}

TEST(PlainValue, SamplePgn) { check_file(PAWNKIT_SOURCE_DIR "/data/sample.pgn", 100000); }

TEST(PlainValue, SharedLichessGames) {
  check_file(PAWNKIT_SHARED_DATA "/lichess_db_1000k.pgn", 3000);
}

}  // namespace
}  // namespace pawnkit::io::detail
