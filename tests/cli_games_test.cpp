// PGN input end to end: replay of real games against outside FENs, bad games reported
// with file, game and line while the next game is still processed, thread-count
// independence, and the shared Lichess databases when present.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

using testing::run_cli;

const std::string famous = PAWNKIT_SOURCE_DIR "/tests/data/games/famous.pgn";

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

TEST(CliGames, FamousGamesEndOnTheirPublishedPositions) {
  const auto r = run_cli("analyze --format jsonl '" + famous + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  // Final positions as pgn-extract 19.04 writes them (an independent replayer).
  EXPECT_NE(
      r.out.find(
          R"({"game": 1, "ply": 33, "fen": "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17")"),
      std::string::npos);
  EXPECT_NE(
      r.out.find(
          R"({"game": 2, "ply": 45, "fen": "r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23")"),
      std::string::npos);
  EXPECT_NE(
      r.out.find(
          R"({"game": 3, "ply": 30, "fen": "rnr3k1/4qpp1/p3b2p/1Bpp4/8/Q3PN2/PP3PPP/2R1K2R w K - 0 16")"),
      std::string::npos);
  // One record per position: 34 + 46 + 31.
  EXPECT_EQ(count(r.out, "\n"), 34u + 46u + 31u);
  // Fischer-Spassky's hanging pawns after 15...bxc5.
  const auto last = r.out.rfind("{\"game\": 3, \"ply\": 30");
  EXPECT_NE(r.out.find(R"("hanging": ["c5","d5"])", last), std::string::npos);
  // ... which are the hanging-pawns structure, held by Black: the rule reversed; 20 points
  // of material at ply 30 are the middlegame.
  EXPECT_TRUE(r.out.ends_with(
      R"(]}, "structure": "hanging-pawns", "structure_side": "black", "phase": "middlegame"})"
      "\n"));
}

// A Tarrasch Defense line: from 4...exd5 Black's c5-d5 face d4 (the Panov reversed); after
// 9...cxd4 Black's d4 and d5 share the d-file (an exchange under way: no name), and after
// 10.Nxd4 Black has the isolani on d5. Every record of a game carries the structure keys
// after "black", then the phase (all 20 plies are the opening), in JSON lines and CSV alike.
TEST(CliGames, NamedStructureOfEveryPosition) {
  const std::string tarrasch =
      "[Event \"Tarrasch\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 c5 4. cxd5 exd5 5. Nf3 Nc6 "
      "6. g3 Nf6 7. Bg2 Be7 8. O-O O-O 9. Bg5 cxd4 10. Nxd4 *\n";
  const auto json = run_cli("analyze --format jsonl -", tarrasch);
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_EQ(count(json.out, "\n"), 20u);
  const std::string opening = R"(, "phase": "opening"})";
  EXPECT_EQ(count(json.out, R"(, "structure": null, "structure_side": null)" + opening), 9u)
      << json.out;
  EXPECT_EQ(count(json.out, R"(, "structure": "panov", "structure_side": "black")" + opening), 10u);
  EXPECT_EQ(count(json.out, R"(, "structure": "iqp", "structure_side": "black")" + opening), 1u)
      << json.out;
  const auto csv = run_cli("analyze --format csv -", tarrasch);
  ASSERT_EQ(csv.status, 0) << csv.err;
  EXPECT_TRUE(csv.out.ends_with(",iqp,black,opening\n")) << csv.out;
  EXPECT_EQ(count(csv.out, ",,,opening\n"), 9u);
  EXPECT_EQ(count(csv.out, ",panov,black,opening\n"), 10u);
}

TEST(CliGames, WikipediaFenExample) {
  // The FEN article's example after 1.e4 c5 2.Nf3. (Its earlier examples carry an
  // en-passant square no pawn can take; pawnkit records one only when a capture exists.)
  const auto r = run_cli("analyze --format jsonl -", "1. e4 c5 2. Nf3 *\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(
      r.out.find(
          R"({"game": 1, "ply": 3, "fen": "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")"),
      std::string::npos)
      << r.out;
  EXPECT_NE(
      r.out.find(
          R"({"game": 1, "ply": 1, "fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")"),
      std::string::npos);
}

TEST(CliGames, BadGamesAreReportedAndTheNextGameIsRead) {
  const std::string good = "[Event \"good\"]\n\n1. d4 d5 2. c4 e6 1-0\n\n";
  std::string pgn;
  pgn += good;                                                  // game 1, lines 1-4
  pgn += "[Event \"illegal\"]\n\n1. e4 e5 2. Nf6 Nc6 0-1\n\n";  // game 2, lines 5-8
  pgn += good;                                                  // game 3, lines 9-12
  pgn +=
      "[Event \"ambiguous\"]\n[FEN \"4k3/8/8/8/8/8/4N3/4K2N w - - 0 1\"]\n\n1. Ng3 *\n\n";  // game
                                                                                            // 4,
                                                                                            // 13-17
  pgn += good;                                   // game 5, 18-21
  pgn += "[Event \"broken tag\n\n1. e4 *\n\n";   // game 6, 22-25: repaired
  pgn += good;                                   // game 7, 26-29
  pgn += "[Variant \"Atomic\"]\n\n1. e4 *\n\n";  // game 8, 30-33
  pgn += good;                                   // game 9, 34-37
  pgn +=
      "[Event \"bad FEN\"]\n[FEN \"8/8/8/8/8/8/8/9 w - - 0 1\"]\n\n1. e4 *\n\n";  // game 10, 38-42
  pgn += good;                                                                    // game 11, 43-46
  pgn += "[Event \"open comment\"]\n\n1. e4 { never closed\n";                    // game 12, 47-49
  const auto r = run_cli("analyze --format jsonl --threads 2 -", pgn);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "pawnkit: <stdin>:7: game 2: illegal move 'Nf6' (move 2, White)\n"
            "pawnkit: <stdin>:16: game 4: ambiguous move 'Ng3' (move 1, White)\n"
            "pawnkit: <stdin>:22: game 6: warning: tag without closing '\"' or ']' read to the end "
            "of its line: Event\n"
            "pawnkit: <stdin>:30: game 8: skipped: variant 'Atomic' is not replayed\n"
            "pawnkit: <stdin>:38: game 10: invalid FEN tag: board: empty-square count must be 1 to "
            "8 at column 15\n"
            "pawnkit: <stdin>:49: game 12: unterminated comment\n"
            "pawnkit: analyze: 4 bad records\n"
            "pawnkit: analyze: 1 game of other variants skipped\n"
            "pawnkit: analyze: 1 warning (input repaired; see above)\n");
  for (int game : {1, 3, 5, 7, 9, 11}) {
    EXPECT_NE(r.out.find("{\"game\": " + std::to_string(game) + ", \"ply\": 4, "),
              std::string::npos)
        << "game " << game;
  }
  // The positions before an error still come out: game 2's first three.
  EXPECT_NE(r.out.find("{\"game\": 2, \"ply\": 2, "), std::string::npos);
  EXPECT_EQ(r.out.find("{\"game\": 2, \"ply\": 3, "), std::string::npos);
  EXPECT_NE(r.out.find("{\"game\": 12, \"ply\": 1, "), std::string::npos);
}

TEST(CliGames, OutputDoesNotDependOnThreadCount) {
  const std::string sample = PAWNKIT_SOURCE_DIR "/data/sample.pgn";
  const auto one = run_cli("analyze --format csv --threads 1 '" + sample + "'");
  const auto four = run_cli("analyze --format csv --threads 4 '" + sample + "'");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out, four.out);
  EXPECT_GT(count(one.out, "\n"), 10000u);
}

TEST(CliGames, BundledSampleReplaysWithoutError) {
  const auto r = run_cli("stats --format json '" PAWNKIT_SOURCE_DIR "/data/sample.pgn'");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out.rfind("{\"games\": ", 0), 0u);
  EXPECT_NE(r.out.find("\"bad_games\": 0, \"skipped_games\": 0"), std::string::npos)
      << r.out.substr(0, 200);
}

TEST(CliGames, SharedLichessDatabases) {
  const std::string shared = PAWNKIT_SHARED_DATA;
  if (!std::filesystem::exists(shared + "/lichess_db_1000k.pgn")) GTEST_SKIP() << "no shared data";
  // pgn-extract -Wepd writes 28,976 positions for this file.
  auto r = run_cli("stats --format json '" + shared + "/lichess_db_1000k.pgn'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind(
                "{\"games\": 438, \"positions\": 28976, \"bad_games\": 0, \"skipped_games\": 0", 0),
            0u);
  // Magnus Carlsen's Lichess games: 9,899 standard, 96 Chess960 and 3 from-position games
  // replay; 25 Atomic and 1 Crazyhouse are skipped.
  r = run_cli("stats --format json '" + shared + "/lichess_magnus_games.pgn.zst'");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(
      r.out.rfind(
          "{\"games\": 9998, \"positions\": 858646, \"bad_games\": 0, \"skipped_games\": 26", 0),
      0u)
      << r.out.substr(0, 120);
  EXPECT_EQ(count(r.err, "skipped: variant 'Atomic'"), 25u);
  EXPECT_EQ(count(r.err, "skipped: variant 'Crazyhouse'"), 1u);
}

TEST(CliGames, CountOptionsAreCheckedForRange) {
  // --min-plies 0 once meant "every core" (it went through the thread-count parser).
  for (const char* args : {"stats --min-plies 0", "stats --min-plies x", "stats --threads 257",
                           "find --where 'ply > 1' --min-plies 0"}) {
    const auto r = run_cli(std::string(args) + " '" PAWNKIT_SOURCE_DIR "/data/sample.pgn'");
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.out, "") << args;
  }
}

TEST(CliGames, StatsSaysWhenAnInputHoldsPositionsNotGames) {
  const std::string epd = PAWNKIT_SOURCE_DIR "/data/structures.epd";
  const auto r =
      run_cli("stats --format json '" + epd + "' '" PAWNKIT_SOURCE_DIR "/data/sample.pgn'");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "pawnkit: " + epd +
                ": stats reads PGN games; this is FEN/EPD (analyze and find read positions)\n");
  EXPECT_EQ(r.out.rfind("{\"games\": 300, ", 0), 0u) << "the PGN file after it is still read";
}

}  // namespace
}  // namespace pawnkit
