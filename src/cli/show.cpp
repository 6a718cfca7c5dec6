// pawnkit show: a position as a diagram, with chosen patterns marked board by board.
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>

#include <charconv>
#include <cstdio>
#include <string>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "io/diagram.hpp"

namespace pawnkit::cli {

int run_show(const Args& args) {
  std::vector<std::string> pattern_names;
  std::string per_row_text = "4";
  Options options("show", "show FEN [--pattern NAME...] [--per-row N]",
                  "Draws the position and, beside it, one board per pattern in the style of the\n"
                  "Chessprogramming wiki's dot diagrams. The FEN may be one quoted argument or\n"
                  "its fields as separate arguments. Default patterns: isolated, doubled, passed.\n"
                  "Pattern names: " + io::drawable_pattern_names() + ".");
  options
      .values("pattern", pattern_names, "patterns to draw (repeatable, or comma-separated)",
              [](std::string_view a) { return io::find_drawable_pattern(a).has_value(); })
      .value("per-row", per_row_text, "boards per row, default 4");
  std::vector<std::string_view> words;
  switch (options.parse(args, words)) {
    case Options::Outcome::Exit0: return 0;
    case Options::Outcome::Fail: return 2;
    case Options::Outcome::Run: break;
  }
  if (words.empty()) {
    report_error("show: a FEN is needed (see 'pawnkit show --help')");
    return 2;
  }
  int per_row = 0;
  const auto [end, ec] = std::from_chars(per_row_text.data(), per_row_text.data() + per_row_text.size(), per_row);
  if (ec != std::errc() || end != per_row_text.data() + per_row_text.size() || per_row < 1 || per_row > 16) {
    report_error("show: --per-row takes a number from 1 to 16");
    return 2;
  }
  std::string fen;
  for (std::string_view w : words) fen.append(fen.empty() ? "" : " ").append(w);

  if (pattern_names.empty()) pattern_names = {"isolated", "doubled", "passed"};
  std::vector<io::DrawablePattern> patterns;
  for (const std::string& name : pattern_names) {
    auto p = io::find_drawable_pattern(name);
    if (!p) {
      report_error("show: unknown pattern '" + name + "'; known: " + io::drawable_pattern_names());
      return 2;
    }
    patterns.push_back(*p);
  }
  const Parsed<Position> pos = parse_fen(fen);
  if (!pos) {
    report_fen_error("<argument>", 1, fen, pos.error());
    return 1;
  }
  std::array<char, 64> pieces{};
  for (int s = 0; s < 64; ++s) {
    const Piece p = pos->piece_on(Square(s));
    pieces[s] = p == NoPiece ? '.' : piece_char(p);
  }
  std::string out = to_fen(*pos) + "\n\n" + io::render_diagrams(pieces, pawn_report(*pos), patterns, per_row);
  std::fputs(out.c_str(), stdout);
  return 0;
}

}  // namespace pawnkit::cli
