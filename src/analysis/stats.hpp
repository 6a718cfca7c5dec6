// Database statistics over the pawn reports of every position of every game: how often
// each pattern appears (by position and by game, for each side), the island-count
// distribution, how the side having a player-relevant pattern scores, and how often each
// named structure (docs/structures.md) appears and how its holder scores. Over rated
// games, each score is set against the Elo expectation with White's edge for the first
// move, fitted on all the games once they are read (white_edge, docs/patterns.md).
//
// One Stats per worker thread; merge() adds them up. No allocation per position (a rated
// game's rating difference may add a bucket to a score row once per game).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <pawnkit/chess/phase.hpp>
#include <pawnkit/pawns/report.hpp>
#include <pawnkit/pawns/structures.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/elo.hpp"
#include "analysis/position_summary.hpp"
#include "analysis/timeline.hpp"

namespace pawnkit::analysis {

// The name of the control row: every game, for White and for Black.
inline constexpr std::string_view all_games_row_name = "all games";

// Island counts 0..4: islands are separated by an empty file, so 8 files hold at most 4.
inline constexpr std::size_t island_buckets = 8 / 2 + 1;

class Stats {
 public:
  // A game's pattern counts as "had" for the score once it holds for this many
  // consecutive positions (transient exchanges are not structures).
  explicit Stats(int min_plies = 8) : min_plies_(min_plies) {}

  void begin_game(GameResult result, const std::optional<GameRatings>& ratings = {});
  // Adds `count` consecutive positions with the same summary.
  void add_positions(const PositionSummary& position, std::uint32_t count);
  void add_position(const PositionSummary& position) { add_positions(position, 1); }
  void add_position(const PawnReport& report) { add_position(summarize(report)); }
  void end_game();
  void add_bad_game() { ++bad_games_; }
  void add_skipped_game() { ++skipped_games_; }

  void merge(const Stats& other);

  // The totals as bytes and back (for pickling in Python and moving partial results
  // between processes); the game being read is not part of them. Only the same build
  // reads them back: deserialize returns nullopt on bytes of another layout.
  std::string serialize() const;
  static std::optional<Stats> deserialize(std::string_view bytes);

  // By opening: when on, each game's ECO code (set between begin_game and end_game; "?"
  // when missing) gets a row: its games, and for each named structure the games where a
  // side holds it for min_plies consecutive positions and the sum of the plies where that
  // first run starts (transposition-proof: it looks at the structure, not the moves).
  struct OpeningRow {
    std::uint64_t games = 0;
    std::array<std::uint64_t, structure_count> reached{}, first_ply_sum{};
  };
  void track_openings(bool on) { track_openings_ = on; }
  bool tracks_openings() const { return track_openings_; }
  void set_opening(std::string_view eco) { eco_.assign(eco.empty() ? "?" : eco); }
  const std::map<std::string, OpeningRow>& openings() const { return openings_; }

  // Pattern rows for one phase: when set, the pattern and island counts (positions_with,
  // games_with, positions_with_islands) cover only the positions in that phase, and
  // pattern_positions / pattern_games are their totals (`stats --phase`).
  void restrict_patterns(std::optional<GamePhase> phase) { pattern_phase_ = phase; }
  std::optional<GamePhase> pattern_phase() const { return pattern_phase_; }
  std::uint64_t pattern_positions() const { return pattern_positions_; }
  std::uint64_t pattern_games() const { return pattern_games_; }
  // Positions in each phase (all of them, whatever restrict_patterns says).
  std::uint64_t phase_positions(GamePhase phase) const {
    return phase_positions_[std::size_t(phase)];
  }

  // Transitions: games whose folded timeline (timeline.hpp, folded with min_plies) has a
  // range of `from` followed by one of `to` (is_transition), each game counted once per
  // pair, and the score of the side holding `from` in those games.
  std::uint64_t transition_games(StructureId from, StructureId to) const {
    return transition_games_[std::size_t(from)][std::size_t(to)];
  }
  const GameScore& transition_score(StructureId from, StructureId to) const {
    return transition_scores_[std::size_t(from)][std::size_t(to)];
  }

  std::uint64_t games() const { return games_; }
  std::uint64_t positions() const { return positions_; }
  std::uint64_t bad_games() const { return bad_games_; }
  std::uint64_t skipped_games() const { return skipped_games_; }
  int min_plies() const { return min_plies_; }

  // Positions / games where side c's set for pattern key k (index into pawn_set_keys) is
  // not empty.
  std::uint64_t positions_with(Color c, std::size_t key) const {
    return positions_with_[index(c)][key];
  }
  std::uint64_t games_with(Color c, std::size_t key) const { return games_with_[index(c)][key]; }
  // Positions where side c has n islands (0..island_buckets - 1).
  std::uint64_t positions_with_islands(Color c, int n) const { return island_counts_[index(c)][n]; }
  const GameScore& score(Color c, ScoredPattern p) const { return scores_[index(c)][int(p)]; }
  // The control row: every game, from side c's view.
  const GameScore& all_games_score(Color c) const { return all_games_[index(c)]; }

  // White's edge for the first move: the Elo points added to White's rating such that,
  // over all rated games, White's expected score equals White's actual score (Newton's
  // method kept inside a bisection bracket).
  // Every rating-adjusted row is measured against the expectation with this edge, so the
  // control row's difference is 0 for both colours. nullopt with fewer than
  // min_rated_games rated games, or when White won or lost all of them (no edge fits).
  std::optional<WhiteEdge> white_edge() const;

  // Named structures. Positions where `holder` holds structure s; of them, reversed ones
  // (held by the side the rule is not written for); games where s appears at all, and the
  // average ply of its first appearance in those games (-1 with none). The score is the
  // holder's (StructureMatch::side: the side the catalogue's rule names, or the other one
  // when the match is reversed), over games where one side held s for min_plies
  // consecutive positions (the first side to do so); in all, or where `holder` held it.
  std::uint64_t structure_positions(StructureId s, Color holder) const {
    return structure_positions_[std::size_t(s)][index(holder)];
  }
  std::uint64_t structure_positions(StructureId s) const {
    return structure_positions(s, White) + structure_positions(s, Black);
  }
  std::uint64_t structure_reversed_positions(StructureId s) const {
    return structure_reversed_[std::size_t(s)];
  }
  std::uint64_t structure_games(StructureId s) const { return structure_games_[std::size_t(s)]; }
  double structure_average_first_ply(StructureId s) const;
  GameScore structure_score(StructureId s) const;
  const GameScore& structure_score(StructureId s, Color holder) const {
    return structure_scores_[std::size_t(s)][index(holder)];
  }

 private:
  static constexpr std::size_t key_count = pawn_set_keys.size();
  // The one list of the totals, in a fixed order (serialize, deserialize and merge share
  // it): f(a.field, b.field, ...) for each field of the Stats a, b, ... Settings are the
  // fields set before the games and never summed; counts are everything merge() adds up.
  // The openings map and the game being read are not in either list.
  template <class F, class... Self>
  static void for_each_setting(F&& f, Self&... self);
  template <class F, class... Self>
  static void for_each_count(F&& f, Self&... self);
  // Folds the game's timeline and counts its transitions (end_game).
  void count_transitions();

  int min_plies_;
  std::uint64_t games_ = 0, positions_ = 0, bad_games_ = 0, skipped_games_ = 0;
  std::array<std::array<std::uint64_t, key_count>, 2> positions_with_{};
  std::array<std::array<std::uint64_t, key_count>, 2> games_with_{};
  std::array<std::array<std::uint64_t, island_buckets>, 2> island_counts_{};
  std::array<std::array<GameScore, scored_pattern_count>, 2> scores_{};
  std::array<GameScore, 2> all_games_{};
  static constexpr std::size_t structures = structure_count;
  std::array<std::array<std::uint64_t, 2>, structures> structure_positions_{};
  std::array<std::uint64_t, structures> structure_reversed_{}, structure_games_{},
      structure_first_ply_sum_{};
  std::array<std::array<GameScore, 2>, structures> structure_scores_{};  // by holder
  std::optional<GamePhase> pattern_phase_;
  std::uint64_t pattern_positions_ = 0, pattern_games_ = 0;
  std::array<std::uint64_t, phase_names.size()> phase_positions_{};
  std::array<std::array<std::uint64_t, structures>, structures> transition_games_{};
  std::array<std::array<GameScore, structures>, structures> transition_scores_{};

  bool track_openings_ = false;
  std::map<std::string, OpeningRow> openings_;
  std::string eco_ = "?";

  // The game being read.
  GameResult result_ = GameResult::Unknown;
  std::optional<GameRatings> ratings_;
  bool in_game_ = false;
  // The game's positions_with_, added to it (and to games_with_) at end_game: 32-bit
  // counts, 24 of them (the last one stays 0), so that a run's 23 keys are two vector adds.
  std::array<std::array<std::uint32_t, 24>, 2> game_positions_with_{};
  static_assert(key_count < 24);
  std::array<std::array<int, scored_pattern_count>, 2> run_{};   // current consecutive plies
  std::array<std::array<bool, scored_pattern_count>, 2> had_{};  // reached min_plies
  int ply_ = 0;                                                  // of the next position
  std::array<int, structures> first_ply_{};                      // -1: not seen this game
  std::array<std::int8_t, structures> held_by_{};                // colour index, or -1
  std::array<int, structures> held_from_ply_{};                  // where that run starts
  std::uint8_t run_key_ = 0;       // structure and holder of the run, 0: none
  int run_length_ = 0;             // consecutive positions of that run
  bool in_pattern_phase_ = false;  // a position of the game counted for the pattern rows
  Timeline timeline_;
  std::vector<StructureRange> ranges_;
};

}  // namespace pawnkit::analysis
