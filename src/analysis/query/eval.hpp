// Evaluates a compiled find query on one position's context. Allocates nothing and
// changes nothing, so one Program serves every thread.
#pragma once

#include "analysis/query/ast.hpp"
#include "analysis/query/query.hpp"

namespace pawnkit::analysis::query_language {

bool evaluate(const Program& program, const QueryContext& ctx);

}  // namespace pawnkit::analysis::query_language
