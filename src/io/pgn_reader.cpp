#include "io/pgn_reader.hpp"

#include <cassert>
#include <cstdio>

namespace pawnkit::io {

// One line for a terminal or a log.
std::string PgnError::to_string() const {
  std::string text(file);
  text += ':';
  text += std::to_string(line);
  text += ": game ";
  text += std::to_string(game);
  text += ": ";
  text += message;
  return text;
}

// "unexpected character 'x'" for a printable byte, else "unexpected byte 0x00".
static std::string unexpected_byte(std::uint64_t byte) {
  char text[40];
  if (byte >= 0x21 && byte < 0x7F) {
    std::snprintf(text, sizeof text, "unexpected character '%c'", static_cast<char>(byte));
  } else {
    std::snprintf(text, sizeof text, "unexpected byte 0x%02X", static_cast<unsigned>(byte & 0xFF));
  }
  return text;
}

std::string message(PgnErrorCode code, std::uint64_t detail) {
  const auto too_long = [&](std::string_view what) {
    return std::string(what) + " longer than " + std::to_string(detail) + " bytes";
  };
  switch (code) {
    case PgnErrorCode::SourceFailed:
      return "source failed";
    case PgnErrorCode::UnterminatedComment:
      return "unterminated comment";
    case PgnErrorCode::UnterminatedVariation:
      return "unterminated variation";
    case PgnErrorCode::UnmatchedParenthesis:
      return "unmatched ')'";
    case PgnErrorCode::UnexpectedByte:
      return unexpected_byte(detail);
    case PgnErrorCode::MalformedNag:
      return "malformed NAG";
    case PgnErrorCode::TokenTooLong:
      return too_long("token");
    case PgnErrorCode::CommentTooLong:
      return too_long("comment");
    case PgnErrorCode::TagTooLong:
      return too_long("tag");
    case PgnErrorCode::UnterminatedTag:
      return "unterminated tag (missing ']')";
    case PgnErrorCode::UnterminatedTagValue:
      return "unterminated tag value (missing '\"')";
    case PgnErrorCode::MalformedTag:
      return "malformed tag";
    case PgnErrorCode::UnexpectedByteInTag:
      return unexpected_byte(detail) + " in tag value";
  }
  return "unknown error";
}

namespace detail {

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
  if (kept != 0 && keep != buffer_.data()) std::memmove(buffer_.data(), keep, kept);
  const std::size_t room = std::min(read_size_, buffer_.size() - kept);
  const std::size_t n = source_.read(buffer_.data() + kept, room);
  keep = buffer_.data();
  pos = keep + pos_offset;
  end = keep + kept + n;
  if (n == 0) eof_ = true;
  return n != 0;
}

std::string_view unescape_tag_value(std::string_view raw, std::string& scratch) {
  if (raw.find('\\') == std::string_view::npos) return raw;
  scratch.clear();
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) ++i;
    scratch += raw[i];
  }
  return scratch;
}

int suffix_annotation_nag(std::string_view suffix) {
  if (suffix == "!") return 1;
  if (suffix == "?") return 2;
  if (suffix == "!!") return 3;
  if (suffix == "??") return 4;
  if (suffix == "!?") return 5;
  if (suffix == "?!") return 6;
  return 0;
}

std::string_view trim_blanks(std::string_view text) {
  const auto blank = [](char c) { return c == '\n' || has_class(c, kBlank); };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace detail
}  // namespace pawnkit::io
