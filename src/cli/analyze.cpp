// pawnkit analyze: the pattern spec's pawn report for every position of FEN/EPD or PGN input.
#include <cstdio>
#include <string>

#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "analysis/position_analysis.hpp"
#include "cli/commands.hpp"
#include "cli/game_output.hpp"
#include "cli/inputs.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cli/record_options.hpp"
#include "io/report_writer.hpp"
#include "io/source/input_format.hpp"

namespace pawnkit::cli {

namespace {

analysis::RecordFormat format_named(std::string_view name) {
  using analysis::RecordFormat;
  return name == "jsonl" ? RecordFormat::Jsonl
         : name == "csv" ? RecordFormat::Csv
                         : RecordFormat::Table;
}

}  // namespace

int run_analyze(const Args& args) {
  std::string format_name;  // none: a table for FEN/EPD, JSON lines for PGN
  RecordOptions record_options;
  Options options(
      "analyze", "analyze [--format table|jsonl|csv] [--threads N] [FILE|-]...",
      with_record_input_help(
          "Reports every pawn pattern of the pattern spec (docs/pattern-spec.md) for both sides\n"
          "of each position."));
  options.value("format", format_name, "output format, default table (jsonl for PGN)",
                {"table", "jsonl", "csv"});
  record_options.add_reading(options, "worker threads for PGN input, default: every core");
  std::vector<std::string_view> files;
  if (const auto status = record_options.parse(options, args, files)) return *status;
  const std::string& input = record_options.input;
  const analysis::RecordFormat format = format_named(format_name);
  if (format == analysis::RecordFormat::Table && !format_name.empty()) {
    // A table per position of a whole database is no use to anyone: say so up front.
    for (std::string_view file : files) {
      if (io::format_from_name(file) == io::InputFormat::Pgn || input == "pgn") {
        report_error("analyze",
                     "PGN input needs --format jsonl or csv (a table per position is for FEN/EPD)");
        return 2;
      }
    }
  }

  Output out;
  GameOutput sink(out, 0);
  analysis::PositionCounts position_counts;
  analysis::GameCounts game_counts;
  bool unusable = false, csv_header_written = false;
  std::size_t warnings = 0;
  const bool all_opened =
      for_each_input(files, input, [&](std::string_view file, io::OpenedInput& opened) {
        if (format == analysis::RecordFormat::Csv && !csv_header_written) {
          io::append_csv_header(out.buffer(), opened.format == io::InputFormat::Pgn);
          csv_header_written = true;
        }
        if (opened.format == io::InputFormat::Epd) {
          analysis::analyze_positions(*opened.source, format, sink, position_counts,
                                      {.strict = record_options.strict});
        } else if (format == analysis::RecordFormat::Table && !format_name.empty()) {
          report(io::Diagnostic{.file = std::string(file),
                                .message = "PGN input needs --format jsonl or csv"});
          unusable = true;
        } else {
          const auto game_format =
              format == analysis::RecordFormat::Table ? analysis::RecordFormat::Jsonl : format;
          std::vector<analysis::AnalyzeWorker> workers(
              static_cast<std::size_t>(record_options.threads),
              analysis::AnalyzeWorker{game_format});
          warnings += run_games(*opened.source, file, workers, sink,
                                record_options.pipeline_options(), game_counts);
        }
        return true;
      });
  const std::size_t bad = game_counts.bad + position_counts.bad;
  out.flush();
  report_totals("analyze", bad, game_counts.skipped);
  report_warning_total("analyze", warnings + position_counts.warnings);
  return bad || unusable || !all_opened ? 1 : 0;
}

}  // namespace pawnkit::cli
