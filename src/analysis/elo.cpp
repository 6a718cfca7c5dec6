#include "analysis/elo.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace pawnkit::analysis {

GameResult parse_result(std::string_view r) {
  if (r == "1-0") return GameResult::WhiteWins;
  if (r == "0-1") return GameResult::BlackWins;
  if (r == "1/2-1/2") return GameResult::Draw;
  return GameResult::Unknown;
}

std::optional<int> parse_elo(std::string_view text) {
  if (text.empty() || text.size() > 4) return std::nullopt;
  int v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v > 0 ? std::optional<int>(v) : std::nullopt;
}

std::optional<GameRatings> parse_ratings(std::optional<std::string_view> white_elo_tag,
                                         std::optional<std::string_view> black_elo_tag) {
  const auto white = white_elo_tag ? parse_elo(*white_elo_tag) : std::nullopt;
  const auto black = black_elo_tag ? parse_elo(*black_elo_tag) : std::nullopt;
  if (!white || !black) return std::nullopt;
  return GameRatings{*white, *black};
}

// 10^(-difference / 400) as an exponential, which is cheaper than pow.
constexpr double elo_scale = 2.302585092994045684 / 400;  // ln(10) / 400

double expected_score(double difference) { return 1.0 / (1.0 + std::exp(-difference * elo_scale)); }

namespace {

// A bucket key: the rating difference (at most 4 digits a side, so within +/-9999) in the
// high bits, so that buckets sort by it, then the holder and the holder's half points.
constexpr int difference_offset = 1 << 14;
constexpr std::int32_t bucket_key(int white_minus_black, Color holder, int half_points) {
  return std::int32_t((white_minus_black + difference_offset) << 3 | index(holder) << 2 |
                      half_points);
}
struct BucketGames {
  int white_minus_black;
  Color holder;
  int half_points;
};
constexpr BucketGames bucket_games(std::int32_t key) {
  return {(key >> 3) - difference_offset, (key >> 2 & 1) ? Black : White, key & 3};
}

// The holder's expected score in one bucket, White's rating raised by white_edge.
double holder_expected(const BucketGames& g, double white_edge) {
  const double white = expected_score(g.white_minus_black + white_edge);
  return g.holder == White ? white : 1.0 - white;
}

}  // namespace

void RatedGames::add(int white_minus_black, Color holder, int holder_half_points) {
  pending_.push_back(bucket_key(white_minus_black, holder, holder_half_points));
  if (pending_.size() >= max_pending) settle();
}

namespace {

// The sum of two bucket lists sorted by key, sorted by key.
std::vector<RatedGames::Bucket> merge_buckets(const std::vector<RatedGames::Bucket>& x,
                                              const std::vector<RatedGames::Bucket>& y) {
  std::vector<RatedGames::Bucket> merged;
  merged.reserve(x.size() + y.size());
  auto a = x.cbegin(), b = y.cbegin();
  while (a != x.end() || b != y.end()) {
    if (b == y.end() || (a != x.end() && a->key < b->key))
      merged.push_back(*a++);
    else if (a == x.end() || b->key < a->key)
      merged.push_back(*b++);
    else
      merged.push_back({a->key, a->count + b->count}), ++a, ++b;
  }
  return merged;
}

}  // namespace

void RatedGames::settle() const {
  std::sort(pending_.begin(), pending_.end());
  std::vector<Bucket> added;
  for (const std::int32_t key : pending_) {
    if (added.empty() || added.back().key != key) added.push_back({key, 0});
    ++added.back().count;
  }
  pending_.clear();
  buckets_ = merge_buckets(buckets_, added);
}

RatedGames& RatedGames::operator+=(const RatedGames& other) {
  buckets_ = merge_buckets(buckets(), other.buckets());
  return *this;
}

std::uint64_t RatedGames::games() const {
  std::uint64_t n = 0;
  for (const Bucket& b : buckets()) n += b.count;
  return n;
}

double RatedGames::points() const {
  double sum = 0;
  for (const Bucket& b : buckets()) sum += double(b.count) * bucket_games(b.key).half_points / 2;
  return sum;
}

RatedGames::ExpectedPoints RatedGames::expected_points(double white_edge) const {
  ExpectedPoints sum{0, 0};
  for (const Bucket& b : buckets()) {
    const BucketGames g = bucket_games(b.key);
    const double e = holder_expected(g, white_edge);
    // dE/dd = E (1 - E) ln(10) / 400 for White; Black's expectation falls as White's rises.
    const double slope = e * (1 - e) * elo_scale * (g.holder == White ? 1 : -1);
    sum.points += double(b.count) * e;
    sum.slope += double(b.count) * slope;
  }
  return sum;
}

RatedSummary RatedGames::summary(double white_edge) const {
  RatedSummary r;
  double expected = 0, difference = 0, difference_square = 0;
  for (const Bucket& b : buckets()) {
    const BucketGames g = bucket_games(b.key);
    const double e = holder_expected(g, white_edge), d = g.half_points / 2.0 - e;
    const double n = double(b.count);
    r.games += b.count;
    expected += n * e;
    difference += n * d;
    difference_square += n * d * d;
  }
  if (!r.games) return r;
  const double n = double(r.games);
  const double mean = difference / n;  // points per game
  r.expected_percent = 100.0 * expected / n;
  r.difference = 100.0 * mean;
  r.actual_percent = r.expected_percent + r.difference;
  if (r.games > 1) {
    const double variance = std::max(0.0, (difference_square / n - mean * mean) * n / (n - 1));
    r.ci95 = 100.0 * 1.96 * std::sqrt(variance / n);
  }
  return r;
}

void GameScore::add(GameResult result, Color holder, const std::optional<GameRatings>& ratings) {
  if (result == GameResult::Unknown) return;
  const GameResult holder_wins = holder == White ? GameResult::WhiteWins : GameResult::BlackWins;
  int half_points = 1;
  if (result == GameResult::Draw)
    ++draws;
  else if (result == holder_wins)
    ++wins, half_points = 2;
  else
    ++losses, half_points = 0;
  if (ratings) rated_games.add(ratings->white - ratings->black, holder, half_points);
}

GameScore& GameScore::operator+=(const GameScore& o) {
  wins += o.wins;
  draws += o.draws;
  losses += o.losses;
  rated_games += o.rated_games;
  return *this;
}

double GameScore::percent() const {
  const auto n = games();
  return n ? 100.0 * (double(wins) + 0.5 * double(draws)) / double(n) : -1.0;
}

}  // namespace pawnkit::analysis
