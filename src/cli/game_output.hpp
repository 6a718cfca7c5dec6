// What the commands that read games share: the --threads value, and the sink that writes
// the pipeline's output and draws a progress line on a terminal.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "cli/output.hpp"
#include "io/pgn/annotation.hpp"

namespace pawnkit::cli {

// The size of an input file for the progress line's ETA: 0 for standard input and for
// compressed files (progress counts decompressed bytes).
std::size_t input_size(std::string_view path);

// "--threads N": 1 to 256, or "0"/empty for every core. nullopt when malformed.
std::optional<int> parse_thread_count(std::string_view text);

// "--annotate KEYS" of `find --games` and `similar --games` (io/pgn_annotation.hpp): the
// keys, none for an empty text; nullopt, after reporting the error for `command`, for an
// unknown key or when --games is missing.
std::optional<std::vector<SquareSetKey>> annotation_keys(std::string_view command,
                                                         std::string_view text, bool games);

// Writes standard output through an Output buffer and messages as they come; when
// standard error is a terminal, redraws one progress line (bytes, games, positions per
// second, ETA) at most four times a second and clears it before anything else is written.
class GameOutput : public analysis::PipelineSink {
 public:
  // total_bytes: the input's size when known (for the ETA), else 0.
  GameOutput(Output& out, std::size_t total_bytes);
  ~GameOutput() override;

  void out(const std::string& text) override;
  void report(std::span<const io::Diagnostic> diagnostics) override;
  void progress(std::size_t games, std::size_t bytes) override;

  // Starts a new input file (its size for the ETA, 0 when unknown).
  void next_file(std::size_t total_bytes);

 private:
  void clear_line();

  Output& out_;
  bool terminal_;
  bool line_shown_ = false;
  std::size_t total_bytes_;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

// Runs `workers` over one PGN input, a new file of `sink`, and adds their game counts to
// `counts`; returns the warnings.
template <class Worker>
std::size_t run_games(io::ByteSource& source, std::string_view file, std::vector<Worker>& workers,
                      GameOutput& sink, const analysis::PipelineOptions& options,
                      analysis::GameCounts& counts) {
  sink.next_file(input_size(file));
  const std::size_t warnings =
      analysis::run_pipeline(source, std::span(workers), sink, options).warnings;
  for (const auto& w : workers) counts.add(w.counts());
  return warnings;
}

}  // namespace pawnkit::cli
