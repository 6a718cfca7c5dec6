// The functions of the query language, one row each: name, arguments, result, and how the
// value is made. The parser and the evaluator read only this table, so a new function
// (say similarity(FEN)) is one row here, with its evaluator beside it.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <pawnkit/bitboard.hpp>
#include <string_view>

#include "analysis/query.hpp"
#include "analysis/query_ast.hpp"

namespace pawnkit::analysis::query_language {

// A value of any query type; only the member of the type at hand is meaningful.
struct Value {
  bool condition = false;
  std::int64_t number = 0;
  Bitboard set = 0;
  std::optional<Color> color;
  std::string_view text;
};

inline constexpr std::size_t max_arguments = 2;  // a Call node keeps them in a and b

struct Function {
  std::string_view name;
  Type result = Type::Bool;
  // Either arguments that are expressions of these types (set operators allowed,
  // comparisons not), and `evaluate`, run on every position ...
  std::uint8_t arity = 0;
  std::array<Type, max_arguments> arguments{};
  Value (*evaluate)(const Value* arguments, const QueryContext& ctx) = nullptr;
  // ... or one bare word read when compiling ("file(d)"), folded into a square set:
  // `fold` gives the set, or nullopt when the word is wrong, and then `word_error` is said.
  std::optional<Bitboard> (*fold)(std::string_view word) = nullptr;
  std::string_view word_error;
};

// A function of expressions, computed on every position.
template <std::size_t N>
constexpr Function computed(std::string_view name, Type result, const Type (&arguments)[N],
                            Value (*evaluate)(const Value*, const QueryContext&)) {
  static_assert(N <= max_arguments);
  Function f;
  f.name = name;
  f.result = result;
  f.arity = N;
  for (std::size_t i = 0; i < N; ++i) f.arguments[i] = arguments[i];
  f.evaluate = evaluate;
  return f;
}

// A function of one word, folded into a square set when compiling.
constexpr Function folded(std::string_view name, std::optional<Bitboard> (*fold)(std::string_view),
                          std::string_view word_error) {
  Function f;
  f.name = name;
  f.result = Type::Set;
  f.fold = fold;
  f.word_error = word_error;
  return f;
}

inline constexpr std::array<Function, 3> functions{
    computed("count", Type::Int, {Type::Set},
             [](const Value* args, const QueryContext&) {
               Value v;
               v.number = std::popcount(args[0].set);
               return v;
             }),
    folded(
        "file",
        [](std::string_view w) -> std::optional<Bitboard> {
          if (w.size() != 1 || w[0] < 'a' || w[0] > 'h') return std::nullopt;
          return file_bb(w[0] - 'a');
        },
        "file() takes a file letter a to h"),
    folded(
        "rank",
        [](std::string_view w) -> std::optional<Bitboard> {
          if (w.size() != 1 || w[0] < '1' || w[0] > '8') return std::nullopt;
          return rank_bb(w[0] - '1');
        },
        "rank() takes a rank number 1 to 8"),
};

constexpr const Function* find_function(std::string_view name) {
  for (const Function& f : functions)
    if (f.name == name) return &f;
  return nullptr;
}

}  // namespace pawnkit::analysis::query_language
