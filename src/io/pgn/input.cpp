// The PGN reader's buffer over a byte source (input.hpp).
#include "io/pgn/input.hpp"

#include <cassert>
#include <cstring>

namespace pawnkit::io::detail {

// Room for one read plus the longest token that may be carried over.
PgnInput::PgnInput(ByteSource& source, std::size_t read_size, std::size_t keep_limit)
    : source_(source), buffer_(read_size + keep_limit), read_size_(read_size) {
  pos = end = buffer_.data();
}

// Nothing is kept: the bytes before pos are consumed.
bool PgnInput::refill() {
  const char* keep = end;
  return refill(keep);
}

// Moves the kept tail to the front, then asks the source for up to read_size bytes.
bool PgnInput::refill(const char*& keep) {
  if (eof_) return false;
  assert(keep <= pos && pos <= end);
  const auto kept = static_cast<std::size_t>(end - keep);
  const auto pos_offset = static_cast<std::size_t>(pos - keep);
  assert(kept < buffer_.size());
  consumed_ += static_cast<std::uint64_t>(keep - buffer_.data());
  if (kept != 0 && keep != buffer_.data()) std::memmove(buffer_.data(), keep, kept);
  const std::size_t room = std::min(read_size_, buffer_.size() - kept);
  const std::size_t n = source_.read(buffer_.data() + kept, room);
  keep = buffer_.data();
  pos = keep + pos_offset;
  end = keep + kept + n;
  if (n == 0) eof_ = true;
  return n != 0;
}

}  // namespace pawnkit::io::detail
