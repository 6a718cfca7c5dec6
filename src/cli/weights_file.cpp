#include "cli/weights_file.hpp"

#include <algorithm>
#include <climits>
#include <pawnkit/eval/pawn_weights_json.hpp>

#include "analysis/tune/named_weights.hpp"
#include "cli/output.hpp"
#include "io/diagnostic.hpp"
#include "io/source/byte_source.hpp"
#include "io/text.hpp"

namespace pawnkit::cli {

namespace {

// A weights file is a few kilobytes; more than this is not one (and /dev/zero never ends).
constexpr std::size_t max_weights_file_bytes = std::size_t(1) << 20;

std::optional<std::string> read_text(const std::string& path) {
  io::OpenedSource opened = io::open_source(path);
  if (!opened.ok()) {
    // "cannot open 'PATH': REASON" said as "PATH: cannot open the weights file: REASON".
    const std::size_t reason = opened.error.rfind(": ");
    const bool not_opened = opened.error.starts_with("cannot open ") && reason != std::string::npos;
    report(io::Diagnostic{
        .file = path,
        .message = not_opened ? "cannot open the weights file" + opened.error.substr(reason)
                              : opened.error});
    return std::nullopt;
  }
  std::string text;
  char chunk[1 << 14];
  while (const std::size_t n = opened.source->read(chunk, sizeof chunk)) {
    text.append(chunk, n);
    if (text.size() > max_weights_file_bytes) {
      report(io::Diagnostic{.file = path,
                            .message = "the weights file is longer than " +
                                       std::to_string(max_weights_file_bytes) +
                                       " bytes: not a weights file"});
      return std::nullopt;
    }
  }
  if (opened.source->failed()) {
    report(io::Diagnostic{.file = path, .message = opened.source->error()});
    return std::nullopt;
  }
  return text;
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

// The largest weight the evaluation's int arithmetic holds for every position. Each weight
// is multiplied by how many pawns (or pieces) have its term, and the terms are summed:
// per side, the connected bonus adds at most 8 pawns x (3 x connected + 2 x supporter), its
// endgame part no more (v x (rank - 2) / 4 with rank - 2 <= 4); the eight penalty sets at
// most 72 (doubled counts two sets of 8, the others one); the extended terms 80 (each of
// the ten families counts a pawn once); the material at most 16 pieces and the side to
// move 1 (tune's start file). White minus Black doubles that, and the taper multiplies the
// total by the phase (at most 128) before dividing.
constexpr long long max_terms_per_side = 8 * (3 + 2) + 72 + 80 + 16 + 1;
constexpr long long max_weight = INT_MAX / (2 * max_terms_per_side * eval::PhaseMidgame);
static_assert(max_weight == 40136);
static_assert(2 * max_terms_per_side * eval::PhaseMidgame * max_weight <= INT_MAX);

// Every weight within [-max_weight, max_weight], or a message naming the first that is not.
std::string out_of_range(const eval::TunedWeights& t) {
  std::string bad;
  const auto check = [&](std::string_view member, int value) {
    if (bad.empty() && (value > max_weight || value < -max_weight))
      bad = "member \"" + std::string(member) + "\": " + std::to_string(value) +
            " is out of range: weights must lie within -" + std::to_string(max_weight) + ".." +
            std::to_string(max_weight) + " (what the evaluation's arithmetic holds)";
  };
  eval::for_each_weight(t, check);
  return bad;
}

std::optional<eval::TunedWeights> read_weights_json(const std::string& path) {
  const auto json = read_text(path);
  if (!json) return std::nullopt;
  const auto weights = eval::parse_tuned_weights(*json);
  if (!weights) {
    report_parse_error(path, *json, weights.error(), "PawnWeights JSON");
    return std::nullopt;
  }
  if (std::string why = out_of_range(weights.value()); !why.empty()) {
    report(io::Diagnostic{.file = path, .message = std::move(why)});
    return std::nullopt;
  }
  return weights.value();
}

}  // namespace

std::optional<eval::PawnWeights> read_weights_file(const std::string& path) {
  const auto weights = read_weights_json(path);
  if (!weights) return std::nullopt;
  return weights->pawns;
}

std::optional<eval::TunedWeights> read_tuned_weights_file(const std::string& path) {
  return read_weights_json(path);
}

std::optional<std::map<std::string, double>> read_named_weights_file(const std::string& path) {
  const auto json = read_text(path);
  if (!json) return std::nullopt;
  const auto weights = analysis::parse_named_weights(*json);
  if (weights) return weights.value();
  report_parse_error(path, *json, weights.error(), "weights JSON");
  return std::nullopt;
}

}  // namespace pawnkit::cli
