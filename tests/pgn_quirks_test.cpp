// The quirk corpus (tests/data/pgn/quirks/, one quirk a file, each between two good games):
// every game is replayed, and the quirk game's ply count and final board are what a
// lenient reader (chessops, pgn-extract) gets, written out by hand. Repairs are warnings.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <pawnkit/chess/fen.hpp>
#include <set>
#include <string>
#include <vector>

#include "analysis/replay.hpp"
#include "io/game_record.hpp"
#include "io/pgn/reader.hpp"
#include "support/fens_by_game.hpp"
#include "support/read_games.hpp"
#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

struct ReplayedGame {
  int plies = 0;
  std::string board;  // the final position's piece placement (FEN's first field)
  std::string fen;    // the final position
  std::string result;
  std::size_t warnings = 0;
  bool ok = false;
};

std::string quirk_path(const std::string& name) {
  return std::string(PAWNKIT_SOURCE_DIR) + "/tests/data/pgn/quirks/" + name + ".pgn";
}

std::vector<ReplayedGame> replay_file(const std::string& name, io::PgnReaderOptions options = {}) {
  std::vector<ReplayedGame> games;
  testing::for_each_game(quirk_path(name), options, [&](const io::GameRecord& record) {
    ReplayedGame game;
    std::string fen;
    const analysis::ReplayResult r = analysis::replay(record, [&](const Position& pos, int) {
      fen.clear();
      append_fen(fen, pos);
    });
    game.plies = r.plies;
    game.board = fen.substr(0, fen.find(' '));
    game.result = record.result;
    game.warnings = record.warnings.size() + r.warnings.size();
    game.fen = fen;
    game.ok = r.outcome == analysis::ReplayOutcome::Complete;
    games.push_back(game);
  });
  return games;
}

struct Quirk {
  const char* file;
  int plies;  // of the quirk game
  std::size_t warnings;
  const char* board;  // final board of the quirk game, or "" when not checked
};

const char* const start_board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

class QuirkCorpus : public ::testing::TestWithParam<Quirk> {};

TEST_P(QuirkCorpus, ReplaysAsALenientReaderDoes) {
  const Quirk& q = GetParam();
  const std::vector<ReplayedGame> games = replay_file(q.file);
  ASSERT_EQ(games.size(), 3u) << q.file;
  EXPECT_EQ(games[0].plies, 6) << "the good game before";
  EXPECT_EQ(games[0].result, "1-0");
  EXPECT_EQ(games[2].plies, 4) << "the good game after";
  EXPECT_EQ(games[2].result, "0-1");
  EXPECT_TRUE(games[1].ok);
  EXPECT_EQ(games[1].plies, q.plies);
  EXPECT_EQ(games[1].warnings, q.warnings);
  if (*q.board) {
    EXPECT_EQ(games[1].board, q.board);
  }
  EXPECT_TRUE(games[0].ok && games[2].ok);
  EXPECT_EQ(games[0].warnings + games[2].warnings, 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Quirks, QuirkCorpus,
    ::testing::Values(
        Quirk{"lowercase_castling", 10, 0,
              "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQ1RK1"},
        Quirk{"zero_castling", 10, 0, "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQ1RK1"},
        Quirk{"pawn_prefix", 6, 0, "rnbqkbnr/ppp2ppp/3p4/8/3pP3/5N2/PPP2PPP/RNBQKB1R"},
        Quirk{"en_passant_suffix", 7, 0, "rnbqkb1r/ppp2ppp/3p1n2/8/3P4/8/PPP2PPP/RNBQKBNR"},
        Quirk{"trailing_dot", 4, 0, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"},
        Quirk{"figurines", 6, 0, "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R"},
        Quirk{"ellipsis", 4, 0, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"},
        Quirk{"annotation_symbols", 10, 0,
              "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1"},
        Quirk{"half_draw", 4, 0, ""}, Quirk{"slash_draw", 4, 0, ""},
        Quirk{"result_mid_movetext", 5, 1, "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R"},
        Quirk{"stray_brace", 4, 1, ""}, Quirk{"stray_paren", 4, 1, ""},
        Quirk{"indented_escape", 4, 0, ""}, Quirk{"bom_mid_file", 4, 0, ""},
        Quirk{"unquoted_tag", 3, 1, ""}, Quirk{"missing_quote", 3, 1, ""},
        Quirk{"missing_bracket", 3, 1, ""}, Quirk{"single_quotes", 3, 1, ""},
        Quirk{"nonstandard_tag_name", 3, 0, ""}, Quirk{"long_tag", 3, 0, "8/3k4/8/4P3/8/8/8/4K3"},
        Quirk{"result_tag_mismatch", 3, 1, ""},
        // Boards checked by pgn-extract (and chessops for the games in upper case).
        Quirk{"lowercase_pieces", 14, 1, "rnb1r1k1/ppppqppp/5n2/4p3/3P4/2PBPN2/P1PBQPPP/RN2K2R"},
        Quirk{"uci_moves", 10, 0, "r1bqkbnr/1pp3pp/p1p2p2/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1"},
        Quirk{"long_algebraic", 14, 0, "r1bqkbnr/1pp3pp/p4p2/2p5/3NP3/8/PPP2PPP/RNBQ1RK1"},
        Quirk{"null_moves", 6, 0, "rnbqkbnr/pppp1ppp/8/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R"}),
    [](const auto& info) { return std::string(info.param.file); });

TEST(QuirkCorpus, DrawsWrittenOtherwiseAreDraws) {
  EXPECT_EQ(replay_file("half_draw")[1].result, "1/2-1/2");
  EXPECT_EQ(replay_file("slash_draw")[1].result, "1/2-1/2");
  EXPECT_EQ(replay_file("result_tag_mismatch")[1].result, "0-1");  // the token, not the tag
}

TEST(QuirkCorpus, StrictTurnsRepairsIntoErrors) {
  io::PgnReaderOptions strict;
  strict.strict = true;
  for (const char* name :
       {"stray_brace", "unquoted_tag", "result_mid_movetext", "lowercase_pieces"}) {
    const std::vector<ReplayedGame> games = replay_file(name, strict);
    ASSERT_EQ(games.size(), 3u) << name;
    EXPECT_FALSE(games[1].ok) << name;
    EXPECT_EQ(games[1].warnings, 0u) << name;
    EXPECT_TRUE(games[2].ok) << name;
  }
}

TEST(QuirkCorpus, SpellingsAreNotRepairsEvenWhenStrict) {
  io::PgnReaderOptions strict;
  strict.strict = true;
  for (const char* name : {"uci_moves", "long_algebraic", "null_moves"}) {
    const std::vector<ReplayedGame> games = replay_file(name, strict);
    ASSERT_EQ(games.size(), 3u) << name;
    EXPECT_TRUE(games[1].ok) << name;
    EXPECT_EQ(games[1].warnings, 0u) << name;
  }
}

TEST(QuirkCorpus, ANullMovePassesTheMove) {
  // 1. e4 -- 2. d4 Z0 3. Nf3 e5: each pass counts the halfmove clock on, Black's pass
  // advances the move number (as chessops plays a null move).
  const std::vector<ReplayedGame> games = replay_file("null_moves");
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[1].fen, "rnbqkbnr/pppp1ppp/8/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 4");
  const auto r = testing::run_cli("analyze --format jsonl '" + quirk_path("null_moves") + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("{\"game\": 2, \"ply\": 2, \"fen\": "
                       "\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2\""),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("{\"game\": 2, \"ply\": 4, \"fen\": "
                       "\"rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3\""),
            std::string::npos)
      << r.out;
}

TEST(QuirkCorpus, ANullMoveInCheckIsIllegal) {
  const auto r = testing::run_cli("analyze --input pgn --format jsonl -",
                                  "1. e4 e5 2. Qh5 Nc6 3. Qxf7+ -- *\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("illegal move: a null move in check '--' (move 3, Black)"),
            std::string::npos)
      << r.err;
}

TEST(QuirkCorpus, LowerCasePieceLettersAreOneWarningPerGame) {
  const auto r = testing::run_cli("stats '" + quirk_path("lowercase_pieces") + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("lowercase_pieces.pgn:8: game 2: warning: piece letter in lower case: "
                       "'bd2' read as 'Bd2' (move 2, White), and 8 more moves like it\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("pawnkit: stats: 1 warning (input repaired; see above)\n"),
            std::string::npos)
      << r.err;
}

// Game numbers named by error lines (not warnings) on standard error.
std::set<std::size_t> games_with_errors(const std::string& err) {
  std::set<std::size_t> bad;
  std::size_t at = 0;
  while ((at = err.find(": game ", at)) != std::string::npos) {
    at += 7;
    const std::size_t number = std::stoul(err.substr(at));
    const std::size_t eol = err.find('\n', at);
    if (err.substr(at, eol - at).find(": warning: ") == std::string::npos) bad.insert(number);
  }
  return bad;
}

// find --games writes portable PGN: read back by pawnkit it replays, without a warning or an
// error, to the same positions as each fully replayed input game (and chessops agrees:
// tests/scripts/find_games_chessops.mjs, run by hand; the recorded run is in
// tests/data/pgn/quirks/README.md).
TEST(QuirkCorpus, FindGamesWritesPgnThatReplaysToTheSamePositions) {
  namespace fs = std::filesystem;
  std::vector<std::string> files{std::string(PAWNKIT_SOURCE_DIR) + "/data/sample.pgn",
                                 std::string(PAWNKIT_SOURCE_DIR) + "/tests/data/games/famous.pgn"};
  for (const char* dir : {"/tests/data/pgn", "/tests/data/pgn/quirks"})
    for (const auto& entry : fs::directory_iterator(std::string(PAWNKIT_SOURCE_DIR) + dir))
      if (entry.path().extension() == ".pgn") files.push_back(entry.path().string());
  std::size_t games_compared = 0;
  for (const std::string& file : files) {
    const auto input = testing::run_cli("analyze --format jsonl --threads 1 '" + file + "'");
    const auto written = testing::run_cli("find --games --where 'ply >= 0' '" + file + "'");
    EXPECT_EQ(written.status, input.status) << file;
    const auto back = testing::run_cli("analyze --input pgn --format jsonl -", written.out);
    EXPECT_EQ(back.status, 0) << file << "\n" << back.err;
    EXPECT_EQ(back.err, "") << file;
    const std::set<std::size_t> bad = games_with_errors(input.err);
    std::vector<std::vector<std::string>> expected;
    for (const auto& [number, fens] : testing::fens_by_game(input.out))
      if (!bad.contains(number)) expected.push_back(fens);
    std::vector<std::vector<std::string>> got;
    for (const auto& [number, fens] : testing::fens_by_game(back.out)) got.push_back(fens);
    EXPECT_EQ(got, expected) << file << "\n" << written.out;
    games_compared += got.size();
  }
  EXPECT_GT(games_compared, 400u);
}

TEST(QuirkCorpus, FindGamesWritesTheSanPawnkitGenerates) {
  const auto r =
      testing::run_cli("find --games --where 'ply >= 0' '" + quirk_path("uci_moves") + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(
      r.out.find("[Event \"Quirk\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                 "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"
                 "{pawnkit: first match at ply 0} 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6\n"
                 "5. O-O f6 *\n"),
      std::string::npos)
      << r.out;
  const auto n =
      testing::run_cli("find --games --where 'ply >= 0' '" + quirk_path("null_moves") + "'");
  EXPECT_NE(n.out.find("1. e4 -- 2. d4 -- 3. Nf3 e5 *\n"), std::string::npos) << n.out;
}

TEST(QuirkCorpus, AGameWhoseTagsFailHasNoStartPositionRecord) {
  const auto r = testing::run_cli("analyze --format jsonl '" +
                                  quirk_path("tag_error_no_start_position") + "'");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out.find("\"game\": 2"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find(":6: game 2: unexpected byte 0x01 in tag value"), std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find(start_board), std::string::npos);  // the good games' own ply 0
}

TEST(QuirkCorpus, AnalyzeWithoutFormatWritesJsonLinesForPgn) {
  const auto r = testing::run_cli("analyze '" + quirk_path("figurines") + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("{\"game\": 1, \"ply\": 0, ", 0), 0u) << r.out.substr(0, 200);
}

TEST(QuirkCorpus, WarningsAreOneLineEachAndCountedButKeepTheExitStatus) {
  const auto r = testing::run_cli("stats '" + quirk_path("stray_brace") + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("stray_brace.pgn:8: game 2: warning: stray '}' skipped\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("pawnkit: stats: 1 warning (input repaired; see above)\n"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace pawnkit
