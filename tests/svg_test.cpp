// SVG pictures: the board of `show --svg` and the charts of `stats --svg`, rendered to PNG
// by a real renderer (rsvg-convert from librsvg2-bin) to prove they are valid SVG.
#include "report/svg.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>

#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

namespace fs = std::filesystem;
using testing::read_file;
using testing::run_cli;

bool have_rsvg() { return std::system("command -v rsvg-convert >/dev/null 2>&1") == 0; }

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// Renders an SVG file to PNG and checks the PNG's signature and that its size (IHDR) is
// the SVG's width and height.
void expect_renders(const fs::path& svg_path) {
  const fs::path png = fs::path(svg_path).replace_extension(".png");
  const std::string command = "rsvg-convert '" + svg_path.string() + "' -o '" + png.string() + "'";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  const std::string bytes = read_file(png);
  ASSERT_GT(bytes.size(), 1000u) << png;
  EXPECT_EQ(bytes.substr(1, 3), "PNG");
  auto be32 = [&](std::size_t at) {
    return (unsigned char)bytes[at] << 24 | (unsigned char)bytes[at + 1] << 16 |
           (unsigned char)bytes[at + 2] << 8 | (unsigned char)bytes[at + 3];
  };
  const std::string svg = read_file(svg_path);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(svg, m, std::regex(R"re(width="([0-9.]+)" height="([0-9.]+)")re")));
  EXPECT_EQ(be32(16), unsigned(std::lround(std::stod(m[1])))) << svg_path;
  EXPECT_EQ(be32(20), unsigned(std::lround(std::stod(m[2])))) << svg_path;
}

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Fischer-Spassky 1972 game 6 after 15.dxc5 bxc5: Black's hanging pawns c5 d5.
const std::string hanging_fen = "rnr3k1/4qpp1/p3b2p/1Bpp4/8/Q3PN2/PP3PPP/2R1K2R w K - 0 16";

TEST(Svg, ShowDrawsRingsShadingIslandsAndLegend) {
  const fs::path dir = fresh_dir("pawnkit_svg_show");
  const fs::path file = dir / "board.svg";
  const auto r =
      run_cli("show '" + hanging_fen + "' --pattern hanging,isolated,attacks,islands --svg '" +
              file.string() + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  const std::string svg = read_file(file);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  // hanging: c5 d5 (Black) and b2 (White's open a2-b2 duo): three rings in colour 0 plus
  // the legend swatch; isolated: a6 only.
  const std::string ring0 =
      "fill=\"none\" stroke=\"" + std::string(report::palette_color(0)) + "\" stroke-width=\"2.5\"";
  const std::string ring1 =
      "fill=\"none\" stroke=\"" + std::string(report::palette_color(1)) + "\" stroke-width=\"2.5\"";
  EXPECT_EQ(count(svg, ring0), 3u);
  EXPECT_EQ(count(svg, ring1), 1u);
  // attacks: White a3 b3 c3 e3 f3 g3 h3 d4 f4, Black b4 c4 d4 e4 b5 g5 e6 f6 g6 h6; one
  // striped square each, plus the legend swatch.
  EXPECT_EQ(count(svg, "url(#stripe2w)"), 9u + 1);
  EXPECT_EQ(count(svg, "url(#stripe2b)"), 10u + 1);
  // Islands: White a-b and e-h, Black a, c-d, f-h.
  EXPECT_NE(svg.find(">a-b</text>"), std::string::npos);
  EXPECT_NE(svg.find(">c-d</text>"), std::string::npos);
  EXPECT_NE(svg.find("structure: hanging-pawns, held by Black (reversed)"), std::string::npos);
  EXPECT_NE(svg.find(">hanging (ring)</text>"), std::string::npos);
  if (!have_rsvg()) GTEST_SKIP() << "rsvg-convert not installed (Debian package librsvg2-bin)";
  expect_renders(file);
}

TEST(Svg, ShowWritesToStandardOutputWithDash) {
  const auto r = run_cli("show '" + hanging_fen + "' --svg -");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("<svg ", 0), 0u);
  EXPECT_TRUE(r.out.ends_with("</svg>\n"));
  // Default patterns: isolated, doubled, passed.
  EXPECT_NE(r.out.find(">isolated (ring)</text>"), std::string::npos);
  EXPECT_NE(r.out.find(">passed (ring)</text>"), std::string::npos);
}

TEST(Svg, UnwritablePathIsAnError) {
  const auto show = run_cli("show '" + hanging_fen + "' --svg /nonexistent-dir/board.svg");
  EXPECT_EQ(show.status, 1);
  EXPECT_EQ(
      show.err,
      "pawnkit: show: cannot write '/nonexistent-dir/board.svg': No such file or directory\n");
  const auto stats = run_cli("stats --threads 1 --svg /proc/no-such-dir -", "");
  EXPECT_EQ(stats.status, 1);
  EXPECT_NE(stats.err.find("stats: cannot write '/proc/no-such-dir/patterns.svg'"),
            std::string::npos)
      << stats.err;
}

TEST(Svg, StatsWritesThreeChartsThatRender) {
  const fs::path dir = fresh_dir("pawnkit_svg_stats");
  const auto r = run_cli("stats --threads 1 '" PAWNKIT_SOURCE_DIR "/data/sample.pgn' --svg '" +
                         (dir / "charts").string() + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("named structures"), std::string::npos);
  for (const char* name : {"patterns.svg", "islands.svg", "structures.svg"}) {
    const std::string svg = read_file(dir / "charts" / name);
    ASSERT_FALSE(svg.empty()) << name;
    EXPECT_TRUE(svg.ends_with("</svg>\n")) << name;
  }
  const std::string patterns = read_file(dir / "charts" / "patterns.svg");
  for (const auto& k : pattern_keys)
    EXPECT_NE(patterns.find(">" + std::string(k.name) + "</text>"), std::string::npos);
  const std::string structures = read_file(dir / "charts" / "structures.svg");
  for (int i = 0; i < structure_count; ++i)
    EXPECT_NE(structures.find(">" + std::string(structure_name(StructureId(i))) + "</text>"),
              std::string::npos);
  if (!have_rsvg()) GTEST_SKIP() << "rsvg-convert not installed (Debian package librsvg2-bin)";
  for (const char* name : {"patterns.svg", "islands.svg", "structures.svg"})
    expect_renders(dir / "charts" / name);
}

TEST(Svg, BarChartScalesAndSkipsMissingValues) {
  report::BarChart chart;
  chart.title = "a <b> & \"c\"";
  chart.categories = {"x", "y", "z"};
  chart.series = {{"s", {54, std::nan(""), 0}}};
  const std::string svg = report::bar_chart_svg(chart);
  EXPECT_NE(svg.find(">a &lt;b&gt; &amp; &quot;c&quot;</text>"), std::string::npos);
  // 54 rounds up to 60 with gridlines every 20; one bar per number, none for NaN.
  EXPECT_NE(svg.find(">60</text>"), std::string::npos);
  EXPECT_EQ(svg.find(">80</text>"), std::string::npos);
  EXPECT_EQ(count(svg, "fill=\"" + std::string(report::palette_color(0)) + "\""), 2u);
  const fs::path file = fresh_dir("pawnkit_svg_chart") / "chart.svg";
  testing::write_file(file, svg);
  if (!have_rsvg()) GTEST_SKIP() << "rsvg-convert not installed (Debian package librsvg2-bin)";
  expect_renders(file);
}

// The legend of several series (swatches at y 38 to 52) stays clear of the notes over the
// bars (10 px text whose baseline is 6 px over the plot).
TEST(Svg, BarChartNotesClearTheLegend) {
  report::BarChart chart;
  chart.title = "t";
  chart.categories = {"x", "y"};
  chart.series = {{"expected", {40, 60}}, {"actual", {50, 55}}};
  chart.bar_notes = {"n=1", "n=2"};
  const std::string svg = report::bar_chart_svg(chart);
  const std::size_t note = svg.find(">n=1</text>");
  ASSERT_NE(note, std::string::npos);
  const std::size_t y_at = svg.rfind(" y=\"", note) + 4;
  EXPECT_GE(std::stod(svg.substr(y_at)) - 10, 52.0);  // the note's top under the swatches
  EXPECT_NE(svg.find(">expected</text>"), std::string::npos);
}

}  // namespace
}  // namespace pawnkit
