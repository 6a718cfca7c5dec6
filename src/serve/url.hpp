// The parts of a request target the server reads: the path and the query parameters,
// percent-decoded. Decoding is strict: a malformed escape is an error, never guessed at.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pawnkit::serve {

// "%2e%2E+x" -> ".. x" when `plus_is_space` (query strings); nullopt for a bad escape
// ("%4", "%zz") or a decoded NUL byte.
std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space);

struct Target {
  std::string path;                                             // decoded
  std::vector<std::pair<std::string, std::string>> parameters;  // decoded, in order
};

// "/explore?fen=...&games=3" -> its path and parameters; nullopt when malformed.
std::optional<Target> parse_target(std::string_view target);

}  // namespace pawnkit::serve
