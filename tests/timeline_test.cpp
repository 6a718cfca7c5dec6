// The structure timeline: folding by hand-made run sequences (absorbed interruptions,
// dropped transients, holders kept apart, phase at entry), and the transitions that
// stats counts from it.
#include "analysis/timeline.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "analysis/stats.hpp"

namespace pawnkit::analysis {
namespace {

using enum GamePhase;

// One step of a hand-made game: `plies` positions with a structure (or none).
struct Step {
  std::optional<StructureMatch> structure;
  int plies;
  GamePhase phase = Middlegame;
};

const std::optional<StructureMatch> none;
const StructureMatch iqp_w{StructureId::Iqp, White, false};
const StructureMatch iqp_b{StructureId::Iqp, Black, false};
const StructureMatch hanging_w{StructureId::HangingPawns, White, false};
const StructureMatch carlsbad_w{StructureId::Carlsbad, White, false};

std::vector<StructureRange> fold(const std::vector<Step>& steps, int min_plies) {
  Timeline timeline;
  for (const Step& s : steps) timeline.add(s.structure, s.phase, s.plies);
  std::vector<StructureRange> ranges;
  fold_timeline(timeline.runs(), min_plies, ranges);
  return ranges;
}

void expect_range(const StructureRange& r, StructureId id, Color holder, int first, int last,
                  GamePhase phase = Middlegame) {
  EXPECT_EQ(r.structure.id, id);
  EXPECT_EQ(r.structure.holder, holder);
  EXPECT_EQ(r.first_ply, first);
  EXPECT_EQ(r.last_ply, last);
  EXPECT_EQ(r.plies(), last - first + 1);
  EXPECT_EQ(r.phase, phase);
}

TEST(Timeline, RunsMergeEqualStructuresAndCountPlies) {
  Timeline t;
  t.add(none, Opening);
  t.add(iqp_w, Opening, 3);
  t.add(iqp_w, Middlegame, 2);  // same structure: the run goes on, its phase stays
  t.add(StructureMatch{StructureId::Iqp, White, true}, Middlegame);  // reversed: same holder
  t.add(iqp_b, Middlegame);
  ASSERT_EQ(t.runs().size(), 3u);
  EXPECT_EQ(t.runs()[0].plies, 1);
  EXPECT_EQ(t.runs()[1].first_ply, 1);
  EXPECT_EQ(t.runs()[1].plies, 6);
  EXPECT_EQ(t.runs()[1].phase, Opening);
  EXPECT_EQ(t.runs()[2].first_ply, 7);
  t.clear();
  t.add(iqp_w, Endgame);
  EXPECT_EQ(t.runs()[0].first_ply, 0);
}

TEST(Timeline, ShortInterruptionBetweenTwoRunsOfOneStructureIsAbsorbed) {
  // IQP 10 plies, a 3-ply exchange with no name, IQP again: one range over all 23 plies.
  const auto r = fold({{none, 4, Opening}, {iqp_w, 10, Opening}, {none, 3}, {iqp_w, 10}}, 8);
  ASSERT_EQ(r.size(), 1u);
  expect_range(r[0], StructureId::Iqp, White, 4, 26, Opening);
  // Another structure in between is absorbed the same way.
  const auto r2 = fold({{iqp_w, 10}, {carlsbad_w, 7}, {iqp_w, 10}}, 8);
  ASSERT_EQ(r2.size(), 1u);
  expect_range(r2[0], StructureId::Iqp, White, 0, 26);
}

TEST(Timeline, InterruptionOfMinPliesSplitsTheRange) {
  const auto r = fold({{iqp_w, 10}, {none, 8}, {iqp_w, 10}}, 8);
  ASSERT_EQ(r.size(), 2u);
  expect_range(r[0], StructureId::Iqp, White, 0, 9);
  expect_range(r[1], StructureId::Iqp, White, 18, 27);
  EXPECT_FALSE(is_transition(r[0], r[1], 8));  // the same structure
}

TEST(Timeline, TransientBetweenTwoStructuresIsDropped) {
  // IQP, 3 plies of hanging pawns, Carlsbad: the hanging pawns are a transient.
  const auto r = fold({{iqp_w, 10}, {hanging_w, 3}, {carlsbad_w, 10}}, 8);
  ASSERT_EQ(r.size(), 2u);
  expect_range(r[0], StructureId::Iqp, White, 0, 9);
  expect_range(r[1], StructureId::Carlsbad, White, 13, 22);
  EXPECT_TRUE(is_transition(r[0], r[1], 8));  // 3 plies apart
  EXPECT_FALSE(is_transition(r[0], r[1], 3));
  // With --min-plies 3 the hanging pawns stay.
  const auto r3 = fold({{iqp_w, 10}, {hanging_w, 3}, {carlsbad_w, 10}}, 3);
  ASSERT_EQ(r3.size(), 3u);
  expect_range(r3[1], StructureId::HangingPawns, White, 10, 12);
}

TEST(Timeline, FlickeringShortRunsAddUpToARange) {
  // 5 + 2 + 5 plies: neither IQP run is 8 long, the range is 12.
  const auto r = fold({{iqp_w, 5}, {none, 2}, {iqp_w, 5}}, 8);
  ASSERT_EQ(r.size(), 1u);
  expect_range(r[0], StructureId::Iqp, White, 0, 11);
  EXPECT_TRUE(fold({{iqp_w, 5}, {none, 20}}, 8).empty());
  EXPECT_TRUE(fold({}, 8).empty());
}

TEST(Timeline, HoldersAreDifferentStructures) {
  const auto r = fold({{iqp_w, 10}, {iqp_b, 10}}, 8);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].structure.holder, White);
  EXPECT_EQ(r[1].structure.holder, Black);
  EXPECT_FALSE(is_transition(r[0], r[1], 8));  // one name: no transition
}

TEST(Timeline, GreedyFromTheLeftRangesNeverOverlap) {
  // IQP 10, hanging 5, IQP 2, hanging 10: the IQP range takes plies 0-16, the hanging
  // pawns start after it.
  const auto r = fold({{iqp_w, 10}, {hanging_w, 5}, {iqp_w, 2}, {hanging_w, 10}}, 8);
  ASSERT_EQ(r.size(), 2u);
  expect_range(r[0], StructureId::Iqp, White, 0, 16);
  expect_range(r[1], StructureId::HangingPawns, White, 17, 26);
}

TEST(Timeline, MinPliesOneKeepsEveryRun) {
  const auto r = fold({{none, 1}, {iqp_w, 1, Opening}, {hanging_w, 2, Endgame}}, 1);
  ASSERT_EQ(r.size(), 2u);
  expect_range(r[0], StructureId::Iqp, White, 1, 1, Opening);
  expect_range(r[1], StructureId::HangingPawns, White, 2, 3, Endgame);
}

// Stats counts each transition once per game, scored for the holder of the first structure.
TEST(Timeline, StatsCountsTransitionsPerGame) {
  Stats stats(8);
  auto position = [](const StructureMatch& s, GamePhase phase = Middlegame) {
    PositionSummary p;
    p.structure = encode_structure(s);
    p.phase = phase;
    return p;
  };
  auto play = [&](GameResult result, const std::vector<std::pair<StructureMatch, int>>& steps) {
    stats.begin_game(result);
    for (const auto& [s, n] : steps) stats.add_positions(position(s), std::uint32_t(n));
    stats.end_game();
  };
  const StructureMatch hanging_b{StructureId::HangingPawns, Black, false};
  play(GameResult::BlackWins, {{iqp_b, 10}, {hanging_b, 10}, {iqp_b, 10}, {hanging_b, 10}});
  play(GameResult::Draw, {{iqp_b, 12}, {hanging_b, 4}, {iqp_b, 12}});  // absorbed: none
  play(GameResult::WhiteWins, {{iqp_b, 9}, {hanging_b, 9}});
  EXPECT_EQ(stats.transition_games(StructureId::Iqp, StructureId::HangingPawns), 2u);
  EXPECT_EQ(stats.transition_games(StructureId::HangingPawns, StructureId::Iqp), 1u);
  const GameScore& s = stats.transition_score(StructureId::Iqp, StructureId::HangingPawns);
  EXPECT_EQ(s.wins, 1u);  // Black, the IQP's holder, won the first game
  EXPECT_EQ(s.losses, 1u);
  EXPECT_EQ(stats.transition_games(StructureId::Iqp, StructureId::Carlsbad), 0u);
  // They survive merging and serialization.
  Stats merged(8);
  merged.merge(stats);
  const auto back = Stats::deserialize(merged.serialize());
  ASSERT_TRUE(back);
  EXPECT_EQ(back->transition_games(StructureId::Iqp, StructureId::HangingPawns), 2u);
  EXPECT_EQ(back->phase_positions(Middlegame), 10u * 4 + 28 + 18);
}

TEST(Timeline, StatsPhaseSharesAndRestrictedPatternRows) {
  Stats stats(8);
  stats.restrict_patterns(Endgame);
  PositionSummary opening, ending;
  opening.phase = Opening;
  opening.nonempty = {1, 0};  // pawn_set_keys[0] ("pawns") for White
  ending.phase = Endgame;
  ending.nonempty = {1, 1};
  stats.begin_game(GameResult::Draw);
  stats.add_positions(opening, 20);
  stats.add_positions(ending, 5);
  stats.end_game();
  stats.begin_game(GameResult::Draw);
  stats.add_positions(opening, 30);
  stats.end_game();
  EXPECT_EQ(stats.phase_positions(Opening), 50u);
  EXPECT_EQ(stats.phase_positions(Endgame), 5u);
  EXPECT_EQ(stats.phase_positions(Middlegame), 0u);
  EXPECT_EQ(stats.pattern_positions(), 5u);
  EXPECT_EQ(stats.pattern_games(), 1u);
  EXPECT_EQ(stats.positions_with(White, 0), 5u);
  EXPECT_EQ(stats.positions_with(Black, 0), 5u);
  EXPECT_EQ(stats.games_with(White, 0), 1u);
  EXPECT_EQ(stats.positions_with_islands(White, 0), 5u);
  EXPECT_EQ(stats.positions(), 55u);
}

}  // namespace
}  // namespace pawnkit::analysis
