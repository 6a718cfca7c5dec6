// pawnkit tune from outside, on the bundled games: the JSON object's members, its weights
// readable by `pawn-eval --weights`, the same figures for the same seed whatever the
// threads, another split for another seed, and bad command lines.
#include <gtest/gtest.h>

#include <filesystem>
#include <pawnkit/eval/pawn_weights_json.hpp>
#include <string>

#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

using testing::run_cli;

const std::string sample = PAWNKIT_SOURCE_DIR "/data/sample.pgn";

TEST(CliTune, JsonIsReproducibleAndReadable) {
  const std::string quick = "tune --format json --iterations 50 --per-game 4 ";
  const auto a = run_cli(quick + "--threads 1 " + sample);
  ASSERT_EQ(a.status, 0) << a.err;
  const auto b = run_cli(quick + "--threads 2 " + sample);
  EXPECT_EQ(a.out, b.out);
  for (const char* key : {"{\"k\": ", ", \"loss_before\": ", ", \"loss_after\": ",
                          ", \"train_positions\": ", ", \"test_positions\": ", ", \"weights\": {"})
    EXPECT_NE(a.out.find(key), std::string::npos) << key << " in " << a.out;
  const std::size_t weights = a.out.find("\"weights\": ") + 11;
  const std::string json = a.out.substr(weights, a.out.rfind('}') - weights);
  ASSERT_TRUE(eval::parse_pawn_weights(json).ok()) << json;

  const auto file = std::filesystem::temp_directory_path() /
                    ("pawnkit_tune_" + std::to_string(::getpid()) + ".json");
  testing::write_file(file, json);
  const auto eval = run_cli("pawn-eval --format jsonl --weights " + file.string() + " -",
                            "8/8/3p4/3PP3/8/8/k6K/8 w - - 0 1\n");
  EXPECT_EQ(eval.status, 0) << eval.err;
  std::filesystem::remove(file);

  const auto other = run_cli(quick + "--seed 2 " + sample);
  ASSERT_EQ(other.status, 0) << other.err;
  EXPECT_NE(other.out, a.out);
}

TEST(CliTune, TextReport) {
  const auto r = run_cli("tune --iterations 20 " + sample);
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* text :
       {"held out: ", "isolated.mg ", "material.queen.eg ", "side_to_move ", "connected.0 ",
        "(frozen)", "const pawnkit::eval::PawnWeights tuned_pawn_weights{", "phalanx.4.mg ",
        "passed_free_safe.6.eg ", "    .extended = {.isolated_opposed = {"})
    EXPECT_NE(r.out.find(text), std::string::npos) << text << " in " << r.out;
}

TEST(CliTune, FreezesExtendedTerms) {
  // An extended weight (0 by default) frozen stays 0; the others move.
  const auto r =
      run_cli("tune --iterations 20 --freeze phalanx.2.mg,blocked_by_piece.eg " + sample);
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* name : {"phalanx.2.mg ", "blocked_by_piece.eg "}) {
    const std::size_t at = r.out.find(name);
    ASSERT_NE(at, std::string::npos) << name << " in " << r.out;
    const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
    EXPECT_NE(line.find(" 0.0        0.0  (frozen)"), std::string::npos) << line;
  }
  const std::size_t free = r.out.find("phalanx.2.eg ");
  ASSERT_NE(free, std::string::npos);
  EXPECT_EQ(r.out.substr(free, r.out.find('\n', free) - free).find("(frozen)"), std::string::npos);
}

TEST(CliTune, PlainStatements) {
  const auto r = run_cli("tune --iterations 50 --report --bootstrap 3 " + sample);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("95% intervals from 3 bootstrap refits over games"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  an isolated pawn costs "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" pawns in the middlegame (Stockfish 15.1: 0.01)\n"), std::string::npos)
      << r.out;
}

// The check on outside data: on Magnus Carlsen's Lichess games the tuned weights
// predict the held-out games better than Stockfish 15.1's (docs/engine.md has the figures).
TEST(CliTune, BeatsStockfishsWeightsOnTheMagnusGames) {
  const std::string games = PAWNKIT_SHARED_DATA "/lichess_magnus_games.pgn.zst";
  if (!std::filesystem::exists(games)) GTEST_SKIP() << games << " absent";
  const auto r = run_cli("tune --format json --threads 2 " + games);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto number = [&](const std::string& key) {
    return std::stod(r.out.substr(r.out.find("\"" + key + "\": ") + key.size() + 4));
  };
  EXPECT_GT(number("train_positions"), 50'000);
  EXPECT_GT(number("test_positions"), 5'000);
  EXPECT_LT(number("loss_after"), number("loss_before")) << r.out;
}

TEST(CliTune, BadCommandLines) {
  EXPECT_EQ(run_cli("tune").status, 2);
  EXPECT_EQ(run_cli("tune --freeze nothing " + sample).status, 2);
  EXPECT_EQ(run_cli("tune --bound isolated.mg=5 " + sample).status, 2);
  EXPECT_EQ(run_cli("tune --learning-rate -1 " + sample).status, 2);
  const auto epd = run_cli("tune -", "8/8/8/8/8/8/8/K1k5 w - - 0 1\n");
  EXPECT_EQ(epd.status, 1);
  EXPECT_NE(epd.err.find("tune reads PGN games only"), std::string::npos) << epd.err;
}

}  // namespace
}  // namespace pawnkit
