// Compiles the text of a find query into a Program: recursive descent over the grammar of
// docs/query.md, each node type-checked as it is built, so that evaluation never meets a
// type error. The error names the first problem found, with its column and a hint.
#pragma once

#include <string_view>
#include <variant>

#include "analysis/query/ast.hpp"
#include "analysis/query/query.hpp"

namespace pawnkit::analysis::query_language {

std::variant<Program, QueryError> parse(std::string_view text);

}  // namespace pawnkit::analysis::query_language
