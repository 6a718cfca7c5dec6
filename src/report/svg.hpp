// Pictures as plain SVG text: a board with chosen patterns highlighted, and bar charts.
// Nothing but generic SVG shapes and text (font-family sans-serif), so any renderer draws
// them without fonts or images of its own.
#pragma once

#include <pawnkit/pawns/report.hpp>
#include <pawnkit/pawns/structures.hpp>

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "io/diagram.hpp"

namespace pawnkit::report {

// The board (piece letters by square as in render_diagrams, '.' or ' ' for empty) with
// each pattern in its own colour: pawn patterns as coloured rings on their squares (inset
// one inside the other when several fall on a square), the move keys (attacks, pushes,
// captures, ...) as striped shading ('/' for White's squares, '\' for Black's), and
// "islands" as bars under the board, one row per side. A legend names every colour; the
// caption gives the FEN and the named structure, if any.
// Returns the picture with the size its <svg> element declares, so that a caller placing
// it in a larger picture (similar --svg) need not read the size back out of the text.
struct SvgPicture {
  std::string text;
  double width = 0, height = 0;
};
SvgPicture board_svg(const std::array<char, 64>& pieces, std::string_view fen,
                     const PawnReport& report, std::span<const io::DrawablePattern> patterns,
                     const std::optional<StructureMatch>& structure);

// One series of a bar chart: a value per category; NaN draws no bar (no data), while a
// zero draws a thin one.
struct BarSeries {
  std::string name;
  std::vector<double> values;
};

struct BarChart {
  std::string title, y_label;
  std::vector<std::string> categories;
  std::vector<BarSeries> series;         // drawn side by side in each category
  double y_max = 0;                      // 0: the largest value, rounded up to a nice number
  std::optional<double> reference_line;  // a dashed horizontal line (e.g. 50% score)
  std::vector<std::string> bar_notes;    // optional text over each category (e.g. "n=12")
};

std::string bar_chart_svg(const BarChart& chart);

// How many ring patterns a board draws (insets between the square's edge and the piece);
// the page draws its overlays the same way.
inline constexpr int max_board_rings = 5;

// The colour of the i-th pattern or series: a fixed palette that stays distinct on the
// board's light and dark squares.
std::string_view palette_color(std::size_t i);

// Text with &, <, >, " escaped for SVG.
std::string xml_escape(std::string_view text);

}  // namespace pawnkit::report
