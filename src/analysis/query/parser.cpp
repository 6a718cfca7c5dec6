#include "analysis/query/parser.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <optional>
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/chess/phase.hpp>
#include <pawnkit/pawns/structures.hpp>
#include <string>
#include <utility>
#include <vector>

#include "analysis/query/functions.hpp"
#include "analysis/query/lexer.hpp"
#include "analysis/query/names.hpp"
#include "analysis/query/parse_parts.hpp"

namespace pawnkit::analysis::query_language {

namespace {

using namespace parse_parts;  // the building blocks, parse_parts.hpp

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text), lexer_(text) {}

  std::variant<Program, QueryError> run() {
    program_.text = std::string(text_);
    advance();
    if (token_.kind == Tok::End) {
      fail(0, text_.size() ? text_.size() : 1, "empty expression");
      return std::move(*error_);
    }
    const std::size_t start = token_.begin;
    const Parsed root = parse(Level::Or);
    if (error_) return std::move(*error_);
    if (token_.kind != Tok::End) {
      if (is_comparison(token_.kind))
        fail(token_, "comparisons do not chain; join them with 'and'");
      else
        unexpected("'and', 'or' or the end");
      return std::move(*error_);
    }
    if (type(*root) != Type::Bool) {
      fail(start, text_.size() - start,
           "the expression is " + std::string(type_name(type(*root))) +
               ", not a condition (compare it, e.g. count(white.passed) > 0)");
      return std::move(*error_);
    }
    program_.root = *root;
    return std::move(program_);
  }

 private:
  // --- tokens ------------------------------------------------------------------------
  void advance() { token_ = lexer_.next(); }
  std::string_view spelling(const Token& t) const { return lexer_.spelling(t); }
  bool is_word(std::string_view w) const {
    return token_.kind == Tok::Ident && spelling(token_) == w;
  }
  std::string describe(const Token& t) const {
    if (t.kind == Tok::End) return "end of expression";
    return quoted(spelling(t));
  }

  // --- errors: the first one stands ----------------------------------------------------
  std::nullopt_t fail(std::size_t column, std::size_t length, std::string message) {
    if (!error_) error_ = QueryError{column, std::max<std::size_t>(length, 1), std::move(message)};
    return std::nullopt;
  }
  std::nullopt_t fail(const Token& t, std::string message) {
    return fail(t.begin, t.end - t.begin, std::move(message));
  }
  std::nullopt_t fail(NodeId n, std::string message) {
    return fail(begin_of(n), end_of(n) - begin_of(n), std::move(message));
  }
  // Reports the current token as unexpected where `wanted` should be.
  std::nullopt_t unexpected(std::string_view wanted) {
    if (token_.kind == Tok::Bad && token_.unterminated)
      return fail(token_, "unterminated string (missing '\"')");
    if (token_.kind == Tok::Bad && spelling(token_) == "=")
      return fail(token_, "'=' is not an operator; compare with '=='");
    if (token_.kind == Tok::Bad && spelling(token_).ends_with('.'))
      return fail(token_, quoted(spelling(token_)) + " is not a number; write " +
                              std::string(spelling(token_)) + "0");
    return fail(token_, "unexpected " + describe(token_) + ", expected " + std::string(wanted));
  }

  // --- nodes -------------------------------------------------------------------------
  const Node& node(NodeId n) const { return program_.nodes[n.index]; }
  Type type(NodeId n) const { return node(n).type; }
  std::size_t begin_of(NodeId n) const { return spans_[n.index].first; }
  std::size_t end_of(NodeId n) const { return spans_[n.index].second; }
  Parsed add(Node n, std::size_t begin, std::size_t end) {
    // Long 'and' chains make deep trees too, and NodeId has room for max_nodes.
    if (program_.nodes.size() >= max_nodes) return fail(begin, end - begin, "expression too long");
    program_.nodes.push_back(std::move(n));
    spans_.emplace_back(begin, end);
    return NodeId{std::uint16_t(program_.nodes.size() - 1)};
  }
  // Whether `n` has type `t`; if not, the error says that `what` takes `t`.
  bool want(NodeId n, Type t, std::string_view what) {
    if (type(n) == t) return true;
    fail(n, std::string(what) + " takes " + std::string(type_name(t)) + ", got " +
                std::string(type_name(type(n))));
    return false;
  }

  // --- grammar -----------------------------------------------------------------------
  // Whether the current token is a binary operator of `level`.
  bool at_operator(Level level) const {
    switch (level) {
      case Level::Or:
        return is_word("or") || token_.kind == Tok::OrOr;
      case Level::And:
        return is_word("and") || token_.kind == Tok::AndAnd;
      case Level::Compare:
        return is_word("in") || is_comparison(token_.kind);
      case Level::Set:
        return token_.kind == Tok::Amp || token_.kind == Tok::Pipe || token_.kind == Tok::Minus;
      default:
        return false;
    }
  }

  // An expression whose operators are of `level` or tighter: operands of the next level
  // joined left to right, except that comparisons do not chain.
  Parsed parse(Level level) {
    if (level == Level::Not) return parse_not();
    if (level == Level::Primary) return parse_primary();
    Parsed left = parse(tighter(level));
    while (left && at_operator(level)) {
      const Token op = token_;
      advance();
      const Parsed right = parse(tighter(level));
      if (!right) return std::nullopt;
      if (level == Level::Compare) return compare(*left, op, *right);
      left = combine(level, *left, op, *right);
    }
    return left;
  }

  // `left op right` for 'or', 'and' (conditions) and '&', '|', '-' (square sets).
  Parsed combine(Level level, NodeId left, const Token& op, NodeId right) {
    const Type operands = level == Level::Set ? Type::Set : Type::Bool;
    const std::string what = quoted(spelling(op));
    if (!want(left, operands, what) || !want(right, operands, what)) return std::nullopt;
    const Op kind = level == Level::Or     ? Op::Or
                    : level == Level::And  ? Op::And
                    : op.kind == Tok::Amp  ? Op::SetAnd
                    : op.kind == Tok::Pipe ? Op::SetOr
                                           : Op::SetMinus;
    return add(N(kind, operands).a(left).b(right), begin_of(left), end_of(right));
  }

  // One more level of nesting while it lives. Every '(', 'not' and function call takes
  // one: that bounds the recursion of parsing and evaluating.
  struct Depth {
    int& d;
    explicit Depth(int& depth) : d(++depth) {}
    ~Depth() { --d; }
  };

  Parsed parse_not() {
    const Depth depth(depth_);
    if (depth_ > max_depth) return fail(token_, "expression nested too deeply");
    if (!is_word("not") && token_.kind != Tok::Bang) return parse(Level::Compare);
    const Token op = token_;
    advance();
    const Parsed inner = parse_not();
    if (!inner || !want(*inner, Type::Bool, quoted(spelling(op)))) return std::nullopt;
    return add(N(Op::Not, Type::Bool).a(*inner), op.begin, end_of(*inner));
  }

  Parsed compare(NodeId left, const Token& op, NodeId right) {
    const Type l = type(left), r = type(right);
    Node n = N(Op::Compare, Type::Bool).a(left).b(right);
    const bool textual = (l == Type::Text || l == Type::Int) && (r == Type::Text || r == Type::Int);
    if (op.kind == Tok::Ident) {  // 'in'
      if (l != Type::Set || r != Type::Set)
        return fail(op, "'in' takes square sets on both sides (a square such as d4 is a set)");
      n.op = Op::In;
    } else if (op.kind == Tok::Tilde) {
      if (!textual || (l == Type::Int && r == Type::Int))
        return fail(op, "'~' matches text (a tag or structure) against text");
      n.op = Op::Match;
    } else {
      n.cmp = op.kind == Tok::Eq   ? Cmp::Eq
              : op.kind == Tok::Ne ? Cmp::Ne
              : op.kind == Tok::Lt ? Cmp::Lt
              : op.kind == Tok::Le ? Cmp::Le
              : op.kind == Tok::Gt ? Cmp::Gt
                                   : Cmp::Ge;
      const bool ordering = n.cmp != Cmp::Eq && n.cmp != Cmp::Ne;
      if (l == Type::Int && r == Type::Int) {
        // numeric
      } else if (is_number(l) && is_number(r)) {
        n.decimal = true;
      } else if ((l == Type::Real && r == Type::Text) || (l == Type::Text && r == Type::Real)) {
        return fail(op, "cannot compare text with a decimal number using " + quoted(spelling(op)) +
                            " (text compares with whole numbers and text)");
      } else if (textual) {
        n.textual = true;  // numeric when both read as numbers, else as strings
        if (!ordering && !(check_structure_name(left, right) && check_phase_name(left, right)))
          return std::nullopt;
      } else if (l != r || l == Type::Bool) {
        return fail(op, "cannot compare " + std::string(type_name(l)) + " with " +
                            std::string(type_name(r)) + " using " + quoted(spelling(op)));
      } else if (ordering) {
        return fail(op, std::string(type_name(l)) + " compares only with == and !=" +
                            (l == Type::Set ? " (count() gives a set's size)" : ""));
      }
    }
    return add(std::move(n), begin_of(left), end_of(right));
  }

  // `structure == "name"` (either way round) must name a known structure, or "" for none.
  bool check_structure_name(NodeId x, NodeId y) {
    const Node& nx = node(x);
    const Node& ny = node(y);
    if (nx.op == Op::TextConst && ny.op == Op::Structure) return check_structure_name(y, x);
    if (nx.op != Op::Structure || ny.op != Op::TextConst || ny.text.empty()) return true;
    if (find_structure(ny.text)) return true;
    fail(y, "unknown structure " + quoted(ny.text) + did_you_mean(ny.text, structure_names, "") +
                "; docs/structures.md lists them");
    return false;
  }

  // `phase == "name"` (either way round) must name a phase: "opening", "middlegame" or
  // "endgame".
  bool check_phase_name(NodeId x, NodeId y) {
    const Node& nx = node(x);
    const Node& ny = node(y);
    if (nx.op == Op::TextConst && ny.op == Op::Phase) return check_phase_name(y, x);
    if (nx.op != Op::Phase || ny.op != Op::TextConst) return true;
    // (std::find: the page's libc++, emscripten 3.1's, has no std::ranges::find.)
    if (std::find(phase_names.begin(), phase_names.end(), ny.text) != phase_names.end())
      return true;
    const std::string hint = did_you_mean(ny.text, phase_names, "");
    fail(y,
         "unknown phase " + quoted(ny.text) +
             (hint.empty() ? "; the phases are \"opening\", \"middlegame\", \"endgame\"" : hint));
    return false;
  }

  Parsed parse_primary() {
    const Token t = token_;
    switch (t.kind) {
      case Tok::LParen: {
        advance();
        const Parsed inner = parse(Level::Or);
        if (!inner) return std::nullopt;
        if (token_.kind != Tok::RParen) return unexpected("')'");
        spans_[inner->index] = {t.begin, token_.end};
        advance();
        return inner;
      }
      case Tok::LBrace:
        return parse_set_literal();
      case Tok::Number: {
        std::int64_t value = 0;
        const auto digits = spelling(t);
        const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (ec != std::errc()) return fail(t, "number too large");
        advance();
        return add(N(Op::IntConst, Type::Int).number(value).text(std::to_string(value)), t.begin,
                   t.end);
      }
      case Tok::Decimal: {
        double value = 0;
        const auto digits = spelling(t);
        if (!read_decimal(digits, value)) return fail(t, "number too large");
        advance();
        return add(N(Op::RealConst, Type::Real).real(value), t.begin, t.end);
      }
      case Tok::String:
        advance();
        return add(N(Op::TextConst, Type::Text).text(t.value), t.begin, t.end);
      case Tok::Ident:
        return parse_name();
      default:
        return unexpected("a key, a square, a number, a string, '(' or '{'");
    }
  }

  Parsed parse_set_literal() {
    const std::size_t begin = token_.begin;
    advance();
    Bitboard set = 0;
    if (token_.kind != Tok::RBrace) {
      for (;;) {
        const std::optional<Square> sq =
            token_.kind == Tok::Ident ? parse_square(spelling(token_)) : std::nullopt;
        if (!sq) {
          if (token_.kind == Tok::Ident)
            return fail(token_, "'" + std::string(spelling(token_)) + "' is not a square");
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

  // "white.KEY" or "black.KEY", the current token being the '.'.
  Parsed parse_side_key(const Token& side_token) {
    const std::string_view side_name = spelling(side_token);
    advance();
    if (token_.kind != Tok::Ident)
      return unexpected("a key after '" + std::string(side_name) + ".'");
    const Token key_token = token_;
    const std::string_view key = spelling(key_token);
    const std::string full(text_.substr(side_token.begin, key_token.end - side_token.begin));
    advance();
    const Color side = side_name == "white" ? White : Black;
    const std::size_t begin = side_token.begin, end = key_token.end;
    if (const SideKey* k = find_side_key(key)) {
      if (k->set) return add(N(Op::SideSet, Type::Set).side(side).set_key(k->set), begin, end);
      return add(N(Op::SideInt, Type::Int).side(side).number_key(k->number), begin, end);
    }
    if (key == "island_files")
      return fail(begin, full.size(),
                  "key '" + full + "' cannot be queried; use " + std::string(side_name) +
                      ".islands or " + std::string(side_name) + ".pawns");
    return fail(begin, full.size(),
                "unknown key '" + full + "'" +
                    did_you_mean(key, side_key_names, std::string(side_name) + "."));
  }

  // NAME "(" ARGUMENTS ")", the current token being the one after the name.
  Parsed parse_call(const Token& name, const Function& f) {
    const Depth depth(depth_);
    if (depth_ > max_depth) return fail(token_, "expression nested too deeply");
    if (token_.kind != Tok::LParen) return unexpected("'(' after '" + std::string(f.name) + "'");
    advance();
    if (f.fold) {
      const Token word = token_;
      advance();
      if (token_.kind != Tok::RParen) return unexpected("')'");
      const std::optional<Bitboard> set = f.fold(spelling(word));
      if (!set) return fail(word, std::string(f.word_error));
      const std::size_t end = token_.end;
      advance();
      return add(N(Op::SetConst, Type::Set).set(*set), name.begin, end);
    }
    if (f.prepare) return parse_literals(name, f);
    std::array<NodeId, max_arguments> args{};
    for (std::size_t i = 0; i < f.arity; ++i) {
      if (i > 0) {
        if (token_.kind != Tok::Comma) return unexpected("','");
        advance();
      }
      const Parsed arg = parse(Level::Set);
      if (!arg) return std::nullopt;
      args[i] = *arg;
    }
    if (token_.kind != Tok::RParen) return unexpected("')'");
    const std::size_t end = token_.end;
    advance();
    for (std::size_t i = 0; i < f.arity; ++i)
      if (!want(args[i], f.arguments[i], std::string(f.name) + "()")) return std::nullopt;
    return add(N(Op::Call, f.result).a(args[0]).b(args[1]).function(&f), name.begin, end);
  }

  // The string literals of a prepared function, read once here; the current token is the one
  // after '('.
  Parsed parse_literals(const Token& name, const Function& f) {
    std::array<std::string, max_arguments> literals;
    std::array<Token, max_arguments> tokens;
    std::size_t count = 0;
    while (count < f.arity && !(count >= f.required && token_.kind == Tok::RParen)) {
      if (count > 0) {
        if (token_.kind != Tok::Comma) return unexpected(count < f.required ? "','" : "',' or ')'");
        advance();
      }
      if (token_.kind != Tok::String)
        return token_.kind == Tok::Bad && token_.unterminated
                   ? unexpected("")
                   : fail(token_, std::string(f.name) + "() takes " +
                                      std::string(f.literal_names[count]) + " in double quotes");
      literals[count] = token_.value;
      tokens[count++] = token_;
      advance();
    }
    if (token_.kind != Tok::RParen) return unexpected("')'");
    const std::size_t end = token_.end;
    advance();
    Prepared prepared;
    if (auto error = f.prepare(std::span(literals.data(), count), prepared)) {
      // Point into the literal when its text is as written (no escapes), else at it.
      const Token& t = tokens[error->argument];
      const bool verbatim = t.end - t.begin == literals[error->argument].size() + 2;
      if (verbatim && error->column < literals[error->argument].size())
        return fail(t.begin + 1 + error->column, 1, std::move(error->message));
      return fail(t, std::move(error->message));
    }
    return add(N(Op::Call, f.result).function(&f).prepared(prepared), name.begin, end);
  }

  Parsed parse_name() {
    const Token t = token_;
    const std::string_view name = spelling(t);
    advance();
    const auto leaf = [&](Op op, Type type) { return add(N(op, type), t.begin, t.end); };
    if ((name == "white" || name == "black") && token_.kind == Tok::Dot) return parse_side_key(t);
    if (name == "tag") {
      if (token_.kind != Tok::Dot) return unexpected("'.' and a tag name after 'tag'");
      advance();
      if (token_.kind != Tok::Ident) return unexpected("a tag name after 'tag.'");
      const Token tag = token_;
      advance();
      return add(N(Op::Tag, Type::Text).text(std::string(spelling(tag))), t.begin, tag.end);
    }
    if (const Function* f = find_function(name)) return parse_call(t, *f);
    if (const std::optional<Square> sq = parse_square(name))
      return add(N(Op::SetConst, Type::Set).set(square_bb(*sq)), t.begin, t.end);
    if (name == "white" || name == "black")
      return add(N(Op::ColorConst, Type::Color).side(name == "white" ? White : Black), t.begin,
                 t.end);
    if (name == "true" || name == "false")
      return add(N(Op::BoolConst, Type::Bool).number(name == "true"), t.begin, t.end);
    if (name == "ply") return leaf(Op::Ply, Type::Int);
    if (name == "move") return leaf(Op::MoveNumber, Type::Int);
    if (name == "side_to_move") return leaf(Op::SideToMove, Type::Color);
    if (name == "phase") return leaf(Op::Phase, Type::Text);
    if (name == "structure" || name == "structure_side") {
      program_.uses_structure = true;
      return name == "structure" ? leaf(Op::Structure, Type::Text)
                                 : leaf(Op::StructureSide, Type::Color);
    }
    // (std::find: the page's libc++, emscripten 3.1's, has no std::ranges::find.)
    if (std::find(global_names.begin(), global_names.end(), name) != global_names.end()) {
      token_ = t;  // a keyword where an operand belongs ("and", "in", ...)
      lexer_.resume_after(t);
      return unexpected("a key, a square, a number, a string, '(' or '{'");
    }
    std::string hint = did_you_mean(name, global_names, "");
    if (hint.empty() && (find_side_key(name) || token_.kind == Tok::Dot))
      hint = " (keys are white.KEY and black.KEY)";
    std::string lower_name(name);
    for (char& c : lower_name) c = lower(c);
    if (hint.empty() && parse_square(lower_name))
      hint = " (squares are written in lower case: " + lower_name + ")";
    return fail(t, "unknown name '" + std::string(name) + "'" + hint);
  }

  static constexpr int max_depth = 200;
  int depth_ = 0;
  std::string_view text_;
  Lexer lexer_;
  Token token_;
  Program program_;
  std::vector<std::pair<std::size_t, std::size_t>> spans_;  // each node's byte range
  std::optional<QueryError> error_;
};

}  // namespace

std::variant<Program, QueryError> parse(std::string_view text) { return Parser(text).run(); }

}  // namespace pawnkit::analysis::query_language
