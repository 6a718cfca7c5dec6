// Terminal diagrams in the style of the seed pages: 8x8 dot boards side by side, the
// position first, then one board per chosen pattern, with a legend.
#pragma once

#include <pawnkit/pawns/report.hpp>

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace pawnkit::io {

// A pattern that can be drawn: any square-set key of the pattern spec, or "islands".
struct DrawablePattern {
  std::string_view name;
  Bitboard SideReport::*member = nullptr;  // null for "islands"
};

// The pattern with that key name of the pattern spec, if there is one.
std::optional<DrawablePattern> find_drawable_pattern(std::string_view name);

// Every drawable name, for help texts and error messages ("pawns, isolated, ...").
std::string drawable_pattern_names();

// The position (piece letters by square, '.' or ' ' for empty) and one board per pattern,
// at most `per_row` boards in a row.
std::string render_diagrams(const std::array<char, 64>& pieces, const PawnReport& report,
                            std::span<const DrawablePattern> patterns, int per_row = 4);

}  // namespace pawnkit::io
