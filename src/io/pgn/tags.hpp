// The PGN reader's tag reader: a tag pair "[Name "value"]" scanned to its "]", split into
// name and value, and the lenient repairs of pairs that do not split (missing quotes or
// "]", single quotes, overlong values). PgnParser (reader.hpp) owns one, which works on
// the parser's state (parser_state.hpp).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <pawnkit/chess/fen.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "io/diagnostic.hpp"
#include "io/pgn/parser_state.hpp"
#include "io/pgn/plain_value.hpp"
#include "io/pgn/tag_names.hpp"
#include "io/text.hpp"

namespace pawnkit::io::detail {

// Tag value between the quotes with \" and \\ resolved; uses `scratch` only if needed.
std::string_view unescape_tag_value(std::string_view raw, std::string& scratch);

template <class Visitor>
class PgnTagReader {
 public:
  explicit PgnTagReader(PgnParserState<Visitor>& state) : state_(state) {}

  // One tag pair starting at "[": scanned to its "]" (quotes and escapes respected,
  // never past the end of the line), then split into name and value. A pair longer than
  // max_token_bytes is read on by read_long_tag; a line that ends before the "]" is read as
  // far as it goes (a warning).
  void read_tag() {
    state_.blank_line_seen = false;
    if (read_plain_tag()) return;
    const std::size_t tag_line = state_.line;
    const char* start = state_.input.pos;
    const char* p = start + 1;
    bool in_quotes = false;
    bool escaped = false;
    for (;;) {
      // Never scan further than the limit, so the outcome does not depend on buffering.
      const auto room = static_cast<std::size_t>(state_.input.end - start);
      const char* limit = start + std::min(room, state_.options.max_token_bytes);
      for (; p != limit; ++p) {
        const char ch = *p;
        if (!escaped && !has_class(ch, kTagSpecial)) continue;  // names, values, blanks
        if (ch == '\n') {
          state_.input.pos = p;
          if (state_.skipping) return;
          return deliver_tag(std::string_view(start + 1, static_cast<std::size_t>(p - start - 1)),
                             tag_line, false, false);
        }
        if (closes_tag(ch, in_quotes, escaped)) break;
      }
      if (p != limit) break;  // found the closing ']'
      if (static_cast<std::size_t>(p - start) >= state_.options.max_token_bytes) {
        tag_text_.assign(start + 1, p);
        state_.input.pos = p;
        return read_long_tag(tag_line, in_quotes, escaped);
      }
      const std::size_t scanned = static_cast<std::size_t>(p - start);
      state_.input.pos = p;
      if (!state_.input.refill(start)) {  // the input ends inside the tag
        if (state_.skipping) return;
        return deliver_tag(
            std::string_view(start + 1, static_cast<std::size_t>(state_.input.pos - start - 1)),
            tag_line, false, false);
      }
      p = start + scanned;
    }
    state_.input.pos = p + 1;
    if (state_.skipping) return;
    deliver_tag(std::string_view(start + 1, static_cast<std::size_t>(p - start - 1)), tag_line,
                true, false);
  }

  // The common tag pair, `[Name "value"]` (a name of letters, digits and '_', one space, a
  // value of printable ASCII without quotes or backslashes), whole in the buffer and within
  // max_token_bytes: read in one pass, as read_tag would read it but without splitting,
  // checking and unescaping it again. False, with nothing read, for anything else.
  bool read_plain_tag() {
    const char* p = state_.input.pos + 1;
    const auto room = static_cast<std::size_t>(state_.input.end - state_.input.pos);
    const char* limit = state_.input.pos + std::min(room, state_.options.max_token_bytes);
    if (limit - p < 5) return false;  // shorter than `A ""]`
    const char* name = p;
    while (p != limit && has_class(*p, kTagName)) ++p;
    const char* name_end = p;
    if (name_end == name || limit - p < 2 || p[0] != ' ' || p[1] != '"') return false;
    p += 2;
    const char* value = p;
    p = plain_value_end(p, limit);
    if (limit - p < 2 || p[0] != '"' || p[1] != ']') return false;
    state_.input.pos = p + 2;
    if (state_.skipping) return true;
    emit_valid_tag(std::string_view(name, static_cast<std::size_t>(name_end - name)),
                   std::string_view(value, static_cast<std::size_t>(p - value)), state_.line);
    return true;
  }

  // The file's one warning about tag bytes replaced with U+FFFD (none when strict: each
  // such tag was an error of its game). Given even when the last game is in error, as the
  // count is the file's.
  void warn_invalid_utf8() {
    if (!utf8_replaced_) return;
    ++state_.summary.warnings;
    state_.last_message = message(PgnErrorCode::InvalidUtf8, utf8_replaced_, utf8_first_);
    state_.visitor.warning(PgnError{state_.input.source().name(), state_.current_game(),
                                    state_.line, state_.last_message, PgnErrorCode::InvalidUtf8,
                                    false});
    utf8_replaced_ = 0;
  }

 private:
  // Follows quotes and backslash escapes through one byte of a tag pair (read_tag and
  // read_long_tag share it); true at the "]" that closes the pair.
  static bool closes_tag(char ch, bool& in_quotes, bool& escaped) {
    if (in_quotes) {
      if (escaped) {
        escaped = false;
      } else if (ch == '\\') {
        escaped = true;
      } else if (ch == '"') {
        in_quotes = false;
      }
    } else if (ch == '"') {
      in_quotes = true;
    } else if (ch == ']') {
      return true;
    }
    return false;
  }

  // The rest of a tag pair longer than max_token_bytes (its start is in tag_text_), byte by
  // byte into tag_text_ up to max_tag_bytes; what is beyond is skipped and the value cut.
  void read_long_tag(std::size_t tag_line, bool in_quotes, bool escaped) {
    bool closed = false, cut = false;
    for (;;) {
      if (state_.input.pos == state_.input.end && !state_.input.refill()) break;
      const char ch = *state_.input.pos;
      if (ch == '\n') break;
      ++state_.input.pos;
      if (closes_tag(ch, in_quotes, escaped)) {
        closed = true;
        break;
      }
      if (tag_text_.size() < state_.options.max_tag_bytes) {
        tag_text_ += ch;
      } else {
        cut = true;
      }
    }
    if (state_.skipping) return;
    deliver_tag(tag_text_, tag_line, closed && !cut, cut);
  }

  // Splits `name "value"` (the text between the brackets) and calls tag(); anything else
  // goes to repair_tag.
  void deliver_tag(std::string_view text, std::size_t tag_line, bool closed, bool cut) {
    if (!closed || cut) return repair_tag(text, tag_line, closed, cut);
    const auto is_blank = [](char ch) { return has_class(ch, kBlank); };
    std::size_t i = 0;
    while (i < text.size() && is_blank(text[i])) ++i;
    const std::size_t name_begin = i;
    while (i < text.size() && has_class(text[i], kTagName)) ++i;
    const std::string_view name = text.substr(name_begin, i - name_begin);
    while (i < text.size() && is_blank(text[i])) ++i;
    const std::size_t last_quote = text.rfind('"');
    if (name.empty() || i >= text.size() || text[i] != '"' || last_quote == i)
      return repair_tag(text, tag_line, closed, cut);
    for (std::size_t j = last_quote + 1; j < text.size(); ++j) {
      if (!is_blank(text[j])) return state_.report(tag_line, PgnErrorCode::MalformedTag);
    }
    const std::string_view raw = text.substr(i + 1, last_quote - i - 1);
    if (!value_bytes_allowed(raw, tag_line)) return;
    emit_tag(name, raw, tag_line);
  }

  // A tag pair deliver_tag could not split. `closed`: the "]" was found; `cut`: the text
  // was cut at max_tag_bytes. Repaired with a warning: a missing closing quote or "]",
  // single quotes, no quotes; tag names beyond letters, digits and '_' are kept.
  void repair_tag(std::string_view text, std::size_t tag_line, bool closed, bool cut) {
    const auto is_blank = [](char ch) { return has_class(ch, kBlank); };
    // Tag names beyond the standard's letters, digits and '_' ("Event-Name") are kept.
    const auto is_name = [](char ch) {
      return ch > ' ' && ch < 0x7F && ch != '"' && ch != '\'' && ch != '[' && ch != ']';
    };
    std::size_t i = 0;
    while (i < text.size() && is_blank(text[i])) ++i;
    const std::size_t name_begin = i;
    while (i < text.size() && is_name(text[i])) ++i;
    const std::string_view name = text.substr(name_begin, i - name_begin);
    while (i < text.size() && is_blank(text[i])) ++i;
    std::string_view rest = text.substr(i);
    while (!rest.empty() && is_blank(rest.back())) rest.remove_suffix(1);
    if (!closed && !cut && rest.ends_with(']')) {  // a closing quote missing before "]"
      rest.remove_suffix(1);
      while (!rest.empty() && is_blank(rest.back())) rest.remove_suffix(1);
    }
    if (name.empty() || rest.empty()) return state_.report(tag_line, PgnErrorCode::MalformedTag);
    std::string_view raw;
    PgnErrorCode repair = cut ? PgnErrorCode::TagValueTruncated
                              : (closed ? PgnErrorCode::SourceFailed  // none
                                        : PgnErrorCode::TagUnterminated);
    if (rest.front() == '"') {
      const std::size_t last_quote = rest.rfind('"');
      if (last_quote != 0) {
        for (std::size_t j = last_quote + 1; j < rest.size(); ++j) {
          if (!is_blank(rest[j])) return state_.report(tag_line, PgnErrorCode::MalformedTag);
        }
        raw = rest.substr(1, last_quote - 1);
      } else {
        if (closed) return state_.report(tag_line, PgnErrorCode::MalformedTag);
        raw = rest.substr(1);
      }
    } else if (rest.front() == '\'' && rest.size() >= 2 && rest.back() == '\'') {
      raw = rest.substr(1, rest.size() - 2);
      if (closed) repair = PgnErrorCode::TagInSingleQuotes;
    } else {
      raw = rest;
      if (closed) repair = PgnErrorCode::TagWithoutQuotes;
    }
    if (!value_bytes_allowed(raw, tag_line)) return;
    if (repair != PgnErrorCode::SourceFailed) {
      state_.message_what.assign(name);
      state_.warn(tag_line, repair, state_.options.max_tag_bytes, state_.message_what);
      if (state_.skipping) return;  // strict
    }
    emit_tag(name, raw, tag_line);
  }

  // False, with an error reported, when the raw tag value holds a control byte other than tab.
  bool value_bytes_allowed(std::string_view raw, std::size_t tag_line) {
    for (char ch : raw) {
      const auto byte = static_cast<unsigned char>(ch);
      if (byte < 0x20 && byte != '\t') {
        state_.report(tag_line, PgnErrorCode::UnexpectedByteInTag, byte);
        return false;
      }
    }
    return true;
  }

  // Hands a tag to the visitor with its value unescaped and made valid UTF-8 (the text
  // rule, io/text.hpp: the one place where tag text enters), keeping the Result tag's
  // value. A tag given twice keeps its first value (GameRecord::tag), with a warning.
  void emit_tag(std::string_view name, std::string_view raw, std::size_t tag_line) {
    std::string_view value = unescape_tag_value(raw, state_.scratch);
    if (const std::size_t bad = count_invalid_utf8(value)) {
      utf8_scratch_.clear();
      append_valid_utf8(utf8_scratch_, value);
      value = utf8_scratch_;
      if (state_.options.strict) {
        state_.message_what = "tag " + std::string(name);
        return state_.warn(tag_line, PgnErrorCode::InvalidUtf8, bad, state_.message_what);
      }
      if (!utf8_replaced_)
        utf8_first_ = "game " + std::to_string(state_.game) + ", line " + std::to_string(tag_line) +
                      ", tag " + std::string(name);
      utf8_replaced_ += bad;
    }
    emit_valid_tag(name, value, tag_line);
  }

  // The rest of emit_tag, for a value that is unescaped and valid UTF-8.
  void emit_valid_tag(std::string_view name, std::string_view value, std::size_t tag_line) {
    if (tag_seen(name)) {
      state_.message_what.assign(name);
      state_.warn(tag_line, PgnErrorCode::DuplicateTag, 0, state_.message_what);
      return;
    }
    if (name == "Result") state_.result_tag.assign(value);
    if (name == "FEN" && !state_.skipping) {
      // An empty FEN tag says nothing: the game is read from the standard position.
      if (std::all_of(value.begin(), value.end(), [](char ch) { return has_class(ch, kBlank); }))
        return state_.warn(tag_line, PgnErrorCode::FenTagEmpty);
      warn_fen_repairs(value, tag_line);
      if (state_.skipping) return;  // strict: a repair was an error
    }
    state_.visitor.tag(name, value);
  }

  // Whether the game had a tag of this name already; remembers it if not.
  bool tag_seen(std::string_view name) {
    if (state_.game != tags_game_) {
      tags_game_ = state_.game;
      tag_names_.clear();
    }
    return tag_names_.contains_or_add(name);
  }

  // One warning per repair the lenient FEN reading makes to a FEN tag (replay reads it
  // with the same repairs); errors when strict. A FEN wrong beyond repair is replay's to
  // report.
  void warn_fen_repairs(std::string_view fen, std::size_t tag_line) {
    FenRepairs repairs;
    if (!parse_fen_lenient(fen, repairs)) return;
    for (const FenRepair& repair : repairs) {
      state_.message_what = parse_error_message("FEN tag", repair, fen);
      state_.warn(tag_line, PgnErrorCode::FenTagRepaired, 0, state_.message_what);
      if (state_.skipping) return;
    }
  }

  PgnParserState<Visitor>& state_;
  std::string tag_text_;           // a tag pair longer than max_token_bytes
  std::string utf8_scratch_;       // a tag value made valid UTF-8
  std::size_t utf8_replaced_ = 0;  // U+FFFD written in this file's tags
  std::string utf8_first_;         // where the first was ("game 3, line 40, tag White")
  std::size_t tags_game_ = 0;      // the game whose tag names tag_names_ holds
  TagNameSet tag_names_;
};

}  // namespace pawnkit::io::detail
