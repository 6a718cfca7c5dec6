// Names made at compile time by joining parts ("phalanx" ".4" ".eg"), kept in storage of a
// fixed size so that string_views of them are constants. The evaluation's parameter names
// are derived this way from its term names instead of being written out a second time.
#pragma once

#include "pawnkit/version.hpp"

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string_view>

namespace pawnkit::eval {

namespace detail {
// Not constexpr: a call in a constant expression stops the compilation with its name.
inline void name_list_not_full() {}
}  // namespace detail

// N names of at most Longest characters each. A name too long, one too many or one too
// few stops the compilation (an index out of bounds, or a call that is not constexpr, in a
// constant expression).
template <std::size_t N, std::size_t Longest = 32>
struct NameList {
  std::array<std::array<char, Longest>, N> text{};
  std::array<std::size_t, N> sizes{};
  std::size_t count = 0;

  // Appends the name made of `parts`, in order.
  constexpr void add(std::initializer_list<std::string_view> parts) {
    std::size_t size = 0;
    for (const std::string_view part : parts)
      for (const char c : part) text.at(count).at(size++) = c;
    sizes.at(count++) = size;
  }

  // The names as views of this list's text: the list must outlive them (a constexpr
  // variable does).
  constexpr std::array<std::string_view, N> views() const {
    if (count != N) detail::name_list_not_full();
    std::array<std::string_view, N> names{};
    for (std::size_t i = 0; i < N; ++i) names[i] = std::string_view(text[i].data(), sizes[i]);
    return names;
  }
};

// The names make() lists, as views of text that lasts as long as the program:
// `inline constexpr auto names = names_made_by<make>;`.
template <auto make>
inline constexpr auto name_text_made_by = make();
template <auto make>
inline constexpr auto names_made_by = name_text_made_by<make>.views();

// "0" .. "9": the digit of a number below ten, for numbered names.
constexpr std::string_view digit(std::size_t n) {
  return std::string_view("0123456789").substr(n, 1);
}

}  // namespace pawnkit::eval
