// `pawnkit find --where 'similarity("FEN") >= 1'` end to end: the positions it finds in the
// bundled games are exactly those whose pawns (read from analyze's records) are the
// target's, as they stand or with colours reversed; and a bad FEN stops the query before
// any input is read.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

using testing::run_cli;

const std::string sample = PAWNKIT_SOURCE_DIR "/data/sample.pgn";

// The squares of `"SIDE": {"pawns": [...]` in an analyze record, sorted.
std::vector<std::string> pawns_of(const std::string& line, const std::string& side) {
  const std::string key = "\"" + side + "\": {\"pawns\": [";
  const std::size_t open = line.find(key);
  EXPECT_NE(open, std::string::npos) << line;
  const std::size_t begin = open + key.size(), end = line.find(']', begin);
  std::vector<std::string> squares;
  for (std::size_t at = begin; at + 4 <= end; at += 5) squares.push_back(line.substr(at + 1, 2));
  std::sort(squares.begin(), squares.end());
  return squares;
}

// The squares with their ranks mirrored (e4 -> e5).
std::vector<std::string> mirrored(std::vector<std::string> squares) {
  for (std::string& s : squares) s[1] = char('1' + '8' - s[1]);
  std::sort(squares.begin(), squares.end());
  return squares;
}

std::string field(const std::string& line, const std::string& key) {
  const std::string start = "\"" + key + "\": \"";
  const std::size_t begin = line.find(start) + start.size();
  return line.substr(begin, line.find('"', begin) - begin);
}

TEST(CliQuery, SimilarityOneFindsExactlyThePositionsWithTheTargetsPawns) {
  const auto all = run_cli("analyze --format jsonl --threads 1 '" + sample + "'");
  ASSERT_EQ(all.status, 0) << all.err;
  std::vector<std::string> records;
  std::istringstream lines(all.out);
  for (std::string line; std::getline(lines, line);) records.push_back(line);
  // The target: game 5 after 12 moves each.
  const auto target = std::find_if(records.begin(), records.end(), [](const std::string& line) {
    return line.starts_with("{\"game\": 5, \"ply\": 24,");
  });
  ASSERT_NE(target, records.end());
  const auto white = pawns_of(*target, "white"), black = pawns_of(*target, "black");
  std::string expected;
  std::size_t count = 0;
  for (const std::string& line : records) {
    const auto w = pawns_of(line, "white"), b = pawns_of(line, "black");
    if ((w == white && b == black) || (w == mirrored(black) && b == mirrored(white)))
      expected += line + "\n", ++count;
  }
  const std::string where = "similarity(\"" + field(*target, "fen") + "\")";
  const auto found = run_cli("find --threads 1 --where '" + where + " >= 1' '" + sample + "'");
  ASSERT_EQ(found.status, 0) << found.err;
  EXPECT_EQ(found.err, "");
  EXPECT_NE(found.out.find(*target + "\n"), std::string::npos);
  EXPECT_EQ(found.out, expected);
  // A looser threshold finds more, never less; a stricter one than 1 finds nothing.
  const auto near = run_cli("find --count --where '" + where + " >= 0.9' '" + sample + "'");
  ASSERT_EQ(near.status, 0) << near.err;
  EXPECT_GT(std::stoul(near.out), count);
  const auto none = run_cli("find --count --where '" + where + " > 1' '" + sample + "'");
  EXPECT_EQ(none.out, "0\n");
}

TEST(CliQuery, ABadFenIsAQueryErrorWithACaret) {
  const auto r =
      run_cli("find --where 'similarity(\"8/8/8/8/8/8/8/9 w - -\") >= 0.9' '" + sample + "'");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("--where: column 27: invalid FEN: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\n  similarity(\"8/8/8/8/8/8/8/9 w - -\") >= 0.9\n"
                       "  " +
                       std::string(26, ' ') + "^\n"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace pawnkit
