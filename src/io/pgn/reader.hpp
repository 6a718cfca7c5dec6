// A streaming PGN reader: it tokenizes PGN from a ByteSource through a fixed-size buffer
// and calls a visitor for each game's tags, SAN moves, comments, NAGs and result.
//
// The visitor is a template parameter (static dispatch, no virtual calls): derive from
// PgnVisitorBase and hide the callbacks you need. Every std::string_view handed to the
// visitor is valid only during that call.
//
//   struct CountMoves : pawnkit::io::PgnVisitorBase {
//     std::size_t moves = 0;
//     Control san(std::string_view, std::size_t) { ++moves; return Control::Continue; }
//   };
//   auto opened = pawnkit::io::open_source("games.pgn.zst");
//   CountMoves counter;
//   pawnkit::io::read_pgn(*opened.source, counter);
//
// Movetext rules: move numbers ("1.", "1...", "12.e4") and suffix annotations ("!", "?",
// "!!", "!?", "?!", "??", reported as NAGs 1..6) are stripped from SAN; "0-0"/"0-0-0"
// become "O-O"/"O-O-O"; variations "(...)" are skipped with a depth counter (any depth);
// comments "{...}" and ";..." go to comment() only if the visitor sets wants_comments (a
// "{" inside a brace comment is refused: docs/chess.md);
// lines starting with "%" are ignored; a "[" and a tag name first on a line in movetext, or a
// "[" after a blank line in a tag section, starts a new game (the previous one ends with
// result ""); any other "[" in movetext is skipped to its "]" with a warning; comments
// between a result and the next game are ignored. Line numbers count LF. Memory is bounded: tokens
// and tag pairs longer than max_token_bytes, and delivered comments longer than max_comment_bytes,
// are errors.
//
// Errors: reported once per game through error() with file, game number and line; the
// rest of that game is skipped (end_game still follows) and the next game is read
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "io/pgn/comments.hpp"
#include "io/pgn/error.hpp"
#include "io/pgn/input.hpp"
#include "io/pgn/parser_state.hpp"
#include "io/pgn/spelling.hpp"
#include "io/pgn/tags.hpp"
#include "io/pgn/visitor.hpp"
#include "io/source/byte_source.hpp"

namespace pawnkit::io {

namespace detail {

// The game-by-game parser; one instance per read_pgn call. It reads the game structure
// and the movetext itself, and hands comments and tag pairs to a comment reader and a tag
// reader that work on its state (one state member, no inheritance).
template <class Visitor>
class PgnParser {
 public:
  PgnParser(ByteSource& source, Visitor& visitor, const PgnReaderOptions& options)
      : state_(source, visitor, options) {}

  // Reads the whole source, calling the visitor; returns counts.
  PgnSummary run() {
    comments_.skip_byte_order_mark();
    while (!state_.stop) {
      if (state_.input.pos == state_.input.end && !state_.input.refill()) break;
      const char c = *state_.input.pos;
      if (c == '\n') {
        ++state_.input.pos;
        ++state_.line;
        state_.blank_line_seen |= at_line_start_;
        at_line_start_ = true;
        continue;
      }
      if (has_class(c, kBlank)) {
        ++state_.input.pos;
        continue;
      }
      if (c == '\xEF' && comments_.skip_byte_order_mark()) continue;  // files joined with cat
      const bool line_start = at_line_start_;
      at_line_start_ = false;
      if (c == '%' && line_start) {  // an escape line, indented or not
        comments_.skip_rest_of_line();
        continue;
      }
      switch (state_.phase) {
        case Phase::Between:
          between_games(c);
          break;
        case Phase::Tags:
          tag_section(c);
          break;
        case Phase::Movetext:
          movetext(c, line_start);
          movetext_fast_lane();
          break;
        case Phase::AfterResult:
          after_result(c);
          break;
      }
    }
    finish_input();
    return state_.summary;
  }

 private:
  using Phase = typename PgnParserState<Visitor>::Phase;

  // --- game structure ---------------------------------------------------------------

  // Between games: comments are ignored, "[" starts a tagged game, anything else a
  // game without tags.
  void between_games(char c) {
    if (c == '{') return comments_.skip_brace_comment();
    if (c == ';') return comments_.skip_rest_of_line();
    if (c == '}') {
      ++state_.input.pos;
      return state_.warn(state_.line, PgnErrorCode::StrayBrace);
    }
    start_game();
    if (c == '[') {
      state_.phase = Phase::Tags;
      return tags_.read_tag();
    }
    enter_movetext();
    movetext(c, false);
  }

  // In the tag section: more tags, or the first movetext byte.
  // A comment here already belongs to the movetext (PGN grammar).
  // A "[" after a blank line starts the next game: this one had tags only.
  void tag_section(char c) {
    if (c == '[') {
      if (state_.blank_line_seen) {
        enter_movetext();
        end_game("");
        start_game();
        state_.phase = Phase::Tags;
      }
      return tags_.read_tag();
    }
    enter_movetext();
    movetext(c, false);
  }

  // A new game: counters and per-game state reset, visitor told.
  void start_game() {
    ++state_.game;
    ++state_.summary.games;
    state_.skipping = state_.game_has_error = false;
    state_.depth = 0;
    state_.result_tag.clear();
    state_.obey(call_visitor([&] { return state_.visitor.begin_game(state_.game, state_.line); }));
    // Where the game's first byte is, for a visitor that records it (index add).
    if constexpr (requires { state_.visitor.game_offset(std::uint64_t{}); })
      state_.visitor.game_offset(state_.input.offset());
  }

  // The tag section is over: the visitor may set up its position or skip the game.
  void enter_movetext() {
    state_.phase = Phase::Movetext;
    if (!state_.skipping)
      state_.obey(call_visitor([&] { return state_.visitor.begin_movetext(); }));
  }

  // A result token: the game ends unless moves follow before a blank line or a tag.
  void result_token(std::string_view result) {
    pending_result_.assign(result);
    pending_result_line_ = state_.line;
    state_.blank_line_seen = false;
    state_.phase = Phase::AfterResult;
  }

  // The first item after a result token.
  void after_result(char c) {
    if (c == '{') return comments_.skip_brace_comment();
    if (c == ';') return comments_.skip_rest_of_line();
    if (!state_.blank_line_seen && has_class(c, kWord | kHigh)) return word_token();  // decides
    end_game(pending_result_);
    between_games(c);
  }

  // The word after a result token, on the result's paragraph: move number 1 or another
  // result starts a new game (games without tags, one per line); anything else goes on
  // with the game, with a warning.
  void after_result_word(std::string_view word) {
    const bool new_game = word.empty() || word == "1" || word.starts_with("1.") || word == "1-0" ||
                          word == "0-1" || word == "1/2-1/2" || word == "*" || word == "1/2";
    if (new_game || state_.skipping) {
      end_game(pending_result_);
      start_game();
      enter_movetext();
    } else {
      state_.phase = Phase::Movetext;
      state_.warn(pending_result_line_, PgnErrorCode::ResultInMovetext, 0, pending_result_);
    }
  }

  // Ends the current game; an open variation is an error first.
  void end_game(std::string_view result) {
    if (state_.depth > 0) state_.report(variation_line_, PgnErrorCode::UnterminatedVariation);
    if (!result.empty() && !state_.result_tag.empty() && state_.result_tag != result &&
        !state_.skipping) {
      state_.message_what =
          "'" + state_.result_tag + "' against '" + std::string(result) + "', the token counts";
      state_.warn(state_.line, PgnErrorCode::ResultTagMismatch, 0, state_.message_what);
    }
    state_.visitor.end_game(result);
    state_.phase = Phase::Between;
    state_.depth = 0;
  }

  // At the end of input: the source's failure (if any) is reported, the open game ends.
  // After Control::Stop only the open game is ended.
  void finish_input() {
    if (state_.stop) {
      if (state_.phase != Phase::Between) {
        state_.visitor.end_game("");
        state_.phase = Phase::Between;
      }
      return;
    }
    tags_.warn_invalid_utf8();
    if (!state_.report_source_end()) {
      // The last game has no result token: a file cut off looks just like this.
      // (A game already in error, e.g. an open variation, says so itself.)
      if ((state_.phase == Phase::Tags || state_.phase == Phase::Movetext) &&
          !state_.game_has_error && state_.depth == 0)
        state_.warn(state_.line, PgnErrorCode::InputEndsInGame);
    }
    if (state_.phase == Phase::Tags) enter_movetext();
    if (state_.phase == Phase::Movetext) end_game("");
    if (state_.phase == Phase::AfterResult) end_game(pending_result_);
  }

  // --- movetext ---------------------------------------------------------------------

  // One movetext item starting with byte c (not blank, not LF).
  void movetext(char c, bool line_start) {
    if (has_class(c, kWord | kHigh)) return word_token();
    switch (c) {
      case '{':
        return comments_.brace_comment();
      case ';':
        return comments_.line_comment();
      case '(':
        ++state_.input.pos;
        if (state_.depth++ == 0) variation_line_ = state_.line;
        return;
      case ')':
        ++state_.input.pos;
        if (state_.depth > 0) {
          --state_.depth;
        } else if (!state_.skipping) {
          state_.warn(state_.line, PgnErrorCode::StrayParenthesis);
        }
        return;
      case '}':
        ++state_.input.pos;
        if (!state_.skipping && state_.depth == 0)
          state_.warn(state_.line, PgnErrorCode::StrayBrace);
        return;
      case '$':
        return nag_token();
      case '[':
        if (line_start && starts_tag()) {
          // A new tag section: the previous game had no result.
          end_game("");
          start_game();
          state_.phase = Phase::Tags;
          return tags_.read_tag();
        }
        return bracket_annotation();
      default:
        ++state_.input.pos;
        if (!state_.skipping)
          state_.report(state_.line, PgnErrorCode::UnexpectedByte, static_cast<unsigned char>(c));
    }
  }

  // Whether the "[" at pos, first on a line in movetext, opens a tag pair: a tag name (or a
  // blank) follows. "[%clk 0:00:59]" leaked out of its comment and "[#]" do not.
  bool starts_tag() {
    const char* keep = state_.input.pos;
    while (state_.input.end - state_.input.pos < 2 && state_.input.refill(keep)) {
    }
    if (state_.input.end - state_.input.pos < 2) return true;
    return has_class(state_.input.pos[1], kTagName | kBlank);
  }

  // A "[" in the movetext that opens no tag pair: skipped to its "]" (or the end of the
  // line), with a warning.
  void bracket_annotation() {
    const std::size_t at_line = state_.line;
    if (!state_.skipping) state_.warn(at_line, PgnErrorCode::BracketInMovetext);
    ++state_.input.pos;
    for (;;) {
      const char* p = state_.input.pos;
      while (p != state_.input.end && *p != ']' && *p != '\n') ++p;
      state_.input.pos = p;
      if (p != state_.input.end) {
        if (*p == ']') ++state_.input.pos;
        return;
      }
      if (!state_.input.refill()) return;
    }
  }

  // The rest of a line of ordinary main-line movetext in one tight loop: single spaces,
  // move numbers ("12." "12..."), moves, and brace comments that are skipped. It stops, and
  // leaves the rest to the byte-by-byte loop, at anything else: a line feed, a token that
  // reaches the end of the buffer, a result, a variation, an error. It delivers exactly
  // what that loop would (the reader tests and fuzzer compare every buffer size).
  void movetext_fast_lane() {
    const char* p = state_.input.pos;
    const char* end = state_.input.end;
    while (state_.phase == Phase::Movetext && !state_.skipping && state_.depth == 0) {
      while (p != end && *p == ' ') ++p;
      if (p == end) break;
      const char* q = p;
      if (has_class(*p, kDigit)) {
        // A move number followed by a blank; "1-0", "0-0", "12.e4" take the slow path.
        while (q != end && has_class(*q, kDigit)) ++q;
        if (q == end || *q != '.') break;
        while (q != end && *q == '.') ++q;
        if (q == end || *q != ' ' ||
            static_cast<std::size_t>(q - p) > state_.options.max_token_bytes)
          break;
        p = q;
      } else if (*p == '{' && !Visitor::wants_comments) {
        state_.input.pos = p;
        comments_.skip_brace_comment();  // may read more input
        p = state_.input.pos;
        end = state_.input.end;
      } else if (has_class(*p, kTagName)) {  // a move starts with a letter
        while (q != end && has_class(*q, kWord)) ++q;
        if (q == end || has_class(*q, kHigh) ||
            static_cast<std::size_t>(q - p) > state_.options.max_token_bytes)
          break;
        state_.input.pos = q;
        const std::string_view word(p, static_cast<std::size_t>(q - p));
        if (plain_move(word)) {  // what deliver_move would hand on unchanged, without a call
          state_.obey(call_visitor([&] { return state_.visitor.san(word, state_.line); }));
        } else {
          deliver_move(word, state_.line);
        }
        if (state_.stop) return;
        p = q;
      } else {
        break;
      }
    }
    state_.input.pos = p;
  }

  // A run of bytes of class `mask` starting at pos (kept contiguous across refills).
  // Returns false, with the run skipped, when it is longer than max_token_bytes.
  bool read_run(std::uint8_t mask, std::string_view& out) {
    const char* start = state_.input.pos;
    const char* p = start;
    for (;;) {
      while (p != state_.input.end && has_class(*p, mask)) ++p;
      if (static_cast<std::size_t>(p - start) > state_.options.max_token_bytes) {
        state_.input.pos = p;
        skip_run(mask);
        return false;
      }
      if (p != state_.input.end) break;
      state_.input.pos = p;
      const bool more = state_.input.refill(start);
      p = state_.input.pos;
      if (!more) {
        // A run cut by a failed source's end (a truncated .gz) is no token: the failure is
        // the game's error (finish_input), not a malformed move. Callers take "" as nothing.
        if (state_.input.source().failed()) start = p;
        break;
      }
    }
    state_.input.pos = p;
    out = std::string_view(start, static_cast<std::size_t>(p - start));
    return true;
  }

  // Skips a run of bytes of class `mask` without keeping it.
  void skip_run(std::uint8_t mask) {
    for (;;) {
      while (state_.input.pos != state_.input.end && has_class(*state_.input.pos, mask))
        ++state_.input.pos;
      if (state_.input.pos != state_.input.end || !state_.input.refill()) return;
    }
  }

  // A move, move number or result.
  void word_token() {
    const std::size_t token_line = state_.line;
    if (state_.depth > 0) return skip_run(kWord | kHigh);  // inside a variation: nothing to deliver
    std::string_view word;
    if (!read_run(kWord | kHigh, word)) {
      if (state_.phase == Phase::AfterResult) after_result_word({});
      if (!state_.skipping)
        state_.report(token_line, PgnErrorCode::TokenTooLong, state_.options.max_token_bytes);
      return;
    }
    const auto high =
        std::find_if(word.begin(), word.end(), [](char ch) { return has_class(ch, kHigh); });
    const bool utf8 = high != word.end();
    if (utf8) {  // UTF-8 notation: figurines, "…", "½-½", glyphs
      if (!ascii_spelling(word, unicode_scratch_)) {
        if (state_.phase == Phase::AfterResult) after_result_word({});
        if (!state_.skipping)
          state_.report(token_line, PgnErrorCode::UnexpectedByte,
                        static_cast<unsigned char>(*high));
        return;
      }
      word = unicode_scratch_;
      if (word.empty()) return;  // a byte order mark alone
    }
    if (state_.phase == Phase::AfterResult) after_result_word(word);
    if (word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "*")
      return result_token(word);
    if (word == "1/2") return result_token("1/2-1/2");
    if (!state_.skipping) deliver_move(word, token_line, utf8);
  }

  // Whether a move token (numbers and suffix annotations stripped) may be spelled in
  // another way than SAN's: too short, or a first or last byte that respell_move reads.
  static bool may_need_respelling(std::string_view word) {
    return word.size() < 2 || has_class(word.front(), kRespellFirst) ||
           has_class(word.back(), kRespellLast);
  }

  // Whether deliver_move would hand this token (which starts with a letter) to san() as
  // it is: no move number or suffix annotation to strip, nothing that may need respelling.
  static bool plain_move(std::string_view word) {
    return !may_need_respelling(word) && !has_class(word.front(), kDigit) && word.back() != '!' &&
           word.back() != '?';
  }

  // Strips move numbers and suffix annotations, then calls san() and nag().
  // `respell`: the token had UTF-8 notation, so it may be a glyph in any spelling.
  void deliver_move(std::string_view word, std::size_t token_line, bool respell = false) {
    std::size_t digits = 0;
    while (digits < word.size() && has_class(word[digits], kDigit)) ++digits;
    if (digits == word.size()) return;  // a bare move number
    if (word[digits] == '.' || digits == 0) {
      std::size_t i = digits;
      while (i < word.size() && word[i] == '.') ++i;
      word.remove_prefix(i);
    }
    std::size_t keep = word.size();
    while (keep > 0 && (word[keep - 1] == '!' || word[keep - 1] == '?')) --keep;
    // Views made directly: substr's range check costs a call per move.
    const std::string_view suffix(word.data() + keep, word.size() - keep);
    word = std::string_view(word.data(), keep);
    if (!word.empty() && (respell || may_need_respelling(word))) {
      const int nag = respell_move(word, state_.scratch);
      if (nag >= 0) {  // an annotation symbol, not a move
        if (nag > 0) state_.visitor.nag(nag);
        word = {};
      } else {
        word = state_.scratch;
      }
    }
    if (!word.empty()) {
      state_.obey(call_visitor([&] { return state_.visitor.san(word, token_line); }));
      if (state_.skipping) return;
    }
    if (!suffix.empty()) {
      if (const int nag = suffix_annotation_nag(suffix)) state_.visitor.nag(nag);
    }
  }

  // "$" followed by digits.
  void nag_token() {
    const std::size_t token_line = state_.line;
    ++state_.input.pos;
    if (state_.input.pos == state_.input.end) state_.input.refill();
    std::string_view digits;
    const bool fits = read_run(kDigit, digits);
    if (state_.skipping || state_.depth > 0) return;
    if (!fits || digits.empty() || digits.size() > 4)
      return state_.report(token_line, PgnErrorCode::MalformedNag);
    int value = 0;
    for (char d : digits) value = value * 10 + (d - '0');
    state_.visitor.nag(value);
  }

  PgnParserState<Visitor> state_;
  PgnCommentReader<Visitor> comments_{state_};
  PgnTagReader<Visitor> tags_{state_};
  bool at_line_start_ = true;       // only blanks since the last LF
  std::size_t variation_line_ = 0;  // where the outermost open variation started
  std::string pending_result_;      // the result token of Phase::AfterResult
  std::size_t pending_result_line_ = 0;
  std::string unicode_scratch_;  // a token with UTF-8 notation, in ASCII
};

}  // namespace detail

// Reads every game of `source`, calling `visitor`; returns how many games and errors.
template <class Visitor>
PgnSummary read_pgn(ByteSource& source, Visitor& visitor, const PgnReaderOptions& options = {}) {
  visitor.reader_options(options);
  detail::PgnParser<Visitor> parser(source, visitor, options);
  return parser.run();
}

}  // namespace pawnkit::io