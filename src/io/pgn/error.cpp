// The texts of the PGN reader's reports (error.hpp): one line per error or warning.
#include "io/pgn/error.hpp"

#include <cstdio>
#include <iterator>
#include <string>

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

// Each code's text, in enum order: "%b" stands for the byte in `detail` (as
// unexpected_byte() names it), "%n" for the number in `detail`, "%w" for `what`.
constexpr std::string_view message_texts[] = {
    "source failed",
    "unterminated comment",
    "unterminated variation",
    "unmatched ')'",
    "%b",
    "malformed NAG",
    "token longer than %n bytes",
    "comment longer than %n bytes",
    "tag longer than %n bytes",
    "unterminated tag (missing ']')",
    "unterminated tag value (missing '\"')",
    "malformed tag",
    "%b in tag value",
    "stray '}' skipped",
    "unmatched ')' skipped",
    "result '%w' in the middle of the movetext: the game goes on",
    "Result tag disagrees with the result token: %w",
    "tag value without quotes: %w",
    "tag value in single quotes: %w",
    "tag without closing '\"' or ']' read to the end of its line: %w",
    "tag value longer than %n bytes cut to %n bytes: %w",
    "%w",
    "the input ends inside the game (no result token): cut off?",
    "%w",
    "%n invalid UTF-8 sequences in tag values replaced with U+FFFD (the first in %w)",
    "tag %w given twice: the first value is kept, the second is dropped",
    "'[' in the movetext starts no tag: skipped to its ']'",
    "empty FEN tag: the game starts from the standard position",
};
static_assert(std::size(message_texts) == std::size_t(PgnErrorCode::FenTagEmpty) + 1,
              "one text per PgnErrorCode");

std::string message(PgnErrorCode code, std::uint64_t detail, std::string_view what) {
  const auto index = static_cast<std::size_t>(code);
  if (index >= std::size(message_texts)) return "unknown error";
  const std::string_view text = message_texts[index];
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%' || i + 1 == text.size()) {
      out += text[i];
      continue;
    }
    switch (text[++i]) {
      case 'b':
        out += unexpected_byte(detail);
        break;
      case 'n':
        out += std::to_string(detail);
        break;
      default:
        out += what;
    }
  }
  return out;
}

}  // namespace pawnkit::io
