#include "io/source/input_format.hpp"

#include <algorithm>
#include <cstring>
#include <string>

namespace pawnkit::io {
namespace {

// Blank bytes that may precede the first line that counts.
bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Movetext with no move number (`e4 e5 Nf3`, `O-O`, `exd5`, `Nbd7+`, `e8=Q#`, `e2e4`):
// a word that is one SAN or UCI move, with check marks and annotations after it.
bool looks_like_a_move(std::string_view word) {
  while (!word.empty() &&
         (word.back() == '+' || word.back() == '#' || word.back() == '!' || word.back() == '?'))
    word.remove_suffix(1);
  if (word == "O-O" || word == "O-O-O" || word == "0-0" || word == "0-0-0") return true;
  const auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  const auto rank = [](char c) { return c >= '1' && c <= '8'; };
  if (word.size() >= 2 && word[word.size() - 2] == '=' &&
      std::string_view("QRBN").find(word.back()) != std::string_view::npos)
    word.remove_suffix(2);  // a promotion
  if (word.size() == 4 && file(word[0]) && rank(word[1]) && file(word[2]) && rank(word[3]))
    return true;  // UCI
  if (!word.empty() && std::string_view("KQRBN").find(word.front()) != std::string_view::npos)
    word.remove_prefix(1);
  // What is left: [file][rank][x]<file><rank>, the destination last.
  if (word.size() < 2 || !file(word[word.size() - 2]) || !rank(word.back())) return false;
  word.remove_suffix(2);
  if (!word.empty() && word.back() == 'x') word.remove_suffix(1);
  if (!word.empty() && rank(word.back())) word.remove_suffix(1);
  if (!word.empty() && file(word.back())) word.remove_suffix(1);
  return word.empty();
}

// File extensions are compared without regard to ASCII case ("GAMES.PGN").
bool ends_with_ignoring_case(std::string_view text, std::string_view suffix) {
  if (text.size() < suffix.size()) return false;
  return std::equal(suffix.begin(), suffix.end(), text.end() - suffix.size(), [](char a, char b) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
    return lower(a) == lower(b);
  });
}

}  // namespace

std::optional<InputFormat> parse_input_format(std::string_view text) {
  if (text == "pgn") return InputFormat::Pgn;
  if (text == "epd") return InputFormat::Epd;
  return std::nullopt;
}

std::string_view format_name(InputFormat format) {
  return format == InputFormat::Pgn ? "pgn" : "epd";
}

std::optional<InputFormat> format_from_name(std::string_view path) {
  // The compression's extension says nothing about the text inside.
  for (std::string_view packed : {".zst", ".gz", ".bz2"}) {
    if (ends_with_ignoring_case(path, packed)) {
      path.remove_suffix(packed.size());
      break;
    }
  }
  if (ends_with_ignoring_case(path, ".pgn")) return InputFormat::Pgn;
  if (ends_with_ignoring_case(path, ".fen") || ends_with_ignoring_case(path, ".epd")) {
    return InputFormat::Epd;
  }
  return std::nullopt;
}

std::optional<InputFormat> format_from_content(std::string_view head, bool at_end_of_input) {
  constexpr std::string_view bom = "\xEF\xBB\xBF";
  if (head.starts_with(bom)) {
    head.remove_prefix(bom.size());
  } else if (!at_end_of_input && head.size() < bom.size() && bom.starts_with(head)) {
    return std::nullopt;  // could still become a BOM
  }
  std::size_t i = 0;
  while (i < head.size() && is_blank(head[i])) ++i;
  if (i == head.size()) return at_end_of_input ? std::optional(InputFormat::Epd) : std::nullopt;
  // A tag, a comment, an escape line: PGN. A FEN starts with a rank (a piece letter or a
  // digit) and has '/' in its first word.
  const char first = head[i];
  if (first == '[' || first == '{' || first == ';' || first == '%') return InputFormat::Pgn;
  std::size_t end = i;
  while (end < head.size() && !is_blank(head[end])) ++end;
  const std::string_view word = head.substr(i, end - i);
  const bool whole_word = end < head.size() || at_end_of_input;
  if (whole_word && looks_like_a_move(word)) return InputFormat::Pgn;
  std::size_t digits = 0;
  while (digits < word.size() && is_digit(word[digits])) ++digits;
  if (digits > 0 && digits < word.size() && word[digits] == '.') return InputFormat::Pgn;
  if (whole_word || word.find('/') != std::string_view::npos) return InputFormat::Epd;
  // The first word reaches the end of what was read: more input decides.
  return at_end_of_input ? std::optional(InputFormat::Epd) : std::nullopt;
}

DetectedInput detect_input_format(std::unique_ptr<ByteSource> source, std::string_view path,
                                  std::optional<InputFormat> override_format,
                                  std::size_t max_peek) {
  DetectedInput detected;
  std::optional<InputFormat> format = override_format ? override_format : format_from_name(path);
  if (format) {
    detected.format = *format;
    detected.source = std::move(source);
    return detected;
  }
  std::string head;
  std::size_t blank_lines = 0;  // line breaks of a blank start already read past
  char chunk[4096];
  bool all_blank = false;
  for (;;) {
    const std::size_t room = std::min(sizeof chunk, max_peek - head.size());
    const std::size_t n = room == 0 ? 0 : source->read(chunk, room);
    head.append(chunk, n);
    const bool no_more = n == 0;
    format = format_from_content(head, no_more);
    all_blank = std::all_of(head.begin(), head.end(), is_blank);
    if (format || no_more) break;
    // Blank lines alone decide nothing: keep their count (for line numbers), read on.
    if (all_blank) {
      blank_lines += static_cast<std::size_t>(std::count(head.begin(), head.end(), '\n'));
      head.clear();
    }
  }
  detected.format = format.value_or(InputFormat::Epd);
  detected.empty = all_blank;  // the loop ends on all blanks only at the end of input
  head.insert(0, blank_lines, '\n');
  detected.source = make_prefixed_source(std::move(head), std::move(source));
  return detected;
}

OpenedInput open_input(const std::string& path, std::optional<InputFormat> override_format) {
  OpenedInput input;
  OpenedSource opened = open_source(path);
  if (!opened.ok()) {
    input.error = std::move(opened.error);
    return input;
  }
  DetectedInput detected = detect_input_format(std::move(opened.source), path, override_format);
  input.format = detected.format;
  input.empty = detected.empty;
  input.source = std::move(detected.source);
  return input;
}

}  // namespace pawnkit::io
