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
  for (std::size_t i = plain; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
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
        if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
            static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
          const auto c1 = static_cast<unsigned char>(text[++i]);  // a C1 control
          out += "\\u00";
          out += hex[c1 >> 4];
          out += hex[c1 & 15];
        } else if (c < 0x20 || c == 0x7F) {
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
