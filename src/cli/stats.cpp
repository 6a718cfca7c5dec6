// pawnkit stats: a summary of the pawn structure of a whole game database.
#include <cstdio>
#include <filesystem>
#include <string>

#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "cli/commands.hpp"
#include "cli/game_output.hpp"
#include "cli/inputs.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cli/record_options.hpp"
#include "io/source/input_format.hpp"
#include "report/stats_writer.hpp"

namespace pawnkit::cli {

namespace {

// The help text of `stats`.
constexpr const char* stats_help =
    "Replays every game of PGN files (.pgn, .pgn.gz, .pgn.bz2, .pgn.zst, '-' for standard\n"
    "input) and summarizes their pawn structure: for each pattern the share of positions and\n"
    "of games where White and Black have it, the island-count distribution, and\n"
    "the score of the side holding an isolated d-pawn, hanging pawns (the named\n"
    "structure), doubled pawns, a passed pawn or a candidate passer for at least\n"
    "--min-plies consecutive plies, and for each named structure (docs/structures.md)\n"
    "its share of positions and games, the average ply where it first appears and\n"
    "the score of the side holding it; the share of positions per game phase, and\n"
    "which structure turned into which (the transitions of the games' timelines,\n"
    "docs/timeline.md). Over rated games, each score is set against\n"
    "the expectation from the ratings and White's edge for the first move, fitted on\n"
    "the input's games so that the \"all games\" row's difference is 0. Games with\n"
    "errors are reported on standard error and left out; the exit status is then 1.\n"
    "--svg DIR also writes patterns.svg, islands.svg and structures.svg into DIR.";

// DIR/patterns.svg, islands.svg and structures.svg (DIR created if needed); false when one
// could not be written (it was reported).
bool write_stats_charts(const std::string& svg_dir, const analysis::Stats& total) {
  bool written = true;
  std::error_code ec;
  std::filesystem::create_directories(svg_dir, ec);
  for (const report::NamedSvg& chart : report::stats_charts(total)) {
    const std::string path = (std::filesystem::path(svg_dir) / chart.file_name).string();
    if (!write_file("stats", path, chart.svg)) written = false;
  }
  return written;
}

}  // namespace

int run_stats(const Args& args) {
  std::string format_name = "table", svg_dir, by, phase;
  RecordOptions record_options;
  Options options(
      "stats",
      "stats [--format table|json] [--threads N] [--min-plies N] [--by eco] [--phase PHASE] "
      "[--svg DIR] [--input pgn] [--strict] FILE...",
      stats_help);
  options.value("format", format_name, "output format, default table", {"table", "json"});
  record_options.add_reading(options, "worker threads, default: every core");
  record_options.add_min_plies(
      options, 256, "8",
      "plies a pattern or structure must hold to count (scores, --by eco), default 8");
  options.value("by", by, "add a table by opening: eco (each ECO code's structures)", {"eco"});
  options.value("phase", phase,
                "count the pattern and island rows over this phase's positions only",
                {"opening", "middlegame", "endgame"});
  options.value("svg", svg_dir,
                "write the summary's charts as SVG files into DIR (created if needed)");
  std::vector<std::string_view> files;
  if (const auto status = record_options.parse(options, args, files)) return *status;
  const int threads = record_options.threads, min_plies = record_options.min_plies;

  Output out;
  std::vector<analysis::StatsWorker> workers(static_cast<std::size_t>(threads),
                                             analysis::StatsWorker{min_plies});
  for (auto& w : workers) {
    w.stats().track_openings(by == "eco");
    w.stats().restrict_patterns(parse_phase(phase));
  }
  bool unusable = false;
  std::size_t warnings = 0;
  const bool all_opened = for_each_input(
      files, record_options.input, [&](std::string_view file, io::OpenedInput& opened) {
        if (opened.format == io::InputFormat::Epd && !opened.empty) {
          report(io::Diagnostic{
              .file = std::string(file),
              .message =
                  "stats reads PGN games; this is FEN/EPD (analyze and find read positions)"});
          unusable = true;
          return true;
        }
        GameOutput sink(out, input_size(file));
        warnings += analysis::run_pipeline(*opened.source, std::span(workers), sink,
                                           record_options.pipeline_options())
                        .warnings;
        return true;
      });
  analysis::Stats total(min_plies);
  total.track_openings(by == "eco");
  total.restrict_patterns(parse_phase(phase));
  for (const auto& w : workers) total.merge(w.stats());
  out.buffer() += format_name == "json" ? report::stats_json(total) : report::stats_table(total);
  out.flush();
  if (!svg_dir.empty() && !write_stats_charts(svg_dir, total)) unusable = true;
  if (total.bad_games())
    report_error("stats", std::to_string(total.bad_games()) +
                              (total.bad_games() == 1 ? " bad game" : " bad games"));
  report_warning_total("stats", warnings);
  return total.bad_games() || unusable || !all_opened ? 1 : 0;
}

}  // namespace pawnkit::cli
