// Structure similarity: the worked examples of docs/similar.md computed by hand, the
// properties the formula promises, and `pawnkit similar` on the bundled games.
#include "analysis/similar/similarity.hpp"

#include <gtest/gtest.h>

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/pawns/structures.hpp>
#include <random>
#include <string>

#include "support/run_cli.hpp"

namespace pawnkit::analysis {
namespace {

using detail::sq;
using testing::run_cli;

// docs/similar.md, example 1: a Caro-Kann/Slav skeleton, one White pawn a rank off
// (c3 -> c4) and one Black pawn missing (e6). Files a..h of both colours are equal except
// the White c-file (1 pawn each, one rank apart on a centre file: 1/4 of 1) and the Black
// e-file (1 against 0: 0 of 1). Sum of scores 6 + 1/4 + 7 + 0 = 13.25 over 7 + 8 = 15.
TEST(Similarity, WorkedExampleOne) {
  const PawnSets target{sq("a2 b2 c3 d4 f2 g2 h2"), sq("a7 b7 c6 d5 e6 f7 g7 h7")};
  const PawnSets position{sq("a2 b2 c4 d4 f2 g2 h2"), sq("a7 b7 c6 d5 f7 g7 h7")};
  EXPECT_DOUBLE_EQ(structure_similarity_as_is(target, position), 13.25 / 15);
  const SimilarityMatch m = structure_similarity_match(target, position);
  EXPECT_DOUBLE_EQ(m.similarity, 13.25 / 15);
  EXPECT_FALSE(m.reversed);
}

// Example 4: a pawn one rank off on a centre file (c to f, where the named structures are
// defined) costs more than one on a wing file. The French advance skeleton (White d4 e5,
// Black d5 e6) with Black's d-pawn on d6 is another structure; with Black's a-pawn on a6
// it is the same French. 16 pawns: (15 + 1/4) / 16 against (15 + 1/2) / 16.
TEST(Similarity, RankOffOnACentreFileCostsMoreThanOnTheWing) {
  const PawnSets french{sq("a2 b2 c3 d4 e5 f2 g2 h2"), sq("a7 b7 c5 d5 e6 f7 g7 h7")};
  const PawnSets d6_for_d5{french[0], sq("a7 b7 c5 d6 e6 f7 g7 h7")};
  const PawnSets a6_for_a7{french[0], sq("a6 b7 c5 d5 e6 f7 g7 h7")};
  const double centre = structure_similarity(french, d6_for_d5);
  const double wing = structure_similarity(french, a6_for_a7);
  EXPECT_DOUBLE_EQ(centre, 15.25 / 16);
  EXPECT_DOUBLE_EQ(wing, 15.5 / 16);
  EXPECT_LT(centre, wing);
  // Every centre file against every wing file, both colours: the same order.
  for (int c = 0; c < 2; ++c)
    for (int centre_file = 2; centre_file <= 5; ++centre_file)
      for (int wing_file : {0, 1, 6, 7}) {
        const PawnSets target{sq("a2 b2 c2 d2 e2 f2 g2 h2"), sq("a7 b7 c7 d7 e7 f7 g7 h7")};
        const Bitboard rank_off = c == 0 ? rank_bb(Rank::Third) : rank_bb(Rank::Sixth),
                       home = c == 0 ? rank_bb(Rank::Second) : rank_bb(Rank::Seventh);
        auto moved = [&](int f) {
          PawnSets p = target;
          p[c] = (p[c] & ~(home & file_bb(File(f)))) | (rank_off & file_bb(File(f)));
          return p;
        };
        EXPECT_LT(structure_similarity(target, moved(centre_file)),
                  structure_similarity(target, moved(wing_file)))
            << c << " " << centre_file << " " << wing_file;
      }
}

// Example 2: doubled c-pawns c3 c4 against a single c4. The c-file scores 1 (c4 on c4,
// the c3 pawn unpaired) of max(2, 1) = 2; the other 5 White and 6 Black pawns are equal:
// (5 + 1 + 6) / (5 + 2 + 6) = 12/13.
TEST(Similarity, WorkedExampleTwoDoubledPawns) {
  const PawnSets target{sq("a2 b2 c3 c4 f2 g2 h2"), sq("a7 b7 e6 f7 g7 h7")};
  const PawnSets position{sq("a2 b2 c4 f2 g2 h2"), sq("a7 b7 e6 f7 g7 h7")};
  EXPECT_DOUBLE_EQ(structure_similarity_as_is(target, position), 12.0 / 13);
}

// Example 3: the isolani held by Black (Tarrasch) against the isolani held by White: as it
// stands they differ, with colours flipped they are the same structure.
TEST(Similarity, WorkedExampleThreeReversed) {
  const PawnSets white_iqp{sq("a2 b2 d4 f2 g2 h2"), sq("a7 b7 e6 f7 g7 h7")};
  const PawnSets black_iqp{sq("a2 b2 e3 f2 g2 h2"), sq("a7 b7 d5 f7 g7 h7")};
  EXPECT_LT(structure_similarity_as_is(white_iqp, black_iqp), 1.0);
  const SimilarityMatch m = structure_similarity_match(white_iqp, black_iqp);
  EXPECT_DOUBLE_EQ(m.similarity, 1.0);
  EXPECT_TRUE(m.reversed);
}

TEST(Similarity, IgnoredFilesTakeNoPart) {
  const PawnSets target{sq("a2 d4 h2"), sq("a7 d5 h7")};
  const PawnSets position{sq("a4 d4 h3"), sq("d5 h5")};
  EXPECT_LT(structure_similarity_as_is(target, position), 1.0);
  EXPECT_DOUBLE_EQ(
      structure_similarity_as_is(target, position, file_bb(File::A) | file_bb(File::H)), 1.0);
  EXPECT_DOUBLE_EQ(structure_similarity_as_is({0, 0}, {0, 0}), 1.0);
}

// In [0, 1], 1 exactly when the pawn sets are equal, symmetric in its two arguments, and
// the flipped reading of a flipped position is the as-is reading.
TEST(Similarity, PropertiesOnRandomPawnSets) {
  std::mt19937_64 rng(14);
  const Bitboard middle = 0x00FFFFFFFFFFFF00ULL;
  for (int i = 0; i < 20000; ++i) {
    auto random_pawns = [&] {
      Bitboard b = rng() & rng() & middle;
      return b;
    };
    const PawnSets a{random_pawns(), random_pawns()};
    PawnSets b = a;
    if (i % 3) b = {random_pawns(), random_pawns()};
    if (i % 3 == 2) b[0] ^= Bitboard{1} << (8 + rng() % 48);  // one pawn more or less
    const double s = structure_similarity_as_is(a, b);
    EXPECT_GE(s, 0.0);
    EXPECT_LE(s, 1.0);
    EXPECT_EQ(s == 1.0, a == b);
    EXPECT_DOUBLE_EQ(s, structure_similarity_as_is(b, a));
    const PawnSets flipped{flip_vertical(b[1]), flip_vertical(b[0])};
    EXPECT_DOUBLE_EQ(structure_similarity_match(a, flipped).similarity,
                     std::max(s, structure_similarity_as_is(a, flipped)));
  }
}

// The bundled sample: a target taken from game 24 at ply 20 ranks that game first with
// similarity 1; the heap keeps exactly --top hits, best first.
TEST(SimilarCommand, TargetGameRanksFirst) {
  const std::string sample = std::string(PAWNKIT_SOURCE_DIR) + "/data/sample.pgn";
  const auto find = run_cli("find --where 'ply == 20' " + sample);
  ASSERT_EQ(find.status, 0);
  // The record of game 24 at ply 20.
  const auto at = find.out.find("\"game\": 24, \"ply\": 20");
  ASSERT_NE(at, std::string::npos) << find.out.substr(0, 300);
  const auto line_start = find.out.rfind('\n', at) + 1;
  const auto fen_at = find.out.find("\"fen\": \"", line_start) + 8;
  const std::string fen = find.out.substr(fen_at, find.out.find('"', fen_at) - fen_at);

  const auto r = run_cli("similar --to '" + fen + "' --top 3 --format jsonl " + sample);
  ASSERT_EQ(r.status, 0) << r.err;
  int lines = 0;
  for (char c : r.out) lines += c == '\n';
  EXPECT_EQ(lines, 3);
  EXPECT_EQ(r.out.rfind("{\"rank\": 1, ", 0), 0u);
  const std::string first = r.out.substr(0, r.out.find('\n'));
  EXPECT_NE(first.find("\"game\": 24,"), std::string::npos) << first;
  EXPECT_NE(first.find("\"similarity\": 1.000"), std::string::npos) << first;
  EXPECT_NE(first.find("\"reversed\": false"), std::string::npos) << first;

  const auto games = run_cli("similar --to '" + fen + "' --top 1 --games " + sample);
  EXPECT_EQ(games.status, 0);
  EXPECT_NE(games.out.find("{pawnkit: similarity 1.000 at ply "), std::string::npos);

  const auto bad = run_cli("similar --to 'not a fen' " + sample);
  EXPECT_EQ(bad.status, 2);
  const auto epd = run_cli("similar --to '" + fen + "' " + std::string(PAWNKIT_SOURCE_DIR) +
                           "/data/structures.epd");
  EXPECT_EQ(epd.status, 1);
  EXPECT_NE(epd.err.find("similar reads PGN games"), std::string::npos);
}

// Model games: five games reach the QGD skeleton after 2...e6 (similarity 1). Game 1
// leaves it at once (3. cxd5: only opening positions at 1); game 2 keeps it to ply 20 and
// then plays e4; games 3-5 keep it to the end (ply 26), game 3 unrated and drawn, game 4
// unrated and won, game 5 rated and drawn. A coach's order: the middlegame before the
// opening, longer in the structure first, rated before unrated, decisive before drawn:
// 5, 4, 3, 2, 1 (game number alone gave 1, 2, 3, 4, 5).
std::string model_games_pgn() {
  const std::string stays =
      "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Nf3 Be7 5. Bg5 O-O 6. Qc2 Nbd7 7. Rd1 Re8 8. Qb3 Nf8 "
      "9. Qc2 Ng6 10. Qb3 Nf8 ";
  auto game = [](std::string tags, const std::string& result, const std::string& moves) {
    return "[Event \"model\"]\n[Result \"" + result + "\"]\n" + tags + "\n" + moves + result +
           "\n\n";
  };
  const std::string strong = "[WhiteElo \"2800\"]\n[BlackElo \"2800\"]\n";
  return game(strong, "1/2-1/2", "1. d4 d5 2. c4 e6 3. cxd5 exd5 ") +
         game(strong, "1-0", stays + "11. e4 Ng6 ") +
         game("", "1/2-1/2", stays + "11. Qc2 Ng6 12. Qb3 Nf8 13. Qc2 Ng6 ") +
         game("", "1-0", stays + "11. Qc2 Ng6 12. Qb3 Nf8 13. Qc2 Ng6 ") +
         game("[WhiteElo \"2000\"]\n[BlackElo \"2100\"]\n", "1/2-1/2",
              stays + "11. Qc2 Ng6 12. Qb3 Nf8 13. Qc2 Ng6 ");
}

const char* const qgd = "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3";

// "game" and "ply" of each line of similar's JSON lines.
std::vector<std::pair<int, int>> ranked(const std::string& jsonl) {
  std::vector<std::pair<int, int>> out;
  for (std::size_t at = 0; (at = jsonl.find("\"game\": ", at)) != std::string::npos;) {
    int game = 0, ply = 0;
    std::sscanf(jsonl.c_str() + at, "\"game\": %d, \"ply\": %d", &game, &ply);
    out.emplace_back(game, ply);
    ++at;
  }
  return out;
}

TEST(SimilarCommand, EqualScoresRankAsACoachPicksModelGames) {
  const std::string pgn = model_games_pgn();
  const auto all =
      run_cli("similar --min-ply 0 --format jsonl --to '" + std::string(qgd) + "' -", pgn);
  ASSERT_EQ(all.status, 0) << all.err;
  EXPECT_EQ(all.out.find("\"similarity\": 1.000") != std::string::npos, true);
  // The shown position is the game's first middlegame one (ply 20: the opening phase ends
  // after 10 moves each) where there is one, else the earliest (game 1, ply 4).
  const std::vector<std::pair<int, int>> expected{{5, 20}, {4, 20}, {3, 20}, {2, 20}, {1, 4}};
  EXPECT_EQ(ranked(all.out), expected) << all.out;
  // The default --min-ply 20 skips the opening: game 1 has no position left to compare.
  const auto skipping = run_cli("similar --format jsonl --to '" + std::string(qgd) + "' -", pgn);
  ASSERT_EQ(skipping.status, 0) << skipping.err;
  const std::vector<std::pair<int, int>> without_first{{5, 20}, {4, 20}, {3, 20}, {2, 20}};
  EXPECT_EQ(ranked(skipping.out), without_first) << skipping.out;
  // With --games --annotate, the comment at the closest ply marks the keys' squares: the
  // c4-d5 tension is a lever of each side (no structure is named).
  const auto games = run_cli(
      "similar --top 1 --games --annotate isolated,levers --to '" + std::string(qgd) + "' -", pgn);
  ASSERT_EQ(games.status, 0) << games.err;
  EXPECT_NE(games.out.find("10. Qb3 Nf8\n{pawnkit: similarity 1.000 at ply 20 [%csl Gc4,Rd5]} "
                           "11. Qc2"),
            std::string::npos)
      << games.out;
  const auto plain = run_cli("similar --annotate levers --to '" + std::string(qgd) + "' -", pgn);
  EXPECT_EQ(plain.status, 2);
}

}  // namespace
}  // namespace pawnkit::analysis
