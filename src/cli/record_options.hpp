// The options the commands that read records and games share (analyze, find, stats,
// pawn-eval): --input, --threads, --min-plies and --strict, declared and checked in one place.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/pipeline.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"

namespace pawnkit::cli {

// The --help paragraph on what the commands that read records and games (analyze, find,
// pawn-eval) take, and on what becomes of a bad one: written once so that it stays the
// same, and true, for all of them.
inline constexpr std::string_view record_input_help =
    "Input: FEN/EPD (one record a line; EPD operations are ignored) or PGN games (.pgn,\n"
    ".pgn.gz, .pgn.bz2, .pgn.zst; every position of every game, with \"game\" and \"ply\").\n"
    "'-' or no file reads standard input; the content then decides the kind (--input\n"
    "says it). A bad record or game is reported on standard error with the file and line\n"
    "and skipped; the rest is still processed and the exit status is then 1.";

// `description`, then record_input_help as its own paragraph, then `after` (if any).
inline std::string with_record_input_help(std::string_view description,
                                          std::string_view after = "") {
  std::string text(description);
  text.append("\n").append(record_input_help);
  if (!after.empty()) text.append("\n").append(after);
  return text;
}

class RecordOptions {
 public:
  std::string input = "auto";  // --input: auto, epd or pgn
  int threads = 1;             // --threads, resolved (0 or none given: every core)
  int min_plies = 1;           // --min-plies
  bool strict = false;         // --strict: every repair of the input is an error

  // Each adds its option to `options`, in the order of the calls (the order of --help).
  void add_input(Options& options);
  void add_threads(Options& options, std::string_view help);
  void add_min_plies(Options& options, int max, std::string default_text, std::string_view help);
  void add_strict(Options& options);
  // --input, --threads and --strict: what every command that reads records takes.
  void add_reading(Options& options, std::string_view threads_help) {
    add_input(options);
    add_threads(options, threads_help);
    add_strict(options);
  }

  // The game pipeline's options for these: --strict reaches the PGN reader and every game.
  analysis::PipelineOptions pipeline_options() const {
    return analysis::strict_pipeline_options(strict);
  }

  // Parses args into `files` ("-" when none) and resolves --threads and --min-plies.
  // nullopt: run the command; otherwise the exit status: 0 after --help, 2 after an error
  // (reported as "pawnkit: COMMAND: --threads takes ...").
  std::optional<int> parse(Options& options, const Args& args,
                           std::vector<std::string_view>& files);

 private:
  std::string threads_text_, min_plies_text_;
  int max_min_plies_ = 0;  // 0: no --min-plies
};

}  // namespace pawnkit::cli
