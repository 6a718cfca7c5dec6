#include "io/diagnostic.hpp"

#include <cstdio>

namespace pawnkit::io {

std::string parse_error_message(std::string_view subject, const ParseError& error,
                                std::string_view text) {
  std::string message(subject);
  message += ": ";
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
  return message;
}

std::string format_diagnostic(const Diagnostic& d) {
  std::string text = "pawnkit: ";
  if (!d.file.empty()) {
    text += d.file;
    if (d.line) text.append(":").append(std::to_string(d.line));
    text += ": ";
  }
  if (d.game) text.append("game ").append(std::to_string(d.game)).append(": ");
  if (d.severity == Severity::Warning) text += "warning: ";
  text += d.message;
  if (text.back() != '\n') text += '\n';
  return text;
}

}  // namespace pawnkit::io
