#include "cli/output.hpp"

#include <cstdio>

namespace pawnkit::cli {

void Output::flush() {
  if (!buffer_.empty()) std::fwrite(buffer_.data(), 1, buffer_.size(), stdout);
  buffer_.clear();
  std::fflush(stdout);
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
  std::string message = "invalid FEN: ";
  message += error.what;
  message += " at column ";
  message += std::to_string(error.column + 1);
  if (error.column < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[error.column]);
    char shown[16];
    if (c >= 0x21 && c < 0x7f)
      std::snprintf(shown, sizeof shown, " ('%c')", c);
    else
      std::snprintf(shown, sizeof shown, " (byte 0x%02x)", c);
    message += shown;
  }
  report_error(file, line, message);
}

}  // namespace pawnkit::cli
