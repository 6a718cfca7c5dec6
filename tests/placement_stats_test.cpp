// The reader of encoded placement values (index/placement_stats_reader.hpp) against a
// plain tally of the same games kept in maps by the test, and against damaged values.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "index/placement_stats.hpp"
#include "index/placement_stats_reader.hpp"

namespace pawnkit::index_db {
namespace {

using Counts = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t>;

Counts counts_of(const Score& s) { return {s.games, s.white, s.draws, s.black}; }

void tally(Counts& c, Result r) {
  ++std::get<0>(c);
  std::get<1>(c) += r == Result::WhiteWins;
  std::get<2>(c) += r == Result::Draw;
  std::get<3>(c) += r == Result::BlackWins;
}

// What a reader hands over, kept as the plain tally keeps it.
struct Seen {
  std::set<std::uint32_t> wanted;  // empty: every cell
  std::map<std::uint32_t, Counts> cells;
  std::map<std::pair<std::uint32_t, std::uint32_t>, Counts> moves;
  std::map<std::uint32_t, std::vector<std::uint32_t>> candidates;  // games, in order
  std::uint32_t current = 0;
  bool cell(std::uint32_t cell, const Score& score) {
    if (!wanted.empty() && !wanted.contains(cell)) return false;
    current = cell;
    cells[cell] = counts_of(score);
    return true;
  }
  void move(const MoveScore& m) { moves[{current, m.move}] = counts_of(m.score); }
  void candidate(const Candidate& c) { candidates[current].push_back(c.game); }
};

struct Games {
  PlacementStats stats;
  Seen expected;
};

// 3,000 games over 40 cells and 12 moves, with a plain tally beside them. Scores and
// tiebreak prefixes are drawn from few values, so that games tie at the cut.
Games some_games() {
  Games g;
  std::mt19937 random(7);
  std::map<std::uint32_t, std::vector<Candidate>> all;
  for (std::uint32_t game = 1; game <= 3000; ++game) {
    const std::uint32_t cell = random() % 40 * 1000;
    const auto result = Result(random() % 4);
    const std::uint32_t code = random() % 13;  // 12: the game ended there
    const Candidate candidate{99990 + std::uint32_t(random() % 30), std::uint16_t(random() % 3),
                              game, game % 90};
    g.stats.add_game(cell, result, code < 12 ? std::optional(code * 65) : std::nullopt, candidate);
    tally(g.expected.cells[cell], result);
    if (code < 12) tally(g.expected.moves[{cell, code * 65}], result);
    all[cell].push_back(candidate);
  }
  // Kept: the games that fewer than candidates_per_cell others beat on score, then on
  // tiebreak prefix; listed by score, prefix and game.
  for (auto& [cell, list] : all) {
    const auto beats = [](const Candidate& a, const Candidate& b) {
      return std::tuple(-std::int64_t(a.score), a.tiebreak_prefix) <
             std::tuple(-std::int64_t(b.score), b.tiebreak_prefix);
    };
    std::sort(list.begin(), list.end(), [&beats](const Candidate& a, const Candidate& b) {
      return beats(a, b) || (!beats(b, a) && a.game < b.game);
    });
    for (const Candidate& c : list) {
      const auto better =
          std::count_if(list.begin(), list.end(), [&](const Candidate& o) { return beats(o, c); });
      if (better < std::ptrdiff_t(candidates_per_cell))
        g.expected.candidates[cell].push_back(c.game);
    }
  }
  return g;
}

TEST(PlacementStatsReader, HandsOverWhatAPlainTallyCounted) {
  const Games g = some_games();
  const std::string bytes = g.stats.encode();
  Seen seen;
  ASSERT_TRUE(read_placement_stats(bytes, seen));
  EXPECT_EQ(seen.cells, g.expected.cells);
  EXPECT_EQ(seen.moves, g.expected.moves);
  EXPECT_EQ(seen.candidates, g.expected.candidates);
  // Some cells keep more than candidates_per_cell: games tied with the last kept one.
  EXPECT_TRUE(std::any_of(g.expected.candidates.begin(), g.expected.candidates.end(),
                          [](const auto& c) { return c.second.size() > candidates_per_cell; }));
}

TEST(PlacementStatsReader, SkipsTheCellsNotWantedAndReadsTheNextOnes) {
  const Games g = some_games();
  const std::string bytes = g.stats.encode();
  Seen seen;
  seen.wanted = {0, 7000, 39000};
  ASSERT_TRUE(read_placement_stats(bytes, seen));
  ASSERT_EQ(seen.cells.size(), 3u);
  for (const std::uint32_t cell : seen.wanted) {
    EXPECT_EQ(seen.cells[cell], g.expected.cells.at(cell)) << cell;
    EXPECT_EQ(seen.candidates[cell], g.expected.candidates.at(cell)) << cell;
  }
  for (const auto& [key, counts] : seen.moves) {
    EXPECT_TRUE(seen.wanted.contains(key.first));
    EXPECT_EQ(counts, g.expected.moves.at(key));
  }
}

TEST(PlacementStatsReader, RefusesEveryTruncationAndATrailingByte) {
  PlacementStats stats;
  stats.add_game(3, Result::Draw, 100, Candidate{9, 1, 2, 3});
  stats.add_game(5, Result::WhiteWins, std::nullopt, Candidate{8, 4, 5, 6});
  const std::string bytes = stats.encode();
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    Seen seen;
    EXPECT_FALSE(read_placement_stats(std::string_view(bytes).substr(0, n), seen)) << n;
    EXPECT_FALSE(PlacementStats::decode(std::string_view(bytes).substr(0, n))) << n;
  }
  Seen seen;
  EXPECT_FALSE(read_placement_stats(bytes + '\0', seen));
  EXPECT_TRUE(read_placement_stats(bytes, seen));
}

// A batch's cells built by appending each game's move and candidate, then
// CellStats::tidy_appended (IndexBuilder::sum_rows), against the same games through
// add_game: the same bytes, so that a batch's value is the one add_game would write.
TEST(PlacementStats, AppendedThenTidiedEncodesAsAddGameDoes) {
  std::mt19937 random(5);
  PlacementStats by_game;
  std::map<std::uint32_t, CellStats> appended;
  for (std::uint32_t game = 1; game <= 3000; ++game) {
    const std::uint32_t cell = random() % 40 * 1000;
    const auto result = Result(random() % 4);
    const std::uint32_t code = random() % 13;  // 12: the game ended there
    const std::optional<std::uint32_t> move = code < 12 ? std::optional(code * 65) : std::nullopt;
    const Candidate candidate{99990 + std::uint32_t(random() % 30), std::uint16_t(random() % 3),
                              game, game % 90};
    by_game.add_game(cell, result, move, candidate);
    CellStats& c = appended[cell];
    c.cell = cell;
    c.score.add(result);
    if (move) {
      c.moves.push_back({*move, {}});
      c.moves.back().score.add(result);
    }
    c.candidates.push_back(candidate);
  }
  PlacementStats tidied;
  for (auto& [cell, stats] : appended) {
    stats.tidy_appended();
    tidied.cells.push_back(stats);
  }
  EXPECT_EQ(tidied.encode(), by_game.encode());
}

// One PlacementStats reused for keys of many cells and of few (IndexBuilder::sum_rows):
// the cells resize_cells takes off come back with their memory, and restarted, each key
// encodes as the same cells filled in fresh stats.
TEST(PlacementStats, CellsTakenOffAndBroughtBackEncodeAsFreshOnes) {
  std::mt19937 random(3);
  PlacementStats reused;
  for (const std::size_t count : {5u, 1u, 7u, 2u, 0u, 6u, 3u}) {
    PlacementStats fresh;
    fresh.cells.resize(count);
    reused.resize_cells(count);
    ASSERT_EQ(reused.cells.size(), count);
    for (std::size_t i = 0; i < count; ++i) {
      CellStats& mine = reused.cells[i];
      mine.restart(std::uint32_t(i * 10));
      fresh.cells[i].cell = std::uint32_t(i * 10);
      for (std::uint32_t game = 0; game < 1 + random() % 14; ++game) {
        const auto result = Result(random() % 4);
        const std::uint32_t move = random() % 5;
        const Candidate candidate{std::uint32_t(random() % 50), std::uint16_t(random() % 4), game,
                                  game};
        for (CellStats* c : {&mine, &fresh.cells[i]}) {
          c->score.add(result);
          c->moves.push_back({move, {}});
          c->moves.back().score.add(result);
          c->candidates.push_back(candidate);
        }
      }
      mine.tidy_appended();
      fresh.cells[i].tidy_appended();
    }
    EXPECT_EQ(reused.encode(), fresh.encode()) << count;
  }
  // Their memory came back with them: each of the 7 cells held games once.
  reused.resize_cells(0);
  reused.resize_cells(7);
  for (const CellStats& c : reused.cells) EXPECT_GT(c.candidates.capacity(), 0u);
}

// The writer's short form for a key one game reached (encode_one_game) against the
// general path (add_game on empty stats, then encode_to): both read back as the game's
// own tally, decode to the same stats, and merge into a general value alike.
TEST(PlacementStats, OneGameShortFormReadsAsTheGeneralPathsValue) {
  std::mt19937_64 random(11);
  for (int i = 0; i < 2000; ++i) {
    const auto cell =
        std::uint32_t(i < 4 ? (i % 2 ? 0xffffffffu : 0u) : random() >> (random() % 64));
    const auto result = Result(random() % 4);
    const std::optional<std::uint32_t> move =
        random() % 3 ? std::optional(std::uint32_t(random() % 0x8000)) : std::nullopt;
    // Scores over the whole 32 bits, the base's edges among them.
    const auto score = std::uint32_t(i < 3 ? std::array{0u, 0xffffffffu, 100000u}[i]
                                           : random() >> (32 + random() % 32));
    const Candidate candidate{score, std::uint16_t(random()), std::uint32_t(random()),
                              std::uint32_t(random() % 600)};
    PlacementStats stats;
    stats.add_game(cell, result, move, candidate);
    std::string general = "prefix", shortcut = "prefix";
    stats.encode_to(general);
    PlacementStats::encode_one_game(shortcut, cell, result, move, candidate);
    ASSERT_LT(shortcut.size(), general.size()) << i;
    const std::string_view short_value = std::string_view(shortcut).substr(6);
    Seen seen;
    ASSERT_TRUE(read_placement_stats(short_value, seen));
    Counts expected{};
    tally(expected, result);
    EXPECT_EQ(seen.cells, (std::map<std::uint32_t, Counts>{{cell, expected}}));
    EXPECT_EQ(seen.moves.size(), move ? 1u : 0u);
    if (move) {
      EXPECT_EQ(seen.moves.at({cell, *move}), expected);
    }
    EXPECT_EQ(seen.candidates[cell], std::vector<std::uint32_t>{candidate.game});
    const auto decoded = PlacementStats::decode(short_value);
    ASSERT_TRUE(decoded) << i;
    EXPECT_EQ(decoded->encode(), general.substr(6)) << i;
    // Merged with another game's value, short or general, as the general value merges.
    std::string other;
    PlacementStats::encode_one_game(other, cell ^ (i % 3), Result(i % 4), std::nullopt,
                                    Candidate{7, 8, 9, 10});
    std::string from_short, from_general;
    ASSERT_TRUE(merge_encoded(short_value, other, from_short));
    ASSERT_TRUE(merge_encoded(std::string_view(general).substr(6), other, from_general));
    EXPECT_EQ(from_short, from_general) << i;
    // Every truncation and a trailing byte are refused.
    for (std::size_t n = 0; n < short_value.size(); ++n) {
      Seen cut;
      EXPECT_FALSE(read_placement_stats(short_value.substr(0, n), cut)) << i << " " << n;
    }
    Seen trailing;
    EXPECT_FALSE(read_placement_stats(std::string(short_value) + '\0', trailing)) << i;
  }
}

}  // namespace
}  // namespace pawnkit::index_db
