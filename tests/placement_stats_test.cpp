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
  std::vector<LeanVisit> visits;
  void visit(const LeanVisit& v) { visits.push_back(v); }
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

// Summaries of games 1..n drawn at random, as the builder's run or the memory store's
// records give them.
struct SomeSummaries final : GameSummaries {
  std::map<std::uint32_t, GameSummary> games;
  std::optional<GameSummary> find(std::uint32_t game) const override {
    const auto it = games.find(game);
    if (it == games.end()) return std::nullopt;
    return it->second;
  }
};

// A key's lean visits (what a value keeps of a key that few games reached) against the
// same games counted into cells by add_game: read back as written, summed with the
// games' summaries into the one form whatever the split into batches (lean at most
// lean_visits_max games, else the cells add_game makes), and summed without them (RocksDB's
// merge operator) into cells and visits that read as the same games.
TEST(PlacementStats, LeanVisitsSumIntoTheCellsAddGameMakes) {
  std::mt19937_64 random(11);
  SomeSummaries summaries;
  for (std::uint32_t game = 1; game <= 400; ++game)
    summaries.games[game] = {std::uint32_t(random() % 3 * 1000), int(random() % 4000) - 500,
                             random(), Result(random() % 4)};
  for (int i = 0; i < 3000; ++i) {
    const std::size_t n = 1 + random() % 9;
    std::vector<LeanVisit> visits;
    for (std::size_t k = 0; k < n; ++k)
      visits.push_back({std::uint32_t(1 + random() % 400), std::uint32_t(random() % 300),
                        std::uint16_t(random() % 3 ? 1 + random() % 0x7fff : 0),
                        std::uint8_t(random() % 41)});
    std::sort(visits.begin(), visits.end());
    visits.erase(std::unique(visits.begin(), visits.end()), visits.end());
    PlacementStats counted;  // every visit through add_game
    for (const LeanVisit& v : visits) counted.add_visit(v, summaries.games.at(v.game));
    std::string lean;
    PlacementStats::encode_visits(lean, visits);
    Seen seen;
    ASSERT_TRUE(read_placement_stats(lean, seen)) << i;
    EXPECT_EQ(seen.visits, visits) << i;
    EXPECT_TRUE(seen.cells.empty()) << i;
    const auto decoded = PlacementStats::decode(lean);
    ASSERT_TRUE(decoded);
    EXPECT_EQ(decoded->visits, visits);
    EXPECT_EQ(decoded->encode(), lean);
    for (std::size_t cut = 0; cut < lean.size(); ++cut) {
      Seen part;
      EXPECT_FALSE(read_placement_stats(std::string_view(lean).substr(0, cut), part)) << i;
    }
    Seen trailing;
    EXPECT_FALSE(read_placement_stats(lean + '\0', trailing)) << i;

    // Split in two batches at random, each written as the builder writes a batch.
    std::vector<LeanVisit> a, b;
    for (const LeanVisit& v : visits) (random() % 2 ? a : b).push_back(v);
    if (a.empty() || b.empty()) continue;
    const auto batch = [&](const std::vector<LeanVisit>& part) {
      std::string out;
      if (part.size() <= lean_visits_max) {
        PlacementStats::encode_visits(out, part);
      } else {
        PlacementStats cells;
        for (const LeanVisit& v : part) cells.add_visit(v, summaries.games.at(v.game));
        cells.encode_to(out);
      }
      return out;
    };
    const std::string first = batch(a), second = batch(b);
    const std::string one_form = visits.size() <= lean_visits_max ? lean : counted.encode();
    std::string sum;
    ASSERT_TRUE(merge_encoded(first, second, sum, &summaries)) << i;
    EXPECT_EQ(sum, one_form) << i;
    ASSERT_TRUE(merge_encoded(second, first, sum, &summaries)) << i;
    EXPECT_EQ(sum, one_form) << i;
    // Without the summaries: the visits stay, beside the cells; settled later, the same.
    ASSERT_TRUE(merge_encoded(first, second, sum)) << i;
    auto unsettled = PlacementStats::decode(sum);
    ASSERT_TRUE(unsettled) << i;
    EXPECT_EQ(unsettled->games(), visits.size()) << i;
    ASSERT_TRUE(unsettled->settle(&summaries));
    EXPECT_EQ(unsettled->encode(), one_form) << i;
    // A game the summaries lack, of a batch still lean, is an error, not a skipped visit.
    if (visits.size() > lean_visits_max) {
      SomeSummaries fewer = summaries;
      fewer.games.erase((a.size() <= lean_visits_max ? a : b).front().game);
      EXPECT_FALSE(merge_encoded(first, second, sum, &fewer)) << i;
    }
  }
}

// A value of cells and lean visits (summed without the games' records) reads both, and
// refuses every truncation and a trailing byte.
TEST(PlacementStatsReader, ReadsCellsThenLeanVisitsAndRefusesACutOne) {
  PlacementStats stats;
  stats.add_game(3, Result::Draw, 100, Candidate{9, 1, 2, 3});
  stats.visits = {{7, 20, 0, 4}, {7, 31, 18, 0}, {300000, 2, 5, 40}};
  const std::string bytes = stats.encode();
  Seen seen;
  ASSERT_TRUE(read_placement_stats(bytes, seen));
  EXPECT_EQ(seen.cells.size(), 1u);
  EXPECT_EQ(seen.visits, stats.visits);
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    Seen cut;
    EXPECT_FALSE(read_placement_stats(std::string_view(bytes).substr(0, n), cut)) << n;
  }
  Seen trailing;
  EXPECT_FALSE(read_placement_stats(bytes + '\0', trailing));
  // A visit's game is the one before plus a distance: a distance that would wrap round
  // past 2^64 to a small game is refused, as one past 2^32 is.
  for (const std::uint64_t distance : {~std::uint64_t(0) - 2, std::uint64_t(1) << 32}) {
    std::string list;
    put_varint(list, 2);  // no cells, visits follow
    put_varint(list, 2);  // two visits
    for (const std::uint64_t game : {std::uint64_t(5), distance}) {
      put_varint(list, game);
      put_varint(list, 10);  // first ply
      put_varint(list, 3);   // plies held
      put_varint(list, 0);   // no move left
    }
    Seen wrapped;
    EXPECT_FALSE(read_placement_stats(list, wrapped)) << distance;
  }
}

}  // namespace
}  // namespace pawnkit::index_db
