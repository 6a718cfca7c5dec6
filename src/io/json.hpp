// Small JSON writing helpers shared by every writer: strings, integers. They append to a
// std::string the caller reuses, so a long run allocates only as the buffer grows. (The
// report's square lists are written in report_writer.cpp.)
#pragma once

#include <string>
#include <string_view>

namespace pawnkit::io {

// Whether c must be escaped in a JSON string: a control character, '"' or '\\'.
// (With no branch: a loop over a text's characters vectorizes.)
constexpr bool needs_json_escape(char c) {
  return (static_cast<unsigned char>(c) < 0x20) | (c == '"') | (c == '\\');
}

// A JSON string literal with the escapes JSON requires.
void append_json_string(std::string& out, std::string_view text);

void append_int(std::string& out, long long value);

}  // namespace pawnkit::io
