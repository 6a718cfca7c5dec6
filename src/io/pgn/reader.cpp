// Helpers of the PGN reader (reader.hpp) that need no visitor: tag values, move spellings.
#include "io/pgn/reader.hpp"

#include <string>
#include <string_view>

namespace pawnkit::io::detail {

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

bool ascii_spelling(std::string_view word, std::string& out) {
  // UTF-8 sequences of chess notation and what they mean in ASCII.
  static constexpr std::pair<std::string_view, std::string_view> table[] =
      {
          {"\u2654", "K"},   {"\u265A", "K"},   {"\u2655", "Q"},   {"\u265B", "Q"},  // figurines
          {"\u2656", "R"},   {"\u265C", "R"},   {"\u2657", "B"},   {"\u265D", "B"},
          {"\u2658", "N"},   {"\u265E", "N"},   {"\u2659", ""},    {"\u265F", ""},
          {"\u2026", "..."},  // ellipsis for Black's move number
          {"\u00BD", "1/2"},  // one half
          {"\uFEFF", ""},     // byte order mark (files joined)
          {"\u221E", "~"},   {"\u00B1", "+/-"}, {"\u2213", "-/+"}, {"\u2A72", "+="},
          {"\u2A71", "=+"},  {"\u25A1", "[]"},  {"\u2192", "->"},  {"\u2191", "^"},
          {"\u21C6", "<=>"}, {"\u2206", "/\\"}, {"\u0394", "/\\"}, {"\u22A5", "_|_"},
      };
  out.clear();
  std::size_t i = 0;
  while (i < word.size()) {
    if (static_cast<unsigned char>(word[i]) < 0x80) {
      out += word[i++];
      continue;
    }
    bool known = false;
    for (const auto& [utf8, ascii] : table) {
      if (word.substr(i, utf8.size()) == utf8) {
        out += ascii;
        i += utf8.size();
        known = true;
        break;
      }
    }
    if (!known) return false;
  }
  return true;
}

int respell_move(std::string_view word, std::string& out) {
  // Evaluation and other annotation symbols written as text, with their NAGs (-1: none).
  static constexpr std::pair<std::string_view, int> annotations[] = {
      {"=", 10},   {"~", 13},   {"+=", 14},  {"+/=", 14},  {"=+", 15}, {"=/+", 15}, {"+/-", 16},
      {"-/+", 17}, {"+-", 18},  {"-+", 19},  {"N", 146},   {"[]", 7},  {"->", -1},  {"^", -1},
      {"<=>", -1}, {"/\\", -1}, {"_|_", -1}, {"e.p.", -1}, {"ep", -1}, {"e.p", -1},
  };
  for (const auto& [symbol, nag] : annotations)
    if (word == symbol) return nag < 0 ? 0 : nag;
  if (word == "--" || word == "Z0") {  // a null move: the side to move passes
    out = "--";
    return -1;
  }
  out.assign(word);
  while (!out.empty() && out.back() == '.') out.pop_back();  // "1.e4."
  for (std::string_view ep : {"e.p.", "e.p", "ep"}) {        // "exd6e.p."
    if (out.size() > ep.size() && out.ends_with(ep)) {
      out.resize(out.size() - ep.size());
      break;
    }
  }
  if (out.size() >= 2 && out[0] == 'P' && ((out[1] >= 'a' && out[1] <= 'h') || out[1] == 'x'))
    out.erase(0, 1);  // "Pe4"
  // Castling with zeros or lowercase letters: "0-0", "o-o-o", suffixes kept.
  std::size_t circles = 0, i = 0;
  while (i < out.size() && (out[i] == '0' || out[i] == 'o' || out[i] == 'O')) {
    ++circles;
    ++i;
    if (i < out.size() && out[i] == '-') ++i;
  }
  if ((circles == 2 || circles == 3) && out[i - 1] != '-' &&
      (i == out.size() || out[i] == '+' || out[i] == '#')) {
    out.replace(0, i, circles == 2 ? "O-O" : "O-O-O");
  }
  return -1;
}

std::string_view trim_blanks(std::string_view text) {
  const auto blank = [](char c) { return c == '\n' || has_class(c, kBlank); };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace pawnkit::io::detail
