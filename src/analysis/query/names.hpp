// The words of the query language other than its functions: each side's keys, read from
// the key tables of <pawnkit/pawns/report.hpp> (a key added there is a query key with no
// change here), the global names, and the "did you mean" hint for a misspelt one.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <pawnkit/pawns/report.hpp>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "analysis/query/functions.hpp"

namespace pawnkit::analysis::query_language {

// A key of one side: a square set, or a number.
struct SideKey {
  std::string_view name;
  Bitboard SideReport::*set = nullptr;
  int SideReport::*number = nullptr;
};

namespace detail {

struct NumberKey {
  std::string_view name;
  int SideReport::*member;
};
inline constexpr std::array<NumberKey, 1> number_keys{{{"islands", &SideReport::islands}}};

template <class Key>
constexpr SideKey side_key(const Key& key) {
  if constexpr (std::is_same_v<Key, NumberKey>)
    return {key.name, nullptr, key.member};
  else
    return {key.name, key.member, nullptr};
}

// The keys of every table, in the order given (the order "did you mean" prefers).
template <const auto&... tables>
constexpr auto join_keys() {
  std::array<SideKey, (tables.size() + ...)> all{};
  std::size_t n = 0;
  // std::for_each, not std::ranges::for_each: the page's libc++ (emscripten 3.1) lacks it.
  ((std::for_each(tables.begin(), tables.end(),
                  [&](const auto& key) { all[n++] = side_key(key); })),
   ...);
  return all;
}

template <std::size_t N>
constexpr std::array<std::string_view, N> names_of(const std::array<SideKey, N>& keys) {
  std::array<std::string_view, N> names{};
  for (std::size_t i = 0; i < N; ++i) names[i] = keys[i].name;
  return names;
}

}  // namespace detail

// Every key a side has: a new key table of report.hpp is one more argument here.
inline constexpr auto side_keys =
    detail::join_keys<pattern_keys, detail::number_keys, move_keys, term_keys>();
inline constexpr auto side_key_names = detail::names_of(side_keys);

constexpr const SideKey* find_side_key(std::string_view name) {
  return find_by_name(side_keys, name);
}

// The names that stand alone (the functions' among them), for hints and to tell a keyword
// where an operand belongs from an unknown name.
inline constexpr auto global_names = [] {
  constexpr std::array<std::string_view, 3> before{"white", "black", "tag"};
  constexpr std::array<std::string_view, 12> after{
      "ply", "move", "side_to_move", "structure", "structure_side", "phase", "true", "false",
      "and", "or",   "not",          "in"};
  std::array<std::string_view, before.size() + functions.size() + after.size()> all{};
  std::size_t n = 0;
  for (std::string_view name : before) all[n++] = name;
  for (const Function& f : functions) all[n++] = f.name;
  for (std::string_view name : after) all[n++] = name;
  return all;
}();

// 'text', built by appending (GCC 12 warns falsely on "'" + std::string).
std::string quoted(std::string_view text);

// " (did you mean 'PREFIXname'?)" for the closest of `names` when it is close, else "".
std::string did_you_mean(std::string_view name, std::span<const std::string_view> names,
                         std::string_view prefix);

}  // namespace pawnkit::analysis::query_language
