#include "cli/output.hpp"

#include <pawnkit/chess/fen.hpp>

#include <cerrno>
#include <cstdio>

#include "cli/write_check.hpp"

namespace pawnkit::cli {

void Output::flush() {
  errno = 0;
  if (!buffer_.empty() && std::fwrite(buffer_.data(), 1, buffer_.size(), stdout) != buffer_.size())
    note_stdout_error(errno);
  buffer_.clear();
  errno = 0;
  if (std::fflush(stdout) != 0) note_stdout_error(errno);
}

void Output::write(std::string_view text) {
  if (buffer_.size() + text.size() < block_) {
    buffer_ += text;
    return;
  }
  flush();
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size()) note_stdout_error(errno);
  errno = 0;
  if (std::fflush(stdout) != 0) note_stdout_error(errno);
}

bool write_file(std::string_view command, const std::string& path, std::string_view content) {
  std::string error;
  if (write_file_whole(path, content, error)) return true;
  report_error(command, error);
  return false;
}

void report(std::span<const io::Diagnostic> diagnostics) {
  for (const io::Diagnostic& d : diagnostics) std::fputs(io::format_diagnostic(d).c_str(), stderr);
}

void report(const io::Diagnostic& diagnostic) { report({&diagnostic, 1}); }

void report_error(std::string_view command, std::string_view message) {
  report(io::Diagnostic{.file = std::string(command), .message = std::string(message)});
}

void report_fen_error(std::string_view text, const ParseError& error) {
  report(io::Diagnostic{.file = "<argument>",
                        .line = 1,
                        .message = io::parse_error_message("invalid FEN", error, text)});
}

void report_fen_repairs(std::string_view command, std::string_view subject, std::string_view text,
                        std::span<const ParseError> repairs) {
  for (const ParseError& repair : repairs)
    report(io::Diagnostic{.file = std::string(command),
                          .message = io::parse_error_message(subject, repair, text),
                          .severity = io::Severity::Warning});
}

std::optional<Position> command_line_position(std::string_view command, std::string_view text) {
  FenRepairs repairs;
  const Parsed<EpdRecord> record = parse_epd_lenient(text, repairs);
  if (!record) {
    report_fen_error(text, record.error());
    return std::nullopt;
  }
  report_fen_repairs(command, "FEN", text, repairs);
  return record->position;
}

void report_totals(std::string_view command, std::size_t bad, std::size_t skipped) {
  if (bad) report_error(command, std::to_string(bad) + (bad == 1 ? " bad record" : " bad records"));
  if (skipped)
    report_error(command,
                 std::to_string(skipped) + (skipped == 1 ? " game of other variants skipped"
                                                         : " games of other variants skipped"));
}

void report_warning_total(std::string_view command, std::size_t warnings) {
  if (warnings)
    report_error(command, std::to_string(warnings) + (warnings == 1 ? " warning" : " warnings") +
                              " (input repaired; see above)");
}

}  // namespace pawnkit::cli
