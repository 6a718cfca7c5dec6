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

}  // namespace

std::string split_origin_line(const SplitOrigin& origin) {
  return std::string(prefix) + std::to_string(origin.first_game) + " line " +
         std::to_string(origin.first_line) + " file " + origin.file + "\n";
}

std::optional<SplitOrigin> parse_split_origin(std::string_view line) {
  if (line.ends_with('\r')) line.remove_suffix(1);
  SplitOrigin origin;
  if (!take(line, prefix)) return std::nullopt;
  const auto game = take_number(line);
  if (!game || !take(line, " line ")) return std::nullopt;
  const auto first_line = take_number(line);
  if (!first_line || !take(line, " file ") || line.empty()) return std::nullopt;
  return SplitOrigin{std::string(line), *game, *first_line};
}

std::optional<SplitOrigin> read_split_origin(ByteSource& source) {
  LineReader lines(source);
  const LineReader::Result first = lines.next();
  if (first.status != LineReader::Status::Line) return std::nullopt;
  return parse_split_origin(first.text);
}

}  // namespace pawnkit::io
