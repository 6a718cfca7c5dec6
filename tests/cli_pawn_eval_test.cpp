// pawnkit pawn-eval from outside: the JSON line and table formats, PGN games with "game"
// and "ply", bad records reported with file and line while the good ones still come out,
// and the exit statuses. Stockfish's agreement is tests/scripts/pawn_eval_vs_stockfish.py.
#include <gtest/gtest.h>

#include <string>

#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

using testing::run_cli;

const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(CliPawnEval, JsonLines) {
  const auto r =
      run_cli("pawn-eval --format jsonl -", start + "\n4k3/8/8/8/3P4/8/8/4K3 w - - 0 1\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "{\"fen\": \"" + start +
                "\", \"white\": {\"mg\": 48, \"eg\": -8}, \"black\": {\"mg\": 48, \"eg\": -8}}\n"
                "{\"fen\": \"4k3/8/8/8/3P4/8/8/4K3 w - - 0 1\", \"white\": {\"mg\": -16, "
                "\"eg\": -38}, \"black\": {\"mg\": 0, \"eg\": 0}}\n");
}

TEST(CliPawnEval, Table) {
  const auto r = run_cli("pawn-eval", start + "\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(start + "\n"), std::string::npos) << r.out;
  // 48 / 361 and -8 / 361, as Stockfish's trace rounds them.
  EXPECT_NE(r.out.find("white      48     -8     0.13    -0.02\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("black      48     -8     0.13    -0.02\n"), std::string::npos) << r.out;
}

TEST(CliPawnEval, PgnGames) {
  const auto r = run_cli("pawn-eval --format jsonl --input pgn -",
                         "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 1-0\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("{\"game\": 1, \"ply\": 0, \"fen\": \"" + start), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("{\"game\": 1, \"ply\": 2, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("{\"game\": 2, \"ply\": 1, "), std::string::npos) << r.out;
  // PGN needs JSON lines.
  const auto table = run_cli("pawn-eval --input pgn -", "[Event \"a\"]\n\n1. e4 1-0\n");
  EXPECT_EQ(table.status, 1);
  EXPECT_NE(table.err.find("PGN input needs --format jsonl"), std::string::npos) << table.err;
}

TEST(CliPawnEval, BadRecordsAndCommandLines) {
  const auto r = run_cli("pawn-eval --format jsonl -", start + "\nnot a fen\n" + start + "\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.substr(0, r.err.find('\n')),
            "pawnkit: <stdin>:2: invalid FEN: board: unknown piece letter at column 2 ('o')");
  EXPECT_NE(r.err.find("pawnkit: pawn-eval: 1 bad record"), std::string::npos) << r.err;
  // Both good records still come out.
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 2);
  EXPECT_EQ(run_cli("pawn-eval --format csv -", start).status, 2);
  EXPECT_EQ(run_cli("pawn-eval --bogus -", start).status, 2);
  EXPECT_EQ(run_cli("pawn-eval /nonexistent/file.epd").status, 1);
}

}  // namespace
}  // namespace pawnkit
