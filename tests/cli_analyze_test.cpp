// pawnkit analyze and show, end to end through the built binary.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <string>

#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

using testing::run_cli;

// Written out by hand from the pattern spec: a lone white d4 pawn, kings only otherwise.
const std::string lone_d4_line =
    R"({"fen": "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", "white": {"pawns": ["d4"], "isolated": ["d4"], )"
    R"("half_isolated": [], "behind_own": [], "in_front_of_own": [], "doubled": [], "tripled": [], )"
    R"("phalanx": [], "duo": [], "trio": [], "quart": [], "open": ["d4"], "hanging": [], )"
    R"("passed": ["d4"], "backward": [], "defended": [], "rams": [], "levers": [], "islands": 1, )"
    R"("island_files": ["d"], "attacks": ["c5","e5"], "single_pushes": ["d5"], "double_pushes": [], )"
    R"("captures": [], "en_passant": [], "promotions": [], "connected": [], "candidates": [], )"
    R"("chain_bases": [], "holes": ["a3","b3","c3","d3","e3","f3","g3","h3","a4","b4","c4","d4",)"
    R"("e4","f4","g4","h4"], "outposts": ["c5","e5"]}, "black": {"pawns": [], "isolated": [], )"
    R"("half_isolated": [], "behind_own": [], "in_front_of_own": [], "doubled": [], "tripled": [], )"
    R"("phalanx": [], "duo": [], "trio": [], "quart": [], "open": [], "hanging": [], "passed": [], )"
    R"("backward": [], "defended": [], "rams": [], "levers": [], "islands": 0, "island_files": [], )"
    R"("attacks": [], "single_pushes": [], "double_pushes": [], "captures": [], "en_passant": [], )"
    R"("promotions": [], "connected": [], "candidates": [], "chain_bases": [], )"
    R"("holes": ["a5","b5","c5","d5","e5","f5","g5","h5","a6","b6","c6","d6","e6","f6","g6","h6"], )"
    R"("outposts": []}, "structure": null, "structure_side": null, "phase": "endgame"})"
    "\n";

TEST(CliAnalyze, JsonLineIsByteExact) {
  const auto r = run_cli("analyze --format jsonl -", "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, lone_d4_line);
  EXPECT_EQ(r.err, "");
}

TEST(CliAnalyze, EpdOperationsAreIgnoredAndClocksDefault) {
  const auto r =
      run_cli("analyze --format jsonl", "4k3/8/8/8/3P4/8/8/4K3 w - - bm Kd2; id \"x\";\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, lone_d4_line);
}

TEST(CliAnalyze, BadLinesAreReportedAndTheRestIsStillProcessed) {
  const std::string good = "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1\n";
  std::string input = good;
  input += "\n";                                                                  // 2: empty line
  input += "rnbqkbnr/pppppppp/ppppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";  // 3: 9 files
  input += "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1\n";  // 4: pawn on rank 1
  input += "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";  // 5: unknown letter
  input += "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq\n";        // 6: bad side
  input += std::string(1 << 20 | 5, 'p') + "\n";                          // 7: a 1 MB line
  input += std::string("\x01\x02\xff\xfe\x00junk", 9) + "\n";             // 8: binary bytes
  input += good;                                                          // 9
  const auto r = run_cli("analyze --format jsonl -", input);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, lone_d4_line + lone_d4_line);
  EXPECT_EQ(
      r.err,
      "pawnkit: <stdin>:2: empty line, expected a FEN or EPD record\n"
      "pawnkit: <stdin>:3: invalid FEN: board: rank 6 has more than 8 files at column 27 ('p')\n"
      "pawnkit: <stdin>:4: invalid FEN: board: pawn on rank 1 or 8 at column 43 ('P')\n"
      "pawnkit: <stdin>:5: invalid FEN: board: unknown piece letter at column 14 ('x')\n"
      "pawnkit: <stdin>:6: invalid FEN: side to move: expected 'w' or 'b' at column 45 ('x')\n"
      "pawnkit: <stdin>:7: line longer than 1048576 bytes\n"
      "pawnkit: <stdin>:8: invalid FEN: board: unknown piece letter at column 1 (byte 0x01)\n"
      "pawnkit: analyze: 7 bad records\n");
}

TEST(CliAnalyze, MissingFileIsAnErrorAndOtherFilesAreStillRead) {
  const std::string dir = ::testing::TempDir();
  testing::write_file(dir + "/one.epd", "4k3/8/8/8/3P4/8/8/4K3 w - -\n");
  const auto r = run_cli("analyze --format jsonl '" + dir + "/nope.epd' '" + dir + "/one.epd'");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, lone_d4_line);
  EXPECT_NE(r.err.find("nope.epd"), std::string::npos) << r.err;
}

TEST(CliAnalyze, TableNamesEveryKey) {
  const auto r = run_cli("analyze", "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("  isolated         d4"), std::string::npos) << r.out;
  // The white column is as wide as its widest entry, White's 16 holes (47 characters).
  EXPECT_NE(r.out.find("  islands          1 (d)" + std::string(47 + 2 - 5, ' ') + "0\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  outposts         c5 e5"), std::string::npos) << r.out;
}

TEST(CliAnalyze, CsvHasOneColumnPerKeyAndSide) {
  const auto r = run_cli("analyze --format csv", "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1\n");
  EXPECT_EQ(r.status, 0) << r.err;
  const auto newline = r.out.find('\n');
  const std::string header = r.out.substr(0, newline);
  EXPECT_EQ(header.rfind("fen,white_pawns,white_isolated,", 0), 0u) << header;
  EXPECT_EQ(std::count(header.begin(), header.end(), ','), 65);
  EXPECT_TRUE(
      header.ends_with(",black_promotions,black_connected,black_candidates,black_chain_bases,"
                       "black_holes,black_outposts,structure,structure_side,phase"))
      << header;
  EXPECT_TRUE(r.out.ends_with(",,,endgame\n")) << "no structure: two empty fields, the phase";
  EXPECT_EQ(r.out.substr(newline + 1, 46), "\"4k3/8/8/8/3P4/8/8/4K3 w - - 0 1\",d4,d4,,,,,,,");
}

// The Tarrasch Defense's isolated d5 pawn: the isolani rule reversed, held by Black. The
// FEN says move 1, so with 24 points of material the phase is the opening.
TEST(CliAnalyze, NamedStructureFollowsBlack) {
  const std::string tarrasch = "r1bq1rk1/pp3ppp/2n2n2/2bp4/8/2N2NP1/PP2PPBP/R1BQ1RK1 w - - 0 1\n";
  const auto json = run_cli("analyze --format jsonl", tarrasch);
  EXPECT_EQ(json.status, 0) << json.err;
  EXPECT_TRUE(
      json.out.ends_with(R"(]}, "structure": "iqp", "structure_side": "black", "phase": "opening"})"
                         "\n"))
      << json.out;
  const auto csv = run_cli("analyze --format csv", tarrasch);
  EXPECT_TRUE(csv.out.ends_with(",iqp,black,opening\n")) << csv.out;
  const auto table = run_cli("analyze", tarrasch);
  EXPECT_NE(table.out.find("  structure        iqp (held by black, reversed)\n"
                           "  phase            opening\n"),
            std::string::npos)
      << table.out;
}

// Standard input and unknown extensions: the content decides (io/input_format.hpp).
TEST(CliAnalyze, BareMovetextCommentsAndEscapesAreReadAsPgn) {
  const auto numbered = run_cli("analyze --format jsonl --threads 1 -", "1. e4 e5 2. Nf3 Nc6 *\n");
  ASSERT_EQ(numbered.status, 0) << numbered.err;
  ASSERT_NE(numbered.out.find(R"({"game": 1, "ply": 4, )"), std::string::npos);
  for (const std::string input : {"e4 e5 Nf3 Nc6 *\n", "{ a book line }\n1. e4 e5 2. Nf3 Nc6 *\n",
                                  "; exported\n1. e4 e5 2. Nf3 Nc6 *\n", "%!\ne4 e5 Nf3 Nc6 *\n"}) {
    const auto r = run_cli("analyze --format jsonl --threads 1 -", input);
    EXPECT_EQ(r.status, 0) << input << r.err;
    EXPECT_EQ(r.out, numbered.out) << input;
  }
  // A name that says nothing: the same.
  const std::string bare = std::filesystem::temp_directory_path() /
                           ("pawnkit_bare_" + std::to_string(::getpid()) + ".txt");
  testing::write_file(bare, "e4 e5 Nf3 Nc6 *\n");
  const auto r = run_cli("analyze --format jsonl --threads 1 '" + bare + "'");
  std::filesystem::remove(bare);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, numbered.out);
  // A FEN line stays a position.
  const auto fen = run_cli("analyze --format jsonl -", "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1\n");
  EXPECT_EQ(fen.status, 0) << fen.err;
  EXPECT_EQ(fen.out.find("\"game\""), std::string::npos) << fen.out;
}

TEST(CliAnalyze, UnknownOptionIsAUsageError) {
  const auto r = run_cli("analyze --fromat jsonl");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.substr(0, 57), "pawnkit: analyze: unknown option '--fromat' (see --help)\n");
}

// Whole-number options, required options and required operands fail in the parser, with
// the option named and the usage line.
TEST(CliOptions, RangeRequiredAndOperandErrorsNameWhatIsWrong) {
  auto r = run_cli("show --per-row 17 8/8/8/8/8/8/8/K6k");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.substr(0, r.err.find('\n')),
            "pawnkit: show: option '--per-row' takes a whole number from 1 to 16");
  r = run_cli("similar --top 5");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.substr(0, r.err.find('\n')), "pawnkit: similar: --to is needed");
  r = run_cli("perft");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.substr(0, r.err.find('\n')), "pawnkit: perft: DEPTH is needed");
  r = run_cli("bench now");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.substr(0, r.err.find('\n')), "pawnkit: bench: unexpected argument 'now'");
  r = run_cli("show --per-row 2 8/8/8/8/8/8/8/K6k w - - 0 1 --pattern passed");
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST(CliShow, DrawsThePositionAndEachPattern) {
  const auto r = run_cli(
      "show 'rnr3k1/4qpp1/p3b2p/1Bpp4/8/Q3PN2/PP3PPP/2R1K2R w K - 0 16' --pattern hanging,passed");
  EXPECT_EQ(r.status, 0) << r.err;
  // The hanging pawns of Fischer-Spassky 1972 (6): c5 and d5, marked b on rank 5.
  EXPECT_NE(r.out.find("  position           hanging            passed\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("5 . B p p . . . .    . . b b . . . .    . . . . . . . .\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  black islands: 3 (a, c-d, f-h)\n"), std::string::npos) << r.out;
  EXPECT_TRUE(r.out.ends_with("  structure: hanging-pawns (held by black, reversed)\n")) << r.out;
}

TEST(CliShow, FenFieldsMayBeSeparateArguments) {
  const auto r = run_cli("show 4k3/8/8/8/3P4/8/8/4K3 w - - 0 1 --pattern isolated");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("4 . . . P . . . .    . . . w . . . .\n"), std::string::npos) << r.out;
}

TEST(CliShow, ErrorsAreOneLine) {
  auto r = run_cli("show 4k3/8/8/8/3P4/8/8/4K3 w - - 0 1 --pattern isolatd");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("pawnkit: show: unknown pattern 'isolatd'", 0), 0u) << r.err;
  r = run_cli("show 4k3/8/8/8/3P4/8/8/4K3 x - - 0 1");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(
      r.err,
      "pawnkit: <argument>:1: invalid FEN: side to move: expected 'w' or 'b' at column 23 ('x')\n");
}

TEST(Cli, HelpAndVersion) {
  for (const char* command : {"analyze", "show"}) {
    const auto r = run_cli(std::string(command) + " --help");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out.rfind(std::string("usage: pawnkit ") + command, 0), 0u) << r.out;
  }
  // The commands that read records and games describe their input with one paragraph,
  // every container they read included.
  for (const char* command : {"analyze", "find", "pawn-eval"}) {
    const auto r = run_cli(std::string(command) + " --help");
    EXPECT_NE(r.out.find("PGN games (.pgn,\n.pgn.gz, .pgn.bz2, .pgn.zst;"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("the exit status is then 1."), std::string::npos) << r.out;
  }
  EXPECT_EQ(run_cli("--version").out.rfind("pawnkit ", 0), 0u);
  EXPECT_EQ(run_cli("").status, 2);
  EXPECT_EQ(run_cli("frobnicate").status, 2);
}

}  // namespace
}  // namespace pawnkit
