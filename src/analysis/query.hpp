// The query language of `pawnkit find --where`: an expression over the contract's keys for
// each side and a few facts of the position and its game (docs/query.md has the grammar).
// An expression is compiled once into a flat, type-checked tree; evaluating it reads a
// QueryContext and allocates nothing, so one compiled Query serves every thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <pawnkit/pawns/report.hpp>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

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
};

// A compile error: what was wrong, at which byte of the expression (0-based), and how
// many bytes the offending token spans (at least 1, for the caret line).
struct QueryError {
  std::size_t column = 0;
  std::size_t length = 1;
  std::string message;
};

class Query {
 public:
  // Compiles `text`; the error names the first problem found.
  static std::variant<Query, QueryError> compile(std::string_view text);

  bool matches(const QueryContext& ctx) const { return eval_bool(root_, ctx); }

  // Whether the expression reads the named structure (so callers classify only then).
  bool uses_structure() const { return uses_structure_; }
  const std::string& text() const { return text_; }

  enum class Type : std::uint8_t { Bool, Int, Set, Color, Text };
  enum class Op : std::uint8_t {
    Or,
    And,
    Not,        // Bool
    Compare,    // Bool: a cmp b, typed by operands
    In,         // Bool: every square of a is in b
    Match,      // Bool: b is a substring of a
    BoolConst,  // Bool
    IntConst,
    Count,
    SideInt,
    Ply,
    MoveNumber,  // Int
    SetConst,
    SideSet,
    SetAnd,
    SetOr,
    SetMinus,  // Set
    ColorConst,
    SideToMove,
    StructureSide,  // Color (value 2 = none)
    TextConst,
    Tag,
    Structure,  // Text
  };
  enum class Cmp : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge };

  struct Node {
    Op op;
    Type type;
    Cmp cmp = Cmp::Eq;
    bool textual = false;                    // Compare: by the text rules (tags, strings)
    int a = -1, b = -1;                      // child nodes
    std::int64_t number = 0;                 // IntConst, BoolConst, ColorConst; SideInt: the side
    Bitboard set = 0;                        // SetConst
    int side = 0;                            // SideSet, SideInt: 0 white, 1 black
    Bitboard SideReport::*member = nullptr;  // SideSet
    std::string text;  // TextConst (IntConst too: its digits); Tag: the tag name
  };

  const std::vector<Node>& nodes() const { return nodes_; }

 private:
  friend class QueryParser;
  bool eval_bool(int n, const QueryContext& ctx) const;
  std::int64_t eval_int(int n, const QueryContext& ctx) const;
  Bitboard eval_set(int n, const QueryContext& ctx) const;
  int eval_color(int n, const QueryContext& ctx) const;
  std::string_view eval_text(int n, const QueryContext& ctx) const;
  bool compare_text(std::string_view x, std::string_view y, Cmp cmp) const;

  std::string text_;
  std::vector<Node> nodes_;
  int root_ = -1;
  bool uses_structure_ = false;
};

// "column N: message" followed by the expression and a caret line under the token, each
// line ending in '\n' (the CLI puts its prefix in front).
std::string format_query_error(std::string_view text, const QueryError& error);

}  // namespace pawnkit::analysis
