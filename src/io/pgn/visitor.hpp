// The public side of the PGN reader: the visitor a caller writes, the reader's options
// and its summary. See reader.hpp for read_pgn and the movetext rules.
#pragma once

#include <cstddef>
#include <string_view>

#include "io/pgn/error.hpp"

namespace pawnkit::io {

// A visitor's answer: keep going, skip the rest of this game, or stop reading (the open
// game still gets its end_game("")).
enum class Control { Continue, SkipGame, Stop };

struct PgnReaderOptions {
  std::size_t buffer_size = 64 * 1024;        // bytes asked from the source per read
  std::size_t max_token_bytes = 4096;         // longest move token; tag pairs kept in place
  std::size_t max_tag_bytes = 1024 * 1024;    // longest tag pair; longer values are cut
  std::size_t max_comment_bytes = 64 * 1024;  // longest comment given to comment()
  bool strict = false;  // every repair (see is_repair) is an error instead of a warning
};

struct PgnSummary {
  std::size_t games = 0;     // games started (including ones with errors)
  std::size_t errors = 0;    // errors reported, including a source failure
  std::size_t warnings = 0;  // repairs reported through warning()
  bool source_failed = false;
  bool stopped = false;  // a callback returned Control::Stop
};

// Default callbacks, all doing nothing. Hide the ones you need in a derived struct (no
// `virtual`: the reader calls the derived type's functions directly).
struct PgnVisitorBase {
  using Control = io::Control;  // lets derived visitors write Control::SkipGame

  // begin_game, begin_movetext and san may return Control or be void.

  // Set to true in a derived visitor to receive comment() calls; otherwise comments are
  // skipped without being buffered.
  static constexpr bool wants_comments = false;

  // Called once before anything else, with the options the reader was given.
  void reader_options(const PgnReaderOptions& /*options*/) {}
  // A game starts at `line`; game numbers are 1-based and count every game in the file.
  Control begin_game(std::size_t /*game_number*/, std::size_t /*line*/) {
    return Control::Continue;
  }
  // One tag pair, value unescaped (\" and \\). Called in file order.
  void tag(std::string_view /*name*/, std::string_view /*value*/) {}
  // The tag section is over (FEN/SetUp/Variant tags seen): set up the start position.
  // Not called once the game had an error.
  Control begin_movetext() { return Control::Continue; }
  // One SAN move of the main line, on 1-based `line`.
  Control san(std::string_view /*san*/, std::size_t /*line*/) { return Control::Continue; }
  // A main-line comment without braces, surrounding blanks trimmed.
  void comment(std::string_view /*text*/) {}
  // A numeric annotation glyph ($n), or 1..6 for !, ?, !!, ??, !?, ?!.
  void nag(int /*nag*/) {}
  // "1-0", "0-1", "1/2-1/2", "*", or "" when the game has no result token.
  void end_game(std::string_view /*result*/) {}
  void error(const PgnError& /*error*/) {}
  // Something the reader repaired (a stray '}', an unquoted tag value, ...); the game goes
  // on. Never called when the reader is strict: repairs are then errors.
  void warning(const PgnError& /*warning*/) {}
};

}  // namespace pawnkit::io
