// What the module's bindings share (bindings.cpp, search_bindings.cpp) beside the Input
// the page fills with a file's bytes (input.hpp): the Result each function returns, the
// sink that collects the pipeline's output and progress, and a FEN or EPD record read as
// the CLI reads it.
#pragma once

#include <emscripten/val.h>

#include <pawnkit/chess/fen.hpp>

#include <optional>
#include <span>
#include <string>

#include "analysis/pipeline.hpp"
#include "input.hpp"
#include "io/diagnostic.hpp"

namespace pawnkit::web {

struct Result {
  std::string text;
  std::string error;     // empty when all went well
  std::string warnings;  // the one-line messages of bad and skipped games, one per line
  std::string charts;    // stats: the charts of `stats --svg`, [{"name", "svg"}] as JSON
};

inline Result failure(std::string message) {
  while (!message.empty() && message.back() == '\n') message.pop_back();
  return {{}, std::move(message), {}, {}};
}

// Collects what the pipeline writes and says, and reports progress to the page.
class PageSink : public analysis::PipelineSink {
 public:
  explicit PageSink(emscripten::val on_progress) : on_progress_(std::move(on_progress)) {}
  void out(const std::string& text) override { output += text; }
  void report(std::span<const io::Diagnostic> diagnostics) override {
    for (const io::Diagnostic& d : diagnostics) warnings += io::format_diagnostic(d);
  }
  void progress(std::size_t games, std::size_t bytes) override {
    if (on_progress_.typeOf().as<std::string>() == "function") on_progress_(games, bytes);
  }
  std::string output, warnings;

 private:
  emscripten::val on_progress_;
};

inline std::optional<Position> parse_position(const std::string& text, std::string& error) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
    error = "empty line, expected a FEN or EPD record";
    return std::nullopt;
  }
  const Parsed<EpdRecord> record = parse_epd(text);
  if (!record) {
    error = io::parse_error_message("invalid FEN", record.error(), text);
    while (!error.empty() && error.back() == '\n') error.pop_back();
    return std::nullopt;
  }
  return record->position;
}

}  // namespace pawnkit::web
