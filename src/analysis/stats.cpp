#include "analysis/stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace pawnkit::analysis {

void Stats::begin_game(GameResult result, const std::optional<GameRatings>& ratings) {
  result_ = result;
  ratings_ = ratings;
  in_game_ = true;
  game_positions_with_ = {};
  run_ = {};
  had_ = {};
  ply_ = 0;
  first_ply_.fill(-1);
  held_by_.fill(-1);
  held_from_ply_.fill(-1);
  run_key_ = 0;
  run_length_ = 0;
  in_pattern_phase_ = false;
  timeline_.clear();
}

std::optional<WhiteEdge> Stats::white_edge() const {
  const RatedGames& games = all_games_[index(White)].rated_games;
  WhiteEdge edge{0, games.summary(0)};
  const double points = games.points(), n = double(edge.unadjusted.games);
  if (!edge.unadjusted.enough() || points <= 0 || points >= n) return std::nullopt;
  // White's expected points grow with the edge, so there is one root: Newton's method from
  // 0, kept inside a bracket that shrinks each step (a step that would leave it bisects).
  // Elo ratings differ by at most 9999, so the edge lies within +/-10000. It stops when the
  // expectation is within 1e-12 points per game of the actual score, far below anything
  // printed.
  double low = -10000, high = 10000, d = 0;
  for (int step = 0; step < 200; ++step) {
    const auto [expected, slope] = games.expected_points(d);
    if (std::fabs(expected - points) < 1e-12 * n) break;
    (expected < points ? low : high) = d;
    const double newton = d - (expected - points) / slope;
    d = slope > 0 && newton > low && newton < high ? newton : (low + high) / 2;
  }
  edge.elo = d;
  return edge;
}

GameScore Stats::structure_score(StructureId s) const {
  GameScore both = structure_scores_[std::size_t(s)][0];
  both += structure_scores_[std::size_t(s)][1];
  return both;
}

double Stats::structure_average_first_ply(StructureId s) const {
  const auto games = structure_games_[std::size_t(s)];
  return games ? double(structure_first_ply_sum_[std::size_t(s)]) / double(games) : -1.0;
}

void Stats::add_positions(const PositionSummary& position, std::uint32_t count) {
  positions_ += count;
  phase_positions_[std::size_t(position.phase)] += count;
  const bool pattern_rows = !pattern_phase_ || *pattern_phase_ == position.phase;
  if (pattern_rows) {
    pattern_positions_ += count;
    in_pattern_phase_ = true;
  }
  for (int ci = 0; ci < 2; ++ci) {
    if (pattern_rows) {
      const std::uint32_t bits = position.nonempty[ci];
      // Branch-free over every key (it vectorizes) rather than a loop over the set bits.
      auto& with = game_positions_with_[ci];
      for (std::size_t k = 0; k < with.size(); ++k) with[k] += (bits >> k & 1) ? count : 0;
      island_counts_[ci][position.islands[ci]] += count;
    }
    for (int p = 0; p < scored_pattern_count; ++p) {
      int& run = run_[ci][p];
      run = (position.scored[ci] >> p & 1) ? run + int(count) : 0;
      if (run >= min_plies_) had_[ci][p] = true;
    }
  }
  // A position has at most one structure, so one run (same structure, same holder) is
  // all there is to follow.
  const int ply = ply_;
  ply_ += int(count);
  const std::uint8_t run_key = position.structure & 63;  // without the reversed bit
  run_length_ = run_key && run_key == run_key_ ? run_length_ + int(count) : int(count);
  run_key_ = run_key;
  const auto match = decode_structure(position.structure);
  timeline_.add(match, position.phase, int(count));
  if (!match) return;
  const auto s = std::size_t(match->id);
  const auto holder = std::int8_t(index(match->side));
  structure_positions_[s][std::size_t(holder)] += count;
  if (match->reversed) structure_reversed_[s] += count;
  if (first_ply_[s] < 0) first_ply_[s] = ply;
  if (held_by_[s] < 0 && run_length_ >= min_plies_) {
    held_by_[s] = holder;
    held_from_ply_[s] = ply_ - run_length_;
  }
}

void Stats::end_game() {
  if (!in_game_) return;
  in_game_ = false;
  ++games_;
  pattern_games_ += in_pattern_phase_;
  count_transitions();
  for (int ci = 0; ci < 2; ++ci) {
    for (std::size_t k = 0; k < key_count; ++k) {
      positions_with_[ci][k] += game_positions_with_[ci][k];
      games_with_[ci][k] += game_positions_with_[ci][k] != 0;
    }
    const Color c = ci == 0 ? White : Black;
    all_games_[ci].add(result_, c, ratings_);
    for (int p = 0; p < scored_pattern_count; ++p)
      if (had_[ci][p]) scores_[ci][p].add(result_, c, ratings_);
  }
  if (track_openings_) {
    OpeningRow& row = openings_[eco_];
    ++row.games;
    for (std::size_t s = 0; s < structures; ++s)
      if (held_by_[s] >= 0) {
        ++row.reached[s];
        row.first_ply_sum[s] += std::uint64_t(held_from_ply_[s]);
      }
  }
  eco_.assign(1, '?');  // not = "?": GCC 12 warns wrongly (-Wrestrict) on it here
  for (std::size_t s = 0; s < structures; ++s) {
    if (first_ply_[s] < 0) continue;
    ++structure_games_[s];
    structure_first_ply_sum_[s] += std::uint64_t(first_ply_[s]);
    if (held_by_[s] >= 0) {
      const Color holder = held_by_[s] == 0 ? White : Black;
      structure_scores_[s][index(holder)].add(result_, holder, ratings_);
    }
  }
}

void Stats::count_transitions() {
  ranges_.clear();
  fold_timeline(timeline_.runs(), min_plies_, ranges_);
  for (std::size_t r = 1; r < ranges_.size(); ++r) {
    const StructureRange &from = ranges_[r - 1], &to = ranges_[r];
    if (!is_transition(from, to, min_plies_)) continue;
    // Once per game: the same pair earlier in the game was counted already.
    bool counted = false;
    for (std::size_t e = 1; e < r && !counted; ++e)
      counted = ranges_[e - 1].structure.id == from.structure.id &&
                ranges_[e].structure.id == to.structure.id &&
                is_transition(ranges_[e - 1], ranges_[e], min_plies_);
    if (counted) continue;
    const auto f = std::size_t(from.structure.id), t = std::size_t(to.structure.id);
    ++transition_games_[f][t];
    transition_scores_[f][t].add(result_, from.structure.holder, ratings_);
  }
}

template <class F, class... Self>
void Stats::for_each_setting(F&& f, Self&... s) {
  f(s.min_plies_...), f(s.track_openings_...), f(s.pattern_phase_...);
}

template <class F, class... Self>
void Stats::for_each_count(F&& f, Self&... s) {
  f(s.games_...), f(s.positions_...), f(s.bad_games_...), f(s.skipped_games_...);
  f(s.positions_with_...), f(s.games_with_...), f(s.island_counts_...), f(s.scores_...);
  f(s.all_games_...), f(s.structure_positions_...), f(s.structure_reversed_...);
  f(s.structure_games_...), f(s.structure_first_ply_sum_...), f(s.structure_scores_...);
  f(s.pattern_positions_...), f(s.pattern_games_...), f(s.phase_positions_...);
  f(s.transition_games_...), f(s.transition_scores_...);
}

namespace {

// The layout a serialization was written with: a reader of another build refuses it.
constexpr std::uint64_t serial_layout = sizeof(Stats) * 1000003u + structure_count * 101u +
                                        scored_pattern_count * 7u + pawn_set_keys.size();

void put(std::string& out, const GameScore& score);
bool take(std::string_view& in, GameScore& score);

// Plain values as their bytes; arrays of scores element by element.
template <class T>
void put(std::string& out, const T& value) {
  if constexpr (std::is_trivially_copyable_v<T>)
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
  else
    for (const auto& element : value) put(out, element);
}

template <class T>
bool take(std::string_view& in, T& value) {
  if constexpr (std::is_trivially_copyable_v<T>) {
    if (in.size() < sizeof value) return false;
    std::memcpy(static_cast<void*>(&value), in.data(), sizeof value);
    in.remove_prefix(sizeof value);
    return true;
  } else {
    for (auto& element : value)
      if (!take(in, element)) return false;
    return true;
  }
}

// A score: its counts, then the number of its rated buckets and each one's key and count
// (field by field: a bucket's padding bytes are not part of it).
void put(std::string& out, const GameScore& score) {
  put(out, score.wins), put(out, score.draws), put(out, score.losses);
  const auto& buckets = score.rated_games.buckets();
  put(out, std::uint64_t(buckets.size()));
  for (const auto& bucket : buckets) put(out, bucket.key), put(out, bucket.count);
}

bool take(std::string_view& in, GameScore& score) {
  std::uint64_t size = 0;
  if (!take(in, score.wins) || !take(in, score.draws) || !take(in, score.losses) ||
      !take(in, size) || size > in.size() / 12)  // 12 bytes a bucket
    return false;
  auto& buckets = score.rated_games.buckets();
  buckets.resize(std::size_t(size));
  for (auto& bucket : buckets)
    if (!take(in, bucket.key) || !take(in, bucket.count)) return false;
  return std::adjacent_find(buckets.begin(), buckets.end(), [](const auto& a, const auto& b) {
           return a.key >= b.key;
         }) == buckets.end();
}

}  // namespace

std::string Stats::serialize() const {
  std::string out;
  put(out, serial_layout);
  const auto put_total = [&](const auto& total) { put(out, total); };
  for_each_setting(put_total, *this);
  for_each_count(put_total, *this);
  put(out, std::uint64_t(openings_.size()));
  for (const auto& [eco, row] : openings_) {
    put(out, std::uint64_t(eco.size()));
    out += eco;
    put(out, row);
  }
  return out;
}

std::optional<Stats> Stats::deserialize(std::string_view in) {
  std::uint64_t layout = 0, openings = 0;
  if (!take(in, layout) || layout != serial_layout) return std::nullopt;
  Stats s;
  bool ok = true;
  const auto take_total = [&](auto& total) { ok = ok && take(in, total); };
  for_each_setting(take_total, s);
  for_each_count(take_total, s);
  if (!ok || !take(in, openings)) return std::nullopt;
  for (std::uint64_t i = 0; i < openings; ++i) {
    std::uint64_t size = 0;
    if (!take(in, size) || in.size() < size) return std::nullopt;
    std::string eco(in.substr(0, size));
    in.remove_prefix(size);
    if (!take(in, s.openings_[eco])) return std::nullopt;
  }
  if (!in.empty()) return std::nullopt;
  return s;
}

namespace {

// A count, a score, or an array of them, added element by element.
template <class T>
void add_to(T& mine, const T& theirs) {
  if constexpr (std::is_arithmetic_v<T> || std::is_same_v<T, GameScore>)
    mine += theirs;
  else
    for (std::size_t i = 0; i < mine.size(); ++i) add_to(mine[i], theirs[i]);
}

}  // namespace

void Stats::merge(const Stats& o) {
  // Settings are not summed: min_plies and the pattern phase are the same in every worker
  // (set before any game), and openings are tracked when either side tracked them.
  track_openings_ = track_openings_ || o.track_openings_;
  for_each_count([](auto& mine, const auto& theirs) { add_to(mine, theirs); }, *this, o);
  for (const auto& [eco, row] : o.openings_) {
    OpeningRow& mine = openings_[eco];
    mine.games += row.games;
    add_to(mine.reached, row.reached);
    add_to(mine.first_ply_sum, row.first_ply_sum);
  }
}

}  // namespace pawnkit::analysis
