// The PGN reader's shared state: the input buffer, the visitor, the options, the game
// counters and phase, and the three ways the parser answers (obey a visitor's Control,
// report an error, warn about a repair). The reader's layers (comments.hpp,
// tags.hpp, reader.hpp) derive from it in a chain; no virtual calls.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "io/pgn/error.hpp"
#include "io/pgn/input.hpp"
#include "io/pgn/visitor.hpp"
#include "io/source/byte_source.hpp"

namespace pawnkit::io::detail {

template <class Visitor>
class PgnParserState {
 protected:
  PgnParserState(ByteSource& source, Visitor& visitor, const PgnReaderOptions& options)
      : input_(source, std::max<std::size_t>(options.buffer_size, 1),
               // the longest kept run; at least the 3 bytes of a byte order mark
               std::max({options.max_token_bytes,
                         Visitor::wants_comments ? options.max_comment_bytes : 0, std::size_t(3)}) +
                   1),
        visitor_(visitor),
        options_(options) {}

  // AfterResult: a result token was read; the game ends at the next tag, blank line or end
  // of input, or goes on (with a warning) when moves follow.
  enum class Phase { Between, Tags, Movetext, AfterResult };

  // Calls a callback that may return Control or nothing.
  template <class Callback>
  static Control call(Callback&& callback) {
    if constexpr (std::is_void_v<decltype(callback())>) {
      callback();
      return Control::Continue;
    } else {
      return callback();
    }
  }

  // Applies a visitor's answer.
  void obey(Control control) {
    if (control == Control::Continue) return;
    skipping_ = true;
    if (control == Control::Stop) stop_ = summary_.stopped = true;
  }

  // Reports an error for the current game (only its first one) and skips the rest.
  // `detail` as for message().
  void report(std::size_t line, PgnErrorCode code, std::uint64_t detail = 0,
              std::string_view what = {}) {
    skipping_ = true;
    if (game_has_error_) return;
    game_has_error_ = true;
    ++summary_.errors;
    const std::size_t game = phase_ == Phase::Between ? game_ + 1 : game_;
    message_ = message(code, detail, what);
    visitor_.error(
        PgnError{input_.source().name(), game, line, message_, code, phase_ == Phase::Tags});
  }

  // Reports a repair as a warning (the game goes on), or as an error when strict.
  void warn(std::size_t line, PgnErrorCode code, std::uint64_t detail = 0,
            std::string_view what = {}) {
    if (options_.strict) return report(line, code, detail, what);
    if (skipping_ && phase_ != Phase::Between) return;
    ++summary_.warnings;
    const std::size_t game = phase_ == Phase::Between ? game_ + 1 : game_;
    message_ = message(code, detail, what);
    visitor_.warning(
        PgnError{input_.source().name(), game, line, message_, code, phase_ == Phase::Tags});
  }

  PgnInput input_;
  Visitor& visitor_;
  PgnReaderOptions options_;
  PgnSummary summary_;
  Phase phase_ = Phase::Between;
  std::size_t game_ = 0;
  std::size_t line_ = 1;
  std::size_t depth_ = 0;           // variation nesting depth
  std::size_t variation_line_ = 0;  // where the outermost open variation started
  bool skipping_ = false;           // deliver nothing more for this game
  bool stop_ = false;               // the visitor asked to stop reading
  bool game_has_error_ = false;
  bool blank_line_seen_ = false;  // an empty line since the last tag
  bool at_line_start_ = true;     // only blanks since the last LF
  std::string message_;
  std::string message_what_;  // the repaired text a warning names
  std::string scratch_;
  std::string unicode_scratch_;  // a token with UTF-8 notation, in ASCII
  std::string tag_text_;         // a tag pair longer than max_token_bytes
  std::string result_tag_;       // the game's Result tag
  std::string pending_result_;   // the result token of Phase::AfterResult
  std::size_t pending_result_line_ = 0;
};

}  // namespace pawnkit::io::detail
