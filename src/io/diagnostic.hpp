// A message about the input or the command line, kept as a value: where (file, line,
// game), how serious, and what. The analysis layer returns these; only the command line
// turns them into text (cli::report in cli/output.hpp), in one shape for every message:
//   pawnkit: FILE:LINE: game N: warning: message
#pragma once

#include <pawnkit/parsed.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace pawnkit::io {

enum class Severity { Error, Warning };

struct Diagnostic {
  std::string file =
      {};  // the input's name, or the command a command-line error is about; "" for none
  std::size_t line = 0;  // 1-based line in `file`; 0 for none
  std::size_t game = 0;  // 1-based game number in `file`; 0 when not about one game
  std::string message = {};
  Severity severity = Severity::Error;
};

// The message as one line of text, newline included:
//   pawnkit: FILE:LINE: game N: warning: message
// with each part only when known.
std::string format_diagnostic(const Diagnostic& diagnostic);

// "<subject>: <what> at column N", and when `text` (the parsed text) is given, the byte
// there: " ('x')" or " (byte 0x07)". The one wording of a ParseError in a message.
std::string parse_error_message(std::string_view subject, const ParseError& error,
                                std::string_view text = {});

}  // namespace pawnkit::io
