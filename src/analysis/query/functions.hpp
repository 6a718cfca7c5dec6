// The functions of the query language, one row each: name, arguments, result, and how the
// value is made. The parser and the evaluator read only this table, so a new function is
// one row here, with its evaluator beside it.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <pawnkit/bitboard.hpp>
#include <pawnkit/chess/fen.hpp>
#include <span>
#include <string>
#include <string_view>

#include "analysis/query/ast.hpp"
#include "analysis/query/query.hpp"
#include "analysis/similar/similarity.hpp"

namespace pawnkit::analysis::query_language {

// A value of any query type; only the member of the type at hand is meaningful.
struct Value {
  bool condition = false;
  std::int64_t number = 0;
  double real = 0;
  Bitboard set = 0;
  std::optional<Color> color;
  std::string_view text;
};

inline constexpr std::size_t max_arguments = 2;  // a Call node keeps them in a and b

class Evaluator;

// The arguments of one call, each evaluated (on the position at hand) when asked for.
class Arguments {
 public:
  Arguments(const Evaluator& evaluator, const Node& call) : evaluator_(evaluator), call_(call) {}

  bool condition(std::size_t i) const;
  std::int64_t number(std::size_t i) const;
  Bitboard set(std::size_t i) const;
  std::optional<Color> color(std::size_t i) const;
  std::string_view text(std::size_t i) const;
  const QueryContext& context() const;
  // What the call's string literals became when compiling (functions with `prepare`).
  const Prepared& prepared() const { return call_.prepared; }

 private:
  NodeId child(std::size_t i) const { return i == 0 ? call_.a : call_.b; }

  const Evaluator& evaluator_;
  const Node& call_;
};

// What is wrong with one string literal of a call: `column` is a byte offset into the
// literal's text.
struct LiteralError {
  std::size_t argument = 0;
  std::size_t column = 0;
  std::string message;
};

struct Function {
  std::string_view name;
  Type result = Type::Bool;
  // Either arguments that are expressions of these types (set operators allowed,
  // comparisons not), and `evaluate`, run on every position, which reads them ...
  std::uint8_t arity = 0;
  std::array<Type, max_arguments> arguments{};
  Value (*evaluate)(const Arguments& arguments) = nullptr;
  // ... or one bare word read when compiling ("file(d)"), folded into a square set:
  // `fold` gives the set, or nullopt when the word is wrong, and then `word_error` is said
  // ...
  std::optional<Bitboard> (*fold)(std::string_view word) = nullptr;
  std::string_view word_error;
  // ... or `required` to `arity` string literals (`literal_names` says what each is), read
  // once when compiling by `prepare` into the call's Prepared, which `evaluate` reads.
  std::optional<LiteralError> (*prepare)(std::span<const std::string> literals,
                                         Prepared& out) = nullptr;
  std::uint8_t required = 0;
  std::array<std::string_view, max_arguments> literal_names{};
};

// The fields every kind of function fills.
constexpr Function function(std::string_view name, Type result, std::size_t arity,
                            Value (*evaluate)(const Arguments&)) {
  Function f;
  f.name = name;
  f.result = result;
  f.arity = std::uint8_t(arity);
  f.evaluate = evaluate;
  return f;
}

// A function of expressions, computed on every position.
template <std::size_t N>
constexpr Function computed(std::string_view name, Type result, const Type (&arguments)[N],
                            Value (*evaluate)(const Arguments&)) {
  static_assert(N <= max_arguments);
  Function f = function(name, result, N, evaluate);
  for (std::size_t i = 0; i < N; ++i) f.arguments[i] = arguments[i];
  return f;
}

// A function of one word, folded into a square set when compiling.
constexpr Function folded(std::string_view name, std::optional<Bitboard> (*fold)(std::string_view),
                          std::string_view word_error) {
  Function f = function(name, Type::Set, 0, nullptr);
  f.fold = fold;
  f.word_error = word_error;
  return f;
}

// A function of `required` to N string literals, prepared once when compiling and
// evaluated on every position.
template <std::size_t N>
constexpr Function prepared(std::string_view name, Type result,
                            const std::string_view (&literal_names)[N], std::size_t required,
                            std::optional<LiteralError> (*prepare)(std::span<const std::string>,
                                                                   Prepared&),
                            Value (*evaluate)(const Arguments&)) {
  static_assert(N <= max_arguments);
  Function f = function(name, result, N, evaluate);
  f.required = std::uint8_t(required);
  for (std::size_t i = 0; i < N; ++i) f.literal_names[i] = literal_names[i];
  f.prepare = prepare;
  return f;
}

// file_bb or rank_bb, chosen by the type of the line.
constexpr Bitboard line_set(File f) { return file_bb(f); }
constexpr Bitboard line_set(Rank r) { return rank_bb(r); }

// The file or rank named by one character from `first` to `last` ("d" for file(d)).
template <class Line, char first, char last>
constexpr std::optional<Bitboard> line_named(std::string_view word) {
  if (word.size() != 1 || word[0] < first || word[0] > last) return std::nullopt;
  return line_set(Line(word[0] - first));
}

// similarity("FEN"[, "a,h"]): the target's pawns, and the squares of the ignored files.
inline std::optional<LiteralError> prepare_similarity(std::span<const std::string> literals,
                                                      Prepared& out) {
  const Parsed<Position> target = parse_fen(literals[0]);
  if (!target)
    return LiteralError{0, target.error().column,
                        "invalid FEN: " + std::string(target.error().what)};
  out.pawns = {target->pawns(White), target->pawns(Black)};
  const std::string_view files = literals.size() > 1 ? std::string_view(literals[1]) : "";
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (files[i] == ',' || files[i] == ' ') continue;
    const std::optional<Bitboard> file = line_named<File, 'a', 'h'>(files.substr(i, 1));
    if (!file) return LiteralError{1, i, "ignored files are letters a to h, e.g. \"a,h\""};
    out.squares |= *file;
  }
  return std::nullopt;
}

inline constexpr std::array<Function, 4> functions{
    computed("count", Type::Int, {Type::Set},
             [](const Arguments& args) {
               Value v;
               v.number = std::popcount(args.set(0));
               return v;
             }),
    folded("file", line_named<File, 'a', 'h'>, "file() takes a file letter a to h"),
    folded("rank", line_named<Rank, '1', '8'>, "rank() takes a rank number 1 to 8"),
    // docs/similar.md: the better of the as-is and the colour-reversed reading, as in
    // `pawnkit similar`.
    prepared("similarity", Type::Real, {"a FEN", "the ignored files"}, 1, prepare_similarity,
             [](const Arguments& args) {
               const Prepared& target = args.prepared();
               const PawnReport& report = *args.context().report;
               Value v;
               v.real = structure_similarity_match(
                            target.pawns, {report.white.pawns, report.black.pawns}, target.squares)
                            .similarity;
               return v;
             }),
};

// The entry of `table` called `name`, or null.
template <class Table>
constexpr auto find_by_name(const Table& table, std::string_view name) -> decltype(&table[0]) {
  for (const auto& entry : table)
    if (entry.name == name) return &entry;
  return nullptr;
}

constexpr const Function* find_function(std::string_view name) {
  return find_by_name(functions, name);
}

}  // namespace pawnkit::analysis::query_language
