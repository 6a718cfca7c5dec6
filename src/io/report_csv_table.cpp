// The pawn report's two text forms (report_writer.hpp): CSV, one column per key and side,
// and the readable two-column table. The JSON lines are in report_writer.cpp.
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/pawns/structures.hpp>

#include <algorithm>
#include <utility>
#include <vector>

#include "io/json.hpp"
#include "io/report_writer.hpp"

namespace pawnkit::io {

namespace {

// Space-separated square names ("c4 d4"), or "-" for an empty set when `dash` is set.
void append_square_words(std::string& out, Bitboard b, bool dash) {
  if (!b && dash) out += '-';
  bool first = true;
  for (Square s : squares(b)) {
    if (!first) out += ' ';
    first = false;
    out += square_name(s);
  }
}

void append_island_words(std::string& out, FileSet files) {
  const IslandRanges islands = island_ranges(files);
  for (int i = 0; i < islands.count; ++i) {
    if (i) out += ' ';
    append_island_range(out, islands.ranges[i]);
  }
}

}  // namespace

void append_csv_header(std::string& out, bool with_origin) {
  out += with_origin ? "game,ply,fen" : "fen";
  for (std::string_view side : {"white", "black"}) {
    auto column = [&](std::string_view key) {
      out += ',';
      out += side;
      out += '_';
      out += key;
    };
    for (const auto& k : pattern_keys) column(k.name);
    column("islands");
    column("island_files");
    for (const auto& k : move_keys) column(k.name);
    for (const auto& k : term_keys) column(k.name);
  }
  out += ",structure,structure_side,phase\n";
}

void append_csv_row(std::string& out, const PositionOrigin& origin, std::string_view fen,
                    const PawnReport& report, const NamedStructure& structure, GamePhase phase,
                    bool with_origin) {
  if (with_origin) {
    append_int(out, long(origin.game));
    out += ',';
    append_int(out, origin.ply);
    out += ',';
  }
  append_csv_text(out, fen);
  for (const SideReport* side : {&report.white, &report.black}) {
    for (const auto& k : pattern_keys) {
      out += ',';
      append_square_words(out, side->*k.member, false);
    }
    out += ',';
    append_int(out, side->islands);
    out += ',';
    append_island_words(out, side->island_files);
    for (const auto& k : move_keys) {
      out += ',';
      append_square_words(out, side->*k.member, false);
    }
    for (const auto& k : term_keys) {
      out += ',';
      append_square_words(out, side->*k.member, false);
    }
  }
  // Empty fields when no structure is named.
  out += ',';
  if (structure) out += structure_name(structure->id);
  out += ',';
  if (structure) out += side_name(structure->side);
  out += ',';
  out += phase_name(phase);
  out += '\n';
}

void append_table(std::string& out, const PositionOrigin& origin, std::string_view fen,
                  const PawnReport& report, const NamedStructure& structure, GamePhase phase) {
  constexpr std::size_t key_width = 17;
  struct Row {
    std::string_view key;
    std::string white, black;
  };
  std::vector<Row> rows;
  rows.reserve(pattern_keys.size() + move_keys.size() + term_keys.size() + 1);
  for (const auto& k : pattern_keys) {
    Row row{k.name, {}, {}};
    append_square_words(row.white, report.white.*k.member, true);
    append_square_words(row.black, report.black.*k.member, true);
    rows.push_back(std::move(row));
  }
  Row islands{"islands", {}, {}};
  for (auto [side, text] :
       {std::pair{&report.white, &islands.white}, {&report.black, &islands.black}}) {
    append_int(*text, side->islands);
    if (side->islands) {
      *text += " (";
      append_island_words(*text, side->island_files);
      *text += ')';
    }
  }
  rows.push_back(std::move(islands));
  for (const auto& k : move_keys) {
    Row row{k.name, {}, {}};
    append_square_words(row.white, report.white.*k.member, true);
    append_square_words(row.black, report.black.*k.member, true);
    rows.push_back(std::move(row));
  }
  for (const auto& k : term_keys) {
    Row row{k.name, {}, {}};
    append_square_words(row.white, report.white.*k.member, true);
    append_square_words(row.black, report.black.*k.member, true);
    rows.push_back(std::move(row));
  }
  std::size_t white_width = 5;
  for (const Row& r : rows) white_width = std::max(white_width, r.white.size());

  if (origin.game) {
    out += "game ";
    append_int(out, long(origin.game));
    out += ", ply ";
    append_int(out, origin.ply);
    out += ": ";
  }
  out += fen;
  out += '\n';
  auto line = [&](std::string_view key, std::string_view white, std::string_view black) {
    out += "  ";
    out += key;
    out.append(key_width - std::min(key_width, key.size()), ' ');
    out += white;
    out.append(white_width + 2 - white.size(), ' ');
    out += black;
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += '\n';
  };
  line("", "white", "black");
  for (const Row& r : rows) line(r.key, r.white, r.black);
  if (structure) {
    out += "  structure";
    out.append(key_width - 9, ' ');
    append_structure_description(out, *structure);
    out += '\n';
  }
  out += "  phase";
  out.append(key_width - 5, ' ');
  out += phase_name(phase);
  out += '\n';
}

}  // namespace pawnkit::io
