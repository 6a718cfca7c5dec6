// The PGN reader's comment reader: "{...}" and ";..." comments (delivered to the visitor
// or skipped), "%" escape lines and UTF-8 byte order marks. PgnParser (reader.hpp) owns
// one, which works on the parser's state (parser_state.hpp).
#pragma once

#include <cstddef>
#include <cstring>
#include <string_view>

#include "io/pgn/find_byte.hpp"
#include "io/pgn/parser_state.hpp"

namespace pawnkit::io::detail {

// Text without leading and trailing blanks and line feeds.
std::string_view trim_blanks(std::string_view text);

template <class Visitor>
class PgnCommentReader {
 public:
  explicit PgnCommentReader(PgnParserState<Visitor>& state) : state_(state) {}

  // A "{...}" comment in movetext: delivered if wanted, else skipped.
  void brace_comment() {
    if (!delivers_comments()) return skip_brace_comment();
    deliver_comment(Close::Brace);
  }

  // A ";" comment to the end of the line (the LF itself is left for the main loop).
  void line_comment() {
    if (!delivers_comments()) return skip_rest_of_line();
    deliver_comment(Close::LineEnd);
  }

  // Skips a "{...}" comment (pos at "{") without keeping it.
  void skip_brace_comment() {
    const std::size_t open_line = state_.line;
    ++state_.input.pos;
    skip_brace_comment_body(open_line);
  }

  // Skips to the next LF (not consumed) or the end of input.
  void skip_rest_of_line() {
    while (!to_line_end() && state_.input.refill()) {
    }
  }

  // Skips a UTF-8 byte order mark at pos (at the start of the input, or of a file joined
  // to another with cat); true when there was one.
  bool skip_byte_order_mark() {
    const char* keep = state_.input.pos;
    while (state_.input.end - state_.input.pos < 3 && state_.input.refill(keep)) {
    }
    if (state_.input.end - state_.input.pos >= 3 &&
        std::memcmp(state_.input.pos, "\xEF\xBB\xBF", 3) == 0) {
      state_.input.pos += 3;
      return true;
    }
    return false;
  }

 private:
  // Counts line feeds in [from, to).
  // (find_byte: comments rarely hold a line feed, so this is usually one vector scan).
  static std::size_t count_lines(const char* from, const char* to) {
    std::size_t n = 0;
    while (const char* lf = find_byte(from, to, '\n')) {
      ++n;
      from = lf + 1;
    }
    return n;
  }

  // Moves pos to the next '}' in the buffer, or to its end, counting the line feeds on the
  // way; true when it found the '}'.
  bool to_comment_close() {
    const char* close = find_byte(state_.input.pos, state_.input.end, '}');
    const char* stop = close ? close : state_.input.end;
    state_.line += count_lines(state_.input.pos, stop);
    state_.input.pos = stop;
    return close != nullptr;
  }

  // Moves pos to the next line feed in the buffer, or to its end; true when it found one.
  bool to_line_end() {
    const char* lf = find_byte(state_.input.pos, state_.input.end, '\n');
    state_.input.pos = lf ? lf : state_.input.end;
    return lf != nullptr;
  }

  bool delivers_comments() const {
    return Visitor::wants_comments && !state_.skipping && state_.depth == 0;
  }

  enum class Close { Brace, LineEnd };

  // Delivers the comment whose opening '{' or ';' is at pos, trimmed. A brace comment
  // must be closed (the '}' is consumed); a line comment also ends at the end of input.
  // One longer than max_comment_bytes is reported and skipped.
  void deliver_comment(Close close) {
    const bool brace = close == Close::Brace;
    const std::size_t open_line = state_.line;
    ++state_.input.pos;
    const char* start = state_.input.pos;
    for (;;) {
      const bool closed = brace ? to_comment_close() : to_line_end();
      if (static_cast<std::size_t>(state_.input.pos - start) > state_.options.max_comment_bytes) {
        state_.report(open_line, PgnErrorCode::CommentTooLong, state_.options.max_comment_bytes);
        return brace ? skip_brace_comment_body(open_line) : skip_rest_of_line();
      }
      if (closed) break;
      if (!state_.input.refill(start)) {
        if (brace) return state_.report(open_line, PgnErrorCode::UnterminatedComment);
        break;
      }
    }
    state_.visitor.comment(
        trim_blanks(std::string_view(start, static_cast<std::size_t>(state_.input.pos - start))));
    if (brace) ++state_.input.pos;
  }

  // Skips to just after the next "}", counting lines; EOF first is an error.
  void skip_brace_comment_body(std::size_t open_line) {
    for (;;) {
      if (to_comment_close()) {
        ++state_.input.pos;
        return;
      }
      if (!state_.input.refill())
        return state_.report(open_line, PgnErrorCode::UnterminatedComment);
    }
  }

  PgnParserState<Visitor>& state_;
};

}  // namespace pawnkit::io::detail
