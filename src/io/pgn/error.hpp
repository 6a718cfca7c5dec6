// What the PGN reader reports about a game: an error code with one message() text, and
// where it happened (file, game, line).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace pawnkit::io {

// Everything the PGN reader can report. The texts are message()'s.
enum class PgnErrorCode : std::uint8_t {
  SourceFailed,           // the source's own error text (read or decompression failure)
  UnterminatedComment,    // "unterminated comment"
  UnterminatedVariation,  // "unterminated variation"
  UnmatchedParenthesis,   // "unmatched ')'"
  UnexpectedByte,         // "unexpected character 'x'" or "unexpected byte 0x00"
  MalformedNag,           // "malformed NAG"
  TokenTooLong,           // "token longer than N bytes"
  CommentTooLong,         // "comment longer than N bytes"
  TagTooLong,             // "tag longer than N bytes"
  UnterminatedTag,        // "unterminated tag (missing ']')"
  UnterminatedTagValue,   // "unterminated tag value (missing '"')"
  MalformedTag,           // "malformed tag"
  UnexpectedByteInTag,    // "unexpected byte 0x01 in tag value"

  // Repairs: warnings, or errors when the reader is strict. `what` is the text repaired.
  StrayBrace,         // "stray '}' skipped"
  StrayParenthesis,   // "unmatched ')' skipped"
  ResultInMovetext,   // "result 'what' in the middle of the movetext: the game goes on"
  ResultTagMismatch,  // "Result tag disagrees with the result token: what"
  TagWithoutQuotes,   // "tag value without quotes: what"
  TagInSingleQuotes,  // "tag value in single quotes: what"
  TagUnterminated,    // "tag without closing '\"' or ']' read to the end of its line: what"
  TagValueTruncated,  // "tag value longer than N bytes cut to N bytes: what"
  FenTagRepaired,     // what: "FEN tag: castling: right dropped, ... at column N ('K')"
  InputEndsInGame,    // "the input ends inside the game (no result token): cut off?"
  SourceWarning,      // what: the source's warning (ByteSource::warning)
  InvalidUtf8,        // "N invalid UTF-8 sequences in tag values replaced with U+FFFD": once a file
  DuplicateTag,       // "tag what given twice: the first value is kept, the second is dropped"
  BracketInMovetext,  // "'[' in the movetext starts no tag: skipped to its ']'"
  FenTagEmpty,        // "empty FEN tag: the game starts from the standard position"
};

// Whether `code` is a repair (a warning unless the reader is strict).
constexpr bool is_repair(PgnErrorCode code) { return code >= PgnErrorCode::StrayBrace; }

// The text for `code`. `detail` is the byte of UnexpectedByte and UnexpectedByteInTag and
// the limit in bytes of the *TooLong codes; other codes ignore it. SourceFailed has no text
// of its own ("source failed"): the reader reports the source's error instead.
// `what` is the repaired text named by repairs.
std::string message(PgnErrorCode code, std::uint64_t detail = 0, std::string_view what = {});

struct PgnError {
  std::string_view file;     // the source's name
  std::size_t game = 0;      // 1-based game number in the file (between games: the next one's)
  std::size_t line = 0;      // 1-based line where the problem starts
  std::string_view message;  // e.g. "unterminated comment"
  PgnErrorCode code = PgnErrorCode::SourceFailed;
  bool in_tags = false;  // found in the tag section (before any movetext was read)

  // "file:line: game N: message"
  std::string to_string() const;
};

}  // namespace pawnkit::io
