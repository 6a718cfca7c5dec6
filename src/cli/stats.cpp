// pawnkit stats: a summary of the pawn structure of a whole game database.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "analysis/stats_charts.hpp"
#include "cli/commands.hpp"
#include "cli/game_output.hpp"
#include "cli/inputs.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "io/input_format.hpp"
#include "io/pgn_warnings.hpp"

namespace pawnkit::cli {

int run_stats(const Args& args) {
  std::string format_name = "table", threads_text, min_plies_text = "8", svg_dir;
  Options options("stats",
                  "stats [--format table|json] [--threads N] [--min-plies N] [--svg DIR] FILE...",
                  "Replays every game of PGN files (.pgn, .pgn.zst, '-' for standard input) and\n"
                  "summarizes their pawn structure: for each pattern the share of positions and\n"
                  "of games where White and Black have it, the island-count distribution, and\n"
                  "the score of the side holding an isolated queen pawn, hanging, doubled or\n"
                  "passed pawns for at least --min-plies consecutive plies, and for each named\n"
                  "structure (docs/structures.md) its share of positions and games, the average\n"
                  "ply where it first appears and the score of the side holding it. Games with\n"
                  "errors are reported on standard error and left out; the exit status is then 1.\n"
                  "--svg DIR also writes patterns.svg, islands.svg and structures.svg into DIR.");
  options.value("format", format_name, "output format, default table", {"table", "json"})
      .value("threads", threads_text, "worker threads, default: every core")
      .value("min-plies", min_plies_text,
             "plies a pattern must hold to count for the score, default 8")
      .value("svg", svg_dir,
             "write the summary's charts as SVG files into DIR (created if needed)");
  std::vector<std::string_view> files;
  if (const auto status = options.parse(args, files)) return *status;
  const std::optional<int> threads = parse_thread_count(threads_text);
  const std::optional<int> min_plies = parse_int_in_range(min_plies_text, 1, 256);
  if (!threads || !min_plies) {
    report_error("stats: --threads takes 0 (every core) to 256, --min-plies 1 to 256");
    return 2;
  }
  if (files.empty()) files.push_back("-");

  Output out;
  std::vector<analysis::StatsWorker> workers(static_cast<std::size_t>(*threads), analysis::StatsWorker{*min_plies});
  bool unusable = false;
  std::size_t warnings = 0;
  const bool all_opened = for_each_input(files, "auto", [&](std::string_view file, io::OpenedInput& opened) {
    if (opened.format == io::InputFormat::Epd) {
      report_error(std::string(file) +
                   ": stats reads PGN games; this is FEN/EPD (analyze and find read positions)");
      unusable = true;
      return true;
    }
    GameOutput sink(out, input_size(file));
    warnings += analysis::run_pipeline(*opened.source, std::span(workers), sink).warnings;
    return true;
  });
  analysis::Stats total(*min_plies);
  for (const auto& w : workers) total.merge(w.stats());
  out.buffer() += format_name == "json" ? total.json() : total.table();
  out.flush();
  if (!svg_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(svg_dir, ec);
    for (const analysis::NamedSvg& chart : analysis::stats_charts(total)) {
      const std::string path = (std::filesystem::path(svg_dir) / chart.file_name).string();
      std::ofstream file(path, std::ios::binary);
      file << chart.svg;
      if (!file.flush()) {
        report_error("stats: cannot write '" + path + "'");
        unusable = true;
      }
    }
  }
  if (total.bad_games())
    std::fprintf(stderr, "pawnkit stats: %llu bad game%s\n", (unsigned long long)total.bad_games(),
                 total.bad_games() == 1 ? "" : "s");
  io::report_warning_total("stats", warnings);
  return total.bad_games() || unusable || !all_opened ? 1 : 0;
}

}  // namespace pawnkit::cli
