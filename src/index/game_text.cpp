#include "index/game_text.hpp"

#include <cstdio>
#include <memory>
#include <string_view>

#include "io/source/byte_source.hpp"

namespace pawnkit::index_db {
namespace {

constexpr std::size_t max_game_bytes = std::size_t(64) << 20;  // a bound on memory

// A plain file read from `offset`, or nullptr when the file is compressed (by its name
// or its first bytes) or cannot be opened (open_source then says why).
std::unique_ptr<io::ByteSource> seek_plain(const std::string& file, std::uint64_t offset) {
  if (io::container_from_name(file) != io::Container::Plain) return nullptr;
  std::FILE* f = std::fopen(file.c_str(), "rb");
  if (!f) return nullptr;
  char head[4];
  const std::size_t n = std::fread(head, 1, sizeof head, f);
  if (io::container_from_magic({head, n}) != io::Container::Plain ||
      fseeko(f, off_t(offset), SEEK_SET) != 0) {
    std::fclose(f);
    return nullptr;
  }
  struct FileSource final : io::ByteSource {
    FileSource(std::FILE* f, const std::string& name) : ByteSource(name), file(f) {}
    ~FileSource() override { std::fclose(file); }
    std::size_t read(char* out, std::size_t capacity) override {
      const std::size_t got = std::fread(out, 1, capacity, file);
      if (got == 0 && std::ferror(file)) fail("cannot read " + io::quoted(name()));
      return got;
    }
    std::FILE* file;
  };
  return std::make_unique<FileSource>(f, file);
}

// Skips `count` bytes of `source`; false when it ends first.
bool skip(io::ByteSource& source, std::uint64_t count) {
  std::string buffer(1 << 16, '\0');
  while (count > 0) {
    const std::size_t got =
        source.read(buffer.data(), std::size_t(std::min<std::uint64_t>(count, buffer.size())));
    if (got == 0) return false;
    count -= got;
  }
  return true;
}

bool is_tag_line(std::string_view line) {
  if (line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);  // files joined with cat
  return line.starts_with('[');
}

}  // namespace

std::string read_game_text(const std::string& file, std::uint64_t offset, std::string& out) {
  std::unique_ptr<io::ByteSource> source = seek_plain(file, offset);
  if (!source) {
    io::OpenedSource opened = io::open_source(file);
    if (!opened.ok()) return opened.error;
    source = std::move(opened.source);
    if (!skip(*source, offset))
      return source->failed() ? source->error()
                              : io::quoted(file) + " has no game at byte " + std::to_string(offset);
  }
  const std::size_t start = out.size();
  std::size_t kept = start;  // the end of the last non-blank line
  std::size_t line_start = start;
  bool in_moves = false;  // a tag line after the movetext starts the next game
  char buffer[1 << 14];
  bool done = false;
  while (!done) {
    const std::size_t got = source->read(buffer, sizeof buffer);
    if (got == 0) break;
    out.append(buffer, got);
    // Every complete line (and, at the end of the input, the last one) decides.
    std::size_t newline;
    while (!done && (newline = out.find('\n', line_start)) != std::string::npos) {
      const std::string_view line(out.data() + line_start, newline - line_start);
      const bool blank = line.find_first_not_of(" \t\r") == std::string_view::npos;
      if (!blank && is_tag_line(line) && in_moves) {
        done = true;
        break;
      }
      if (!blank && !is_tag_line(line)) in_moves = true;
      line_start = newline + 1;
      if (!blank) kept = line_start;
    }
    if (out.size() - start > max_game_bytes)
      return io::quoted(file) + ": the game at byte " + std::to_string(offset) +
             " is longer than 64 MiB";
  }
  if (source->failed()) return source->error();
  if (!done && line_start < out.size()) {  // a last line without a line end
    const std::string_view line(out.data() + line_start, out.size() - line_start);
    const bool blank = line.find_first_not_of(" \t\r") == std::string_view::npos;
    if (!blank && !(is_tag_line(line) && in_moves)) kept = out.size();
  }
  out.resize(kept);
  if (kept == start) return io::quoted(file) + " has no game at byte " + std::to_string(offset);
  return {};
}

}  // namespace pawnkit::index_db
