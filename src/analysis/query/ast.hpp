// The compiled form of a find query, private to src/analysis/query*: a flat array of typed
// nodes, each child before its parent, built and type-checked by the parser
// (parser.cpp) and read by the evaluator (eval.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <pawnkit/pawns/report.hpp>
#include <string>
#include <vector>

namespace pawnkit::analysis::query_language {

// Int: a whole number; Real: a decimal one (a literal such as 0.9, similarity()). Both are
// "a number" to the user, and they compare with each other exactly.
enum class Type : std::uint8_t { Bool, Int, Set, Color, Text, Real };

enum class Op : std::uint8_t {
  // Bool
  Or,
  And,
  Not,
  Compare,  // a cmp b, typed by its operands
  In,       // every square of a is in b
  Match,    // b is a substring of a, ignoring ASCII case
  BoolConst,
  // Int
  IntConst,
  SideInt,
  Ply,
  MoveNumber,
  // Real
  RealConst,
  // Set
  SetConst,
  SideSet,
  SetAnd,
  SetOr,
  SetMinus,
  // Color
  ColorConst,
  SideToMove,
  StructureSide,  // none when no structure is named
  // Text
  TextConst,
  Tag,
  Structure,
  Phase,
  // Any type: a function of the table in query_functions.hpp
  Call,
};

enum class Cmp : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge };

// A node's place in Program::nodes.
struct NodeId {
  std::uint16_t index = 0;
};
inline constexpr std::size_t max_nodes = 4096;  // a query this long is no one's typing
static_assert(max_nodes <= 1 << 16, "NodeId holds every index");

struct Function;

// What a function's string literals became when the query was compiled (similarity's
// target pawns and ignored squares), so that no position parses them again.
struct Prepared {
  std::array<Bitboard, 2> pawns{};  // by colour
  Bitboard squares = 0;
};

struct Node {
  Op op = Op::BoolConst;
  Type type = Type::Bool;
  Cmp cmp = Cmp::Eq;                        // Compare
  bool textual = false;                     // Compare: by the text rules (tags, strings)
  bool decimal = false;                     // Compare: numbers, one of them decimal at least
  Color side = White;                       // SideSet, SideInt, ColorConst
  NodeId a, b;                              // children, for the ops that have them
  std::int64_t number = 0;                  // IntConst, BoolConst
  double real = 0;                          // RealConst
  Bitboard set = 0;                         // SetConst
  Bitboard SideReport::*set_key = nullptr;  // SideSet
  int SideReport::*number_key = nullptr;    // SideInt
  const Function* function = nullptr;       // Call: its arguments are a (and b)
  Prepared prepared;                        // Call of a function of string literals
  std::string text;  // TextConst (IntConst too: its digits); Tag: the tag name
};

struct Program {
  std::string text;  // the expression as written
  std::vector<Node> nodes;
  NodeId root;  // a Bool node
  bool uses_structure = false;

  const Node& operator[](NodeId id) const { return nodes[id.index]; }
};

}  // namespace pawnkit::analysis::query_language
