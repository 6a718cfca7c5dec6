#include "report/timeline_writer.hpp"

#include <cstdio>

#include "io/json.hpp"
#include "io/report_writer.hpp"
#include "io/text.hpp"

namespace pawnkit::report {

void append_timeline_jsonl(std::string& out, const io::GameRecord& game,
                           const analysis::StructureRange& range, TimelineTags tags) {
  out += "{\"game\": ";
  io::append_int(out, static_cast<long long>(game.number));
  out += ", \"structure\": ";
  io::append_json_string(out, structure_name(range.structure.id));
  out += ", \"holder\": ";
  io::append_json_string(out, io::side_name(range.structure.holder));
  out += ", \"first_ply\": ";
  io::append_int(out, range.first_ply);
  out += ", \"last_ply\": ";
  io::append_int(out, range.last_ply);
  out += ", \"plies\": ";
  io::append_int(out, range.plies());
  out += ", \"phase\": ";
  io::append_json_string(out, phase_name(range.phase));
  for (const std::string& tag : tags) {
    out += ", ";
    io::append_json_string(out, tag);
    out += ": ";
    if (const auto value = game.tag(tag))
      io::append_json_string(out, *value);
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

void append_timeline_csv_row(std::string& out, const io::GameRecord& game,
                             const analysis::StructureRange& range, TimelineTags tags) {
  io::append_int(out, static_cast<long long>(game.number));
  out += ',';
  out += structure_name(range.structure.id);
  out += ',';
  out += io::side_name(range.structure.holder);
  for (int value : {range.first_ply, range.last_ply, range.plies()}) {
    out += ',';
    io::append_int(out, value);
  }
  out += ',';
  out += phase_name(range.phase);
  for (const std::string& tag : tags) {
    out += ',';
    if (const auto value = game.tag(tag)) io::append_csv_text(out, *value);
  }
  out += '\n';
}

void append_timeline_table(std::string& out, const io::GameRecord& game,
                           std::span<const analysis::StructureRange> ranges, TimelineTags tags,
                           int min_plies) {
  out += "game ";
  io::append_int(out, static_cast<long long>(game.number));
  for (const std::string& tag : tags) {
    out += "  ";
    out += tag;
    out += ": ";
    const auto value = game.tag(tag);
    if (value) {
      io::append_visible(out, *value);  // a terminal shows control characters, never obeys them
    } else {
      out += '-';
    }
  }
  out += '\n';
  if (ranges.empty()) {
    out += "  no named structure held ";
    io::append_int(out, min_plies);
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
                                std::string(io::side_name(range.structure.holder)).c_str(),
                                std::string(phase_name(range.phase)).c_str());
    out.append(line, std::size_t(n < 0 ? 0 : n));
  }
}

}  // namespace pawnkit::report
