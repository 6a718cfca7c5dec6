// The PGN reader's shared state: the input buffer, the visitor, the options, the game
// counters and phase, and the two ways the parser answers (report an error, warn about a
// repair). PgnParser (reader.hpp) owns one; its comment and tag readers (comments.hpp,
// tags.hpp) are handed it, so each reads and updates the same game. No virtual calls.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "io/pgn/error.hpp"
#include "io/pgn/input.hpp"
#include "io/pgn/visitor.hpp"
#include "io/source/byte_source.hpp"

namespace pawnkit::io::detail {

// Calls a visitor callback that may return Control or nothing.
template <class Callback>
Control call_visitor(Callback&& callback) {
  if constexpr (std::is_void_v<decltype(callback())>) {
    callback();
    return Control::Continue;
  } else {
    return callback();
  }
}

template <class Visitor>
struct PgnParserState {
  PgnParserState(ByteSource& source, Visitor& the_visitor, const PgnReaderOptions& the_options)
      : input(source, std::max<std::size_t>(the_options.buffer_size, 1),
              // the longest kept run; at least the 3 bytes of a byte order mark
              std::max({the_options.max_token_bytes,
                        Visitor::wants_comments ? the_options.max_comment_bytes : 0,
                        std::size_t(3)}) +
                  1),
        visitor(the_visitor),
        options(the_options) {}

  // AfterResult: a result token was read; the game ends at the next tag, blank line or end
  // of input, or goes on (with a warning) when moves follow.
  enum class Phase { Between, Tags, Movetext, AfterResult };

  // Applies a visitor's answer.
  void obey(Control control) {
    if (control == Control::Continue) return;
    skipping = true;
    if (control == Control::Stop) stop = summary.stopped = true;
  }

  // The number of the game an error or warning belongs to (between games: the next one).
  std::size_t current_game() const { return phase == Phase::Between ? game + 1 : game; }

  // Reports an error for the current game (only its first one) and skips the rest.
  // `detail` as for message().
  void report(std::size_t at_line, PgnErrorCode code, std::uint64_t detail = 0,
              std::string_view what = {}) {
    skipping = true;
    if (game_has_error) return;
    game_has_error = true;
    ++summary.errors;
    last_message = message(code, detail, what);
    visitor.error(PgnError{input.source().name(), current_game(), at_line, last_message, code,
                           phase == Phase::Tags});
  }

  // Reports a repair as a warning (the game goes on), or as an error when strict.
  void warn(std::size_t at_line, PgnErrorCode code, std::uint64_t detail = 0,
            std::string_view what = {}) {
    if (options.strict) return report(at_line, code, detail, what);
    if (skipping && phase != Phase::Between) return;
    ++summary.warnings;
    last_message = message(code, detail, what);
    visitor.warning(PgnError{input.source().name(), current_game(), at_line, last_message, code,
                             phase == Phase::Tags});
  }

  // At the end of input: the source's failure (an error in the open game) or its warning.
  // True when the source failed.
  bool report_source_end() {
    if (input.source().failed()) {
      ++summary.errors;
      summary.source_failed = true;
      // Before any movetext (between games, in the tags) the start position is unknown.
      visitor.error(PgnError{input.source().name(), current_game(), line, input.source().error(),
                             PgnErrorCode::SourceFailed,
                             phase == Phase::Between || phase == Phase::Tags});
      game_has_error = skipping = true;
      return true;
    }
    if (!input.source().warning().empty()) {
      // Bytes ignored after the last compressed stream repair no game: a warning under
      // --strict too (as an error it would drop the last game, which is whole), and said
      // also when the last game is in error (skipped: warn() would say nothing).
      const bool was_strict = std::exchange(options.strict, false);
      const bool was_skipping = std::exchange(skipping, false);
      warn(line, PgnErrorCode::SourceWarning, 0, input.source().warning());
      options.strict = was_strict;
      skipping = was_skipping;
    }
    return false;
  }

  PgnInput input;
  Visitor& visitor;
  PgnReaderOptions options;
  PgnSummary summary;
  Phase phase = Phase::Between;
  std::size_t game = 0;
  std::size_t line = 1;
  std::size_t depth = 0;  // variation nesting depth
  bool skipping = false;  // deliver nothing more for this game
  bool stop = false;      // the visitor asked to stop reading
  bool game_has_error = false;
  bool blank_line_seen = false;  // an empty line since the last tag
  std::string last_message;      // the text of the last error or warning
  std::string message_what;      // the repaired text a warning names
  std::string scratch;           // an unescaped tag value or a respelled move
  std::string result_tag;        // the game's Result tag
};

}  // namespace pawnkit::io::detail
