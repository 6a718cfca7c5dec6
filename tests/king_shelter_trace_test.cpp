// The king shelter as a function of its weights (include/pawnkit/eval/king_shelter_trace.hpp):
// the trace's score, re-choosing the king's square with any weights, equals the square-by-
// square reference (king_shelter_reference.hpp) with those weights, on random boards and
// on every position of the bundled games; the parameter vector round-trips and its names
// are unique.
#include <gtest/gtest.h>

#include <pawnkit/eval/king_shelter_reference.hpp>
#include <pawnkit/eval/king_shelter_trace.hpp>
#include <random>
#include <set>

#include "analysis/replay.hpp"
#include "support/read_games.hpp"

namespace pawnkit::eval {
namespace {

ShelterParameters random_parameters(std::mt19937_64& rng) {
  ShelterParameters p;
  for (int& v : p) v = int(rng() % 401) - 200;
  return p;
}

TEST(KingShelterTrace, ScoreEqualsTheReferenceWithAnyWeights) {
  std::mt19937_64 rng(30);
  for (int i = 0; i < 100'000; ++i) {
    Bitboard pawns[2] = {0, 0};
    const unsigned density = unsigned(rng() % 10);
    for (int s = 8; s < 56; ++s)
      if (rng() % 16 < density) pawns[rng() & 1] |= square_bb(Square(s));
    // Kings on their first two ranks half the time, where the shelter and castling matter.
    const Square king = i % 2 ? Square(rng() % 64) : make_square(int(rng() % 8), int(rng() % 2));
    const bool short_castle = rng() & 1, long_castle = rng() & 1;
    const ShelterParameters p =
        i % 4 == 0 ? to_shelter_parameters(stockfish_king_shelter) : random_parameters(rng);
    const KingShelterWeights w = from_shelter_parameters(p);
    for (const Color us : {White, Black}) {
      const Bitboard own = pawns[index(us)] & ~square_bb(king);
      const Bitboard enemy = pawns[index(~us)] & ~square_bb(king);
      const KingShelterTrace t =
          us == White ? king_shelter_trace<White>(own, enemy, king, short_castle, long_castle)
                      : king_shelter_trace<Black>(own, enemy, king, short_castle, long_castle);
      ASSERT_EQ(shelter_score(t, p),
                reference::king_shelter(us, own, enemy, king, short_castle, long_castle, w))
          << "case " << i;
    }
  }
}

TEST(KingShelterTrace, ScoreEqualsKingShelterOnTheBundledGames) {
  std::mt19937_64 rng(31);
  std::size_t positions = 0;
  testing::for_each_game(PAWNKIT_SOURCE_DIR "/data/sample.pgn", {}, [&](const io::GameRecord& g) {
    analysis::replay(g, [&](const Position& pos, int) {
      const ShelterParameters p = random_parameters(rng);
      const KingShelterWeights w = from_shelter_parameters(p);
      for (const Color c : {White, Black}) {
        const Square king = pos.king_square(c);
        const bool ks = pos.can_castle(c, CastlingSide::King);
        const bool qs = pos.can_castle(c, CastlingSide::Queen);
        const Bitboard own = pos.pawns(c), enemy = pos.pawns(~c);
        const KingShelterTrace t = c == White ? king_shelter_trace<White>(own, enemy, king, ks, qs)
                                              : king_shelter_trace<Black>(own, enemy, king, ks, qs);
        EXPECT_EQ(shelter_score(t, p), reference::king_shelter(c, own, enemy, king, ks, qs, w));
      }
      ++positions;
    });
  });
  EXPECT_GT(positions, 10'000u);
}

TEST(KingShelterTrace, ParametersRoundTripAndAreNamedOnce) {
  std::mt19937_64 rng(32);
  const ShelterParameters p = random_parameters(rng);
  EXPECT_EQ(to_shelter_parameters(from_shelter_parameters(p)), p);
  std::set<std::string> names;
  for (std::size_t i = 0; i < shelter_parameter_count; ++i) names.insert(shelter_parameter_name(i));
  EXPECT_EQ(names.size(), shelter_parameter_count);
  EXPECT_EQ(shelter_parameter_name(7 + 2), "shelter.1.2");
  EXPECT_EQ(shelter_parameter_name(unblocked_storm_parameter + 7 * 3 + 6), "unblocked_storm.3.6");
  EXPECT_EQ(shelter_parameter_name(blocked_storm_parameter + 5), "blocked_storm.2.eg");
  EXPECT_EQ(shelter_parameter_name(king_on_file_parameter + 2), "king_on_file.0.1.mg");
  EXPECT_EQ(shelter_parameter_name(pawn_distance_parameter), "king_pawn_distance.eg");
  // Stockfish's shelter[1][2] is 32, its king_on_file[1][1] (5, -4).
  const ShelterParameters sf = to_shelter_parameters(stockfish_king_shelter);
  EXPECT_EQ(sf[shelter_table_parameter + 7 + 2], 32);
  EXPECT_EQ(sf[king_on_file_parameter + 6], 5);
  EXPECT_EQ(sf[king_on_file_parameter + 7], -4);
}

}  // namespace
}  // namespace pawnkit::eval
