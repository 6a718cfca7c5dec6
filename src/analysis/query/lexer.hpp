// The tokens of a find query: names, numbers (whole or decimal), strings and operators, each with
// its byte range in the expression.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace pawnkit::analysis::query_language {

enum class Tok : std::uint8_t {
  End,
  Ident,
  Number,   // 12
  Decimal,  // 0.9, .5
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
  Bad,  // no token: a stray character, "4d", "1.", "=", or an unterminated string
};

struct Token {
  Tok kind = Tok::End;
  std::size_t begin = 0, end = 0;  // byte range in the expression
  std::string value;               // a string literal's unescaped text
  bool unterminated = false;       // Bad: a string with no closing '"'
};

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  // The token after the previous one (End, again and again, at the end).
  Token next();
  // Goes back to just after `token`.
  void resume_after(const Token& token) { pos_ = token.end; }

  std::string_view spelling(const Token& t) const { return text_.substr(t.begin, t.end - t.begin); }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

constexpr bool is_comparison(Tok k) {
  return k == Tok::Eq || k == Tok::Ne || k == Tok::Lt || k == Tok::Le || k == Tok::Gt ||
         k == Tok::Ge || k == Tok::Tilde;
}

}  // namespace pawnkit::analysis::query_language
