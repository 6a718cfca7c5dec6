// pawnkit tune from outside, on the bundled games: the JSON object's members, its weights
// readable by `pawn-eval --weights`, the same figures for the same seed whatever the
// threads, another split for another seed, and bad command lines.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <pawnkit/eval/pawn_weights_json.hpp>
#include <string>

#include "support/run_cli.hpp"
#include "support/tune_fixtures.hpp"

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

  const auto other = run_cli(quick + "--force --seed 2 " + sample);
  ASSERT_EQ(other.status, 0) << other.err;
  EXPECT_NE(other.out, a.out);
}

TEST(CliTune, ShelterFittedAndWrittenOnlyWhenAsked) {
  const std::string quick = "tune --format json --force --iterations 30 --per-game 4 ";
  const auto plain = run_cli(quick + sample);
  ASSERT_EQ(plain.status, 0) << plain.err;
  EXPECT_EQ(plain.out.find("shelter"), std::string::npos) << plain.out;
  const auto r = run_cli(quick + "--shelter " + sample);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto tuned = eval::parse_tuned_weights(r.out);
  ASSERT_TRUE(tuned.ok()) << r.out;
  ASSERT_TRUE(tuned.value().shelter.has_value()) << r.out;
  // Fitted: some weight moved from Stockfish's; the frozen level (shelter.0.0) did not.
  const eval::KingShelterWeights& shelter = *tuned.value().shelter;
  EXPECT_NE(shelter, eval::stockfish_king_shelter);
  EXPECT_EQ(shelter.shelter[0][0], eval::stockfish_king_shelter.shelter[0][0]);
  // Written as read, to the unit.
  const std::size_t at = r.out.find("\"weights\": ") + 11;
  const std::string weights = r.out.substr(at, r.out.find(", \"report\"") == std::string::npos
                                                   ? r.out.rfind('}') - at
                                                   : r.out.find(", \"report\"") - at);
  EXPECT_EQ(eval::to_json(tuned.value()), weights);

  const auto file = std::filesystem::temp_directory_path() /
                    ("pawnkit_tune_shelter_" + std::to_string(::getpid()) + ".json");
  testing::write_file(file, r.out);
  const auto eval = run_cli("pawn-eval --format jsonl --weights " + file.string() + " -",
                            "8/8/3p4/3PP3/8/8/k6K/8 w - - 0 1\n");
  EXPECT_EQ(eval.status, 0) << eval.err;
  // tune --start reads the shelter back: the text's "start" column is the JSON's, and the
  // initializer names it.
  const auto started = run_cli("tune --force --iterations 1 --per-game 4 --shelter --start " +
                               file.string() + " " + sample);
  ASSERT_EQ(started.status, 0) << started.err;
  for (const auto& [name, value] :
       {std::pair{"shelter.1.1 ", shelter.shelter[1][1]},
        std::pair{"unblocked_storm.2.2 ", shelter.unblocked_storm[2][2]},
        std::pair{"king_pawn_distance.eg ", shelter.pawn_distance_eg}}) {
    EXPECT_EQ(testing::start_column(started.out, name), std::optional<double>(value))
        << name << " in " << started.out;
  }
  EXPECT_NE(started.out.find("const pawnkit::eval::KingShelterWeights tuned_king_shelter{"),
            std::string::npos);
  EXPECT_NE(started.out.find("    .shelter = tuned_king_shelter};"), std::string::npos);
  EXPECT_NE(run_cli("tune --trace --shelter " + file.string()).status, 0);
  std::filesystem::remove(file);
}

TEST(CliTune, TextReport) {
  const auto r = run_cli("tune --iterations 20 " + sample);
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* text :
       {"held out: ", "isolated.mg ", "material.queen.eg ", "side_to_move ", "connected.0 ",
        "(frozen)", "const pawnkit::eval::PawnWeights tuned_pawn_weights{", "phalanx.4.mg ",
        "passed_free_safe.6.eg "})
    EXPECT_NE(r.out.find(text), std::string::npos) << text << " in " << r.out;
  // The extended terms are fitted only with --extended: here they stay 0, frozen, and the
  // initializer is Stockfish's terms alone.
  const std::size_t phalanx = r.out.find("phalanx.4.mg ");
  ASSERT_NE(phalanx, std::string::npos);
  EXPECT_NE(r.out.substr(phalanx, r.out.find('\n', phalanx) - phalanx).find(" 0.0  (frozen)"),
            std::string::npos);
  EXPECT_EQ(r.out.find(".extended"), std::string::npos);
  const auto fitted = run_cli("tune --iterations 20 --extended " + sample);
  ASSERT_EQ(fitted.status, 0) << fitted.err;
  EXPECT_NE(fitted.out.find("    .extended = {.isolated_opposed = {"), std::string::npos);
}

TEST(CliTune, FreezesExtendedTerms) {
  // An extended weight (0 by default) frozen stays 0; the others move.
  const auto r = run_cli(
      "tune --iterations 20 --extended --freeze phalanx.2.mg,blocked_by_piece.eg " + sample);
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
  EXPECT_NE(r.out.find(" pawns in the middlegame"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" (Stockfish 15.1: 0.01)\n"), std::string::npos) << r.out;
  // 300 games give too few positions for the 34 fitted parameters; the report says so first.
  EXPECT_NE(r.out.find("Caution: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" fitted parameters (fewer than 100 each): the values mostly fit noise"),
            std::string::npos)
      << r.out;
}

// --report --format json: one statement per parameter, signed as the effect on the side
// with the pawn, its interval around it, and the same numbers as the text statements.
TEST(CliTune, ReportAsJson) {
  const std::string quick = "tune --iterations 50 --report --bootstrap 3 ";
  const auto json = run_cli(quick + "--format json " + sample);
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_EQ(std::count(json.out.begin(), json.out.end(), '\n'), 1) << json.out;
  EXPECT_NE(json.out.find(", \"report\": {\"bootstrap\": 3, \"confidence\": 0.95, \"pawn_mg\": "),
            std::string::npos)
      << json.out;
  const auto text = run_cli(quick + sample);
  ASSERT_EQ(text.status, 0) << text.err;
  // Each statement of the text report is in the JSON, with its signed value.
  std::size_t statements = 0;
  for (std::size_t at = json.out.find("{\"parameter\": "); at != std::string::npos;
       at = json.out.find("{\"parameter\": ", at + 1)) {
    ++statements;
    const std::string object = json.out.substr(at, json.out.find('}', at) - at);
    const auto number = [&](const std::string& key) {
      return std::stod(object.substr(object.find("\"" + key + "\": ") + key.size() + 4));
    };
    const std::size_t quote = object.find("\"statement\": \"") + 14;
    const std::string statement = object.substr(quote, object.rfind('"') - quote);
    EXPECT_NE(text.out.find("  " + statement), std::string::npos) << statement;
    const double value = number("value");
    EXPECT_LE(number("ci_low"), value);
    EXPECT_GE(number("ci_high"), value);
    const bool cost = statement.find(" costs ") != std::string::npos;
    const std::size_t plus_minus = statement.find(" +/- ");  // "... costs 0.12 +/- 0.03 ..."
    const double stated = std::stod(statement.substr(statement.rfind(' ', plus_minus - 1) + 1));
    EXPECT_NEAR(cost ? -value : value, stated, 0.0051) << statement;
  }
  EXPECT_EQ(statements, 2 * 8 + 6 + 1 + 1);
  EXPECT_NE(json.out.find("{\"parameter\": \"isolated.mg\", \"term\": \"isolated\", "
                          "\"phase\": \"middlegame\", \"value\": "),
            std::string::npos);
  EXPECT_NE(json.out.find("\"start\": -0.00793651, \"statement\": \"an isolated pawn costs "),
            std::string::npos)
      << "Stockfish 15.1: 1 of 126 middlegame units for an isolated pawn";
  EXPECT_NE(json.out.find("\"phase\": \"both\", "), std::string::npos);
}

// A labelled EPD tuning set, in both label forms, made from the positions of the bundled
// games: every labelled record is used, the split holds out records, the same seed gives
// the same figures, and records without a label or bad lines are counted and reported.
TEST(CliTune, LabelledEpdInput) {
  const auto trace = run_cli("pawn-eval --trace --format jsonl " + sample);
  ASSERT_EQ(trace.status, 0) << trace.err;
  std::string epd;
  std::size_t labelled = 0, line_number = 0;
  for (std::size_t at = trace.out.find("\"fen\": \""); at != std::string::npos;
       at = trace.out.find("\"fen\": \"", at + 1)) {
    if (++line_number % 7) continue;  // a few hundred positions are enough
    const std::size_t start = at + 8, end = trace.out.find('"', start);
    const std::string fen = trace.out.substr(start, end - start);
    const std::string label = trace.out.substr(trace.out.find("\"label\": ", end) + 9, 3);
    if (label == "nul") {
      epd += fen + "\n";
      continue;
    }
    const double value = std::stod(label);
    ++labelled;
    if (labelled % 2)
      epd += fen + " c9 \"" + (value == 1 ? "1-0" : value == 0 ? "0-1" : "1/2-1/2") + "\";\n";
    else
      epd += fen + " [" + (value == 1 ? "1.0" : value == 0 ? "0.0" : "0.5") + "]\n";
  }
  ASSERT_GT(labelled, 300u);
  const std::string quick = "tune --format json --iterations 50 ";
  const auto a = run_cli(quick + "--threads 1 -", epd);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.err, "");
  const auto number = [](const std::string& out, const std::string& key) {
    return std::stod(out.substr(out.find("\"" + key + "\": ") + key.size() + 4));
  };
  EXPECT_EQ(number(a.out, "train_positions") + number(a.out, "test_positions"), double(labelled));
  EXPECT_GT(number(a.out, "test_positions"), 0.05 * labelled);
  EXPECT_LT(number(a.out, "test_positions"), 0.15 * labelled);
  EXPECT_EQ(run_cli(quick + "--threads 2 -", epd).out, a.out);
  EXPECT_NE(run_cli(quick + "--seed 2 -", epd).out, a.out);

  const auto text = run_cli("tune --iterations 20 -", epd + "8/8/8/8/8/8/8/K1k5 w - - 0 1\n");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_EQ(text.out.find("games used"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("records used " + std::to_string(labelled) + " (left out: "),
            std::string::npos)
      << text.out;
  const auto bad = run_cli(quick + "-", epd + "not a fen [1.0]\n");
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("invalid FEN"), std::string::npos) << bad.err;
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
  const auto unlabelled = run_cli("tune -", "8/8/8/8/8/8/8/K1k5 w - - 0 1\n");
  EXPECT_EQ(unlabelled.status, 1);
  EXPECT_NE(unlabelled.err.find("too few positions"), std::string::npos) << unlabelled.err;
}

}  // namespace
}  // namespace pawnkit
