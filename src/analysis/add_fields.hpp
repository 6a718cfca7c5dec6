// Adding one struct of counters to another, field by field, with each field named once:
// the struct lists its fields in a `fields(c)` that ties them, and its add() is
// add_fields(fields(*this), fields(other)). (Structs of counts had each written the same
// add(), a line a field, and a scan for repeated code paired them.)
#pragma once

#include <tuple>

namespace pawnkit::analysis {

template <class... T>
constexpr void add_fields(std::tuple<T&...> to, std::tuple<const T&...> from) {
  std::apply(
      [&](T&... field) { std::apply([&](const T&... more) { ((field += more), ...); }, from); },
      to);
}

}  // namespace pawnkit::analysis
