// The messy files of issue 31 (tests/data/pgn/quirks/, each messy game between two good
// games): the messy game gives the positions of the same game written cleanly (read from
// standard input: an independent reading of plain SAN), the good games around it are
// read whole, and standard error holds the one warning line that names the repair. The
// games refused are refused with one error line naming the game (docs/chess.md says why).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "support/fens_by_game.hpp"
#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

std::string quirk_path(const std::string& name) {
  return std::string(PAWNKIT_SOURCE_DIR) + "/tests/data/pgn/quirks/" + name + ".pgn";
}

struct Messy {
  const char* file;
  const char* clean;    // the messy game written cleanly (its tags included)
  const char* message;  // standard error holds "FILE:" + this + "\n"; "" for none
};

class MessyFile : public ::testing::TestWithParam<Messy> {};

TEST_P(MessyFile, ReadsThePositionsOfTheCleanGameWithAWarning) {
  const Messy& m = GetParam();
  const auto messy =
      testing::run_cli("analyze --format jsonl --threads 1 '" + quirk_path(m.file) + "'");
  EXPECT_EQ(messy.status, 0) << messy.err;
  const auto clean = testing::run_cli("analyze --input pgn --format jsonl --threads 1 -", m.clean);
  ASSERT_EQ(clean.status, 0) << clean.err;
  ASSERT_EQ(clean.err, "");
  auto games = testing::fens_by_game(messy.out);
  ASSERT_EQ(games.size(), 3u) << messy.out;
  EXPECT_EQ(games[1].size(), 7u) << "the good game before";
  EXPECT_EQ(games[3].size(), 5u) << "the good game after";
  EXPECT_EQ(games[2], testing::fens_by_game(clean.out)[1]);
  EXPECT_GT(games[2].size(), 2u);
  if (*m.message) {
    const std::string message = m.message;  // whole, or a prefix ending in "'"
    EXPECT_NE(messy.err.find(std::string(m.file) + ".pgn:" + message +
                             (message.ends_with('\'') ? "" : "\n")),
              std::string::npos)
        << messy.err;
    EXPECT_EQ(std::count(messy.err.begin(), messy.err.end(), '\n'), 2) << messy.err;
  } else {
    EXPECT_EQ(messy.err, "");
  }
}

INSTANTIATE_TEST_SUITE_P(
    Issue31, MessyFile,
    ::testing::Values(
        Messy{"bracket_line", "1. e4 e5 2. Nf3 Nc6 *",
              "9: game 2: warning: '[' in the movetext starts no tag: skipped to its ']'"},
        Messy{"fen_empty", "1. e4 e5 2. Nf3 *",
              "8: game 2: warning: empty FEN tag: the game starts from the standard position"},
        Messy{"fen_unquoted", "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 2. e5 *",
              "8: game 2: warning: tag value without quotes: FEN"},
        Messy{"trailing_garbage", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *",
              "8: game 2: warning: not a move at the end of the game, skipped: malformed move: "
              "bad destination square 'xyzzy' (move 4, White)"},
        Messy{"lowercase_mixed", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Ke2 Qd6 6. Rg1 *",
              "8: game 2: warning: piece letter in lower case: 'nf3' read as 'Nf3' (move 2, "
              "White), and 6 more moves like it"},
        Messy{"figurines_black", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Ke2 Qd6 *", ""},
        Messy{"utf16le", "1. e4 e5 2. Nf3 *",
              "14: game 3: warning: '"},  // the rest: Utf16ReadsAsItsUtf8Twin
        Messy{"utf16be", "1. e4 e5 2. Nf3 *", "14: game 3: warning: '"}),
    [](const auto& info) { return std::string(info.param.file); });

// A UTF-16 file reads as its UTF-8 twin (written here) does: every output byte alike.
TEST(MessyFile, Utf16ReadsAsItsUtf8Twin) {
  const std::string utf8_twin =
      "[Event \"Good before\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n"
      "[Event \"Quirk \xE2\x99\x98\"]\n\n1. e4 e5 2. Nf3 *\n\n"
      "[Event \"Good after\"]\n[Result \"0-1\"]\n\n1. d4 d5 2. c4 e6 0-1\n";
  const std::string command = "find --games --where 'ply >= 0' ";
  const auto twin = testing::run_cli(command + "--input pgn -", utf8_twin);
  ASSERT_EQ(twin.status, 0) << twin.err;
  EXPECT_NE(twin.out.find("[Event \"Quirk \xE2\x99\x98\"]"), std::string::npos) << twin.out;
  for (const auto& [name, mark] : std::vector<std::pair<std::string, std::string>>{
           {"utf16le", "FF FE"}, {"utf16be", "FE FF"}}) {
    const auto utf16 = testing::run_cli(command + "'" + quirk_path(name) + "'");
    EXPECT_EQ(utf16.status, 0) << utf16.err;
    EXPECT_EQ(utf16.out, twin.out) << name;
    EXPECT_NE(utf16.err.find("game 3: warning: '" + quirk_path(name) +
                             "' is UTF-16 text (byte order mark " + mark +
                             "): read transcoded to UTF-8\n"),
              std::string::npos)
        << utf16.err;
  }
}

// Refused games: one error line naming the game, the next game read, exit status 1.
TEST(MessyFile, AKingCaptureIsRefusedAndTheNextGameRead) {
  for (const auto& [name, message] : std::vector<std::pair<std::string, std::string>>{
           {"king_capture",
            ":6: game 2: FEN tag is not a playable position: side not to move is in check\n"},
           {"king_capture_start", ":8: game 2: illegal move 'Kxe8' (move 1, White)\n"},
           // Nesting is not read (docs/chess.md): the first '}' ends the comment.
           {"nested_braces",
            ":8: game 2: malformed move: bad destination square 'still' (move 1, Black)\n"}}) {
    const auto r =
        testing::run_cli("analyze --format jsonl --threads 1 '" + quirk_path(name) + "'");
    EXPECT_EQ(r.status, 1) << name;
    EXPECT_NE(r.err.find(name + ".pgn" + message), std::string::npos) << r.err;
    auto games = testing::fens_by_game(r.out);
    EXPECT_EQ(games[1].size(), 7u) << name;
    EXPECT_EQ(games[3].size(), 5u) << name;
  }
}

}  // namespace
}  // namespace pawnkit
