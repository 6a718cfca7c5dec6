#include "io/source/line_reader.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pawnkit::io {
namespace {

// Every test runs with these read-buffer sizes (0 = the default).
const std::vector<std::size_t> buffer_sizes = {1, 2, 3, 7, 64, 0};

// Reads everything and renders each result as "N:text", "N:too long: msg" or
// "N:read error: msg".
std::vector<std::string> read_lines(const std::string& data, std::size_t buffer_size,
                                    std::size_t max_line = 1 << 20) {
  auto source = make_memory_source(data, "test.epd");
  LineReaderOptions options;
  if (buffer_size != 0) options.buffer_size = buffer_size;
  options.max_line_bytes = max_line;
  LineReader reader(*source, options);
  std::vector<std::string> out;
  for (;;) {
    const LineReader::Result r = reader.next();
    const std::string number = std::to_string(r.number) + ":";
    switch (r.status) {
      case LineReader::Status::Line:
        out.push_back(number + std::string(r.text));
        break;
      case LineReader::Status::TooLong:
        out.push_back(number + "too long: " + std::string(r.message));
        break;
      case LineReader::Status::ReadError:
        out.push_back(number + "read error: " + std::string(r.message));
        break;
      case LineReader::Status::End:
        return out;
    }
  }
}

using Lines = std::vector<std::string>;

class LineReaderTest : public ::testing::TestWithParam<std::size_t> {};

TEST_P(LineReaderTest, LineEndingsOfAllKinds) {
  EXPECT_EQ(read_lines("a\nbb\r\nccc\rd\n\ne", GetParam()),
            (Lines{"1:a", "2:bb", "3:ccc", "4:d", "5:", "6:e"}));
}

TEST_P(LineReaderTest, CrLfAtEndAndEmptyInput) {
  EXPECT_EQ(read_lines("x\r\n", GetParam()), (Lines{"1:x"}));
  EXPECT_EQ(read_lines("x\r", GetParam()), (Lines{"1:x"}));
  EXPECT_EQ(read_lines("", GetParam()), (Lines{}));
  EXPECT_EQ(read_lines("\r\n\r\n", GetParam()), (Lines{"1:", "2:"}));
  EXPECT_EQ(read_lines("\r\r\n\n", GetParam()), (Lines{"1:", "2:", "3:"}));
}

TEST_P(LineReaderTest, ByteOrderMarkIsStrippedFromLineOneOnly) {
  EXPECT_EQ(read_lines("\xEF\xBB\xBFk7/8/8/8/8/8/8/K7 w - -\n\xEF\xBB\xBFx\n", GetParam()),
            (Lines{"1:k7/8/8/8/8/8/8/K7 w - -", "2:\xEF\xBB\xBFx"}));
  EXPECT_EQ(read_lines("\xEF\xBB\xBF", GetParam()), (Lines{"1:"}));
}

TEST_P(LineReaderTest, OverlongLineIsReportedAndSkipped) {
  const std::string data =
      "short\n" + std::string(100, 'x') + "\nafter\n" + std::string(11, 'y') + "\r\nlast";
  EXPECT_EQ(read_lines(data, GetParam(), 10),
            (Lines{"1:short", "2:too long: line longer than 10 bytes", "3:after",
                   "4:too long: line longer than 10 bytes", "5:last"}));
  // Exactly at the limit is fine.
  EXPECT_EQ(read_lines("0123456789\n", GetParam(), 10), (Lines{"1:0123456789"}));
}

TEST_P(LineReaderTest, NulBytesPassThrough) {
  EXPECT_EQ(read_lines(std::string("a\0b\nc", 5), GetParam()),
            (Lines{std::string("1:a\0b", 5), "2:c"}));
}

INSTANTIATE_TEST_SUITE_P(BufferSizes, LineReaderTest, ::testing::ValuesIn(buffer_sizes));

// A source that delivers some bytes and then fails, like a truncated .zst file.
class FailingSource final : public ByteSource {
 public:
  FailingSource() : ByteSource("broken.epd") {}
  std::size_t read(char* out, std::size_t capacity) override {
    if (sent_ < data_.size() && capacity > 0) {
      out[0] = data_[sent_++];
      return 1;
    }
    fail("read error on 'broken.epd': Input/output error");
    return 0;
  }

 private:
  std::string data_ = "one\ntw";
  std::size_t sent_ = 0;
};

TEST(LineReader, ReadErrorComesAfterTheDeliveredBytes) {
  FailingSource source;
  LineReader reader(source);
  auto r = reader.next();
  EXPECT_EQ(r.status, LineReader::Status::Line);
  EXPECT_EQ(r.text, "one");
  r = reader.next();
  EXPECT_EQ(r.status, LineReader::Status::Line);
  EXPECT_EQ(r.text, "tw");
  r = reader.next();
  EXPECT_EQ(r.status, LineReader::Status::ReadError);
  EXPECT_EQ(r.message, "read error on 'broken.epd': Input/output error");
  EXPECT_EQ(r.number, 3u);
  EXPECT_EQ(reader.next().status, LineReader::Status::End);
}

TEST(LineReader, ReadsTheSharedEpdFile) {
  const std::string path = std::string(PAWNKIT_SHARED_DATA) + "/perftsuite.epd";
  OpenedSource opened = open_source(path);
  if (!opened.ok()) GTEST_SKIP() << "shared data absent: " << path;
  LineReader reader(*opened.source);
  std::size_t lines = 0;
  for (auto r = reader.next(); r.status == LineReader::Status::Line; r = reader.next()) {
    if (!r.text.empty()) ++lines;
    EXPECT_EQ(r.text.find('\r'), std::string_view::npos);  // CR never part of a line
  }
  EXPECT_EQ(lines, 126u);  // PROVENANCE.md: 126 positions
}

}  // namespace
}  // namespace pawnkit::io
