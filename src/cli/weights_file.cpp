#include "cli/weights_file.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <pawnkit/eval/pawn_weights_json.hpp>
#include <sstream>

#include "analysis/tune/named_weights.hpp"
#include "cli/output.hpp"
#include "io/diagnostic.hpp"
#include "io/text.hpp"

namespace pawnkit::cli {

namespace {

std::optional<std::string> read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    report(io::Diagnostic{.file = path, .message = "cannot open the weights file"});
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A parse error reported with its line, and its column within that line.
void report_parse_error(const std::string& path, const std::string& json, ParseError error,
                        std::string_view what) {
  const std::size_t at = std::min(error.column, json.size());
  const std::size_t line_start = json.rfind('\n', at == 0 ? 0 : at - 1);
  const std::size_t begin = line_start == std::string::npos || at == 0 ? 0 : line_start + 1;
  const std::size_t line =
      1 + std::size_t(std::count(json.begin(), json.begin() + long(begin), '\n'));
  const std::size_t end = std::min(json.find('\n', begin), json.size());
  error.column = at - begin;
  // "unknown member" names the member: the JSON string at the error's column.
  constexpr std::string_view unknown = "unknown member";
  std::string what_text;
  if (error.what.starts_with(unknown) && at < json.size() && json[at] == '"') {
    const std::size_t close = json.find('"', at + 1);
    const std::string_view name = std::string_view(json).substr(
        at + 1, (close == std::string::npos ? json.size() : close) - at - 1);
    std::string valid;
    io::append_valid_utf8(valid, io::bounded_text(name, 40));
    what_text = std::string(unknown) + " \"" + io::visible(valid) + "\"" +
                std::string(error.what.substr(unknown.size()));
    error.what = what_text;
  }
  report(io::Diagnostic{.file = path,
                        .line = line,
                        .message = io::parse_error_message(
                            what, error, std::string_view(json).substr(begin, end - begin))});
}

template <class Parse>
auto read_weights(const std::string& path, Parse parse, std::string_view what)
    -> std::optional<std::decay_t<decltype(parse("").value())>> {
  const auto json = read_text(path);
  if (!json) return std::nullopt;
  const auto weights = parse(*json);
  if (weights) return weights.value();
  report_parse_error(path, *json, weights.error(), what);
  return std::nullopt;
}

}  // namespace

std::optional<eval::PawnWeights> read_weights_file(const std::string& path) {
  return read_weights(path, eval::parse_pawn_weights, "PawnWeights JSON");
}

std::optional<eval::TunedWeights> read_tuned_weights_file(const std::string& path) {
  return read_weights(path, eval::parse_tuned_weights, "PawnWeights JSON");
}

std::optional<std::map<std::string, double>> read_named_weights_file(const std::string& path) {
  return read_weights(path, analysis::parse_named_weights, "weights JSON");
}

}  // namespace pawnkit::cli
