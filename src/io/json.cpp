#include "io/json.hpp"

#include <charconv>
#include <pawnkit/chess/notation.hpp>

namespace pawnkit::io {

char* write_square_list(char* p, Bitboard b) {
  *p++ = '[';
  for (Square s : squares(b)) {
    const std::string_view name = square_name(s);
    p[0] = '"';
    p[1] = name[0];
    p[2] = name[1];
    p[3] = '"';
    p[4] = ',';
    p += 5;
  }
  if (b) --p;  // no comma after the last square
  *p++ = ']';
  return p;
}

void append_json_string(std::string& out, std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  auto needs_escape = [](char c) {
    return static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\';
  };
  // Usually nothing is to be escaped (a FEN, a name): a check of every character with no
  // early exit (the loop vectorizes), then the text in one piece.
  bool escapes = false;
  for (char c : text) escapes |= needs_escape(c);
  if (!escapes) {
    out.append(text);
    out += '"';
    return;
  }
  // Else the part before the first escape in one piece.
  std::size_t plain = 0;
  while (!needs_escape(text[plain])) ++plain;
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
