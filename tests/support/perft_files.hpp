// Readers for the perft data files: EPD with ";D1 n ;D2 n" operations (perftsuite.epd,
// fischer.epd) and shakmaty's "id / epd / perft d n" blocks (tricky.perft).
#pragma once

#include <cstdint>
#include <fstream>
#include <optional>
#include <pawnkit/chess/fen.hpp>
#include <string>
#include <vector>

namespace pawnkit::test {

struct PerftEntry {
  std::string fen;  // as written in the file
  int line = 0;
  std::vector<std::pair<int, std::uint64_t>> counts;  // (depth, nodes)
};

// Reads an EPD perft file; nullopt when the file cannot be opened. A line that does not
// parse is returned with no counts and fen set to the line, for the test to report.
inline std::optional<std::vector<PerftEntry>> read_epd_perft(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::vector<PerftEntry> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#' || line == "\r") continue;
    PerftEntry entry{line, number, {}};
    if (const auto semicolon = entry.fen.find(';'); semicolon != std::string::npos)
      entry.fen.resize(semicolon);
    const Parsed<EpdRecord> record = parse_epd(line);
    if (record.ok()) {
      for (int depth = 1; depth <= 9; ++depth) {
        const char opcode[] = {'D', char('0' + depth), '\0'};
        if (const auto operand = epd_operation(record->operations, opcode))
          entry.counts.emplace_back(depth, std::stoull(std::string(*operand)));
      }
    }
    out.push_back(std::move(entry));
  }
  return out;
}

// Reads shakmaty's .perft format: "epd <fen>" starts an entry, "perft <d> <n>" adds counts.
inline std::optional<std::vector<PerftEntry>> read_block_perft(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::vector<PerftEntry> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("epd ", 0) == 0) {
      out.push_back({line.substr(4), number, {}});
    } else if (line.rfind("perft ", 0) == 0 && !out.empty()) {
      const std::size_t space = line.find(' ', 6);
      out.back().counts.emplace_back(std::stoi(line.substr(6, space - 6)),
                                     std::stoull(line.substr(space + 1)));
    }
  }
  return out;
}

}  // namespace pawnkit::test
