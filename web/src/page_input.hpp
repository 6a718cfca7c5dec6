// What the module's bindings share (bindings.cpp, search_bindings.cpp): the Result each
// function returns, the Input the page fills with a file's bytes, the sink that collects
// the pipeline's output and progress, and a FEN or EPD record read as the CLI reads it.
#pragma once

#include <emscripten/val.h>

#include <pawnkit/chess/fen.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "analysis/pipeline.hpp"
#include "io/diagnostic.hpp"
#include "io/source/byte_source.hpp"

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

// A file's bytes, written by the page straight into the module's memory.
class Input {
 public:
  explicit Input(std::string name) : name_(std::move(name)) {}
  // Makes room for `size` more bytes and returns where the page writes them.
  std::uintptr_t append(std::size_t size) {
    const std::size_t at = bytes_.size();
    bytes_.resize(at + size);
    return reinterpret_cast<std::uintptr_t>(bytes_.data() + at);
  }
  std::size_t size() const { return bytes_.size(); }
  // Room for `size` bytes in all, so that appending does not copy what is there.
  void reserve(std::size_t size) { bytes_.reserve(size); }
  const std::string& name() const { return name_; }
  // The text to read: UTF-16 with a byte order mark is transcoded, as the CLI does (with
  // the same warning), so that the page reads every file the CLI reads.
  std::unique_ptr<io::ByteSource> source() const {
    auto view = io::make_view_source(bytes_, name_);
    if (const int order = io::utf16_byte_order(bytes_); order != 0)
      return io::make_utf16_source(std::move(view), order == 2);
    return view;
  }
  // The text [from, to) (to clamped to the end): one game's text for the page's move list.
  // Offsets count the text read, so a UTF-16 file's are in its UTF-8 transcoding.
  std::string_view text(std::uint64_t from, std::uint64_t to) const {
    const std::string& text = io::utf16_byte_order(bytes_) != 0 ? transcoded() : bytes_;
    if (from >= text.size()) return {};
    return std::string_view(text).substr(from, std::min<std::uint64_t>(to, text.size()) - from);
  }
  // Why these bytes are not PGN text (binary, a ZIP archive, UTF-16 without a mark), or empty.
  std::string unreadable() const {
    if (io::utf16_byte_order(bytes_) != 0) return {};
    const std::string_view head(bytes_.data(), std::min<std::size_t>(bytes_.size(), 4096));
    std::string why = io::unreadable_text(head.substr(0, 64), name_);
    if (why.empty() && head.find('\0') != std::string_view::npos)
      why = io::quoted(name_) + ": binary data, not PGN text";
    return why;
  }

 private:
  // The UTF-8 text of UTF-16 bytes, made once, when a game's text is first asked for.
  const std::string& transcoded() const {
    if (transcoded_.empty()) {
      std::string error;
      io::read_all(*source(), transcoded_, error);
    }
    return transcoded_;
  }

  std::string name_;
  std::string bytes_;
  mutable std::string transcoded_;
};

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
