#include "analysis/query/eval.hpp"

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>

#include "analysis/query/functions.hpp"

namespace pawnkit::analysis::query_language {

namespace {

// Whether all of `s` reads as a (signed) integer, put in `v`. (A bool and an out
// parameter: returned as std::optional, the value went through the stack, slowly.)
bool read_number(std::string_view s, std::int64_t& v) {
  if (s.empty()) return false;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && ptr == s.data() + s.size();
}

template <class T>
bool ordered(const T& x, const T& y, Cmp cmp) {
  switch (cmp) {
    case Cmp::Eq:
      return x == y;
    case Cmp::Ne:
      return x != y;
    case Cmp::Lt:
      return x < y;
    case Cmp::Le:
      return x <= y;
    case Cmp::Gt:
      return x > y;
    case Cmp::Ge:
      return x >= y;
  }
  return false;
}

// -1, 0 or 1 as i is below, equal to or above d, exactly: i is not rounded to a double
// (2^53 + 1 is above 2^53 as a double). d is finite.
int three_way(std::int64_t i, double d) {
  constexpr double two_to_63 = 9223372036854775808.0;
  if (d >= two_to_63) return -1;
  if (d < -two_to_63) return 1;
  const double whole = std::trunc(d);  // fits an int64 now
  const auto w = std::int64_t(whole);
  if (i != w) return i < w ? -1 : 1;
  return d > whole ? -1 : d < whole ? 1 : 0;
}

constexpr char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

bool contains_ignoring_case(std::string_view hay, std::string_view needle) {
  if (needle.size() > hay.size()) return false;
  for (std::size_t i = 0; i + needle.size() <= hay.size(); ++i) {
    std::size_t j = 0;
    while (j < needle.size() && lower(hay[i + j]) == lower(needle[j])) ++j;
    if (j == needle.size()) return true;
  }
  return false;
}

bool compare_text(std::string_view x, std::string_view y, Cmp cmp) {
  std::int64_t nx = 0, ny = 0;
  const bool x_number = read_number(x, nx), y_number = read_number(y, ny);
  if (x_number && y_number) return ordered(nx, ny, cmp);
  if (!x_number && !y_number) return ordered(x, y, cmp);
  // A number against words ("?" for an unknown Elo): never equal, never ordered.
  return cmp == Cmp::Ne;
}

}  // namespace

// One function per result type; the parser has checked that every node meets the type
// its parent asks for.
class Evaluator {
 public:
  Evaluator(const Program& program, const QueryContext& ctx) : program_(program), ctx_(ctx) {}

  bool condition(NodeId n) const {
    const Node& node = program_[n];
    switch (node.op) {
      case Op::Or:
        return condition(node.a) || condition(node.b);
      case Op::And:
        return condition(node.a) && condition(node.b);
      case Op::Not:
        return !condition(node.a);
      case Op::BoolConst:
        return node.number != 0;
      case Op::In:
        return (set(node.a) & ~set(node.b)) == 0;
      case Op::Match:
        return contains_ignoring_case(text(node.a), text(node.b));
      case Op::Compare:
        return compare(node);
      case Op::Call:
        return call(node).condition;
      default:
        return false;
    }
  }

  std::int64_t number(NodeId n) const {
    const Node& node = program_[n];
    switch (node.op) {
      case Op::IntConst:
        return node.number;
      case Op::SideInt:
        return ctx_.report->side(node.side).*node.number_key;
      case Op::Ply:
        return ctx_.ply;
      case Op::MoveNumber:
        return ctx_.move_number;
      case Op::Call:
        return call(node).number;
      default:
        return 0;
    }
  }

  // A decimal is a literal or a function's value (similarity()).
  double real(NodeId n) const {
    const Node& node = program_[n];
    return node.op == Op::RealConst ? node.real : call(node).real;
  }

  Bitboard set(NodeId n) const {
    const Node& node = program_[n];
    switch (node.op) {
      case Op::SetConst:
        return node.set;
      case Op::SideSet:
        return ctx_.report->side(node.side).*node.set_key;
      case Op::SetAnd:
        return set(node.a) & set(node.b);
      case Op::SetOr:
        return set(node.a) | set(node.b);
      case Op::SetMinus:
        return set(node.a) & ~set(node.b);
      case Op::Call:
        return call(node).set;
      default:
        return 0;
    }
  }

  std::optional<Color> color(NodeId n) const {
    const Node& node = program_[n];
    switch (node.op) {
      case Op::ColorConst:
        return node.side;
      case Op::SideToMove:
        return ctx_.side_to_move;
      case Op::StructureSide:
        return ctx_.structure_side;
      case Op::Call:
        return call(node).color;
      default:
        return std::nullopt;
    }
  }

  std::string_view text(NodeId n) const {
    const Node& node = program_[n];
    switch (node.op) {
      case Op::TextConst:
      case Op::IntConst:
        return node.text;
      case Op::Structure:
        return ctx_.structure;
      case Op::Phase:
        return ctx_.phase;
      case Op::Tag: {
        if (!ctx_.game) return {};
        const auto value = ctx_.game->tag(node.text);
        return value ? *value : std::string_view{};
      }
      case Op::Call:
        return call(node).text;
      default:
        return {};
    }
  }

  const QueryContext& context() const { return ctx_; }

 private:
  bool compare(const Node& node) const {
    if (node.textual) return compare_text(text(node.a), text(node.b), node.cmp);
    if (node.decimal) return compare_decimal(node);
    switch (program_[node.a].type) {
      case Type::Int:
        return ordered(number(node.a), number(node.b), node.cmp);
      case Type::Set:
        return ordered(set(node.a), set(node.b), node.cmp);
      case Type::Color: {
        // "none" (no named structure) equals nothing, itself included.
        const std::optional<Color> x = color(node.a), y = color(node.b);
        const bool equal = x && y && *x == *y;
        return node.cmp == Cmp::Eq ? equal : !equal;
      }
      default:
        return false;
    }
  }

  // Numbers, one of them decimal at least: whole ones are not rounded to a double.
  bool compare_decimal(const Node& node) const {
    const bool whole_a = program_[node.a].type == Type::Int;
    const bool whole_b = program_[node.b].type == Type::Int;
    if (whole_a) return ordered(three_way(number(node.a), real(node.b)), 0, node.cmp);
    if (whole_b) return ordered(0, three_way(number(node.b), real(node.a)), node.cmp);
    return ordered(real(node.a), real(node.b), node.cmp);
  }

  Value call(const Node& node) const { return node.function->evaluate(Arguments(*this, node)); }

  const Program& program_;
  const QueryContext& ctx_;
};

bool Arguments::condition(std::size_t i) const { return evaluator_.condition(child(i)); }
std::int64_t Arguments::number(std::size_t i) const { return evaluator_.number(child(i)); }
Bitboard Arguments::set(std::size_t i) const { return evaluator_.set(child(i)); }
std::optional<Color> Arguments::color(std::size_t i) const { return evaluator_.color(child(i)); }
std::string_view Arguments::text(std::size_t i) const { return evaluator_.text(child(i)); }
const QueryContext& Arguments::context() const { return evaluator_.context(); }

bool evaluate(const Program& program, const QueryContext& ctx) {
  return Evaluator(program, ctx).condition(program.root);
}

}  // namespace pawnkit::analysis::query_language
