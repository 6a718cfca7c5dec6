// pawnkit show: a position as a diagram, with chosen patterns marked board by board.
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/pawns/structures.hpp>

#include <cstdio>
#include <string>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "io/diagram.hpp"
#include "io/report_writer.hpp"
#include "report/svg.hpp"

namespace pawnkit::cli {

int run_show(const Args& args) {
  std::vector<std::string> pattern_names;
  std::string svg_path;
  int per_row = 4;
  Options options("show", "show FEN [--pattern NAME...] [--per-row N] [--svg FILE]",
                  "Draws the position and, beside it, one board per pattern in the style of the\n"
                  "Chessprogramming wiki's dot diagrams. The FEN may be one quoted argument or\n"
                  "its fields as separate arguments, and may be an EPD line with operations\n"
                  "(ignored); sloppy FEN is repaired as 'analyze' does, with a warning for each\n"
                  "repair. Default patterns: isolated, doubled, passed.\n"
                  "With --svg, writes one picture instead (FILE, or '-' for standard output):\n"
                  "pawn patterns as coloured rings, the move keys as striped shading, islands\n"
                  "as bars under the board, a legend, and the named structure.\n"
                  "Pattern names: " +
                      io::drawable_pattern_names() + ".");
  options
      .values("pattern", pattern_names, "patterns to draw (repeatable, or comma-separated)",
              [](std::string_view a) { return io::find_drawable_pattern(a).has_value(); })
      .integer("per-row", per_row, 1, 16, "boards per row, default 4")
      .value("svg", svg_path, "write an SVG picture to FILE ('-': standard output)")
      .needs_operand("a FEN");
  std::vector<std::string_view> words;
  if (const auto status = options.parse(args, words)) return *status;
  std::string fen;
  for (std::string_view w : words) fen.append(fen.empty() ? "" : " ").append(w);

  if (pattern_names.empty()) pattern_names = {"isolated", "doubled", "passed"};
  std::vector<io::DrawablePattern> patterns;
  for (const std::string& name : pattern_names) {
    auto p = io::find_drawable_pattern(name);
    if (!p) {
      report_error("show",
                   "unknown pattern '" + name + "'; known: " + io::drawable_pattern_names());
      return 2;
    }
    patterns.push_back(*p);
  }
  // Read as `analyze` reads a FEN/EPD record: operations allowed, sloppy FEN repaired.
  const std::optional<Position> pos = command_line_position("show", fen);
  if (!pos) return 1;
  std::array<char, 64> pieces{};
  for (int s = 0; s < 64; ++s) {
    const Piece p = pos->piece_on(Square(s));
    pieces[s] = p == NoPiece ? '.' : piece_char(p);
  }
  const PawnReport report = pawn_report(*pos);
  const NamedStructure structure = classify_structure(pawn_board(*pos));
  if (!svg_path.empty()) {
    const std::string svg =
        report::board_svg(pieces, to_fen(*pos), report, patterns, structure).text;
    if (svg_path == "-") {
      std::fputs(svg.c_str(), stdout);
      return 0;
    }
    return write_file("show", svg_path, svg) ? 0 : 1;
  }
  std::string out = to_fen(*pos) + "\n\n" + io::render_diagrams(pieces, report, patterns, per_row);
  out += "  structure: ";
  if (structure)
    io::append_structure_description(out, *structure);
  else
    out += "none named";
  out += '\n';
  std::fputs(out.c_str(), stdout);
  return 0;
}

}  // namespace pawnkit::cli
