#include "analysis/query/query.hpp"

#include <algorithm>
#include <utility>

#include "analysis/query/ast.hpp"
#include "analysis/query/eval.hpp"
#include "analysis/query/parser.hpp"

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
  std::string out = "column " + std::to_string(error.column + 1) + ": " + error.message + "\n";
  out += "  ";
  for (char c : text) out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  out += "\n  ";
  out.append(error.column, ' ');
  out += '^';
  const std::size_t tail =
      std::min(error.length, text.size() > error.column ? text.size() - error.column : 1);
  if (tail > 1) out.append(tail - 1, '~');
  out += '\n';
  return out;
}

}  // namespace pawnkit::analysis
