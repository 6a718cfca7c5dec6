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
#include <utility>
#include <vector>

#include "analysis/timeline.hpp"

namespace pawnkit::analysis {

enum class GameResult : std::uint8_t { WhiteWins, Draw, BlackWins, Unknown };

// "1-0", "0-1", "1/2-1/2"; anything else is Unknown.
GameResult parse_result(std::string_view result_tag);

// Patterns whose owners' scores are reported: the ones players ask about. The isolated
// d-pawn is any isolated pawn on d4/d5, whatever the rest of the board; the named
// structure `iqp` (StructureId::Iqp, docs/structures.md) is one full skeleton around it.
// Hanging pawns are the named structure `hanging-pawns`, not the per-pawn key `hanging`
// (which also flags a lone c-pawn beside a b-pawn). The JSON keys are these names too.
enum class ScoredPattern : std::uint8_t { IsolatedDPawn, HangingPawns, Doubled, Passed, Candidate };
inline constexpr std::array scored_pattern_names = {
    std::string_view("isolated d-pawn"), std::string_view("hanging pawns"),
    std::string_view("doubled pawns"), std::string_view("passed pawn"),
    std::string_view("candidate passer")};
inline constexpr int scored_pattern_count = int(scored_pattern_names.size());
static_assert(scored_pattern_count == int(ScoredPattern::Candidate) + 1, "a name per pattern");

// The name of the control row: every game, for White and for Black.
inline constexpr std::string_view all_games_row_name = "all games";

// Island counts 0..4: islands are separated by an empty file, so 8 files hold at most 4.
inline constexpr std::size_t island_buckets = 8 / 2 + 1;

// Whether side c has the scored pattern in a position with this named structure. The
// isolated d-pawn is an isolated pawn on d4 (White) or d5 (Black).
constexpr bool has_scored_pattern(const PawnOnlySide& side, Color c, ScoredPattern p,
                                  const std::optional<StructureMatch>& structure) {
  switch (p) {
    case ScoredPattern::IsolatedDPawn:
      return side.isolated & square_bb(c == White ? D4 : D5);
    case ScoredPattern::HangingPawns:
      return structure && structure->id == StructureId::HangingPawns && structure->side == c;
    case ScoredPattern::Doubled:
      return side.doubled != 0;
    case ScoredPattern::Passed:
      return side.passed != 0;
    case ScoredPattern::Candidate:
      return side.candidates != 0;
  }
  return false;
}

// Both players' Elo ratings from the game's tags, when both are given.
struct GameRatings {
  int white = 0, black = 0;
};

// The Elo formula: the expected score (0..1) of a player rated `own` against `other`, and
// the same for a rating difference own - other in Elo points.
double expected_score(double difference);
inline double expected_score(int own, int other) { return expected_score(double(own - other)); }

// Rating-adjusted results need at least this many rated games; fewer say "too few games".
inline constexpr std::uint64_t min_rated_games = 30;

// Actual minus expected score over rated games, with its 95% confidence interval
// (normal approximation: mean +/- 1.96 standard errors of the per-game differences).
struct RatedSummary {
  std::uint64_t games = 0;
  double expected_percent = 0, actual_percent = 0;
  double difference = 0;  // percentage points, actual - expected
  double ci95 = 0;        // half-width of the interval, percentage points
  bool enough() const { return games >= min_rated_games; }
};

// The rated games of a score row, counted by rating difference (White's rating minus
// Black's), holder and the holder's result. That is all the expected score needs, and it
// can only be computed once every game is read: the expectation includes White's edge
// for the first move, fitted on all the input's games (Stats::white_edge). Integer
// counts in key order, so merging workers in any order gives the same totals.
class RatedGames {
 public:
  void add(int white_minus_black, Color holder, int holder_half_points);
  RatedGames& operator+=(const RatedGames& other);
  bool operator==(const RatedGames&) const = default;

  std::uint64_t games() const;
  // The holders' points, and their expected points from the Elo formula with White's
  // rating raised by `white_edge` Elo, summed over the games, with the derivative of the
  // latter by white_edge (per Elo point).
  double points() const;
  struct ExpectedPoints {
    double points, slope;
  };
  ExpectedPoints expected_points(double white_edge) const;
  RatedSummary summary(double white_edge) const;

  // A rating difference, holder and result, packed so that keys sort by difference.
  struct Bucket {
    std::int32_t key;
    std::uint64_t count;
    bool operator==(const Bucket&) const = default;
  };
  const std::vector<Bucket>& buckets() const { return buckets_; }
  std::vector<Bucket>& buckets() { return buckets_; }  // for deserializing

 private:
  std::vector<Bucket> buckets_;  // sorted by key
};

// Wins, draws and losses of a side over games (not eval::Score, a middlegame/endgame pair).
struct GameScore {
  std::uint64_t wins = 0, draws = 0, losses = 0;  // from the pattern owner's view
  RatedGames rated_games;                         // those where both players are rated

  std::uint64_t games() const { return wins + draws + losses; }
  // Counts one game's result for the side `holder`; an unknown result counts nothing.
  // With ratings, also the rating difference for the holder's expected score.
  void add(GameResult result, Color holder, const std::optional<GameRatings>& ratings = {});
  // Actual against expected over the rated games, White's rating raised by `white_edge`.
  RatedSummary rated(double white_edge = 0) const { return rated_games.summary(white_edge); }
  GameScore& operator+=(const GameScore& other);
  // Points per game in percent, or -1 with no game.
  double percent() const;
};

// White's edge for the first move, fitted on the input's rated games (Stats::white_edge).
struct WhiteEdge {
  double elo = 0;  // added to White's rating in every expected score
  // All rated games, White's view, with the plain Elo formula (no edge): White's actual
  // score and its expectation from the ratings alone.
  RatedSummary unadjusted;
};

// What the statistics need of one position, in 14 bytes (16 with padding): for each side a
// bit per pattern key whose set is not empty, the island count, a bit per scored pattern,
// the named structure and the game phase. Workers keep these for the game being replayed
// and add them once the game replayed cleanly; consecutive equal summaries (most moves
// leave the pawns alone) are kept, and added, as one run.
struct PositionSummary {
  std::array<std::uint32_t, 2> nonempty{};  // bit k: pawn_set_keys[k] is not empty
  std::array<std::uint8_t, 2> islands{};
  std::array<std::uint8_t, 2> scored{};  // bit p: ScoredPattern p holds
  // 0: no named structure; else bits 0-4: 1 + StructureId, bit 5: Black holds it,
  // bit 6: reversed.
  std::uint8_t structure = 0;
  GamePhase phase = GamePhase::Middlegame;

  // Field by field: the defaulted comparison of the byte arrays calls memcmp.
  bool operator==(const PositionSummary& o) const {
    return nonempty[0] == o.nonempty[0] && nonempty[1] == o.nonempty[1] &&
           islands[0] == o.islands[0] && islands[1] == o.islands[1] && scored[0] == o.scored[0] &&
           scored[1] == o.scored[1] && structure == o.structure && phase == o.phase;
  }
};

// 1 + StructureId must fit the five low bits of PositionSummary::structure.
static_assert(structure_count < 31);

inline std::uint8_t encode_structure(const std::optional<StructureMatch>& m) {
  if (!m) return 0;
  return std::uint8_t((int(m->id) + 1) | (m->side == Black) << 5 | int(m->reversed) << 6);
}

inline std::optional<StructureMatch> decode_structure(std::uint8_t code) {
  if (!code) return std::nullopt;
  return StructureMatch{StructureId((code & 31) - 1), (code >> 5 & 1) ? Black : White,
                        (code >> 6 & 1) != 0};
}

namespace detail {
// pawn_set_keys[k] as a member of PawnOnlySide (every one of them is).
constexpr Bitboard PawnOnlySide::*pawn_only_member(std::size_t k) {
  return static_cast<Bitboard PawnOnlySide::*>(pawn_set_keys[k].member);
}
template <std::size_t... K>
std::uint32_t nonempty_keys(const PawnOnlySide& side, std::index_sequence<K...>) {
  return ((std::uint32_t(side.*pawn_only_member(K) != 0) << K) | ...);
}
}  // namespace detail

// Bit k set when side's pawn_set_keys[k] set is not empty. Unrolled (a fold over the keys,
// each read in place): a loop's own counting, or a copy of the sets, costs as much as the
// tests.
inline std::uint32_t nonempty_keys(const PawnOnlySide& side) {
  return detail::nonempty_keys(side, std::make_index_sequence<pawn_set_keys.size()>());
}

// Bit p set when side c has ScoredPattern p (has_scored_pattern) with this named structure.
inline std::uint8_t scored_patterns(const PawnOnlySide& side, Color c,
                                    const std::optional<StructureMatch>& structure) {
  std::uint8_t scored = 0;
  for (int p = 0; p < scored_pattern_count; ++p)
    scored |= std::uint8_t(has_scored_pattern(side, c, ScoredPattern(p), structure) << p);
  return scored;
}

// The summary of a position whose pawn-only keys, named structure (encoded) and phase are
// known: it needs nothing else of the report.
inline PositionSummary summarize(const PawnOnlyReport& report, std::uint8_t structure,
                                 GamePhase phase) {
  PositionSummary summary;
  const auto match = decode_structure(structure);
  for (Color c : {White, Black}) {
    const PawnOnlySide& side = report.side(c);
    const int ci = index(c);
    summary.nonempty[ci] = nonempty_keys(side);
    summary.islands[ci] = std::uint8_t(side.islands);
    summary.scored[ci] = scored_patterns(side, c, match);
  }
  summary.structure = structure;
  summary.phase = phase;
  return summary;
}

inline PositionSummary summarize(const PawnReport& report, std::uint8_t structure,
                                 GamePhase phase) {
  return summarize(PawnOnlyReport{report.white, report.black}, structure, phase);
}

// What a position's summary takes from the two pawn sets alone: all of it but the phase.
// The named structure and the scored patterns are kept both outside an ending and in one,
// where no structure is named (so no hanging pawns either).
struct PawnSummary {
  std::array<std::uint32_t, 2> nonempty{};
  std::array<std::uint8_t, 2> islands{};
  std::array<std::array<std::uint8_t, 2>, 2> scored{};  // [in an ending][colour]
  std::uint8_t structure = 0;                           // outside an ending
};

inline PawnSummary pawn_summary(Bitboard white_pawns, Bitboard black_pawns) {
  const PawnOnlyReport report = pawn_only_report(white_pawns, black_pawns);
  const std::uint8_t structure =
      encode_structure(classify_structure(white_pawns, black_pawns, false));
  const PositionSummary outside_ending = summarize(report, structure, GamePhase::Middlegame);
  PawnSummary pawns{outside_ending.nonempty, outside_ending.islands, {}, structure};
  pawns.scored[0] = outside_ending.scored;
  for (Color c : {White, Black})
    pawns.scored[1][index(c)] = scored_patterns(report.side(c), c, std::nullopt);
  return pawns;
}

// The summary of a position from its pawns' summary and its phase: summarize(pawn-only
// report, structure, phase), the structure classified with in_ending = (phase is the
// endgame).
inline PositionSummary summarize(const PawnSummary& pawns, GamePhase phase) {
  const bool in_ending = phase == GamePhase::Endgame;
  PositionSummary summary;
  summary.nonempty = pawns.nonempty;
  summary.islands = pawns.islands;
  summary.scored = pawns.scored[in_ending];
  summary.structure = in_ending ? 0 : pawns.structure;
  summary.phase = phase;
  return summary;
}

// A report of pawns alone: its material is not known, so it is taken as no ending, and
// it counts as the middlegame.
inline PositionSummary summarize(const PawnReport& report) {
  return summarize(
      report, encode_structure(classify_structure(report.white.pawns, report.black.pawns, false)),
      GamePhase::Middlegame);
}

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
  // Calls f on every total, in one fixed order (serialize and deserialize share it).
  template <class Self, class F>
  static void for_each_total(Self& self, F&& f);
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
  std::array<std::uint32_t, 2> seen_in_game_{};  // bit k: pawn_set_keys[k] seen this game
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
