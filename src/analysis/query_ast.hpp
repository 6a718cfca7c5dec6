// The compiled form of a find query, private to src/analysis/query*: a flat array of typed
// nodes, each child before its parent, built and type-checked by the parser
// (query_parser.cpp) and read by the evaluator (query_eval.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <pawnkit/pawns/report.hpp>
#include <string>
#include <vector>

namespace pawnkit::analysis::query_language {

enum class Type : std::uint8_t { Bool, Int, Set, Color, Text };

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

struct Node {
  Op op = Op::BoolConst;
  Type type = Type::Bool;
  Cmp cmp = Cmp::Eq;                        // Compare
  bool textual = false;                     // Compare: by the text rules (tags, strings)
  Color side = White;                       // SideSet, SideInt, ColorConst
  NodeId a, b;                              // children, for the ops that have them
  std::int64_t number = 0;                  // IntConst, BoolConst
  Bitboard set = 0;                         // SetConst
  Bitboard SideReport::*set_key = nullptr;  // SideSet
  int SideReport::*number_key = nullptr;    // SideInt
  const Function* function = nullptr;       // Call: its arguments are a (and b)
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
