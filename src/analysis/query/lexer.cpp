#include "analysis/query/lexer.hpp"

#include <array>

#include "io/text.hpp"

namespace pawnkit::analysis::query_language {

namespace {

constexpr bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
constexpr bool is_ident_char(char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The operators and brackets: a character alone, or followed by `second` ("<" and "<=").
struct Punctuation {
  char first;
  Tok alone;
  char second = '\0';
  Tok pair = Tok::Bad;
};
constexpr std::array<Punctuation, 14> punctuation{{
    {'(', Tok::LParen},
    {')', Tok::RParen},
    {'{', Tok::LBrace},
    {'}', Tok::RBrace},
    {',', Tok::Comma},
    {'.', Tok::Dot},
    {'~', Tok::Tilde},
    {'-', Tok::Minus},
    {'=', Tok::Bad, '=', Tok::Eq},  // a lone '=' is no operator
    {'!', Tok::Bang, '=', Tok::Ne},
    {'<', Tok::Lt, '=', Tok::Le},
    {'>', Tok::Gt, '=', Tok::Ge},
    {'&', Tok::Amp, '&', Tok::AndAnd},
    {'|', Tok::Pipe, '|', Tok::OrOr},
}};

}  // namespace

Token Lexer::next() {
  std::size_t i = pos_;
  while (i < text_.size() && is_space(text_[i])) ++i;
  Token token;
  token.begin = i;
  if (i >= text_.size()) {
    token.end = pos_ = i;
    return token;
  }
  const char c = text_[i];
  const char following = i + 1 < text_.size() ? text_[i + 1] : '\0';
  auto one = [&](Tok kind, std::size_t size = 1) {
    token.kind = kind;
    token.end = pos_ = i + size;
    return token;
  };
  if (is_ident_start(c)) {
    std::size_t j = i + 1;
    while (j < text_.size() && is_ident_char(text_[j])) ++j;
    return one(Tok::Ident, j - i);
  }
  if (is_digit(c) || (c == '.' && is_digit(following))) {
    auto digits_from = [&](std::size_t j) {
      while (j < text_.size() && is_digit(text_[j])) ++j;
      return j;
    };
    std::size_t j = digits_from(i);
    Tok kind = Tok::Number;
    if (j < text_.size() && text_[j] == '.') {  // "0.9", ".5"; "1." has no fraction
      const std::size_t fraction = j + 1;
      j = digits_from(fraction);
      kind = j > fraction ? Tok::Decimal : Tok::Bad;
    }
    if (j < text_.size() && is_ident_start(text_[j])) {  // "4d": not a number, not a name
      while (j < text_.size() && is_ident_char(text_[j])) ++j;
      kind = Tok::Bad;
    }
    return one(kind, j - i);
  }
  if (c == '"') {
    std::size_t j = i + 1;
    while (j < text_.size() && text_[j] != '"') {
      if (text_[j] == '\\' && j + 1 < text_.size()) ++j;
      token.value += text_[j++];
    }
    if (j >= text_.size()) {
      token.unterminated = true;
      return one(Tok::Bad, text_.size() - i);
    }
    return one(Tok::String, j + 1 - i);
  }
  for (const Punctuation& p : punctuation)
    if (p.first == c) return p.second && following == p.second ? one(p.pair, 2) : one(p.alone);
  return one(Tok::Bad, io::character_size(text_, i));  // a whole character, never a lone byte
}

}  // namespace pawnkit::analysis::query_language
