// pawnkit pawn-eval from outside: the JSON line and table formats, PGN games with "game"
// and "ply", bad records reported with file and line while the good ones still come out,
// and the exit statuses. Stockfish's agreement is tests/scripts/pawn_eval_vs_stockfish.py.
#include <gtest/gtest.h>

#include <filesystem>
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

TEST(CliPawnEval, TraceWithLabels) {
  // d5 e5 against d6 in a pawn ending (phase 0), worked out in pawn_trace_test: score 49,
  // rounding -0.5, connected.4 coefficient 5 * 2 / 4; isolated.eg +1 (Black's d6),
  // blocked_5.eg +1 (d5).
  const std::string ending = "4k3/8/3p4/3PP3/8/8/8/4K3 w - - 0 1";
  const auto r = run_cli("pawn-eval --trace -",
                         start + " c9 \"1/2-1/2\";\n" + ending + " [1.0]\n" + ending + "\n");
  EXPECT_EQ(r.status, 0) << r.err;
  // The extended terms' 80 coefficients follow the 25 of Stockfish's: here isolated_opposed
  // -1 (Black's d6), phalanx.4 2 (d5 e5) and candidate_passer.4 1 (e5: a sentry, d6, and a
  // helper, d5), endgame columns (phase 0).
  std::string zeros, ending_extended;
  for (std::size_t i = 0; i < 80; ++i) {
    zeros += ", 0";
    ending_extended += i == 1 ? ", -1" : i == 13 ? ", 2" : i == 25 ? ", 1" : ", 0";
  }
  EXPECT_EQ(r.out,
            "{\"fen\": \"" + start +
                "\", \"label\": 0.5, \"phase\": 128, \"side_to_move\": 1, \"material\": [0, 0, "
                "0, 0, 0], \"rounding\": 0, \"score\": 0, \"coefficients\": [0, 0, 0, 0, 0, 0, 0, "
                "0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0" +
                zeros +
                "]}\n"
                "{\"fen\": \"" +
                ending +
                "\", \"label\": 1, \"phase\": 0, \"side_to_move\": 1, \"material\": [1, 0, 0, 0, "
                "0], \"rounding\": -0.5, \"score\": 49, \"coefficients\": [0, 0, 0, 0, 0, 0, 0, 1, "
                "0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2.5, 0, 0, 0, 0" +
                ending_extended +
                "]}\n"
                "{\"fen\": \"" +
                ending +
                "\", \"label\": null, \"phase\": 0, \"side_to_move\": 1, \"material\": [1, 0, 0, "
                "0, 0], \"rounding\": -0.5, \"score\": 49, \"coefficients\": [0, 0, 0, 0, 0, 0, 0, "
                "1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2.5, 0, 0, 0, 0" +
                ending_extended + "]}\n");

  // PGN: the result from White's point of view on every position of the game; CSV.
  const auto pgn = run_cli("pawn-eval --trace --format csv --input pgn -",
                           "[Event \"a\"]\n\n1. e4 e5 0-1\n\n[Event \"b\"]\n\n1. d4 *\n");
  EXPECT_EQ(pgn.status, 0) << pgn.err;
  EXPECT_EQ(pgn.out.substr(0, pgn.out.find(",isolated_opposed.eg,")),
            "game,ply,fen,label,phase,side_to_move,material.pawn,material.knight,"
            "material.bishop,material.rook,material.queen,rounding,score,backward.mg,"
            "backward.eg,doubled.mg,doubled.eg,doubled_early.mg,doubled_early.eg,isolated.mg,"
            "isolated.eg,weak_lever.mg,weak_lever.eg,weak_unopposed.mg,weak_unopposed.eg,"
            "blocked_5.mg,blocked_5.eg,blocked_6.mg,blocked_6.eg,connected.0,connected.1,"
            "connected.2,connected.3,connected.4,connected.5,connected.6,connected.7,supporter,"
            "isolated_opposed.mg");
  // Game 1 was lost by White (label 0) and game 2 has no result (an empty label).
  EXPECT_NE(
      pgn.out.find("\n1,1," +
                   std::string("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1,0,")),
      std::string::npos)
      << pgn.out;
  EXPECT_NE(pgn.out.find("\n2,1,rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1,,"),
            std::string::npos)
      << pgn.out;
  EXPECT_EQ(std::count(pgn.out.begin(), pgn.out.end(), '\n'), 1 + 3 + 2);

  EXPECT_EQ(run_cli("pawn-eval --trace --format table -", start).status, 2);
}

TEST(CliPawnEval, Weights) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto good = dir / ("pawnkit_weights_" + std::to_string(::getpid()) + ".json");
  // The start position's pawns are all connected on relative rank 1: v = 3 * 2 = 6 each
  // with Stockfish's connected[1]; with 10 instead, 20 each, eg 20 * -1 / 4 = -5.
  testing::write_file(good, "{\"connected\": [0, 10, 7, 7, 15, 54, 86, 0]}\n");
  const auto r = run_cli("pawn-eval --format jsonl --weights " + good.string() + " -", start);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"white\": {\"mg\": 160, \"eg\": -40}"), std::string::npos) << r.out;

  testing::write_file(good, "{\n  \"isolated\": [1, 20],\n  \"isolatd\": [1, 20]\n}\n");
  const auto bad = run_cli("pawn-eval --weights " + good.string() + " -", start);
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err, "pawnkit: " + good.string() +
                         ":3: PawnWeights JSON: unknown member \"isolatd\" (see "
                         "eval/pawn_weights_json.hpp for the names) at column 3 ('\"')\n");
  std::filesystem::remove(good);
  EXPECT_EQ(run_cli("pawn-eval --weights /nonexistent.json -", start).status, 2);
}

}  // namespace
}  // namespace pawnkit
