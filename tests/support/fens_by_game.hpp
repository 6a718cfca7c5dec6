// The FENs of each game in `pawnkit analyze --format jsonl` output, by game number: what
// the tests of messy files compare with the same game written cleanly.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace pawnkit::testing {

inline std::map<std::size_t, std::vector<std::string>> fens_by_game(const std::string& jsonl) {
  std::map<std::size_t, std::vector<std::string>> games;
  std::size_t start = 0;
  while (start < jsonl.size()) {
    const std::size_t end = jsonl.find('\n', start);
    const std::string line = jsonl.substr(start, end - start);
    start = end == std::string::npos ? jsonl.size() : end + 1;
    const std::size_t game = line.find("\"game\": "), fen = line.find("\"fen\": \"");
    if (game == std::string::npos || fen == std::string::npos) continue;
    const std::size_t number = std::stoul(line.substr(game + 8));
    games[number].push_back(line.substr(fen + 8, line.find('"', fen + 8) - fen - 8));
  }
  return games;
}

}  // namespace pawnkit::testing
