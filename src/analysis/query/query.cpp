#include "analysis/query/query.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "analysis/query/ast.hpp"
#include "analysis/query/eval.hpp"
#include "analysis/query/parser.hpp"
#include "io/text.hpp"

namespace pawnkit::analysis {

Query::Query(std::shared_ptr<const query_language::Program> program)
    : program_(std::move(program)), uses_structure_(program_->uses_structure) {}

std::variant<Query, QueryError> Query::compile(std::string_view text) {
  auto parsed = query_language::parse(text);
  if (auto* error = std::get_if<QueryError>(&parsed)) return std::move(*error);
  return Query(std::make_shared<const query_language::Program>(
      std::get<query_language::Program>(std::move(parsed))));
}

bool Query::matches(const QueryContext& ctx) const {
  return query_language::evaluate(*program_, ctx);
}

const std::string& Query::text() const { return program_->text; }

std::string format_query_error(std::string_view text, const QueryError& error) {
  // The query is shown around the error only (it may be 100 KB), by whole characters, each
  // one column wide: U+FFFD for bytes that are not UTF-8, a blank for control characters.
  constexpr std::size_t context = 60;  // characters shown on either side of the error
  std::vector<std::size_t> starts;     // the byte offset of each character
  for (std::size_t i = 0; i < text.size(); i += io::character_size(text, i)) starts.push_back(i);
  const auto index_of = [&](std::size_t offset) {
    return static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), offset) -
                                    starts.begin()) -
           (offset < text.size() ? 1 : 0);
  };
  const std::size_t at = index_of(std::min(error.column, text.size()));
  const std::size_t after = index_of(std::min(error.column + error.length, text.size()));
  const std::size_t first = at > context ? at - context : 0;
  const std::size_t last = std::min(starts.size(), std::max(after, at + 1) + context);
  std::string out = "column " + std::to_string(error.column + 1) + ": " + error.message + "\n  ";
  if (first > 0) out += "...";
  for (std::size_t k = first; k < last; ++k) {
    const std::string_view c = text.substr(starts[k], io::character_size(text, starts[k]));
    if (io::count_invalid_utf8(c)) {
      out += "\xEF\xBF\xBD";
    } else if (io::has_control(c, true)) {
      out += ' ';
    } else {
      out += c;
    }
  }
  if (last < starts.size()) out += "...";
  out += "\n  ";
  out.append(at - first + (first > 0 ? 3 : 0), ' ');
  out += '^';
  const std::size_t tail = std::min(after, last) > at ? std::min(after, last) - at : 1;
  if (tail > 1) out.append(tail - 1, '~');
  out += '\n';
  return out;
}

}  // namespace pawnkit::analysis
