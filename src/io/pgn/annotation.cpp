#include "io/pgn/annotation.hpp"

#include <algorithm>
#include <pawnkit/chess/notation.hpp>

namespace pawnkit::io {

std::optional<std::vector<SquareSetKey>> parse_annotation_keys(std::string_view text,
                                                               std::string& error) {
  std::vector<SquareSetKey> keys;
  while (!text.empty()) {
    const auto comma = text.find(',');
    const std::string_view name = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    if (name.empty()) continue;
    const auto* key = std::find_if(square_set_keys.begin(), square_set_keys.end(),
                                   [&](const SquareSetKey& k) { return k.name == name; });
    if (key == square_set_keys.end()) {
      error = "--annotate: unknown key '" + std::string(name) +
              "' (the square-set keys of docs/patterns.md, e.g. holes,outposts,isolated,passed)";
      return std::nullopt;
    }
    keys.push_back(*key);
  }
  if (keys.empty()) {
    error = "--annotate needs at least one key, e.g. holes,outposts";
    return std::nullopt;
  }
  return keys;
}

void append_annotation(std::string& out, const PawnReport& report, const NamedStructure& structure,
                       const std::vector<SquareSetKey>& keys) {
  if (structure) {
    out += ", ";
    append_structure_description(out, *structure);
  }
  Bitboard white = 0, black = 0;
  for (const SquareSetKey& key : keys) {
    white |= report.white.*key.member;
    black |= report.black.*key.member;
  }
  if (!(white | black)) return;
  out += " [%csl ";
  bool first = true;
  for (Bitboard b = white | black; b; b &= b - 1) {
    const Square s = lsb(b);
    const Bitboard bit = square_bb(s);
    if (!first) out += ',';
    first = false;
    out += (white & black & bit) ? 'Y' : (white & bit) ? 'G' : 'R';
    out += square_name(s);
  }
  out += ']';
}

}  // namespace pawnkit::io
