// pawnkit timeline: the named structures each game went through, as ply ranges.
#include <string>
#include <vector>

#include "analysis/pipeline.hpp"
#include "cli/commands.hpp"
#include "cli/game_output.hpp"
#include "cli/inputs.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cli/record_options.hpp"
#include "io/json.hpp"
#include "io/source/input_format.hpp"
#include "io/text.hpp"
#include "report/timeline_worker.hpp"
#include "report/timeline_writer.hpp"

namespace pawnkit::cli {

namespace {

// "White,Black,ECO" as its names; empty names (",,") are left out.
std::vector<std::string> tag_list(std::string_view text) {
  std::vector<std::string> tags;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    const std::string_view name = text.substr(0, comma);
    if (!name.empty()) tags.emplace_back(name);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return tags;
}

// A name the PGN reader can give a tag: printable ASCII but blanks, quotes and brackets.
// Anything else matches no tag and could break the CSV header line.
bool is_tag_name(std::string_view name) {
  for (char ch : name) {
    if (ch <= ' ' || ch >= 0x7F || ch == '"' || ch == '\'' || ch == '[' || ch == ']') return false;
  }
  return true;
}

}  // namespace

int run_timeline(const Args& args) {
  std::string format_name = "table", tags;
  RecordOptions record_options;
  Options options(
      "timeline",
      "timeline [--format table|jsonl|csv] [--min-plies N] [--tags T1,T2] [--threads N] "
      "[--input pgn] [--strict] [FILE|-]...",
      "Replays every game of PGN files and writes, per game, the named structures\n"
      "(docs/structures.md) it went through as ply ranges: first and last ply, length, the\n"
      "side holding the structure and the game phase at its first ply. A structure holds\n"
      "across interruptions shorter than --min-plies, and a range shorter than that is a\n"
      "transient and left out (docs/timeline.md). Games with errors are reported on\n"
      "standard error and write nothing; the exit status is then 1.");
  options.value("format", format_name, "output format, default table", {"table", "jsonl", "csv"});
  record_options.add_min_plies(options, 10000, "8",
                               "shorter interruptions and ranges are folded away, default 8");
  options.value("tags", tags, "write these tags of each game too (e.g. White,Black,ECO)");
  record_options.add_reading(options, "worker threads, default: every core");
  std::vector<std::string_view> files;
  if (const auto status = record_options.parse(options, args, files)) return *status;

  report::TimelineOptions timeline;
  timeline.min_plies = record_options.min_plies;
  timeline.format = format_name == "jsonl" ? report::TimelineFormat::Jsonl
                    : format_name == "csv" ? report::TimelineFormat::Csv
                                           : report::TimelineFormat::Table;
  timeline.tags = tag_list(tags);
  for (const std::string& tag : timeline.tags) {
    if (is_tag_name(tag)) continue;
    std::string valid, shown;
    io::append_valid_utf8(valid, io::bounded_text(tag, 40));
    io::append_json_string(shown, valid);
    report_error("timeline", "--tags: " + shown +
                                 " is not a tag name (printable ASCII, no blanks, quotes or "
                                 "brackets)");
    return 2;
  }

  Output out;
  GameOutput sink(out, 0);
  analysis::GameCounts counts;
  bool unusable = false;
  std::size_t warnings = 0;
  if (timeline.format == report::TimelineFormat::Csv)
    report::append_timeline_csv_header(out.buffer(), timeline.tags);
  const bool all_opened = for_each_input(
      files, record_options.input, [&](std::string_view file, io::OpenedInput& opened) {
        if (opened.format == io::InputFormat::Epd && !opened.empty) {
          report(io::Diagnostic{.file = std::string(file),
                                .message = "timeline reads PGN games; this is FEN/EPD"});
          unusable = true;
          return true;
        }
        std::vector<report::TimelineWorker> workers(
            static_cast<std::size_t>(record_options.threads), report::TimelineWorker{&timeline});
        warnings += run_games(*opened.source, file, workers, sink,
                              record_options.pipeline_options(), counts);
        return true;
      });
  out.flush();
  report_totals("timeline", counts.bad, counts.skipped);
  report_warning_total("timeline", warnings);
  return counts.bad || unusable || !all_opened ? 1 : 0;
}

}  // namespace pawnkit::cli
