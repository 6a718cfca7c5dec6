#include "io/split_origin.hpp"

#include <charconv>

#include "io/source/line_reader.hpp"

namespace pawnkit::io {

namespace {

constexpr std::string_view prefix = "% pawnkit split: game ";

// A positive number at the start of `text`, which then starts after it.
std::optional<std::size_t> take_number(std::string_view& text) {
  std::size_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || value == 0) return std::nullopt;
  text.remove_prefix(std::size_t(end - text.data()));
  return value;
}

bool take(std::string_view& text, std::string_view word) {
  if (!text.starts_with(word)) return false;
  text.remove_prefix(word.size());
  return true;
}

// The file name on one line: backslash, newline, carriage return and the other control
// bytes escaped as \\, \n, \r and \xHH (a name with none of them is written as it is).
std::string escape_name(std::string_view name) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (byte < 0x20 || byte == 0x7f)
      out.append("\\x").append(1, hex[byte >> 4]).append(1, hex[byte & 15]);
    else
      out += c;
  }
  return out;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// escape_name undone; a backslash that starts no escape stays as it is.
std::string unescape_name(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::string_view rest = text.substr(i);
    if (rest.starts_with("\\\\")) {
      out += '\\';
      ++i;
    } else if (rest.starts_with("\\n")) {
      out += '\n';
      ++i;
    } else if (rest.starts_with("\\r")) {
      out += '\r';
      ++i;
    } else if (rest.size() >= 4 && rest.starts_with("\\x") && hex_digit(rest[2]) >= 0 &&
               hex_digit(rest[3]) >= 0) {
      out += char(hex_digit(rest[2]) * 16 + hex_digit(rest[3]));
      i += 3;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

std::string split_origin_line(const SplitOrigin& origin) {
  return std::string(prefix) + std::to_string(origin.first_game) + " line " +
         std::to_string(origin.first_line) + " file " + escape_name(origin.file) + "\n";
}

std::optional<SplitOrigin> parse_split_origin(std::string_view line) {
  if (line.ends_with('\r')) line.remove_suffix(1);
  SplitOrigin origin;
  if (!take(line, prefix)) return std::nullopt;
  const auto game = take_number(line);
  if (!game || !take(line, " line ")) return std::nullopt;
  const auto first_line = take_number(line);
  if (!first_line || !take(line, " file ") || line.empty()) return std::nullopt;
  return SplitOrigin{unescape_name(line), *game, *first_line};
}

std::optional<SplitOrigin> read_split_origin(ByteSource& source) {
  LineReader lines(source);
  const LineReader::Result first = lines.next();
  if (first.status != LineReader::Status::Line) return std::nullopt;
  return parse_split_origin(first.text);
}

}  // namespace pawnkit::io
