// `pawnkit timeline` end to end: a hand-made Tarrasch game folded with several
// --min-plies, the JSON lines of data/sample.pgn read back and checked against the
// per-ply records of `analyze` (another command's output), CSV and tags, bad input, and
// the transitions of `stats`.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

using testing::run_cli;

const std::string sample = PAWNKIT_SOURCE_DIR "/data/sample.pgn";

// 4...exd5: Black's c5-d5 against d4 (a Panov, held by Black) from ply 8; 9...cxd4 at
// ply 18 leaves Black d4 and d5 on one file (an exchange under way: no named structure),
// and 10.Nxd4 at ply 19 the isolani on d5, held to the end (ply 30).
const std::string tarrasch =
    "[Event \"Tarrasch\"]\n[White \"A\"]\n[Black \"B, C\"]\n[Result \"0-1\"]\n\n"
    "1. d4 d5 2. c4 e6 3. Nc3 c5 4. cxd5 exd5 5. Nf3 Nc6 6. g3 Nf6 7. Bg2 Be7 8. O-O O-O "
    "9. Bg5 cxd4 10. Nxd4 h6 11. Be3 Re8 12. Rc1 Bf8 13. a3 Bg4 14. h3 Be6 15. Kh2 Qd7 0-1\n";

TEST(CliTimeline, HandMadeGameFoldsWithMinPlies) {
  const auto r8 = run_cli("timeline --format jsonl -", tarrasch);
  ASSERT_EQ(r8.status, 0) << r8.err;
  EXPECT_EQ(r8.err, "");
  EXPECT_EQ(r8.out,
            "{\"game\": 1, \"structure\": \"panov\", \"holder\": \"black\", \"first_ply\": 8, "
            "\"last_ply\": 17, \"plies\": 10, \"phase\": \"opening\"}\n"
            "{\"game\": 1, \"structure\": \"iqp\", \"holder\": \"black\", \"first_ply\": 19, "
            "\"last_ply\": 30, \"plies\": 12, \"phase\": \"opening\"}\n");
  // 10 Panov plies are a transient for --min-plies 11: only the isolani is left.
  const auto r11 = run_cli("timeline --format csv --min-plies 11 -", tarrasch);
  ASSERT_EQ(r11.status, 0) << r11.err;
  EXPECT_EQ(r11.out,
            "game,structure,holder,first_ply,last_ply,plies,phase\n"
            "1,iqp,black,19,30,12,opening\n");
  // ... and its 12 plies one for --min-plies 13.
  EXPECT_EQ(run_cli("timeline --format csv --min-plies 13 -", tarrasch).out,
            "game,structure,holder,first_ply,last_ply,plies,phase\n");
  const auto table = run_cli("timeline --tags White,Black,Site -", tarrasch);
  EXPECT_EQ(table.out,
            "game 1  White: A  Black: B, C  Site: -\n"
            "  8-17        10 plies  panov                    black  opening\n"
            "  19-30       12 plies  iqp                      black  opening\n");
}

TEST(CliTimeline, TagsInJsonAndCsv) {
  const auto json = run_cli("timeline --format jsonl --min-plies 11 --tags Black,Site -", tarrasch);
  EXPECT_EQ(json.out,
            "{\"game\": 1, \"structure\": \"iqp\", \"holder\": \"black\", \"first_ply\": 19, "
            "\"last_ply\": 30, \"plies\": 12, \"phase\": \"opening\", \"Black\": \"B, C\", "
            "\"Site\": null}\n");
  const auto csv = run_cli("timeline --format csv --min-plies 11 --tags Black,Site -", tarrasch);
  EXPECT_EQ(csv.out,
            "game,structure,holder,first_ply,last_ply,plies,phase,Black,Site\n"
            "1,iqp,black,19,30,12,opening,\"B, C\",\n");
}

TEST(CliTimeline, StatsCountsTheTransition) {
  const auto with = run_cli("stats --format json -", tarrasch);
  ASSERT_EQ(with.status, 0) << with.err;
  EXPECT_NE(with.out.find("\"transitions\": [{\"from\": \"panov\", \"to\": \"iqp\", \"games\": 1, "
                          "\"wins\": 1, \"draws\": 0, \"losses\": 0"),
            std::string::npos)
      << with.out;
  // Folded with 11 plies the Panov is a transient: no transition.
  EXPECT_NE(
      run_cli("stats --format json --min-plies 11 -", tarrasch).out.find("\"transitions\": []"),
      std::string::npos);
  const auto table = run_cli("stats -", tarrasch);
  EXPECT_NE(table.out.find("\npanov                    iqp                            1       1"),
            std::string::npos)
      << table.out;
}

// One record of analyze: the structure, its side and the phase at a ply.
struct PlyRecord {
  std::string structure, side, phase;
};

TEST(CliTimeline, SampleRangesAgreeWithAnalyze) {
  const auto tl = run_cli("timeline --format jsonl --threads 2 '" + sample + "'");
  ASSERT_EQ(tl.status, 0) << tl.err;
  const auto records = run_cli("analyze --format jsonl '" + sample + "'");
  ASSERT_EQ(records.status, 0);
  std::map<std::pair<int, int>, PlyRecord> by_ply;
  const std::regex record_re(
      R"re(^\{"game": (\d+), "ply": (\d+), .*"structure": (null|"[^"]*"), "structure_side": (null|"[^"]*"), "phase": "([a-z]+)"\}$)re");
  std::istringstream record_lines(records.out);
  for (std::string line; std::getline(record_lines, line);) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(line, m, record_re)) << line.substr(0, 80);
    by_ply[{std::stoi(m[1]), std::stoi(m[2])}] = {m[3], m[4], m[5]};
  }
  const std::regex range_re(
      R"re(^\{"game": (\d+), "structure": "([a-z0-9-]+)", "holder": "(white|black)", "first_ply": (\d+), "last_ply": (\d+), "plies": (\d+), "phase": "(opening|middlegame|endgame)"\}$)re");
  std::istringstream lines(tl.out);
  int ranges = 0, previous_game = 0, previous_last = -1;
  for (std::string line; std::getline(lines, line); ++ranges) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(line, m, range_re)) << line;
    const int game = std::stoi(m[1]), first = std::stoi(m[4]), last = std::stoi(m[5]);
    EXPECT_EQ(std::stoi(m[6]), last - first + 1);
    EXPECT_GE(last - first + 1, 8) << line;
    // In game order, and a game's ranges one after the other.
    ASSERT_GE(game, previous_game);
    if (game == previous_game) {
      EXPECT_GT(first, previous_last) << line;
    }
    previous_game = game;
    previous_last = last;
    // A range starts and ends on a position that holds its structure, with the phase
    // analyze gives its first position.
    const std::string quoted = "\"" + std::string(m[2]) + "\"",
                      holder = "\"" + std::string(m[3]) + "\"";
    for (int ply : {first, last}) {
      const PlyRecord& at = by_ply.at({game, ply});
      EXPECT_EQ(at.structure, quoted) << line << " at ply " << ply;
      EXPECT_EQ(at.side, holder) << line << " at ply " << ply;
    }
    EXPECT_EQ(by_ply.at({game, first}).phase, m[7]) << line;
  }
  // 69 with the catalogue of this writing (docs/timeline.md); the rules may change.
  EXPECT_GE(ranges, 30);
  // The same ranges whatever the thread count.
  EXPECT_EQ(run_cli("timeline --format jsonl --threads 1 '" + sample + "'").out, tl.out);
}

TEST(CliTimeline, BadGameIsReportedAndTheNextOneStillWritten) {
  const std::string bad = "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n" + tarrasch;
  const auto r = run_cli("timeline --format csv --min-plies 11 -", bad);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("game 1"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("illegal"), std::string::npos) << r.err;
  EXPECT_EQ(r.out,
            "game,structure,holder,first_ply,last_ply,plies,phase\n"
            "2,iqp,black,19,30,12,opening\n");
  const auto fen = run_cli("timeline -", "8/8/8/8/3P4/8/8/8 w - - 0 1\n");
  EXPECT_EQ(fen.status, 1);
  EXPECT_NE(fen.err.find("timeline reads PGN games"), std::string::npos) << fen.err;
}

}  // namespace
}  // namespace pawnkit
