// The sloppy-FEN quirk files (tests/data/fen/): quirks.epd has one quirk a line between
// good lines, fen_tags.pgn one quirky FEN tag a game between good games. Each position and
// each warning is written out by hand; --strict (EpdReadOptions::strict,
// PgnReaderOptions::strict) makes every repair an error again.
#include <gtest/gtest.h>

#include <pawnkit/chess/fen.hpp>
#include <string>
#include <vector>

#include "analysis/position_analysis.hpp"
#include "analysis/replay.hpp"
#include "io/game_record.hpp"
#include "io/pgn/reader.hpp"
#include "io/source/byte_source.hpp"
#include "support/read_games.hpp"
#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

std::string data_path(const std::string& name) {
  return std::string(PAWNKIT_SOURCE_DIR) + "/tests/data/fen/" + name;
}

// What reading one line gave: the record's FEN, or the error; and the warnings before it.
struct Line {
  std::size_t number = 0;
  std::string fen_or_error;
  std::vector<std::string> warnings;
};

std::vector<Line> read_epd(const std::string& name, analysis::EpdReadOptions options) {
  std::vector<Line> lines;
  auto opened = io::open_source(data_path(name));
  EXPECT_TRUE(opened.ok()) << opened.error;
  if (!opened.ok()) return lines;
  std::vector<std::string> warnings;
  std::size_t last_warning_line = 0;
  auto on_record = [&](const EpdRecord& record) {
    lines.push_back({last_warning_line, to_fen(record.position), warnings});
    warnings.clear();
  };
  auto on_error = [&](std::size_t line, std::string_view message) {
    lines.push_back({line, "error: " + std::string(message), {}});
  };
  auto on_warning = [&](std::size_t line, std::string_view message) {
    warnings.emplace_back(message);
    last_warning_line = line;
  };
  analysis::for_each_epd_record(*opened.source, options, on_record, on_error, on_warning);
  return lines;
}

const char* const good = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

struct Expected {
  std::size_t line;
  const char* fen_or_error;
  const char* warning;  // "" for none
};

// The quirk lines (even line numbers); every odd line is `good` (line 1 its own good line).
const std::vector<Expected> quirks = {
    {2, "8/5k2/8/3p4/3P4/8/5K2/8 w - - 0 1",
     "FEN: side to move, castling, en passant: missing, read as 'w - -' at column 24"},
    {4, "8/5k2/8/3p4/3P4/8/5K2/8 b - - 0 1",
     "FEN: castling, en passant: missing, read as '- -' at column 26"},
    {6, "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w KQkq - 0 1",
     "FEN: en passant: missing, read as '-' at column 43"},
    {8, "4k3/pp6/8/8/8/8/PP6/4K3 w - - 5 1",
     "FEN: fullmove number: missing, read as 1 at column 32"},
    {10, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "FEN: fullmove number: 0 read as 1 at column 56 ('0')"},
    {12, "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2",
     "FEN: separator: tab between fields read as a blank at column 48 (byte 0x09)"},
    {14, "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2", ""},  // runs of blanks
    {16, "4k2r/ppp2ppp/8/8/8/8/PPP2PPP/4K2R w Kk - 0 20",
     "FEN: castling: right dropped, its rook is missing at column 38 ('Q')"},
    {18, "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R4RK1 b Qkq - 1 12",
     "FEN: castling: right dropped, its rook is missing at column 39 ('K')"},
    {20, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BN1KR w Kkq - 2 9",
     "FEN: castling: right dropped, its rook is missing at column 57 ('F')"},
    {22, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
     "FEN: en passant: square dropped, not on rank 6 with White to move at column 54 ('e')"},
    {24, "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2",
     "FEN: en passant: square dropped, no enemy pawn in front of it at column 54 ('e')"},
    // Consistent with the board though no pawn can capture: kept.
    {26, "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2", ""},
    // EPD operations after the clocks.
    {28, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", ""},
    // Still errors.
    {30, "error: invalid FEN: board: more than one white king at column 19 ('K')", ""},
    {32, "error: invalid FEN: board: pawn on rank 1 or 8 at column 4 ('P')", ""},
    {34, "error: invalid FEN: fullmove number: out of range (1 to 65535) at column 29 ('7')", ""},
};

TEST(FenQuirks, EpdLinesAreRepairedWithAWarningEach) {
  const std::vector<Line> lines = read_epd("quirks.epd", {});
  ASSERT_EQ(lines.size(), 35u);
  EXPECT_EQ(lines[0].fen_or_error, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  for (std::size_t i = 2; i < lines.size(); i += 2) {
    EXPECT_EQ(lines[i].fen_or_error, good) << "line " << i + 1;
    EXPECT_TRUE(lines[i].warnings.empty()) << "line " << i + 1;
  }
  for (const Expected& q : quirks) {
    const Line& line = lines[q.line - 1];
    EXPECT_EQ(line.fen_or_error, q.fen_or_error) << "line " << q.line;
    if (*q.warning) {
      EXPECT_EQ(line.number, q.line);
      EXPECT_EQ(line.warnings, std::vector<std::string>{q.warning}) << "line " << q.line;
    } else {
      EXPECT_TRUE(line.warnings.empty()) << "line " << q.line;
    }
  }
}

TEST(FenQuirks, StrictMakesEveryRepairAnError) {
  const std::vector<Line> lines = read_epd("quirks.epd", {.strict = true});
  ASSERT_EQ(lines.size(), 35u);
  for (const Expected& q : quirks) {
    const Line& line = lines[q.line - 1];
    EXPECT_TRUE(line.warnings.empty());
    if (*q.warning)
      EXPECT_EQ(line.fen_or_error.rfind("error: invalid FEN: ", 0), 0u) << "line " << q.line;
    else
      EXPECT_EQ(line.fen_or_error, q.fen_or_error) << "line " << q.line;
  }
  for (std::size_t i = 2; i < lines.size(); i += 2) EXPECT_EQ(lines[i].fen_or_error, good);
}

TEST(FenQuirks, AnalyzeCountsTheWarningsWhichLeaveTheExitStatusAlone) {
  const auto r = testing::run_cli("analyze --format jsonl '" + data_path("quirks.epd") + "'");
  EXPECT_EQ(r.status, 1);  // the three lines that stay errors
  EXPECT_NE(r.err.find("quirks.epd:10: warning: FEN: fullmove number: 0 read as 1 at column 56"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("pawnkit: analyze: 3 bad records\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("pawnkit: analyze: 11 warnings (input repaired; see above)\n"),
            std::string::npos)
      << r.err;
  std::size_t records = 0;
  for (char c : r.out) records += c == '\n';
  EXPECT_EQ(records, 32u);

  // Only repairs: exit status 0.
  const auto ok = testing::run_cli("analyze --format jsonl -", "8/5k2/8/3p4/3P4/8/5K2/8\n");
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_NE(ok.out.find("\"fen\": \"8/5k2/8/3p4/3P4/8/5K2/8 w - - 0 1\""), std::string::npos);
  EXPECT_NE(ok.err.find("pawnkit: analyze: 1 warning (input repaired; see above)\n"),
            std::string::npos)
      << ok.err;
}

// --strict reaches FEN/EPD input in every command that reads it: a repair is a bad record.
TEST(FenQuirks, StrictFlagMakesEpdRepairsBadRecords) {
  const std::string sloppy = "8/5k2/8/3p4/3P4/8/5K2/8\n";
  for (const std::string command :
       {"analyze --format jsonl", "find --where 'count(white.pawns) == 1'", "pawn-eval"}) {
    const auto lenient = testing::run_cli(command + " -", sloppy);
    EXPECT_EQ(lenient.status, 0) << command << ": " << lenient.err;
    const auto strict = testing::run_cli(command + " --strict -", sloppy);
    EXPECT_EQ(strict.status, 1) << command << ": " << strict.err;
    EXPECT_NE(strict.err.find("1 bad record"), std::string::npos) << command << ": " << strict.err;
  }
}

TEST(FenQuirks, ShowTakesAnEpdLineWithOperationsAndSloppyFen) {
  const auto epd = testing::run_cli(
      "show 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"x\";'");
  EXPECT_EQ(epd.status, 0) << epd.err;
  EXPECT_EQ(epd.out.rfind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", 0), 0u)
      << epd.out;
  EXPECT_EQ(epd.err, "");

  const auto sloppy = testing::run_cli("show 8/8/8/8/8/8/8/4K2k");
  EXPECT_EQ(sloppy.status, 0) << sloppy.err;
  EXPECT_EQ(sloppy.out.rfind("8/8/8/8/8/8/8/4K2k w - - 0 1\n", 0), 0u) << sloppy.out;
  EXPECT_EQ(sloppy.err,
            "pawnkit: show: warning: FEN: side to move, castling, en passant: missing, read as "
            "'w - -' at column 19\n");

  const auto zero =
      testing::run_cli("show 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0'");
  EXPECT_EQ(zero.status, 0);
  EXPECT_EQ(zero.out.rfind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", 0), 0u);

  const auto bad = testing::run_cli("show '4k3/8/8/8/8/8/8/3KK3 w - -'");
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("invalid FEN: board: more than one white king at column 19"),
            std::string::npos)
      << bad.err;
}

struct Game {
  bool ok = false;
  int plies = 0;
  std::string first, last;  // FEN at ply 0 and after the last move
  std::size_t warnings = 0;
  std::string message;  // the first warning, or the error
};

std::vector<Game> replay_games(io::PgnReaderOptions options = {}) {
  std::vector<Game> games;
  testing::for_each_game(data_path("fen_tags.pgn"), options, [&](const io::GameRecord& record) {
    Game game;
    const analysis::ReplayResult r = analysis::replay(record, [&](const Position& pos, int ply) {
      (ply == 0 ? game.first : game.last) = to_fen(pos);
    });
    game.ok = r.outcome == analysis::ReplayOutcome::Complete;
    game.plies = r.plies;
    game.warnings = record.warnings.size();
    game.message =
        game.ok ? (record.warnings.empty() ? "" : record.warnings[0].message) : r.error.message;
    games.push_back(game);
  });
  return games;
}

TEST(FenQuirks, FenTagsAreRepairedAndTheGamesReplayed) {
  const std::vector<Game> games = replay_games();
  ASSERT_EQ(games.size(), 11u);
  for (std::size_t i = 0; i < games.size(); i += 2) {
    EXPECT_TRUE(games[i].ok) << "game " << i + 1;
    EXPECT_EQ(games[i].plies, 4);
    EXPECT_EQ(games[i].last, good);
    EXPECT_EQ(games[i].warnings, 0u);
  }
  // One field.
  EXPECT_TRUE(games[1].ok);
  EXPECT_EQ(games[1].first, "8/5k2/8/3p4/3P4/8/5K2/8 w - - 0 1");
  EXPECT_EQ(games[1].last, "8/8/4k3/3p4/3P1K2/8/8/8 b - - 3 2");
  EXPECT_EQ(games[1].warnings, 1u);
  EXPECT_EQ(games[1].message,
            "FEN tag: side to move, castling, en passant: missing, read as 'w - -' at column 24");
  // Fullmove 0 and a queen-side right without its rook: two warnings; O-O still plays.
  EXPECT_TRUE(games[3].ok);
  EXPECT_EQ(games[3].first, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_EQ(games[3].last, "8/3k4/8/8/8/8/8/5RK1 w - - 2 2");
  EXPECT_EQ(games[3].warnings, 2u);
  EXPECT_EQ(games[3].message,
            "FEN tag: castling: right dropped, its rook is missing at column 25 ('Q')");
  // En passant on the wrong rank.
  EXPECT_TRUE(games[5].ok);
  EXPECT_EQ(games[5].first, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(games[5].last, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  EXPECT_EQ(games[5].warnings, 1u);
  // Tabs.
  EXPECT_TRUE(games[7].ok);
  EXPECT_EQ(games[7].first, "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2");
  EXPECT_EQ(games[7].last, "rnbqkb1r/pppp1ppp/4pn2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3");
  EXPECT_EQ(games[7].warnings, 1u);
  // The side not to move in check stays an error.
  EXPECT_FALSE(games[9].ok);
  EXPECT_EQ(games[9].message, "FEN tag is not a playable position: side not to move is in check");
  EXPECT_EQ(games[9].warnings, 0u);
}

TEST(FenQuirks, StrictReaderMakesFenTagRepairsErrors) {
  io::PgnReaderOptions strict;
  strict.strict = true;
  const std::vector<Game> games = replay_games(strict);
  ASSERT_EQ(games.size(), 11u);
  for (std::size_t i = 0; i < games.size(); i += 2) EXPECT_TRUE(games[i].ok) << "game " << i + 1;
  for (std::size_t i : {1, 3, 5, 7, 9}) {
    EXPECT_FALSE(games[i].ok) << "game " << i + 1;
    EXPECT_EQ(games[i].plies, 0);
    EXPECT_EQ(games[i].first, "") << "no start position for a game whose tags failed";
    EXPECT_EQ(games[i].warnings, 0u);
  }
  EXPECT_EQ(games[3].message,
            "FEN tag: castling: right dropped, its rook is missing at column 25 ('Q')");
}

}  // namespace
}  // namespace pawnkit
