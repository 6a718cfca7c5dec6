// Buffered standard output, and the one place where errors and warnings become text:
// every message of every command has the shape
//   pawnkit: FILE:LINE: game N: warning: message
// where each part before the message is there only when known ("pawnkit: analyze:
// message" for a command-line error, "pawnkit: FILE:LINE: message" for a bad record).
#pragma once

#include <pawnkit/chess/position.hpp>
#include <pawnkit/parsed.hpp>

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "io/diagnostic.hpp"

namespace pawnkit::cli {

// Output collected in one buffer and written in large blocks.
class Output {
 public:
  explicit Output(std::size_t block = 1 << 16) : block_(block) { buffer_.reserve(block * 2); }
  ~Output() { flush(); }
  std::string& buffer() { return buffer_; }
  void flush_if_full() {
    if (buffer_.size() >= block_) flush();
  }
  // Appends text, or when that would fill the buffer, writes what is buffered and then
  // the text itself (a game batch's output is written once, not copied first).
  void write(std::string_view text);
  void flush();

 private:
  std::size_t block_;
  std::string buffer_;
};

// Writes `content` to the file at `path` (created or replaced) under a temporary name,
// renamed when whole (write_check.hpp). On failure reports
// "pawnkit: COMMAND: cannot write 'PATH': REASON", leaves no file, and returns false.
bool write_file(std::string_view command, const std::string& path, std::string_view content);

// Writes the messages to standard error.
void report(std::span<const io::Diagnostic> diagnostics);
void report(const io::Diagnostic& diagnostic);

// A command-line error: "pawnkit: COMMAND: message".
void report_error(std::string_view command, std::string_view message);
// A FEN given on the command line that did not parse:
// "pawnkit: <argument>:1: invalid FEN: <what> at column N ('x')".
void report_fen_error(std::string_view text, const ParseError& error);
// One warning per repair the lenient FEN reading made to `text` (a FEN given on the command
// line), e.g. "pawnkit: show: warning: FEN: fullmove number: 0 read as 1 at column 57 ('0')".
void report_fen_repairs(std::string_view command, std::string_view subject, std::string_view text,
                        std::span<const ParseError> repairs);

// A FEN or EPD line given on the command line, read leniently (operations ignored): each
// repair reported as a warning of `command`, or the error; nullopt after an error.
std::optional<Position> command_line_position(std::string_view command, std::string_view text);

// The closing lines of a command that read records: "pawnkit: COMMAND: N bad records"
// and "pawnkit: COMMAND: N games of other variants skipped", each only when N > 0.
void report_totals(std::string_view command, std::size_t bad, std::size_t skipped);
// "pawnkit: COMMAND: N warnings (input repaired; see above)" when N > 0.
void report_warning_total(std::string_view command, std::size_t warnings);

}  // namespace pawnkit::cli
