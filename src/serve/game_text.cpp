#include "serve/game_text.hpp"

#include "io/source/byte_source.hpp"
#include "io/source/line_reader.hpp"

namespace pawnkit::serve {

std::string read_game_text(const std::string& file, std::uint64_t line, std::string& out) {
  io::OpenedSource opened = io::open_source(file);
  if (!opened.ok()) return opened.error;
  io::LineReader reader(*opened.source);
  bool in_moves = false;          // a tag line after the movetext starts the next game
  std::size_t kept = out.size();  // the end of the last non-blank line
  while (true) {
    const auto got = reader.next();
    if (got.status == io::LineReader::Status::ReadError) return std::string(got.message);
    if (got.status == io::LineReader::Status::End) break;
    if (got.number < line) continue;
    const std::string_view text = got.text;
    const bool blank = text.find_first_not_of(" \t\r") == std::string_view::npos;
    if (!blank && text.front() == '[') {
      if (in_moves) break;
    } else if (!blank) {
      in_moves = true;
    }
    out += text;
    out += '\n';
    if (!blank) kept = out.size();
  }
  out.resize(kept);
  if (out.empty()) return "'" + file + "' has no game at line " + std::to_string(line);
  return {};
}

}  // namespace pawnkit::serve
