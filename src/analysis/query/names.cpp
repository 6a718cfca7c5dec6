#include "analysis/query/names.hpp"

#include <vector>

#include "io/text.hpp"

namespace pawnkit::analysis::query_language {

namespace {

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

}  // namespace

std::string quoted(std::string_view text) {
  // Bounded (a bad token may be a whole unterminated string), valid UTF-8, no controls.
  std::string valid;
  io::append_valid_utf8(valid, io::bounded_text(text, 60));
  std::string out = "'";
  io::append_visible(out, valid);
  out += '\'';
  return out;
}

std::string did_you_mean(std::string_view name, std::span<const std::string_view> names,
                         std::string_view prefix) {
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

}  // namespace pawnkit::analysis::query_language
