#include "analysis/query_lexer.hpp"

namespace pawnkit::analysis::query_language {

namespace {

constexpr bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
constexpr bool is_ident_char(char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

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
      token.value += text_[j++];
    }
    if (j >= text_.size()) {
      token.unterminated = true;
      return one(Tok::Bad, text_.size() - i);
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
      return following == '=' ? one(Tok::Eq, 2) : one(Tok::Bad);
    case '!':
      return following == '=' ? one(Tok::Ne, 2) : one(Tok::Bang);
    case '<':
      return following == '=' ? one(Tok::Le, 2) : one(Tok::Lt);
    case '>':
      return following == '=' ? one(Tok::Ge, 2) : one(Tok::Gt);
    case '&':
      return following == '&' ? one(Tok::AndAnd, 2) : one(Tok::Amp);
    case '|':
      return following == '|' ? one(Tok::OrOr, 2) : one(Tok::Pipe);
    default:
      return one(Tok::Bad);
  }
}

}  // namespace pawnkit::analysis::query_language
