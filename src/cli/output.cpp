#include "cli/output.hpp"

#include <cstdio>

#include "analysis/position_analysis.hpp"

namespace pawnkit::cli {

void Output::flush() {
  if (!buffer_.empty()) std::fwrite(buffer_.data(), 1, buffer_.size(), stdout);
  buffer_.clear();
  std::fflush(stdout);
}

void Output::write(std::string_view text) {
  if (buffer_.size() + text.size() < block_) {
    buffer_ += text;
    return;
  }
  flush();
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

void report_totals(std::string_view command, std::size_t bad, std::size_t skipped) {
  const int n = int(command.size());
  if (bad) std::fprintf(stderr, "pawnkit %.*s: %zu bad record%s\n", n, command.data(), bad, bad == 1 ? "" : "s");
  if (skipped)
    std::fprintf(stderr, "pawnkit %.*s: %zu game%s of other variants skipped\n", n, command.data(), skipped,
                 skipped == 1 ? "" : "s");
}

void report_error(std::string_view message) {
  std::fprintf(stderr, "pawnkit: %.*s\n", int(message.size()), message.data());
}

void report_error(std::string_view file, std::size_t line, std::string_view message) {
  std::fprintf(stderr, "pawnkit: %.*s:%zu: %.*s\n", int(file.size()), file.data(), line,
               int(message.size()), message.data());
}

void report_fen_error(std::string_view file, std::size_t line, std::string_view text,
                      const ParseError& error) {
  report_error(file, line, analysis::fen_error_message(text, error));
}

}  // namespace pawnkit::cli
