// The PGN writer: the Seven Tag Roster filled in, escapes, move numbers for either side to
// start, the comment after the right ply, the result's fallbacks, and line wrapping.
#include "io/pgn/writer.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace pawnkit::io {
namespace {

GameRecord game_with(std::initializer_list<std::pair<const char*, const char*>> tags,
                     std::initializer_list<const char*> moves, const char* result) {
  GameRecord g;
  for (const auto& [n, v] : tags) g.add_tag(n, v);
  for (const char* m : moves) g.add_move(m, 1);
  g.result = result;
  return g;
}

// The record's own move texts (the writer is given the moves to write).
std::vector<std::string> moves_of(const GameRecord& g) {
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < g.move_count(); ++i) moves.emplace_back(g.move(i));
  return moves;
}

TEST(PgnWriter, AnEmptyGameGetsTheSevenTagRosterAndAnUnknownResult) {
  std::string out;
  append_pgn(out, game_with({}, {}, ""), {});
  EXPECT_EQ(out,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
            "[Black \"?\"]\n[Result \"*\"]\n\n*\n\n");
}

TEST(PgnWriter, RosterInOrderThenOtherTagsEscaped) {
  std::string out;
  const GameRecord g = game_with(
      {{"ECO", "D35"}, {"White", "A \"B\" C"}, {"Event", "x\\y"}, {"Result", "1-0"}}, {"d4"}, "");
  append_pgn(out, g, moves_of(g));
  EXPECT_EQ(out,
            "[Event \"x\\\\y\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
            "[White \"A \\\"B\\\" C\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[ECO \"D35\"]\n\n"
            "1. d4 1-0\n\n");  // the Result tag stands in for a missing result token
}

TEST(PgnWriter, MoveNumbersAndCommentPlacement) {
  const GameRecord g = game_with({}, {"e4", "e5", "Nf3", "Nc6"}, "*");
  const auto movetext = [&](int ply, Color first = White, int number = 1) {
    std::string out;
    PgnWriteOptions o;
    o.first_mover = first;
    o.first_move_number = number;
    o.comment_ply = ply;
    o.comment = "c";
    append_pgn(out, g, moves_of(g), o);
    return out.substr(out.find("\n\n") + 2);
  };
  EXPECT_EQ(movetext(-1), "1. e4 e5 2. Nf3 Nc6 *\n\n");
  EXPECT_EQ(movetext(0), "{c} 1. e4 e5 2. Nf3 Nc6 *\n\n");
  EXPECT_EQ(movetext(1), "1. e4 {c} 1... e5 2. Nf3 Nc6 *\n\n");
  EXPECT_EQ(movetext(2), "1. e4 e5 {c} 2. Nf3 Nc6 *\n\n");
  EXPECT_EQ(movetext(4), "1. e4 e5 2. Nf3 Nc6 {c} *\n\n");
  EXPECT_EQ(movetext(-1, Black, 7), "7... e4 8. e5 Nf3 9. Nc6 *\n\n");
  EXPECT_EQ(movetext(0, Black, 7), "{c} 7... e4 8. e5 Nf3 9. Nc6 *\n\n");
}

TEST(PgnWriter, LinesStayWithin79ColumnsAndKeepNumbersWithMoves) {
  GameRecord g;
  for (int i = 0; i < 200; ++i) g.add_move(i % 2 ? "Nxe7+" : "Qh8xh1", 1);
  g.result = "1/2-1/2";
  std::string out;
  append_pgn(out, g, moves_of(g));
  std::istringstream in(out.substr(out.find("\n\n") + 2));
  std::size_t lines = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    ++lines;
    EXPECT_LE(line.size(), 79u) << line;
    EXPECT_NE(line.back(), '.') << line;  // "12." never ends a line without its move
  }
  EXPECT_GT(lines, 10u);
  EXPECT_NE(out.find(" 100. Qh8xh1"), std::string::npos);
  EXPECT_EQ(out.substr(out.size() - 15), "Nxe7+ 1/2-1/2\n\n");
}

TEST(PgnWriter, TagNamesThatAreNoPgnSymbolsAreLeftOut) {
  std::string out;
  const GameRecord g =
      game_with({{"=bad", "x"}, {"Event-Name", "y"}, {"a b", "z"}, {"X_1+#=:-", "w"}}, {}, "*");
  append_pgn(out, g, {});
  EXPECT_EQ(out.substr(out.find("[Result")),
            "[Result \"*\"]\n[Event-Name \"y\"]\n[X_1+#=:- \"w\"]\n\n*\n\n");
}

TEST(PgnWriter, TheResultTagIsTheMovetextsResult) {
  std::string out;
  append_pgn(out, game_with({{"Result", "1-0"}}, {}, "0-1"), {});
  EXPECT_EQ(out.substr(out.find("[Result")), "[Result \"0-1\"]\n\n0-1\n\n");
}

TEST(PgnWriter, TheGivenMovesAreWrittenNotTheRecordsSpelling) {
  std::string out;
  const std::vector<std::string> moves{"e4", "--", "Nf3"};
  append_pgn(out, game_with({}, {"e2-e4", "Z0", "g1f3", "Nc6"}, "*"), moves);
  EXPECT_EQ(out.substr(out.find("\n\n") + 2), "1. e4 -- 2. Nf3 *\n\n");
}

}  // namespace
}  // namespace pawnkit::io
