// The query language of `pawnkit find --where`: an expression over the pattern spec's keys for
// each side and a few facts of the position and its game (docs/query.md has the grammar).
// An expression is compiled once into a type-checked program (parser.hpp); evaluating
// it (eval.hpp) reads a QueryContext and allocates nothing.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <pawnkit/pawns/report.hpp>
#include <string>
#include <string_view>
#include <variant>

#include "io/game_record.hpp"

namespace pawnkit::analysis {

// What a position offers to a query. `game` is null for FEN/EPD input (every tag reads "").
struct QueryContext {
  const PawnReport* report = nullptr;
  Color side_to_move = White;
  int ply = 0;          // plies since the game's start (PGN); from the move counters (FEN)
  int move_number = 1;  // the FEN's fullmove number
  const io::GameRecord* game = nullptr;
  std::string_view structure;  // the named structure's name, "" when none
  std::optional<Color> structure_side;
  std::string_view phase = "opening";  // phase_name(game_phase(position)), chess/phase.hpp
};

// A compile error: what was wrong, at which byte of the expression (0-based), and how
// many bytes the offending token spans (at least 1, for the caret line).
struct QueryError {
  std::size_t column = 0;
  std::size_t length = 1;
  std::string message;
};

namespace query_language {
struct Program;
}

// A compiled expression. Copies share one immutable program, so one Query serves every
// thread.
class Query {
 public:
  // Compiles `text`; the error names the first problem found.
  static std::variant<Query, QueryError> compile(std::string_view text);

  bool matches(const QueryContext& ctx) const;

  // Whether the expression reads the named structure (so callers classify only then).
  bool uses_structure() const { return uses_structure_; }
  const std::string& text() const;

 private:
  explicit Query(std::shared_ptr<const query_language::Program> program);

  std::shared_ptr<const query_language::Program> program_;
  bool uses_structure_ = false;
};

// "column N: message" followed by the expression and a caret line under the token, each
// line ending in '\n' (the CLI puts its prefix in front).
std::string format_query_error(std::string_view text, const QueryError& error);

}  // namespace pawnkit::analysis
