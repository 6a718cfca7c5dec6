// Lines from a ByteSource (FEN/EPD files): LF, CRLF and lone CR all end a line, numbers
// are 1-based, a UTF-8 byte order mark before line 1 is dropped. Memory is bounded: a
// line longer than the limit is reported (with its number) and skipped without being
// held in memory.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "io/source/byte_source.hpp"

namespace pawnkit::io {

struct LineReaderOptions {
  std::size_t buffer_size = 64 * 1024;   // bytes asked from the source per read
  std::size_t max_line_bytes = 1 << 20;  // longer lines are an error and skipped
};

class LineReader {
 public:
  enum class Status {
    Line,       // `text` holds the line, without its terminator
    TooLong,    // line `number` was longer than max_line_bytes and was skipped
    ReadError,  // the source failed; `message` says why. Nothing follows.
    End,        // no more lines
  };

  struct Result {
    Status status = Status::End;
    std::string_view text;     // valid until the next call to next()
    std::size_t number = 0;    // 1-based line number (for End: lines read so far)
    std::string_view message;  // for TooLong and ReadError
  };

  explicit LineReader(ByteSource& source, LineReaderOptions options = {});

  // The next line, or why there is none. A final line without terminator is a line.
  Result next();

 private:
  bool refill();
  Result finish_line(std::string_view piece, bool too_long);
  Result end_of_input();

  ByteSource& source_;
  LineReaderOptions options_;
  std::vector<char> buffer_;
  std::size_t pos_ = 0;
  std::size_t end_ = 0;
  std::string carry_;  // the start of a line that crossed a buffer boundary
  std::string message_;
  std::size_t line_number_ = 0;
  bool pending_cr_ = false;  // a CR ended the last buffer: skip a following LF
  bool finished_ = false;
  bool error_reported_ = false;
};

}  // namespace pawnkit::io
