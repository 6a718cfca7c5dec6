// `--weights FILE`: a PawnWeights JSON file (eval/pawn_weights_json.hpp), read for
// `pawn-eval` and `tune`.
#pragma once

#include <optional>
#include <pawnkit/eval/pawn_weights.hpp>
#include <string>

namespace pawnkit::cli {

// The weights in `path`; nullopt after a one-line error naming the file, line and column.
std::optional<eval::PawnWeights> read_weights_file(const std::string& path);

}  // namespace pawnkit::cli
