// Elo maths over game results: a game's result, the players' ratings, the expected score
// of the Elo formula, and a side's wins, draws and losses with its rated games counted by
// rating difference, so that the expectation (with White's edge for the first move,
// docs/patterns.md) can be computed once every game is read.
#pragma once

#include <cstdint>
#include <optional>
#include <pawnkit/bitboard.hpp>
#include <string_view>
#include <vector>

namespace pawnkit::analysis {

enum class GameResult : std::uint8_t { WhiteWins, Draw, BlackWins, Unknown };

// "1-0", "0-1", "1/2-1/2"; anything else is Unknown.
GameResult parse_result(std::string_view result_tag);
// An Elo tag's value as a rating: 1 to 4 digits, above 0; nullopt otherwise ("?", "-", "":
// unrated).
std::optional<int> parse_elo(std::string_view elo_tag);
// Both players' Elo ratings from the game's tags, when both are given.
struct GameRatings {
  int white = 0, black = 0;
};
// The ratings of a game's WhiteElo and BlackElo tag values (either may be missing): both
// or neither, so that a game rated on one side only counts as unrated everywhere.
std::optional<GameRatings> parse_ratings(std::optional<std::string_view> white_elo_tag,
                                         std::optional<std::string_view> black_elo_tag);

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
//
// add() appends the game's key to an unsorted list (up to 2,048), which is sorted and merged into
// the buckets when it is full or the buckets are read: an insert into the sorted buckets
// per game moved the tail of a vector of thousands (2-5 % of `stats` on the tag-heavy
// file, docs/speed.md). Reading a RatedGames from two threads at once is safe once it has
// been read (or merged, or serialized) after its last add().
class RatedGames {
 public:
  void add(int white_minus_black, Color holder, int holder_half_points);
  RatedGames& operator+=(const RatedGames& other);
  bool operator==(const RatedGames& other) const { return buckets() == other.buckets(); }

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
  const std::vector<Bucket>& buckets() const {
    if (!pending_.empty()) settle();
    return buckets_;
  }
  std::vector<Bucket>& buckets() {  // for deserializing
    if (!pending_.empty()) settle();
    return buckets_;
  }

 private:
  static constexpr std::size_t max_pending = 2048;
  // Sorts pending_ and merges it into buckets_.
  void settle() const;

  mutable std::vector<Bucket> buckets_;        // sorted by key
  mutable std::vector<std::int32_t> pending_;  // keys of games added since, unsorted
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

}  // namespace pawnkit::analysis
