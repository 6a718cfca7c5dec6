#include "cli/weights_file.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <pawnkit/eval/pawn_weights_json.hpp>
#include <sstream>

#include "cli/output.hpp"
#include "io/diagnostic.hpp"

namespace pawnkit::cli {

std::optional<eval::PawnWeights> read_weights_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    report(io::Diagnostic{.file = path, .message = "cannot open the weights file"});
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  const std::string json = text.str();
  const Parsed<eval::PawnWeights> weights = eval::parse_pawn_weights(json);
  if (weights) return weights.value();
  // The error's line, and its column within that line.
  const std::size_t at = std::min(weights.error().column, json.size());
  const std::size_t line_start = json.rfind('\n', at == 0 ? 0 : at - 1);
  const std::size_t begin = line_start == std::string::npos || at == 0 ? 0 : line_start + 1;
  const std::size_t line =
      1 + std::size_t(std::count(json.begin(), json.begin() + long(begin), '\n'));
  const std::size_t end = std::min(json.find('\n', begin), json.size());
  ParseError in_line = weights.error();
  in_line.column = at - begin;
  report(io::Diagnostic{
      .file = path,
      .line = line,
      .message = io::parse_error_message("PawnWeights JSON", in_line,
                                         std::string_view(json).substr(begin, end - begin))});
  return std::nullopt;
}

}  // namespace pawnkit::cli
