#include "serve/url.hpp"

namespace pawnkit::serve {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      const int high = hex_value(text[i + 1]), low = hex_value(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      c = char(high * 16 + low);
      i += 2;
    } else if (c == '+' && plus_is_space) {
      c = ' ';
    }
    if (c == '\0') return std::nullopt;
    out += c;
  }
  return out;
}

std::optional<Target> parse_target(std::string_view target) {
  if (target.empty() || target.front() != '/') return std::nullopt;  // origin form only
  Target out;
  const std::size_t question = target.find('?');
  auto path = percent_decode(target.substr(0, question), false);
  if (!path) return std::nullopt;
  out.path = std::move(*path);
  if (question == std::string_view::npos) return out;
  std::string_view query = target.substr(question + 1);
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t equals = pair.find('=');
    auto name = percent_decode(pair.substr(0, equals), true);
    auto value = percent_decode(
        equals == std::string_view::npos ? std::string_view() : pair.substr(equals + 1), true);
    if (!name || !value) return std::nullopt;
    out.parameters.emplace_back(std::move(*name), std::move(*value));
  }
  return out;
}

}  // namespace pawnkit::serve
