#include "report/svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "io/printf.hpp"
#include "io/report_writer.hpp"

namespace pawnkit::report {

namespace {

// Colour-blind-friendly hues (Okabe-Ito, then a few more), all readable on both squares.
constexpr std::array<std::string_view, 10> palette = {"#d55e00", "#0072b2", "#009e73", "#cc79a7",
                                                      "#7b3294", "#e69f00", "#444444", "#56b4e9",
                                                      "#a6761d", "#f0e442"};

// Numbers with at most two decimals and no trailing zeros, so the text stays short.
std::string num(double v) {
  std::string s = io::printf_string("%.2f", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

struct Svg {
  std::string out;

  Svg(double width, double height) {
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" +
           num(height) + "\" viewBox=\"0 0 " + num(width) + ' ' + num(height) +
           "\" font-family=\"sans-serif\">\n";
    rect(0, 0, width, height, "fill=\"white\"");
  }
  void rect(double x, double y, double w, double h, std::string_view style) {
    out += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) + "\" height=\"" +
           num(h) + "\" " + std::string(style) + "/>\n";
  }
  void line(double x1, double y1, double x2, double y2, std::string_view style) {
    out += "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" +
           num(y2) + "\" " + std::string(style) + "/>\n";
  }
  void circle(double cx, double cy, double r, std::string_view style) {
    out += "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(r) + "\" " +
           std::string(style) + "/>\n";
  }
  // `anchor`: start, middle or end; `extra`: more attributes (size, weight, colour).
  void text(double x, double y, std::string_view content, std::string_view anchor,
            std::string_view extra = "font-size=\"13\"") {
    out += "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" text-anchor=\"" + std::string(anchor) +
           "\" " + std::string(extra) + '>' + xml_escape(content) + "</text>\n";
  }
  std::string finish() {
    out += "</svg>\n";
    return std::move(out);
  }
};

bool is_move_key(const io::DrawablePattern& p) {
  for (const auto& k : move_keys)
    if (k.member == p.member && k.name == p.name) return true;
  return false;
}

// Board geometry.
constexpr double cell = 56, board_x = 64, board_y = 44, board_size = 8 * cell;
constexpr int max_rings = max_board_rings;

double square_x(Square s) { return board_x + file_of(s) * cell; }
double square_y(Square s) { return board_y + (7 - rank_of(s)) * cell; }

}  // namespace

std::string_view palette_color(std::size_t i) { return palette[i % palette.size()]; }

std::string xml_escape(std::string_view text) {
  std::string s;
  for (char c : text) {
    switch (c) {
      case '&':
        s += "&amp;";
        break;
      case '<':
        s += "&lt;";
        break;
      case '>':
        s += "&gt;";
        break;
      case '"':
        s += "&quot;";
        break;
      default:
        s += c;
    }
  }
  return s;
}

namespace {

void draw_stripe_defs(Svg& svg, std::span<const io::DrawablePattern> patterns) {
  // Stripe fills for shaded (move-key) patterns: one '/' and one '\' pattern per colour.
  svg.out += "<defs>\n";
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    if (!is_move_key(patterns[i])) continue;
    for (int side = 0; side < 2; ++side) {
      svg.out +=
          "<pattern id=\"stripe" + std::to_string(i) + (side ? "b" : "w") +
          "\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(" +
          (side ? "-45" : "45") + ")\"><rect width=\"3\" height=\"8\" fill=\"" +
          std::string(palette_color(i)) + "\" fill-opacity=\"0.75\"/></pattern>\n";
    }
  }
  svg.out += "</defs>\n";
}

// The 64 squares, light and dark.
void draw_squares(Svg& svg) {
  for (int s = 0; s < 64; ++s) {
    const Square sq = Square(s);
    const bool light = (file_of(sq) + rank_of(sq)) % 2 == 1;
    svg.rect(square_x(sq), square_y(sq), cell, cell,
             light ? "fill=\"#eeeed2\"" : "fill=\"#b3b795\"");
  }
}

void draw_shading(Svg& svg, const PawnReport& report,
                  std::span<const io::DrawablePattern> patterns) {
  // Shading first, so that rings and pieces stay on top.
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    if (!is_move_key(patterns[i])) continue;
    for (int side = 0; side < 2; ++side) {
      const Bitboard set = report.side(side ? Black : White).*patterns[i].member;
      const std::string fill =
          "fill=\"url(#stripe" + std::to_string(i) + (side ? "b" : "w") + ")\"";
      for (Square s : squares(set)) svg.rect(square_x(s), square_y(s), cell, cell, fill);
    }
  }
}

void draw_rings(Svg& svg, const PawnReport& report, std::span<const io::DrawablePattern> patterns) {
  // Rings: the k-th ring pattern is inset by 2.8 px more than the (k-1)-th; five fit
  // between the square's edge and the piece disc.
  int ring = 0;
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    if (!patterns[i].member || is_move_key(patterns[i])) continue;
    if (ring == max_rings) break;
    const Bitboard set = report.white.*patterns[i].member | report.black.*patterns[i].member;
    const double inset = 1.25 + 2.8 * ring++;
    const std::string style =
        "fill=\"none\" stroke=\"" + std::string(palette_color(i)) + "\" stroke-width=\"2.5\"";
    for (Square s : squares(set))
      svg.rect(square_x(s) + inset, square_y(s) + inset, cell - 2 * inset, cell - 2 * inset, style);
  }
}

// Pieces: a disc in the side's colour with the piece letter; then the frame and the
// coordinates.
void draw_pieces(Svg& svg, const std::array<char, 64>& pieces) {
  for (int s = 0; s < 64; ++s) {
    const char p = pieces[s];
    if (p == '.' || p == ' ') continue;
    const bool white = p >= 'A' && p <= 'Z';
    const double cx = square_x(Square(s)) + cell / 2, cy = square_y(Square(s)) + cell / 2;
    svg.circle(cx, cy, cell * 0.25,
               white ? "fill=\"#ffffff\" stroke=\"#222222\" stroke-width=\"2\""
                     : "fill=\"#222222\" stroke=\"#222222\" stroke-width=\"2\"");
    const char upper = char(white ? p : p - 'a' + 'A');
    svg.text(cx, cy + 6, std::string(1, upper), "middle",
             white ? "font-size=\"17\" font-weight=\"bold\" fill=\"#222222\""
                   : "font-size=\"17\" font-weight=\"bold\" fill=\"#ffffff\"");
  }
  svg.rect(board_x, board_y, board_size, board_size,
           "fill=\"none\" stroke=\"#333333\" stroke-width=\"1.5\"");
  for (int i = 0; i < 8; ++i) {
    svg.text(board_x - 12, board_y + (7 - i) * cell + cell / 2 + 5, std::string(1, char('1' + i)),
             "middle");
    svg.text(board_x + i * cell + cell / 2, board_y + board_size + 16,
             std::string(1, char('a' + i)), "middle");
  }
}

// Islands: one bar per island, under the files it spans.
void draw_islands(Svg& svg, const PawnReport& report, std::span<const io::DrawablePattern> patterns,
                  double islands_y) {
  std::size_t color = 0;
  for (std::size_t i = 0; i < patterns.size(); ++i)
    if (!patterns[i].member) color = i;
  for (int side = 0; side < 2; ++side) {
    const SideReport& r = report.side(side ? Black : White);
    const double y = islands_y + side * 30;
    svg.text(board_x - 4, y + 15, side ? "Black" : "White", "end", "font-size=\"12\"");
    const IslandRanges islands = island_ranges(r.island_files);
    for (int k = 0; k < islands.count; ++k) {
      const double x0 = board_x + islands.ranges[k].first_file * cell + 4;
      const double x1 = board_x + (islands.ranges[k].last_file + 1) * cell - 4;
      svg.rect(x0, y, x1 - x0, 20,
               "rx=\"6\" fill=\"" + std::string(palette_color(color)) +
                   (side ? "\" fill-opacity=\"0.55\"" : "\" fill-opacity=\"0.9\""));
      std::string range;
      io::append_island_range(range, islands.ranges[k]);
      svg.text((x0 + x1) / 2, y + 15, range, "middle", "font-size=\"12\" fill=\"#000000\"");
    }
  }
}

void draw_legend(Svg& svg, std::span<const io::DrawablePattern> patterns,
                 const std::optional<StructureMatch>& structure, double legend_x) {
  // Legend.
  double y = board_y + 10;
  svg.text(legend_x, y, "Legend", "start", "font-size=\"15\" font-weight=\"bold\"");
  y += 22;
  int legend_rings = 0;
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    const std::string color(palette_color(i));
    std::string how;
    if (!patterns[i].member) {
      svg.rect(legend_x, y - 12, 28, 14, "rx=\"4\" fill=\"" + color + "\"");
      how = " (bars under the board)";
    } else if (is_move_key(patterns[i])) {
      svg.rect(legend_x, y - 13, 13, 16,
               "fill=\"url(#stripe" + std::to_string(i) + "w)\" stroke=\"#999999\"");
      svg.rect(legend_x + 15, y - 13, 13, 16,
               "fill=\"url(#stripe" + std::to_string(i) + "b)\" stroke=\"#999999\"");
      how = " (/ White, \\ Black)";
    } else {
      svg.rect(legend_x + 2, y - 12, 24, 14,
               "fill=\"none\" stroke=\"" + color + "\" stroke-width=\"3\"");
      how = ++legend_rings <= max_rings ? " (ring)" : " (not drawn: at most 5 rings)";
    }
    svg.text(legend_x + 36, y, std::string(patterns[i].name) + how, "start");
    y += 22;
  }
  y += 12;
  std::string named = "structure: ";
  if (structure) {
    named += structure_name(structure->id);
    named += structure->side == White ? ", held by White" : ", held by Black";
    if (structure->reversed) named += " (reversed)";
  } else {
    named += "none named";
  }
  svg.text(legend_x, y, named, "start");
  svg.text(legend_x, y + 20, "White pieces: light discs", "start",
           "font-size=\"12\" fill=\"#555555\"");
  svg.text(legend_x, y + 36, "Black pieces: dark discs", "start",
           "font-size=\"12\" fill=\"#555555\"");
}

}  // namespace

SvgPicture board_svg(const std::array<char, 64>& pieces, std::string_view fen,
                     const PawnReport& report, std::span<const io::DrawablePattern> patterns,
                     const std::optional<StructureMatch>& structure) {
  const bool has_islands =
      std::any_of(patterns.begin(), patterns.end(), [](const auto& p) { return !p.member; });
  const double islands_y = board_y + board_size + 30;
  const double legend_x = board_x + board_size + 28;
  const double height = std::max(islands_y + (has_islands ? 64 : 0),
                                 board_y + 40 + 22.0 * double(patterns.size()) + 60);
  const double width = legend_x + 370;
  Svg svg(width, height);

  std::string caption(fen);
  svg.text(board_x, 24, caption, "start", "font-size=\"14\"");

  draw_stripe_defs(svg, patterns);
  draw_squares(svg);
  draw_shading(svg, report, patterns);
  draw_rings(svg, report, patterns);
  draw_pieces(svg, pieces);
  if (has_islands) draw_islands(svg, report, patterns, islands_y);
  draw_legend(svg, patterns, structure, legend_x);
  return {svg.finish(), width, height};
}

namespace {

// The smallest 1, 2 or 5 times a power of ten at or above v (v > 0).
double nice_ceiling(double v) {
  const double p = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= v * (1 - 1e-9)) return m * p;
  return 10 * p;
}

}  // namespace

std::string bar_chart_svg(const BarChart& chart) {
  const std::size_t n = chart.categories.size(),
                    series = std::max<std::size_t>(1, chart.series.size());
  // The legend (several series) sits over the plot's top right corner: notes over the bars
  // need the plot lower there, or the two overlap.
  const bool legend = chart.series.size() > 1;
  const double plot_x = 70, plot_y = legend && !chart.bar_notes.empty() ? 78 : 60, plot_h = 300;
  const double categories = double(std::max<std::size_t>(n, 1));
  const double group_w = std::max({36.0, 14.0 * double(series) + 14, 420 / categories});
  const double plot_w = group_w * categories;
  const double width = std::max(plot_x + plot_w + 30, plot_x + 10.5 * double(chart.title.size()));
  const double height = plot_y + plot_h + 130;
  Svg svg(width, height);
  svg.text(plot_x, 28, chart.title, "start", "font-size=\"17\" font-weight=\"bold\"");

  double largest = 0;
  for (const BarSeries& s : chart.series)
    for (double v : s.values) largest = std::max(largest, v);
  if (chart.reference_line) largest = std::max(largest, *chart.reference_line);
  // Gridlines every `step`, a 1-2-5 number giving about five of them.
  const double top = chart.y_max > 0 ? chart.y_max : largest > 0 ? largest : 1;
  const double step = nice_ceiling(top / 5);
  const double y_max = chart.y_max > 0 ? chart.y_max : step * std::ceil(top / step - 1e-9);
  auto y_of = [&](double v) { return plot_y + plot_h - plot_h * std::min(v, y_max) / y_max; };

  for (int t = 0; t * step <= y_max * (1 + 1e-9); ++t) {
    const double v = t * step, y = y_of(v);
    svg.line(plot_x, y, plot_x + plot_w, y, "stroke=\"#dddddd\" stroke-width=\"1\"");
    svg.text(plot_x - 6, y + 4, num(v), "end", "font-size=\"11\"");
  }
  svg.out += "<text x=\"18\" y=\"" + num(plot_y + plot_h / 2) +
             "\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 18 " +
             num(plot_y + plot_h / 2) + ")\">" + xml_escape(chart.y_label) + "</text>\n";

  const double bar_w = (group_w - 14) / double(series);
  for (std::size_t c = 0; c < n; ++c) {
    const double gx = plot_x + group_w * double(c) + 7;
    for (std::size_t s = 0; s < chart.series.size(); ++s) {
      if (c >= chart.series[s].values.size()) continue;
      const double v = chart.series[s].values[c];
      if (std::isnan(v)) continue;                              // no data: no bar
      const double y = std::min(y_of(v), plot_y + plot_h - 2);  // a zero stays visible
      svg.rect(gx + bar_w * double(s), y, bar_w - 1, plot_y + plot_h - y,
               "fill=\"" + std::string(palette_color(s)) + "\"");
    }
    if (c < chart.bar_notes.size())
      svg.text(gx + (group_w - 14) / 2, plot_y - 6, chart.bar_notes[c], "middle",
               "font-size=\"10\" fill=\"#555555\"");
    // Category labels turned 45 degrees so that long names do not collide.
    const double lx = gx + (group_w - 14) / 2, ly = plot_y + plot_h + 14;
    svg.out += "<text x=\"" + num(lx) + "\" y=\"" + num(ly) +
               "\" text-anchor=\"end\" font-size=\"12\" transform=\"rotate(-45 " + num(lx) + ' ' +
               num(ly) + ")\">" + xml_escape(chart.categories[c]) + "</text>\n";
  }
  if (chart.reference_line) {
    const double y = y_of(*chart.reference_line);
    svg.line(plot_x, y, plot_x + plot_w, y,
             "stroke=\"#333333\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"");
  }
  svg.line(plot_x, plot_y + plot_h, plot_x + plot_w, plot_y + plot_h,
           "stroke=\"#333333\" stroke-width=\"1.5\"");
  svg.line(plot_x, plot_y, plot_x, plot_y + plot_h, "stroke=\"#333333\" stroke-width=\"1.5\"");

  // Legend, top right, when there is more than one series.
  if (legend) {
    double x = plot_x + plot_w - 110.0 * double(chart.series.size());
    for (std::size_t s = 0; s < chart.series.size(); ++s, x += 110) {
      svg.rect(x, 38, 14, 14, "fill=\"" + std::string(palette_color(s)) + "\"");
      svg.text(x + 20, 50, chart.series[s].name, "start", "font-size=\"12\"");
    }
  }
  return svg.finish();
}

}  // namespace pawnkit::report
