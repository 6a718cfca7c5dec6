// What the whole-game calls of the module share (pawnkit.stats, find --games, timeline,
// games): a sink that collects the pipeline's output and messages, the PGN inputs opened
// up front, and the run over them that Ctrl-C and the progress callback can reach.
#pragma once

#include <pybind11/stl.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "bindings.hpp"
#include "io/diagnostic.hpp"
#include "io/source/input_format.hpp"

namespace pawnkit::python {

namespace py = pybind11;

// Collects the pipeline's output text, its error and warning lines and its progress.
class CollectingSink : public analysis::PipelineSink {
 public:
  explicit CollectingSink(ProgressCounter& progress) : progress_(progress) {}
  void out(const std::string& text) override { output += text; }
  void report(std::span<const io::Diagnostic> diagnostics) override {
    for (const io::Diagnostic& d : diagnostics) {
      auto& lines = d.severity == io::Severity::Warning ? warnings : errors;
      lines.push_back(io::format_diagnostic(d));
      lines.back().pop_back();  // the newline
    }
  }
  void progress(std::size_t games, std::size_t bytes) override { progress_.update(games, bytes); }
  std::string output;
  std::vector<std::string> errors, warnings;

 private:
  ProgressCounter& progress_;
};

// The bad and skipped games and the messages of one run over the inputs, as Python reads them.
inline py::dict problems(const analysis::GameCounts& counts, const CollectingSink& sink) {
  py::dict out;
  out["bad"] = counts.bad;
  out["skipped"] = counts.skipped;
  out["messages"] = sink.errors;
  out["warnings"] = sink.warnings.size();
  out["warning_messages"] = sink.warnings;
  return out;
}

[[noreturn]] inline void raise_os_error(const std::string& message) {
  PyErr_SetString(PyExc_OSError, message.c_str());
  throw py::error_already_set();
}

// Opens every PGN input first, so that a missing file or a FEN/EPD file fails before any
// work (with the CLI's message).
inline std::vector<io::OpenedInput> open_games(const std::vector<Input>& paths,
                                               std::string_view command) {
  std::vector<io::OpenedInput> inputs;
  for (const Input& input : paths) {
    const std::string& path = input.name;
    io::OpenedInput opened = open_input(input);
    if (!opened.ok()) raise_os_error(opened.error);
    if (opened.format == io::InputFormat::Epd && !opened.empty) {  // blanks alone: no games
      if (command == "stats")
        throw py::value_error(
            path + ": stats reads PGN games; this is FEN/EPD (analyze and find read positions)");
      if (command == "timeline" || command == "games")
        throw py::value_error(path + ": " + std::string(command) +
                              " reads PGN games; this is FEN/EPD");
      throw py::value_error(path + ": --games needs PGN input; this is FEN/EPD");
    }
    inputs.push_back(std::move(opened));
  }
  return inputs;
}

inline std::vector<Input> to_inputs(
    std::vector<std::pair<std::string, std::optional<std::string>>> given) {
  std::vector<Input> inputs;
  for (auto& [name, data] : given) inputs.push_back({std::move(name), std::move(data)});
  return inputs;
}

// Runs every input through the pipeline with `workers` on a thread of its own, Ctrl-C
// and the progress callback polled meanwhile (run_interruptible).
template <class Worker>
void run_games(std::vector<io::OpenedInput>& inputs, std::vector<Worker>& workers,
               CollectingSink& sink, ProgressCounter& progress, bool strict,
               const py::object& on_progress) {
  const analysis::PipelineOptions options = analysis::strict_pipeline_options(strict);
  run_interruptible(
      [&](const std::atomic<bool>& stop) {
        for (io::OpenedInput& input : inputs) {
          progress.next_input();
          StoppableSource source(*input.source, stop);
          analysis::run_pipeline(static_cast<io::ByteSource&>(source), std::span(workers), sink,
                                 options);
        }
      },
      progress, on_progress);
}

}  // namespace pawnkit::python
