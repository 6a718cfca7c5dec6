#include "io/source/line_reader.hpp"

#include <algorithm>
#include <cstring>

namespace pawnkit::io {
namespace {

constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";

// First LF or CR in [begin, end), or end: two memchr scans (vectorized) instead of a byte
// loop; the CR scan stops at the LF.
const char* find_line_end(const char* begin, const char* end) {
  const auto* lf = static_cast<const char*>(std::memchr(begin, '\n', std::size_t(end - begin)));
  const char* limit = lf ? lf : end;
  const auto* cr = static_cast<const char*>(std::memchr(begin, '\r', std::size_t(limit - begin)));
  return cr ? cr : limit;
}

}  // namespace

// The buffer is allocated once; lines that fit in it are returned without a copy.
LineReader::LineReader(ByteSource& source, LineReaderOptions options)
    : source_(source), options_(options), buffer_(std::max<std::size_t>(options.buffer_size, 1)) {}

// Reads the next chunk; false at the end of the input (or a failure).
bool LineReader::refill() {
  pos_ = 0;
  end_ = source_.read(buffer_.data(), buffer_.size());
  return end_ != 0;
}

// Builds the result for a complete line: BOM stripped from line 1, length checked.
LineReader::Result LineReader::finish_line(std::string_view piece, bool too_long) {
  Result result;
  result.number = line_number_;
  std::string_view text = carry_.empty() ? piece : (carry_.append(piece), std::string_view(carry_));
  if (line_number_ == 1 && text.starts_with(utf8_bom)) text.remove_prefix(utf8_bom.size());
  if (too_long || text.size() > options_.max_line_bytes) {
    carry_.clear();
    message_ = "line longer than " + std::to_string(options_.max_line_bytes) + " bytes";
    result.status = Status::TooLong;
    result.message = message_;
    return result;
  }
  result.status = Status::Line;
  result.text = text;
  return result;
}

// After the last line: the source's failure once (if any), then End forever.
LineReader::Result LineReader::end_of_input() {
  if (source_.failed() && !error_reported_) {
    error_reported_ = true;
    message_ = source_.error();
    return Result{Status::ReadError, {}, line_number_ + 1, message_};
  }
  return Result{Status::End, {}, line_number_, {}};
}

// Scans for the next CR or LF; bytes of a line crossing a buffer boundary are kept in
// carry_ until the line exceeds the limit, after which they are dropped.
LineReader::Result LineReader::next() {
  if (finished_) return end_of_input();
  carry_.clear();
  bool started = false;
  bool too_long = false;
  for (;;) {
    if (pos_ == end_ && !refill()) {
      finished_ = true;
      if (started) return finish_line({}, too_long);
      return end_of_input();
    }
    if (pending_cr_) {
      pending_cr_ = false;
      if (buffer_[pos_] == '\n') {
        ++pos_;
        continue;
      }
    }
    if (!started) {
      started = true;
      ++line_number_;
    }
    const char* begin = buffer_.data() + pos_;
    const char* end = buffer_.data() + end_;
    const char* stop = find_line_end(begin, end);
    const std::string_view piece(begin, static_cast<std::size_t>(stop - begin));
    if (stop == end) {
      // The line continues in the next chunk.
      if (!too_long && carry_.size() + piece.size() > options_.max_line_bytes + utf8_bom.size()) {
        too_long = true;
        carry_.clear();
      }
      if (!too_long) carry_.append(piece);
      pos_ = end_;
      continue;
    }
    pos_ = static_cast<std::size_t>(stop - buffer_.data()) + 1;
    if (*stop == '\r') {
      if (pos_ < end_) {
        if (buffer_[pos_] == '\n') ++pos_;
      } else {
        pending_cr_ = true;
      }
    }
    return finish_line(too_long ? std::string_view{} : piece, too_long);
  }
}

}  // namespace pawnkit::io
