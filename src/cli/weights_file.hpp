// `--weights FILE` / `--start FILE`: a weights JSON file (eval/pawn_weights_json.hpp, or
// `tune`'s whole output), read for `pawn-eval` and `tune`; `tune --trace --start FILE`: the
// named weights of a trace (analysis/tune/named_weights.hpp).
#pragma once

#include <map>
#include <optional>
#include <pawnkit/eval/pawn_weights_json.hpp>
#include <string>

namespace pawnkit::cli {

// The weights in `path`; nullopt after a one-line error naming the file, line and column.
std::optional<eval::PawnWeights> read_weights_file(const std::string& path);
// The same with the material and side-to-move bonus `tune` fits beside them.
std::optional<eval::TunedWeights> read_tuned_weights_file(const std::string& path);
// A trace's weights by column name.
std::optional<std::map<std::string, double>> read_named_weights_file(const std::string& path);

}  // namespace pawnkit::cli
