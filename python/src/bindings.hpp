// What the files of the extension module share.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "analysis/query.hpp"

namespace pawnkit::python {

// threads=0 means every core; ValueError outside 0..256.
int resolve_threads(int threads);

// Compiles a `find` query; a bad one raises ValueError with the CLI's text (the column,
// the expression and a caret line).
analysis::Query compile_query(const std::string& where);

void bind_games(pybind11::module_& m);      // games.cpp: Stats, stats(), find_games()
void bind_bitboards(pybind11::module_& m);  // bitboards.cpp: the bb submodule
void bind_trace(pybind11::module_& m);      // trace.cpp: pawn_trace()
}  // namespace pawnkit::python
