#include "io/json.hpp"

#include <charconv>

namespace pawnkit::io {

void append_square_list(std::string& out, Bitboard b) {
  out += '[';
  bool first = true;
  for (Square s : squares(b)) {
    if (!first) out += ',';
    first = false;
    out += '"';
    out += square_name(s);
    out += '"';
  }
  out += ']';
}

void append_json_string(std::string& out, std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  for (unsigned char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
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
