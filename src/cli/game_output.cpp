#include "cli/game_output.hpp"

#include "cli/options.hpp"
#include "io/source/byte_source.hpp"

#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <thread>

namespace pawnkit::cli {

std::size_t input_size(std::string_view path) {
  std::error_code ec;
  if (path == "-" || io::is_compressed_name(path)) return 0;
  const auto size = std::filesystem::file_size(std::filesystem::path(path), ec);
  return ec ? 0 : std::size_t(size);
}

std::optional<std::vector<SquareSetKey>> annotation_keys(std::string_view command,
                                                         std::string_view text, bool games) {
  if (text.empty()) return std::vector<SquareSetKey>{};
  std::string error;
  auto keys = io::parse_annotation_keys(text, error);
  if (keys && !games) error = "--annotate needs --games", keys.reset();
  if (!keys) report_error(command, error);
  return keys;
}

std::optional<int> parse_thread_count(std::string_view text) {
  const int every_core = int(std::max(1u, std::thread::hardware_concurrency()));
  if (text.empty()) return every_core;
  const std::optional<int> n = parse_int_in_range(text, 0, 256);
  if (n == 0) return every_core;
  return n;
}

GameOutput::GameOutput(Output& out, std::size_t total_bytes)
    : out_(out),
      terminal_(::isatty(STDERR_FILENO) == 1),
      total_bytes_(total_bytes),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

GameOutput::~GameOutput() { clear_line(); }

void GameOutput::next_file(std::size_t total_bytes) {
  clear_line();
  total_bytes_ = total_bytes;
  start_ = last_draw_ = std::chrono::steady_clock::now();
}

void GameOutput::clear_line() {
  if (!line_shown_) return;
  std::fputs("\r\033[K", stderr);
  line_shown_ = false;
}

void GameOutput::out(const std::string& text) { out_.write(text); }

void GameOutput::report(std::span<const io::Diagnostic> diagnostics) {
  if (diagnostics.empty()) return;
  clear_line();
  cli::report(diagnostics);
}

void GameOutput::progress(std::size_t games, std::size_t bytes) {
  if (!terminal_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_draw_ < std::chrono::milliseconds(250)) return;
  last_draw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  char line[160];
  int n = std::snprintf(line, sizeof line, "\r%.1f MB", double(bytes) / 1e6);
  if (total_bytes_ && bytes <= total_bytes_) {
    const double done = double(bytes) / double(total_bytes_);
    n += std::snprintf(line + n, sizeof line - std::size_t(n), " of %.1f MB (%.0f%%)",
                       double(total_bytes_) / 1e6, 100 * done);
    if (done > 0.01) {
      const int eta = int(seconds / done - seconds);
      n += std::snprintf(line + n, sizeof line - std::size_t(n), ", ETA %d:%02d", eta / 60,
                         eta % 60);
    }
  }
  std::snprintf(line + n, sizeof line - std::size_t(n), ", %zu games, %.0f games/s\033[K", games,
                seconds > 0 ? double(games) / seconds : 0.0);
  std::fputs(line, stderr);
  line_shown_ = true;
}

}  // namespace pawnkit::cli
