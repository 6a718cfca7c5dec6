// The building blocks of the query parser (parser.cpp): reading a decimal token, the
// types' names in messages, the operator levels, and a node built field by field.
// Internal to src/analysis/query.
#pragma once

#include <array>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "analysis/query/ast.hpp"
#include "analysis/query/functions.hpp"

namespace pawnkit::analysis::query_language::parse_parts {

// Reads a decimal token ("0.75"). Older libc++ (emscripten 3.1's, for the browser page)
// has no std::from_chars for double: strtod there, which reads such a token alike.
inline bool read_decimal(std::string_view digits, double& value) {
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 170000
  const std::string text(digits);
  char* end = nullptr;
  errno = 0;
  value = std::strtod(text.c_str(), &end);
  return errno != ERANGE && end == text.c_str() + text.size();
#else
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  return ec == std::errc() && ptr == digits.data() + digits.size();
#endif
}

// The name of each type in messages, in the order of Type (whole and decimal numbers are
// both numbers to the user).
constexpr std::array<std::string_view, 6> type_names{"a condition", "a number", "a square set",
                                                     "a colour",    "text",     "a number"};
constexpr bool is_number(Type t) { return t == Type::Int || t == Type::Real; }
inline std::string_view type_name(Type t) { return type_names[std::size_t(t)]; }

constexpr char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// The levels of binary operators, loosest first. 'not' is a prefix between 'and' and the
// comparisons; the operands of the set operators are primaries.
enum class Level : std::uint8_t { Or, And, Not, Compare, Set, Primary };

constexpr Level tighter(Level level) { return Level(std::uint8_t(level) + 1); }

// Builds a node field by field.
struct N {
  Node node;
  N(Op op, Type type) {
    node.op = op;
    node.type = type;
  }
  N& a(NodeId v) { return node.a = v, *this; }
  N& b(NodeId v) { return node.b = v, *this; }
  N& number(std::int64_t v) { return node.number = v, *this; }
  N& real(double v) { return node.real = v, *this; }
  N& prepared(const Prepared& v) { return node.prepared = v, *this; }
  N& set(Bitboard v) { return node.set = v, *this; }
  N& side(Color v) { return node.side = v, *this; }
  N& set_key(Bitboard SideReport::*v) { return node.set_key = v, *this; }
  N& number_key(int SideReport::*v) { return node.number_key = v, *this; }
  N& function(const Function* v) { return node.function = v, *this; }
  N& text(std::string v) { return node.text = std::move(v), *this; }
  operator Node() { return std::move(node); }
};

using Parsed = std::optional<NodeId>;  // nullopt: failed, and the error is set

}  // namespace pawnkit::analysis::query_language::parse_parts
