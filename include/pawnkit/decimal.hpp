// Reads a decimal number ("0.73", "-1e-3") from text without the locale. Older libc++
// (emscripten 3.1's, for the browser page) has no std::from_chars for double: strtod
// there, after checking that the text starts as a number does.
#pragma once

#include "pawnkit/version.hpp"  // first: the C++20 check

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace pawnkit {

// The length of the number at the start of `text` (0: none there), its value in `value`.
inline std::size_t read_decimal_prefix(std::string_view text, double& value) {
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 170000
  if (text.empty() || !(text[0] == '-' || text[0] == '.' || (text[0] >= '0' && text[0] <= '9')))
    return 0;
  const std::string copy(text.substr(0, 128));
  char* end = nullptr;
  errno = 0;
  value = std::strtod(copy.c_str(), &end);
  return errno == ERANGE ? 0 : std::size_t(end - copy.c_str());
#else
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} ? std::size_t(end - text.data()) : 0;
#endif
}

// The finite number that is the whole of `text`; nullopt otherwise.
inline std::optional<double> parse_decimal(std::string_view text) {
  double value = 0;
  const std::size_t size = read_decimal_prefix(text, value);
  if (size == 0 || size != text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

}  // namespace pawnkit
