// The answer of a binding that failed, as the page reads it: {"error": "the message"},
// the message without its trailing line breaks (the page shows it beside its action).
#pragma once

#include <string>

#include "io/json.hpp"

namespace pawnkit::web {

inline std::string error_json(std::string message) {
  while (!message.empty() && message.back() == '\n') message.pop_back();
  std::string out = "{\"error\": ";
  io::append_json_string(out, message);
  return out + '}';
}

}  // namespace pawnkit::web
