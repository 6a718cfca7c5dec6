// The PGN reader's comment layer: "{...}" and ";..." comments (delivered to the visitor
// or skipped), "%" escape lines and UTF-8 byte order marks. Part of the PgnParser chain
// (see pgn_parser_state.hpp).
#pragma once

#include <cstddef>
#include <cstring>
#include <string_view>

#include "io/pgn/parser_state.hpp"

namespace pawnkit::io::detail {

// Text without leading and trailing blanks and line feeds.
std::string_view trim_blanks(std::string_view text);

template <class Visitor>
class PgnCommentReader : public PgnParserState<Visitor> {
  using Base = PgnParserState<Visitor>;

 protected:
  using Base::Base;
  using Base::depth_;
  using Base::input_;
  using Base::line_;
  using Base::options_;
  using Base::report;
  using Base::skipping_;
  using Base::visitor_;

  // Counts line feeds in [from, to).
  // (memchr: comments rarely hold a line feed, so this is usually one vector scan).
  static std::size_t count_lines(const char* from, const char* to) {
    std::size_t n = 0;
    while (const void* lf = std::memchr(from, '\n', static_cast<std::size_t>(to - from))) {
      ++n;
      from = static_cast<const char*>(lf) + 1;
    }
    return n;
  }

  // Moves pos to the next '}' in the buffer, or to its end, counting the line feeds on the
  // way; true when it found the '}'.
  bool to_comment_close() {
    const auto available = static_cast<std::size_t>(input_.end - input_.pos);
    const char* close = static_cast<const char*>(std::memchr(input_.pos, '}', available));
    const char* stop = close ? close : input_.end;
    line_ += count_lines(input_.pos, stop);
    input_.pos = stop;
    return close != nullptr;
  }

  // Moves pos to the next line feed in the buffer, or to its end; true when it found one.
  bool to_line_end() {
    const auto available = static_cast<std::size_t>(input_.end - input_.pos);
    const char* lf = static_cast<const char*>(std::memchr(input_.pos, '\n', available));
    input_.pos = lf ? lf : input_.end;
    return lf != nullptr;
  }

  bool delivers_comments() const { return Visitor::wants_comments && !skipping_ && depth_ == 0; }

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

  enum class Close { Brace, LineEnd };

  // Delivers the comment whose opening '{' or ';' is at pos, trimmed. A brace comment
  // must be closed (the '}' is consumed); a line comment also ends at the end of input.
  // One longer than max_comment_bytes is reported and skipped.
  void deliver_comment(Close close) {
    const bool brace = close == Close::Brace;
    const std::size_t open_line = line_;
    ++input_.pos;
    const char* start = input_.pos;
    for (;;) {
      const bool closed = brace ? to_comment_close() : to_line_end();
      if (static_cast<std::size_t>(input_.pos - start) > options_.max_comment_bytes) {
        report(open_line, PgnErrorCode::CommentTooLong, options_.max_comment_bytes);
        return brace ? skip_brace_comment_body(open_line) : skip_rest_of_line();
      }
      if (closed) break;
      if (!input_.refill(start)) {
        if (brace) return report(open_line, PgnErrorCode::UnterminatedComment);
        break;
      }
    }
    visitor_.comment(
        trim_blanks(std::string_view(start, static_cast<std::size_t>(input_.pos - start))));
    if (brace) ++input_.pos;
  }

  // Skips a "{...}" comment (pos at "{") without keeping it.
  void skip_brace_comment() {
    const std::size_t open_line = line_;
    ++input_.pos;
    skip_brace_comment_body(open_line);
  }

  // Skips to just after the next "}", counting lines; EOF first is an error.
  void skip_brace_comment_body(std::size_t open_line) {
    for (;;) {
      if (to_comment_close()) {
        ++input_.pos;
        return;
      }
      if (!input_.refill()) return report(open_line, PgnErrorCode::UnterminatedComment);
    }
  }

  // Skips to the next LF (not consumed) or the end of input.
  void skip_rest_of_line() {
    while (!to_line_end() && input_.refill()) {
    }
  }

  // another with cat); true when there was one.
  bool skip_byte_order_mark() {
    const char* keep = input_.pos;
    while (input_.end - input_.pos < 3 && input_.refill(keep)) {
    }
    if (input_.end - input_.pos >= 3 && std::memcmp(input_.pos, "\xEF\xBB\xBF", 3) == 0) {
      input_.pos += 3;
      return true;
    }
    return false;
  }
};

}  // namespace pawnkit::io::detail
