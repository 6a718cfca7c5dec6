#include "io/json.hpp"

#include <charconv>

namespace pawnkit::io {

void append_json_string(std::string& out, std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  // Usually nothing is to be escaped (a FEN, a name): a check of every character with no
  // early exit and no branch (the loop vectorizes), then the text in one piece.
  unsigned escapes = 0;
  for (std::size_t i = 0; i < text.size(); ++i) escapes |= unsigned(needs_json_escape(text[i]));
  if (!escapes) {
    out.append(text);
    out += '"';
    return;
  }
  // Else the part before the first escape in one piece.
  std::size_t plain = 0;
  while (!needs_json_escape(text[plain])) ++plain;
  out.append(text.data(), plain);
  for (unsigned char c : text.substr(plain)) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else {
          out += char(c);
        }
    }
  }
  out += '"';
}

void append_int(std::string& out, long long value) {
  char buffer[24];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, end);
}

}  // namespace pawnkit::io
