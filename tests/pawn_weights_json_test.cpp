// PawnWeights as JSON (include/pawnkit/eval/pawn_weights_json.hpp): the documented text
// of Stockfish's weights, round trips of random weights, members left out, and errors.
#include <gtest/gtest.h>

#include <pawnkit/eval/pawn_weights_json.hpp>
#include <random>

#include "support/odd_weights.hpp"

namespace pawnkit::eval {
namespace {

const char stockfish_json[] =
    "{\"backward\": [6, 19], \"doubled\": [11, 51], \"doubled_early\": [17, 7], "
    "\"isolated\": [1, 20], \"weak_lever\": [2, 57], \"weak_unopposed\": [15, 18], "
    "\"blocked\": [[-19, -8], [-7, 3]], \"connected\": [0, 3, 7, 7, 15, 54, 86, 0], "
    "\"supporter\": 22}";

TEST(PawnWeightsJson, StockfishWeights) {
  EXPECT_EQ(to_json(PawnWeights{}), stockfish_json);
  const auto read = parse_pawn_weights(stockfish_json);
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read.value(), PawnWeights{});
}

TEST(PawnWeightsJson, RoundTrip) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 1000; ++i) {
    const PawnWeights w = testing::odd_weights(rng);
    const auto read = parse_pawn_weights(to_json(w));
    ASSERT_TRUE(read.ok()) << to_json(w);
    ASSERT_EQ(read.value(), w) << to_json(w);
  }
}

TEST(PawnWeightsJson, MembersLeftOutKeepStockfishValues) {
  const auto read = parse_pawn_weights(" {\n \"isolated\" : [5,15], \"supporter\": -3 }\n");
  ASSERT_TRUE(read.ok()) << read.error().what;
  PawnWeights expected;
  expected.isolated = {5, 15};
  expected.supporter = -3;
  EXPECT_EQ(read.value(), expected);
  EXPECT_TRUE(parse_pawn_weights("{}").ok());
}

TEST(PawnWeightsJson, ExtendedTerms) {
  // Written only when one is not 0, after "supporter": every extended member, the by-rank
  // tables as six pairs (relative ranks 1 to 6).
  PawnWeights w;
  w.extended.isolated_open = {-4, -9};
  w.extended.passed_free_safe[5] = {60, 150};
  const std::string zeros = "[[0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]]";
  const std::string expected =
      std::string(stockfish_json).substr(0, sizeof stockfish_json - 2) +
      ", \"isolated_opposed\": [0, 0], \"isolated_open\": [-4, -9], "
      "\"backward_half_open\": [0, 0], \"blocked_by_piece\": [0, 0], \"phalanx\": " +
      zeros + ", \"candidate_passer\": " + zeros +
      ", \"passed_free_safe\": [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [60, 150]], "
      "\"passed_free_attacked\": " +
      zeros + ", \"passed_blocked_safe\": " + zeros + ", \"passed_blocked_attacked\": " + zeros +
      "}";
  EXPECT_EQ(to_json(w), expected);
  // Read back, or alone: the others keep their values (Stockfish's, or 0).
  EXPECT_EQ(parse_pawn_weights(expected).value(), w);
  const auto read = parse_pawn_weights(
      "{\"phalanx\": [[1, 2], [3, 4], [5, 6], [7, 8], [9, 10], [11, 12]], "
      "\"blocked_by_piece\": [-1, -2]}");
  ASSERT_TRUE(read.ok()) << read.error().what;
  PawnWeights phalanx;
  phalanx.extended.phalanx = {{{1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}, {11, 12}}};
  phalanx.extended.blocked_by_piece = {-1, -2};
  EXPECT_EQ(read.value(), phalanx);
  // Six pairs exactly.
  EXPECT_EQ(parse_pawn_weights("{\"phalanx\": [[1, 2]]}").error().what,
            "expected ',' (too few pairs?)");
  EXPECT_EQ(parse_pawn_weights("{\"phalanx\": [[1, 2], [1, 2], [1, 2], [1, 2], [1, 2], [1, 2], "
                               "[1, 2]]}")
                .error()
                .what,
            "expected ']' (too many pairs?)");
}

TEST(PawnWeightsJson, TunedWeightsWithTheShelter) {
  // Stockfish's shelter as written, read back; random shelters round-trip; a tuned object
  // without "shelter" reads as none, and pawn weights read from one that has it.
  TunedWeights tuned;
  tuned.shelter = stockfish_king_shelter;
  const std::string text = to_json(tuned);
  const std::string shelter =
      "\"shelter\": {\"shelter\": [[-2, 85, 95, 53, 39, 23, 25], [-55, 64, 32, -55, -30, -11, "
      "-61], [-11, 75, 19, -6, 26, 9, -47], [-41, -11, -27, -58, -42, -66, -163]], "
      "\"unblocked_storm\": [[94, -280, -170, 90, 59, 47, 53], [43, -17, 128, 39, 26, -17, 15], "
      "[-9, 62, 170, 34, -5, -20, -11], [-27, -19, 106, 10, 2, -13, -24]], \"blocked_storm\": "
      "[[0, 0], [0, 0], [64, 75], [-3, 14], [-12, 19], [-7, 4], [-10, 5]], \"king_on_file\": "
      "[[[-18, 11], [-6, -3]], [[0, 0], [5, -4]]], \"base\": [5, 5], \"pawn_distance_eg\": 16}}";
  EXPECT_TRUE(text.ends_with(shelter)) << text;
  std::mt19937_64 rng(30);
  for (int i = 0; i < 200; ++i) {
    KingShelterWeights w;
    for (auto* table : {&w.shelter, &w.unblocked_storm})
      for (auto& row : *table)
        for (int& v : row) v = int(rng() % 401) - 200;
    for (Score& s : w.blocked_storm) s = {int(rng() % 99) - 49, int(rng() % 99) - 49};
    w.king_on_file[1][0] = {int(rng() % 99), -int(rng() % 99)};
    w.pawn_distance_eg = int(rng() % 50);
    tuned.shelter = w;
    const auto read = parse_tuned_weights("{\"k\": 0.3, \"weights\": " + to_json(tuned) + "}");
    ASSERT_TRUE(read.ok()) << read.error().what;
    EXPECT_EQ(read.value(), tuned);
    EXPECT_EQ(to_json(read.value()), to_json(tuned));
  }
  EXPECT_EQ(parse_tuned_weights(to_json(TunedWeights{})).value().shelter, std::nullopt);
  EXPECT_TRUE(parse_pawn_weights(text).ok());
  const auto part = parse_tuned_weights("{\"shelter\": {\"pawn_distance_eg\": 9}}");
  ASSERT_TRUE(part.ok());
  KingShelterWeights expected = stockfish_king_shelter;
  expected.pawn_distance_eg = 9;
  EXPECT_EQ(part.value().shelter, expected);
  const auto bad = parse_tuned_weights("{\"shelter\": {\"storm\": 1}}");
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(std::string(bad.error().what).starts_with("unknown member of \"shelter\""));
  EXPECT_FALSE(parse_tuned_weights("{\"shelter\": {\"shelter\": [[1, 2]]}}").ok());
}

TEST(PawnWeightsJson, Errors) {
  const struct {
    const char* text;
    std::string_view what;
    std::size_t column;
  } bad[] = {
      {"", "expected a JSON object", 0},
      {"{\"isolatd\": [1, 2]}", "unknown member (see eval/pawn_weights_json.hpp for the names)", 1},
      {"{\"isolated\": [1.5, 2]}", "expected an integer, not a fraction", 14},
      {"{\"isolated\": [1]}", "expected ',' (too few numbers?)", 15},
      {"{\"connected\": [0, 3, 7, 7, 15, 54, 86, 0, 1]}", "expected ']' (too many numbers?)", 40},
      {"{\"supporter\": 22} x", "trailing characters after the object", 18},
      {"{\"supporter\": 22", "expected ',' or '}'", 16},
  };
  for (const auto& b : bad) {
    const auto read = parse_pawn_weights(b.text);
    ASSERT_FALSE(read.ok()) << b.text;
    EXPECT_EQ(read.error().what, b.what) << b.text;
    EXPECT_EQ(read.error().column, b.column) << b.text;
  }
}

}  // namespace
}  // namespace pawnkit::eval
