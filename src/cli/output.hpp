// Buffered standard output and the one-line error format every command uses:
//   pawnkit: FILE:LINE: message
#pragma once

#include <pawnkit/parsed.hpp>

#include <cstddef>
#include <string>
#include <string_view>

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

// The closing lines of a command that read records: "pawnkit COMMAND: N bad records"
// and "pawnkit COMMAND: N games of other variants skipped", each only when N > 0.
void report_totals(std::string_view command, std::size_t bad, std::size_t skipped);

// "pawnkit: message"
void report_error(std::string_view message);
// "pawnkit: FILE:LINE: message"
void report_error(std::string_view file, std::size_t line, std::string_view message);
// "pawnkit: FILE:LINE: invalid FEN: <what> at column N ('x')"
void report_fen_error(std::string_view file, std::size_t line, std::string_view text,
                      const ParseError& error);

}  // namespace pawnkit::cli
