// FNV-1a, the project's one string hash where the value must be the same on every platform
// and in every run (std::hash promises neither): tag names, game ids, content keys.
#pragma once

#include <cstdint>
#include <string_view>

namespace pawnkit::io {

inline constexpr std::uint64_t fnv1a_basis = 0xcbf29ce484222325ULL;
inline constexpr std::uint64_t fnv1a_prime = 0x100000001b3ULL;

inline std::uint64_t fnv1a(std::string_view text, std::uint64_t h = fnv1a_basis) {
  for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * fnv1a_prime;
  return h;
}

}  // namespace pawnkit::io
