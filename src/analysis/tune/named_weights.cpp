#include "analysis/tune/named_weights.hpp"

#include <pawnkit/eval/pawn_weights_json.hpp>

namespace pawnkit::analysis {

namespace {

// The members of a {"name": number} object, after its '{'.
bool read_numbers(eval::detail::JsonCursor& in, std::map<std::string, double>& out) {
  if (in.accept('}')) return true;
  do {
    std::string_view name;
    double value = 0;
    if (!in.read_name(name) || !in.expect(':', "expected ':'") || !in.read_number(value))
      return false;
    out[std::string(name)] = value;
  } while (in.accept(','));
  return in.expect('}', "expected ',' or '}'");
}

}  // namespace

Parsed<std::map<std::string, double>> parse_named_weights(std::string_view text) {
  eval::detail::JsonCursor in(text);
  std::map<std::string, double> weights, bare;
  if (!in.expect('{', "expected a JSON object")) return in.error;
  bool wrapped = false;
  if (!in.accept('}')) {
    do {
      std::string_view name;
      if (!in.read_name(name) || !in.expect(':', "expected ':'")) return in.error;
      double value = 0;
      if (name == "weights" && in.peek('{')) {
        in.accept('{');
        if (!read_numbers(in, weights)) return in.error;
        wrapped = true;
      } else if (!in.peek('{') && !in.peek('[') && !in.peek('"') && !in.peek('n') &&
                 !in.peek('t') && !in.peek('f')) {
        if (!in.read_number(value)) return in.error;
        bare[std::string(name)] = value;
      } else if (!in.skip_value()) {
        return in.error;
      }
    } while (in.accept(','));
    if (!in.expect('}', "expected ',' or '}'")) return in.error;
  }
  if (!in.at_end()) return ParseError{"trailing characters after the object", in.column()};
  if (wrapped) return weights;
  return bare;
}

}  // namespace pawnkit::analysis
