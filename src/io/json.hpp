// Small JSON writing helpers shared by every writer: strings, integers. They append to a
// std::string the caller reuses, so a long run allocates only as the buffer grows. (The
// report's square lists are written in report_writer.cpp.)
#pragma once

#include <string>
#include <string_view>

namespace pawnkit::io {

// Whether c may need an escape in a JSON string: a C0 control character, '"', '\\', DEL,
// or 0xC2, the first byte of a C1 control in UTF-8 (U+0080..U+009F).
// (With no branch: a loop over a text's characters vectorizes.)
constexpr bool needs_json_escape(char c) {
  return (static_cast<unsigned char>(c) < 0x20) | (c == '"') | (c == '\\') |
         (static_cast<unsigned char>(c) == 0x7F) | (static_cast<unsigned char>(c) == 0xC2);
}

// A JSON string literal of UTF-8 text with the escapes JSON requires, and DEL and the C1
// controls escaped as well (\u007f, \u009b) so that no line holds a terminal's control.
void append_json_string(std::string& out, std::string_view text);

void append_int(std::string& out, long long value);

}  // namespace pawnkit::io
