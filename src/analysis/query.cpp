#include "analysis/query.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/pawns/structures.hpp>
#include <utility>

namespace pawnkit::analysis {

namespace {

using Type = Query::Type;
using Op = Query::Op;
using Cmp = Query::Cmp;

enum class Tok : std::uint8_t {
  End,
  Ident,
  Number,
  String,
  LParen,
  RParen,
  LBrace,
  RBrace,
  Comma,
  Dot,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Tilde,
  Amp,
  Pipe,
  Minus,
  AndAnd,
  OrOr,
  Bang,
  Bad,
};

struct Token {
  Tok kind = Tok::End;
  std::size_t begin = 0, end = 0;  // byte range in the expression
  std::string value;               // a string literal's unescaped text
};

constexpr bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
constexpr bool is_ident_char(char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

std::string_view type_name(Type t) {
  switch (t) {
    case Type::Bool:
      return "a condition";
    case Type::Int:
      return "a number";
    case Type::Set:
      return "a square set";
    case Type::Color:
      return "a colour";
    case Type::Text:
      return "text";
  }
  return "?";
}

// 'text', built by appending (GCC 12 warns falsely on "'" + std::string).
std::string quoted(std::string_view text) {
  std::string out = "'";
  out += text;
  out += '\'';
  return out;
}

// Levenshtein distance, for "did you mean" hints on short names.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[b.size()];
}

template <class Names>
std::string did_you_mean(std::string_view name, const Names& names, std::string_view prefix) {
  std::string_view best;
  std::size_t best_distance = 3;  // suggest only close names
  for (std::string_view candidate : names) {
    const std::size_t d = edit_distance(name, candidate);
    // Close means one edit, or one edit in three letters ("isolatd", not "foo" for "duo").
    if (d < best_distance && (d == 1 || 3 * d <= name.size())) best_distance = d, best = candidate;
  }
  if (best.empty()) return {};
  return " (did you mean '" + std::string(prefix) + std::string(best) + "'?)";
}

constexpr std::array<std::string_view, 17> global_names{
    "white",     "black",          "tag",  "count", "file", "rank", "ply", "move", "side_to_move",
    "structure", "structure_side", "true", "false", "and",  "or",   "not", "in"};

std::vector<std::string_view> side_key_names() {
  std::vector<std::string_view> names;
  for (const auto& k : pattern_keys) names.push_back(k.name);
  names.push_back("islands");
  for (const auto& k : move_keys) names.push_back(k.name);
  return names;
}

// The member of a square-set key, or null.
Bitboard SideReport::*find_member(std::string_view key) {
  for (const auto& k : pattern_keys)
    if (k.name == key) return k.member;
  for (const auto& k : move_keys)
    if (k.name == key) return k.member;
  return nullptr;
}

// Builds a node field by field.
struct N {
  Query::Node node;
  N(Op op, Type type) {
    node.op = op;
    node.type = type;
  }
  N& a(int v) { return node.a = v, *this; }
  N& b(int v) { return node.b = v, *this; }
  N& number(std::int64_t v) { return node.number = v, *this; }
  N& set(Bitboard v) { return node.set = v, *this; }
  N& side(int v) { return node.side = v, *this; }
  N& member(Bitboard SideReport::*v) { return node.member = v, *this; }
  N& text(std::string v) { return node.text = std::move(v), *this; }
  operator Query::Node() { return std::move(node); }
};

}  // namespace

// Recursive descent over the grammar in docs/query.md; each node is type-checked as it is
// built, so a compiled Query never meets a type error at evaluation.
class QueryParser {
 public:
  explicit QueryParser(std::string_view text) : text_(text) {}

  std::variant<Query, QueryError> run() {
    query_.text_ = std::string(text_);
    advance();
    if (token_.kind == Tok::End)
      return fail(0, text_.size() ? text_.size() : 1, "empty expression");
    const std::size_t start = token_.begin;
    const int root = parse_or();
    if (error_) return std::move(*error_);
    if (token_.kind != Tok::End) {
      if (is_comparison(token_.kind))
        return fail(token_, "comparisons do not chain; join them with 'and'");
      unexpected("'and', 'or' or the end");
      return std::move(*error_);
    }
    if (type(root) != Type::Bool)
      return fail(start, text_.size() - start,
                  "the expression is " + std::string(type_name(type(root))) +
                      ", not a condition (compare it, e.g. count(white.passed) > 0)");
    query_.root_ = root;
    return std::move(query_);
  }

 private:
  // --- tokens ------------------------------------------------------------------------
  void advance() {
    std::size_t i = pos_;
    while (i < text_.size() &&
           (text_[i] == ' ' || text_[i] == '\t' || text_[i] == '\n' || text_[i] == '\r'))
      ++i;
    token_ = Token{};
    token_.begin = i;
    if (i >= text_.size()) {
      token_.kind = Tok::End;
      token_.end = pos_ = i;
      return;
    }
    const char c = text_[i];
    const char next = i + 1 < text_.size() ? text_[i + 1] : '\0';
    auto one = [&](Tok kind, std::size_t size = 1) {
      token_.kind = kind;
      token_.end = pos_ = i + size;
    };
    if (is_ident_start(c)) {
      std::size_t j = i + 1;
      while (j < text_.size() && is_ident_char(text_[j])) ++j;
      return one(Tok::Ident, j - i);
    }
    if (is_digit(c)) {
      std::size_t j = i + 1;
      while (j < text_.size() && is_digit(text_[j])) ++j;
      if (j < text_.size() && is_ident_start(text_[j])) {  // "4d": not a number, not a name
        while (j < text_.size() && is_ident_char(text_[j])) ++j;
        return one(Tok::Bad, j - i);
      }
      return one(Tok::Number, j - i);
    }
    if (c == '"') {
      std::size_t j = i + 1;
      while (j < text_.size() && text_[j] != '"') {
        if (text_[j] == '\\' && j + 1 < text_.size()) ++j;
        token_.value += text_[j++];
      }
      if (j >= text_.size()) {
        token_.kind = Tok::Bad;
        token_.end = pos_ = text_.size();
        unterminated_ = true;
        return;
      }
      return one(Tok::String, j + 1 - i);
    }
    switch (c) {
      case '(':
        return one(Tok::LParen);
      case ')':
        return one(Tok::RParen);
      case '{':
        return one(Tok::LBrace);
      case '}':
        return one(Tok::RBrace);
      case ',':
        return one(Tok::Comma);
      case '.':
        return one(Tok::Dot);
      case '~':
        return one(Tok::Tilde);
      case '-':
        return one(Tok::Minus);
      case '=':
        return next == '=' ? one(Tok::Eq, 2) : one(Tok::Bad);
      case '!':
        return next == '=' ? one(Tok::Ne, 2) : one(Tok::Bang);
      case '<':
        return next == '=' ? one(Tok::Le, 2) : one(Tok::Lt);
      case '>':
        return next == '=' ? one(Tok::Ge, 2) : one(Tok::Gt);
      case '&':
        return next == '&' ? one(Tok::AndAnd, 2) : one(Tok::Amp);
      case '|':
        return next == '|' ? one(Tok::OrOr, 2) : one(Tok::Pipe);
      default:
        return one(Tok::Bad);
    }
  }

  std::string_view spelling(const Token& t) const { return text_.substr(t.begin, t.end - t.begin); }
  bool is_word(std::string_view w) const {
    return token_.kind == Tok::Ident && spelling(token_) == w;
  }
  static bool is_comparison(Tok k) {
    return k == Tok::Eq || k == Tok::Ne || k == Tok::Lt || k == Tok::Le || k == Tok::Gt ||
           k == Tok::Ge || k == Tok::Tilde;
  }
  std::string describe(const Token& t) const {
    if (t.kind == Tok::End) return "end of expression";
    return quoted(spelling(t));
  }

  // --- errors ------------------------------------------------------------------------
  QueryError fail(std::size_t column, std::size_t length, std::string message) {
    if (!error_) error_ = QueryError{column, std::max<std::size_t>(length, 1), std::move(message)};
    return *error_;
  }
  QueryError fail(const Token& t, std::string message) {
    return fail(t.begin, t.end - t.begin, std::move(message));
  }
  // Reports the current token as unexpected where `wanted` should be.
  int unexpected(std::string_view wanted) {
    if (token_.kind == Tok::Bad && unterminated_)
      fail(token_, "unterminated string (missing '\"')");
    else if (token_.kind == Tok::Bad && spelling(token_) == "=")
      fail(token_, "'=' is not an operator; compare with '=='");
    else
      fail(token_, "unexpected " + describe(token_) + ", expected " + std::string(wanted));
    return -1;
  }

  // --- nodes -------------------------------------------------------------------------
  Type type(int n) const { return query_.nodes_[std::size_t(n)].type; }
  int add(Query::Node node, std::size_t begin, std::size_t end) {
    // Long 'and' chains make deep trees too; a query this long is no one's typing.
    if (query_.nodes_.size() >= max_nodes)
      return fail(begin, end - begin, "expression too long"), -1;
    query_.nodes_.push_back(std::move(node));
    spans_.emplace_back(begin, end);
    return int(query_.nodes_.size() - 1);
  }
  std::size_t begin_of(int n) const { return spans_[std::size_t(n)].first; }
  std::size_t end_of(int n) const { return spans_[std::size_t(n)].second; }
  int want(int n, Type t, std::string_view what) {
    if (n < 0) return -1;
    if (type(n) == t) return n;
    fail(begin_of(n), end_of(n) - begin_of(n),
         std::string(what) + " takes " + std::string(type_name(t)) + ", got " +
             std::string(type_name(type(n))));
    return -1;
  }

  // --- grammar -----------------------------------------------------------------------
  int parse_or() {
    int left = parse_and();
    while (left >= 0 && (is_word("or") || token_.kind == Tok::OrOr)) {
      const Token op = token_;
      advance();
      const int right = parse_and();
      if (right < 0) return -1;
      if (want(left, Type::Bool, quoted(spelling(op))) < 0 ||
          want(right, Type::Bool, quoted(spelling(op))) < 0)
        return -1;
      left = add(N(Op::Or, Type::Bool).a(left).b(right), begin_of(left), end_of(right));
    }
    return left;
  }

  int parse_and() {
    int left = parse_not();
    while (left >= 0 && (is_word("and") || token_.kind == Tok::AndAnd)) {
      const Token op = token_;
      advance();
      const int right = parse_not();
      if (right < 0) return -1;
      if (want(left, Type::Bool, quoted(spelling(op))) < 0 ||
          want(right, Type::Bool, quoted(spelling(op))) < 0)
        return -1;
      left = add(N(Op::And, Type::Bool).a(left).b(right), begin_of(left), end_of(right));
    }
    return left;
  }

  int parse_not() {
    // Every '(' and 'not' passes here: bound the recursion of parsing and evaluating.
    struct Depth {
      int& d;
      explicit Depth(int& depth) : d(++depth) {}
      ~Depth() { --d; }
    } depth(depth_);
    if (depth_ > max_depth) return fail(token_, "expression nested too deeply"), -1;
    if (is_word("not") || token_.kind == Tok::Bang) {
      const Token op = token_;
      advance();
      const int inner = parse_not();
      if (want(inner, Type::Bool, quoted(spelling(op))) < 0) return -1;
      return add(N(Op::Not, Type::Bool).a(inner), op.begin, end_of(inner));
    }
    return parse_comparison();
  }

  int parse_comparison() {
    const int left = parse_set();
    if (left < 0) return -1;
    const bool in = is_word("in");
    if (!in && !is_comparison(token_.kind)) return left;
    const Token op = token_;
    advance();
    const int right = parse_set();
    if (right < 0) return -1;
    const Type l = type(left), r = type(right);
    const std::string op_name = quoted(spelling(op));
    Query::Node node = N(Op::Compare, Type::Bool).a(left).b(right);
    auto mismatch = [&]() {
      fail(op, "cannot compare " + std::string(type_name(l)) + " with " +
                   std::string(type_name(r)) + " using " + op_name);
      return -1;
    };
    const bool textual = (l == Type::Text || l == Type::Int) && (r == Type::Text || r == Type::Int);
    if (in) {
      if (l != Type::Set || r != Type::Set)
        return fail(op, "'in' takes square sets on both sides (a square such as d4 is a set)"), -1;
      node.op = Op::In;
    } else if (op.kind == Tok::Tilde) {
      if (!textual || (l == Type::Int && r == Type::Int))
        return fail(op, "'~' matches text (a tag or structure) against text"), -1;
      node.op = Op::Match;
    } else {
      node.cmp = op.kind == Tok::Eq   ? Cmp::Eq
                 : op.kind == Tok::Ne ? Cmp::Ne
                 : op.kind == Tok::Lt ? Cmp::Lt
                 : op.kind == Tok::Le ? Cmp::Le
                 : op.kind == Tok::Gt ? Cmp::Gt
                                      : Cmp::Ge;
      const bool ordering = node.cmp != Cmp::Eq && node.cmp != Cmp::Ne;
      if (l == Type::Int && r == Type::Int) {
        // numeric
      } else if (textual) {
        node.textual = true;  // numeric when both read as numbers, else as strings
        if (!ordering && !check_structure_name(left, right)) return -1;
      } else if (l != r || l == Type::Bool) {
        return mismatch();
      } else if (ordering) {
        return fail(op, std::string(type_name(l)) + " compares only with == and !=" +
                            (l == Type::Set ? " (count() gives a set's size)" : "")),
               -1;
      }
    }
    return add(std::move(node), begin_of(left), end_of(right));
  }

  // `structure == "name"` (either way round) must name a known structure, or "" for none.
  bool check_structure_name(int x, int y) {
    const Query::Node& nx = query_.nodes_[std::size_t(x)];
    const Query::Node& ny = query_.nodes_[std::size_t(y)];
    if (nx.op == Op::TextConst && ny.op == Op::Structure) return check_structure_name(y, x);
    if (nx.op != Op::Structure || ny.op != Op::TextConst || ny.text.empty()) return true;
    if (find_structure(ny.text)) return true;
    fail(begin_of(y), end_of(y) - begin_of(y),
         "unknown structure " + quoted(ny.text) + did_you_mean(ny.text, structure_names, "") +
             "; docs/structures.md lists them");
    return false;
  }

  int parse_set() {
    int left = parse_primary();
    while (left >= 0 &&
           (token_.kind == Tok::Amp || token_.kind == Tok::Pipe || token_.kind == Tok::Minus)) {
      const Token op = token_;
      advance();
      const int right = parse_primary();
      if (right < 0) return -1;
      const std::string what = quoted(spelling(op));
      if (want(left, Type::Set, what) < 0 || want(right, Type::Set, what) < 0) return -1;
      const Op kind = op.kind == Tok::Amp    ? Op::SetAnd
                      : op.kind == Tok::Pipe ? Op::SetOr
                                             : Op::SetMinus;
      left = add(N(kind, Type::Set).a(left).b(right), begin_of(left), end_of(right));
    }
    return left;
  }

  int parse_primary() {
    const Token t = token_;
    switch (t.kind) {
      case Tok::LParen: {
        advance();
        const int inner = parse_or();
        if (inner < 0) return -1;
        if (token_.kind != Tok::RParen) return unexpected("')'");
        spans_[std::size_t(inner)] = {t.begin, token_.end};
        advance();
        return inner;
      }
      case Tok::LBrace:
        return parse_set_literal();
      case Tok::Number: {
        std::int64_t value = 0;
        const auto digits = spelling(t);
        const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (ec != std::errc()) return fail(t, "number too large"), -1;
        advance();
        return add(N(Op::IntConst, Type::Int).number(value).text(std::to_string(value)), t.begin,
                   t.end);
      }
      case Tok::String: {
        advance();
        return add(N(Op::TextConst, Type::Text).text(t.value), t.begin, t.end);
      }
      case Tok::Ident:
        return parse_name();
      default:
        return unexpected("a key, a square, a number, a string, '(' or '{'");
    }
  }

  int parse_set_literal() {
    const std::size_t begin = token_.begin;
    advance();
    Bitboard set = 0;
    if (token_.kind != Tok::RBrace) {
      for (;;) {
        const std::optional<Square> sq =
            token_.kind == Tok::Ident ? parse_square(spelling(token_)) : std::nullopt;
        if (!sq) {
          if (token_.kind == Tok::Ident)
            return fail(token_, "'" + std::string(spelling(token_)) + "' is not a square"), -1;
          return unexpected("a square such as d4");
        }
        set |= square_bb(*sq);
        advance();
        if (token_.kind == Tok::Comma) {
          advance();
          continue;
        }
        if (token_.kind == Tok::RBrace) break;
        return unexpected("',' or '}'");
      }
    }
    const std::size_t end = token_.end;
    advance();
    return add(N(Op::SetConst, Type::Set).set(set), begin, end);
  }

  // "(" ARG ")" after a function name; returns the argument token.
  std::optional<Token> single_argument(const Token& name) {
    if (token_.kind != Tok::LParen) {
      unexpected("'(' after '" + std::string(spelling(name)) + "'");
      return std::nullopt;
    }
    advance();
    const Token arg = token_;
    advance();
    if (token_.kind != Tok::RParen) {
      unexpected("')'");
      return std::nullopt;
    }
    return arg;
  }

  int parse_name() {
    const Token t = token_;
    const std::string_view name = spelling(t);
    advance();
    if ((name == "white" || name == "black") && token_.kind == Tok::Dot) {
      advance();
      if (token_.kind != Tok::Ident) return unexpected("a key after '" + std::string(name) + ".'");
      const Token key_token = token_;
      const std::string_view key = spelling(key_token);
      const std::string full(text_.substr(t.begin, key_token.end - t.begin));
      advance();
      const int side = name == "white" ? 0 : 1;
      if (key == "islands")
        return add(N(Op::SideInt, Type::Int).side(side), t.begin, key_token.end);
      if (Bitboard SideReport::*member = find_member(key))
        return add(N(Op::SideSet, Type::Set).side(side).member(member), t.begin, key_token.end);
      if (key == "island_files")
        return fail(t.begin, full.size(),
                    "key '" + full + "' cannot be queried; use " + std::string(name) +
                        ".islands or " + std::string(name) + ".pawns"),
               -1;
      return fail(t.begin, full.size(),
                  "unknown key '" + full + "'" +
                      did_you_mean(key, side_key_names(), std::string(name) + ".")),
             -1;
    }
    if (name == "tag") {
      if (token_.kind != Tok::Dot) return unexpected("'.' and a tag name after 'tag'");
      advance();
      if (token_.kind != Tok::Ident) return unexpected("a tag name after 'tag.'");
      const Token tag = token_;
      advance();
      return add(N(Op::Tag, Type::Text).text(std::string(spelling(tag))), t.begin, tag.end);
    }
    if (name == "count") {
      if (token_.kind != Tok::LParen) return unexpected("'(' after 'count'");
      advance();
      const int inner = parse_set();
      if (inner < 0) return -1;
      if (token_.kind != Tok::RParen) return unexpected("')'");
      const std::size_t end = token_.end;
      advance();
      if (want(inner, Type::Set, "count()") < 0) return -1;
      return add(N(Op::Count, Type::Int).a(inner), t.begin, end);
    }
    if (name == "file" || name == "rank") {
      const auto arg = single_argument(t);
      if (!arg) return -1;
      const std::string_view a = spelling(*arg);
      const bool ok = a.size() == 1 && (name == "file" ? (a[0] >= 'a' && a[0] <= 'h')
                                                       : (a[0] >= '1' && a[0] <= '8'));
      if (!ok)
        return fail(*arg, name == "file" ? "file() takes a file letter a to h"
                                         : "rank() takes a rank number 1 to 8"),
               -1;
      const Bitboard set = name == "file" ? file_bb(File(a[0] - 'a')) : rank_bb(Rank(a[0] - '1'));
      const std::size_t end = token_.end;
      advance();
      return add(N(Op::SetConst, Type::Set).set(set), t.begin, end);
    }
    if (const std::optional<Square> sq = parse_square(name))
      return add(N(Op::SetConst, Type::Set).set(square_bb(*sq)), t.begin, t.end);
    if (name == "white" || name == "black")
      return add(N(Op::ColorConst, Type::Color).number(name == "white" ? 0 : 1), t.begin, t.end);
    if (name == "true" || name == "false")
      return add(N(Op::BoolConst, Type::Bool).number(name == "true"), t.begin, t.end);
    if (name == "ply") return add(N(Op::Ply, Type::Int), t.begin, t.end);
    if (name == "move") return add(N(Op::MoveNumber, Type::Int), t.begin, t.end);
    if (name == "side_to_move") return add(N(Op::SideToMove, Type::Color), t.begin, t.end);
    if (name == "structure") {
      query_.uses_structure_ = true;
      return add(N(Op::Structure, Type::Text), t.begin, t.end);
    }
    if (name == "structure_side") {
      query_.uses_structure_ = true;
      return add(N(Op::StructureSide, Type::Color), t.begin, t.end);
    }
    if (std::find(global_names.begin(), global_names.end(), name) != global_names.end()) {
      token_ = t;  // a keyword where an operand belongs ("and", "in", ...)
      pos_ = t.end;
      return unexpected("a key, a square, a number, a string, '(' or '{'");
    }
    std::string hint = did_you_mean(name, global_names, "");
    if (hint.empty() && (find_member(name) || name == "islands" || token_.kind == Tok::Dot))
      hint = " (keys are white.KEY and black.KEY)";
    std::string lower_name(name);
    for (char& c : lower_name) c = lower(c);
    if (hint.empty() && parse_square(lower_name))
      hint = " (squares are written in lower case: " + lower_name + ")";
    return fail(t, "unknown name '" + std::string(name) + "'" + hint), -1;
  }

  static constexpr int max_depth = 200;
  static constexpr std::size_t max_nodes = 4096;
  int depth_ = 0;
  std::string_view text_;
  std::size_t pos_ = 0;
  Token token_;
  bool unterminated_ = false;
  Query query_;
  std::vector<std::pair<std::size_t, std::size_t>> spans_;  // each node's byte range
  std::optional<QueryError> error_;
};

std::variant<Query, QueryError> Query::compile(std::string_view text) {
  return QueryParser(text).run();
}

// --- evaluation --------------------------------------------------------------------

namespace {

// A whole string that reads as a (signed) integer.
std::optional<std::int64_t> as_number(std::string_view s) {
  if (s.empty()) return std::nullopt;
  std::int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
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

bool contains_ignoring_case(std::string_view hay, std::string_view needle) {
  if (needle.size() > hay.size()) return false;
  for (std::size_t i = 0; i + needle.size() <= hay.size(); ++i) {
    std::size_t j = 0;
    while (j < needle.size() && lower(hay[i + j]) == lower(needle[j])) ++j;
    if (j == needle.size()) return true;
  }
  return false;
}

}  // namespace

bool Query::compare_text(std::string_view x, std::string_view y, Cmp cmp) const {
  const auto nx = as_number(x), ny = as_number(y);
  if (nx && ny) return ordered(*nx, *ny, cmp);
  if (!nx && !ny) return ordered(x, y, cmp);
  // A number against words ("?" for an unknown Elo): never equal, never ordered.
  return cmp == Cmp::Ne;
}

bool Query::eval_bool(int n, const QueryContext& ctx) const {
  const Node& node = nodes_[std::size_t(n)];
  switch (node.op) {
    case Op::Or:
      return eval_bool(node.a, ctx) || eval_bool(node.b, ctx);
    case Op::And:
      return eval_bool(node.a, ctx) && eval_bool(node.b, ctx);
    case Op::Not:
      return !eval_bool(node.a, ctx);
    case Op::BoolConst:
      return node.number != 0;
    case Op::In:
      return (eval_set(node.a, ctx) & ~eval_set(node.b, ctx)) == 0;
    case Op::Match:
      return contains_ignoring_case(eval_text(node.a, ctx), eval_text(node.b, ctx));
    case Op::Compare: {
      const Type t = nodes_[std::size_t(node.a)].type;
      if (node.textual)
        return compare_text(eval_text(node.a, ctx), eval_text(node.b, ctx), node.cmp);
      switch (t) {
        case Type::Int:
          return ordered(eval_int(node.a, ctx), eval_int(node.b, ctx), node.cmp);
        case Type::Set:
          return ordered(eval_set(node.a, ctx), eval_set(node.b, ctx), node.cmp);
        case Type::Color: {
          // "none" (no named structure) equals nothing, itself included.
          const int x = eval_color(node.a, ctx), y = eval_color(node.b, ctx);
          const bool equal = x == y && x != 2;
          return node.cmp == Cmp::Eq ? equal : !equal;
        }
        default:
          return false;
      }
    }
    default:
      return false;
  }
}

std::int64_t Query::eval_int(int n, const QueryContext& ctx) const {
  const Node& node = nodes_[std::size_t(n)];
  switch (node.op) {
    case Op::IntConst:
      return node.number;
    case Op::Count:
      return std::popcount(eval_set(node.a, ctx));
    case Op::SideInt:
      return ctx.report->side(node.side ? Black : White).islands;
    case Op::Ply:
      return ctx.ply;
    case Op::MoveNumber:
      return ctx.move_number;
    default:
      return 0;
  }
}

Bitboard Query::eval_set(int n, const QueryContext& ctx) const {
  const Node& node = nodes_[std::size_t(n)];
  switch (node.op) {
    case Op::SetConst:
      return node.set;
    case Op::SideSet:
      return ctx.report->side(node.side ? Black : White).*node.member;
    case Op::SetAnd:
      return eval_set(node.a, ctx) & eval_set(node.b, ctx);
    case Op::SetOr:
      return eval_set(node.a, ctx) | eval_set(node.b, ctx);
    case Op::SetMinus:
      return eval_set(node.a, ctx) & ~eval_set(node.b, ctx);
    default:
      return 0;
  }
}

int Query::eval_color(int n, const QueryContext& ctx) const {
  const Node& node = nodes_[std::size_t(n)];
  switch (node.op) {
    case Op::ColorConst:
      return int(node.number);
    case Op::SideToMove:
      return index(ctx.side_to_move);
    case Op::StructureSide:
      return ctx.structure_side ? index(*ctx.structure_side) : 2;
    default:
      return 2;
  }
}

std::string_view Query::eval_text(int n, const QueryContext& ctx) const {
  const Node& node = nodes_[std::size_t(n)];
  switch (node.op) {
    case Op::TextConst:
    case Op::IntConst:
      return node.text;
    case Op::Structure:
      return ctx.structure;
    case Op::Tag: {
      if (!ctx.game) return {};
      const auto value = ctx.game->tag(node.text);
      return value ? *value : std::string_view{};
    }
    default:
      return {};
  }
}

std::string format_query_error(std::string_view text, const QueryError& error) {
  std::string out = "column " + std::to_string(error.column + 1) + ": " + error.message + "\n";
  out += "  ";
  for (char c : text) out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  out += "\n  ";
  out.append(error.column, ' ');
  out += '^';
  const std::size_t tail =
      std::min(error.length, text.size() > error.column ? text.size() - error.column : 1);
  if (tail > 1) out.append(tail - 1, '~');
  out += '\n';
  return out;
}

}  // namespace pawnkit::analysis
