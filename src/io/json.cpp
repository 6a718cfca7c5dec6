#include "io/json.hpp"

#include <array>
#include <charconv>
#include <cstring>
#include <pawnkit/chess/notation.hpp>

namespace pawnkit::io {

namespace {

// "\"c4\"" for each square: one copy of a constant size writes it.
constexpr std::array<std::array<char, 4>, 64> quoted_square_names = [] {
  std::array<std::array<char, 4>, 64> names{};
  for (std::size_t s = 0; s < names.size(); ++s) {
    const std::string_view name = square_name(Square(s));
    names[s] = {'"', name[0], name[1], '"'};
  }
  return names;
}();

}  // namespace

char* write_square_list(char* p, Bitboard b) {
  *p++ = '[';
  for (Square s : squares(b)) {
    std::memcpy(p, quoted_square_names[s].data(), 4);
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
    const auto u = static_cast<unsigned char>(c);
    return unsigned(u < 0x20) | unsigned(c == '"') | unsigned(c == '\\');
  };
  // Usually nothing is to be escaped (a FEN, a name): a check of every character with no
  // early exit and no branch (the loop vectorizes), then the text in one piece.
  unsigned escapes = 0;
  for (std::size_t i = 0; i < text.size(); ++i) escapes |= needs_escape(text[i]);
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
