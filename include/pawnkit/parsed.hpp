// Errors as values at the parsing boundary: a parse function returns the value or a
// ParseError that says what was wrong and where. No exceptions, no allocation.
#pragma once

#include "pawnkit/version.hpp"  // first: the C++20 check

#include <cassert>
#include <cstddef>
#include <string_view>
#include <variant>

namespace pawnkit {

struct ParseError {
  std::string_view what;   // static text, e.g. "rank 3 has 9 files"
  std::size_t column = 0;  // 0-based byte offset into the parsed text
};

template <class T>
class Parsed {
 public:
  constexpr Parsed(T value) : v_(std::move(value)) {}
  constexpr Parsed(ParseError error) : v_(error) {}

  constexpr bool ok() const { return v_.index() == 0; }
  constexpr explicit operator bool() const { return ok(); }

  constexpr const T& value() const& {
    assert(ok());
    return std::get<0>(v_);
  }
  constexpr T& value() & {
    assert(ok());
    return std::get<0>(v_);
  }
  constexpr const T& operator*() const& { return value(); }
  constexpr const T* operator->() const { return &value(); }

  constexpr const ParseError& error() const {
    assert(!ok());
    return std::get<1>(v_);
  }

 private:
  std::variant<T, ParseError> v_;
};

}  // namespace pawnkit
