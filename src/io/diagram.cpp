#include "io/diagram.hpp"

#include <vector>

#include "io/report_writer.hpp"

namespace pawnkit::io {

namespace {

constexpr int board_width = 17;  // "a b c d e f g h" plus padding

// Cell text of one pattern board: 'w' where only White's set has the square, 'b' where
// only Black's does, 'x' where both do, '.' elsewhere. For islands, the files of each
// side's islands are marked on that side's pawns' files.
char pattern_cell(const PawnReport& r, const DrawablePattern& p, Square s) {
  Bitboard white = 0, black = 0;
  if (p.member) {
    white = r.white.*p.member;
    black = r.black.*p.member;
  } else {
    white = files_bb(r.white.island_files) & r.white.pawns;
    black = files_bb(r.black.island_files) & r.black.pawns;
  }
  const bool w = white & square_bb(s), b = black & square_bb(s);
  return w && b ? 'x' : w ? 'w' : b ? 'b' : '.';
}

std::string pad(std::string_view text, std::size_t width) {
  std::string s(text);
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

void append_island_summary(std::string& out, const PawnReport& r) {
  for (auto [name, side] : {std::pair{"white", &r.white}, {"black", &r.black}}) {
    out += "  ";
    out += name;
    out += " islands: ";
    out += std::to_string(side->islands);
    const IslandRanges islands = island_ranges(side->island_files);
    for (int i = 0; i < islands.count; ++i) {
      out += i ? ", " : " (";
      append_island_range(out, islands.ranges[i]);
    }
    if (islands.count) out += ')';
    out += '\n';
  }
}

}  // namespace

std::optional<DrawablePattern> find_drawable_pattern(std::string_view name) {
  for (const auto& k : pattern_keys)
    if (k.name == name) return DrawablePattern{k.name, k.member};
  for (const auto& k : move_keys)
    if (k.name == name) return DrawablePattern{k.name, k.member};
  for (const auto& k : term_keys)
    if (k.name == name) return DrawablePattern{k.name, k.member};
  if (name == "islands") return DrawablePattern{"islands", nullptr};
  return std::nullopt;
}

std::string drawable_pattern_names() {
  std::string names;
  for (const auto& k : pattern_keys) names.append(k.name).append(", ");
  names += "islands";
  for (const auto& k : move_keys) names.append(", ").append(k.name);
  for (const auto& k : term_keys) names.append(", ").append(k.name);
  return names;
}

std::string render_diagrams(const std::array<char, 64>& pieces, const PawnReport& report,
                            std::span<const DrawablePattern> patterns, int per_row) {
  std::vector<DrawablePattern> boards;
  boards.push_back({"position", nullptr});
  boards.insert(boards.end(), patterns.begin(), patterns.end());

  std::string out;
  for (std::size_t first = 0; first < boards.size(); first += std::size_t(per_row)) {
    const std::size_t last = std::min(boards.size(), first + std::size_t(per_row));
    out += "  ";
    for (std::size_t i = first; i < last; ++i)
      out += pad(boards[i].name, i + 1 < last ? board_width + 2 : 0);
    out += '\n';
    for (int rank = 7; rank >= 0; --rank) {
      out += char('1' + rank);
      out += ' ';
      for (std::size_t i = first; i < last; ++i) {
        std::string cells;
        for (int file = 0; file < 8; ++file) {
          const Square s = make_square(file, rank);
          char c = i == 0 ? pieces[s] : pattern_cell(report, boards[i], s);
          if (c == ' ') c = '.';
          cells += c;
          if (file < 7) cells += ' ';
        }
        out += i + 1 < last ? pad(cells, board_width + 2) : cells;
      }
      out += '\n';
    }
    out += "  ";
    for (std::size_t i = first; i < last; ++i)
      out += i + 1 < last ? pad("a b c d e f g h", board_width + 2) : "a b c d e f g h";
    out += "\n\n";
  }
  out +=
      "legend: position: upper case = White, lower case = Black;\n"
      "        patterns: w = in White's set, b = in Black's set, x = in both, . = neither\n";
  append_island_summary(out, report);
  return out;
}

}  // namespace pawnkit::io
