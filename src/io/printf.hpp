// printf-style text for numbers and table rows, in one place: appendf adds to a string,
// printf_string returns one (fixed decimals: printf_string("%.3f", x)). The C library's
// formatting is what the outputs were written with, so it stays byte for byte.
#pragma once

#include <cstdio>
#include <string>

namespace pawnkit::io {

// Appends the printf-formatted text of `args` to `out`, whatever its length.
template <class... T>
void appendf(std::string& out, const char* format, T... args) {
  char line[256];
  const int n = std::snprintf(line, sizeof line, format, args...);
  if (n < 0) return;
  if (std::size_t(n) < sizeof line) {
    out.append(line, std::size_t(n));
    return;
  }
  const std::size_t at = out.size();
  out.resize(at + std::size_t(n) + 1);
  std::snprintf(out.data() + at, std::size_t(n) + 1, format, args...);
  out.resize(at + std::size_t(n));
}

// The printf-formatted text of `args`, for example printf_string("%.2f", share).
template <class... T>
std::string printf_string(const char* format, T... args) {
  std::string out;
  appendf(out, format, args...);
  return out;
}

}  // namespace pawnkit::io
