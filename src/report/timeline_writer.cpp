#include "report/timeline_writer.hpp"

#include <cstdio>

#include "io/json.hpp"
#include "io/report_writer.hpp"
#include "io/text.hpp"

namespace pawnkit::io {

void append_timeline_jsonl(std::string& out, const GameRecord& game,
                           const analysis::StructureRange& range, TimelineTags tags) {
  out += "{\"game\": ";
  append_int(out, static_cast<long long>(game.number));
  out += ", \"structure\": ";
  append_json_string(out, structure_name(range.structure.id));
  out += ", \"holder\": ";
  append_json_string(out, side_name(range.structure.holder));
  out += ", \"first_ply\": ";
  append_int(out, range.first_ply);
  out += ", \"last_ply\": ";
  append_int(out, range.last_ply);
  out += ", \"plies\": ";
  append_int(out, range.plies());
  out += ", \"phase\": ";
  append_json_string(out, phase_name(range.phase));
  for (const std::string& tag : tags) {
    out += ", ";
    append_json_string(out, tag);
    out += ": ";
    if (const auto value = game.tag(tag))
      append_json_string(out, *value);
    else
      out += "null";
  }
  out += "}\n";
}

void append_timeline_csv_header(std::string& out, TimelineTags tags) {
  out += "game,structure,holder,first_ply,last_ply,plies,phase";
  for (const std::string& tag : tags) {
    out += ',';
    out += tag;  // a PGN tag name is letters, digits and '_': nothing to quote
  }
  out += '\n';
}

void append_timeline_csv_row(std::string& out, const GameRecord& game,
                             const analysis::StructureRange& range, TimelineTags tags) {
  append_int(out, static_cast<long long>(game.number));
  out += ',';
  out += structure_name(range.structure.id);
  out += ',';
  out += side_name(range.structure.holder);
  for (int value : {range.first_ply, range.last_ply, range.plies()}) {
    out += ',';
    append_int(out, value);
  }
  out += ',';
  out += phase_name(range.phase);
  for (const std::string& tag : tags) {
    out += ',';
    if (const auto value = game.tag(tag)) append_csv_text(out, *value);
  }
  out += '\n';
}

void append_timeline_table(std::string& out, const GameRecord& game,
                           std::span<const analysis::StructureRange> ranges, TimelineTags tags,
                           int min_plies) {
  out += "game ";
  append_int(out, static_cast<long long>(game.number));
  for (const std::string& tag : tags) {
    out += "  ";
    out += tag;
    out += ": ";
    const auto value = game.tag(tag);
    if (value) {
      append_visible(out, *value);  // a terminal shows control characters, never obeys them
    } else {
      out += '-';
    }
  }
  out += '\n';
  if (ranges.empty()) {
    out += "  no named structure held ";
    append_int(out, min_plies);
    out += min_plies == 1 ? " ply\n" : " plies in a row\n";
    return;
  }
  for (const analysis::StructureRange& range : ranges) {
    char line[160];
    const std::string plies =
        std::to_string(range.first_ply) + "-" + std::to_string(range.last_ply);  // "12-40"
    const int n = std::snprintf(line, sizeof line, "  %-9s %4d %-5s  %-24s %-5s  %s\n",
                                plies.c_str(), range.plies(), range.plies() == 1 ? "ply" : "plies",
                                std::string(structure_name(range.structure.id)).c_str(),
                                std::string(side_name(range.structure.holder)).c_str(),
                                std::string(phase_name(range.phase)).c_str());
    out.append(line, std::size_t(n < 0 ? 0 : n));
  }
}

}  // namespace pawnkit::io
