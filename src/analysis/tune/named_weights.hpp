// The weights of `pawnkit tune --trace` as JSON: {"COLUMN": value, ...}, or the whole output
// of `tune --trace --format json`, whose "weights" member is read and whose other members
// are skipped. `tune --trace --start FILE` reads either.
#pragma once

#include <map>
#include <pawnkit/parsed.hpp>
#include <string>
#include <string_view>

namespace pawnkit::analysis {

Parsed<std::map<std::string, double>> parse_named_weights(std::string_view text);

}  // namespace pawnkit::analysis
