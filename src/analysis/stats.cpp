#include "analysis/stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace pawnkit::analysis {

GameResult parse_result(std::string_view r) {
  if (r == "1-0") return GameResult::WhiteWins;
  if (r == "0-1") return GameResult::BlackWins;
  if (r == "1/2-1/2") return GameResult::Draw;
  return GameResult::Unknown;
}

double expected_score(int own, int other) {
  return 1.0 / (1.0 + std::pow(10.0, double(other - own) / 400.0));
}

void Score::add(GameResult result, Color holder, const std::optional<GameRatings>& ratings) {
  if (result == GameResult::Unknown) return;
  const GameResult holder_wins = holder == White ? GameResult::WhiteWins : GameResult::BlackWins;
  int half_points = 1;
  if (result == GameResult::Draw)
    ++draws;
  else if (result == holder_wins)
    ++wins, half_points = 2;
  else
    ++losses, half_points = 0;
  if (!ratings) return;
  const int own = holder == White ? ratings->white : ratings->black;
  const int other = holder == White ? ratings->black : ratings->white;
  const auto expected = std::int64_t(std::lround(expected_score(own, other) * 10000));
  const std::int64_t difference = half_points * 5000 - expected;
  ++rated_games;
  expected_sum += expected;
  difference_sum += difference;
  difference_square_sum += difference * difference;
}

RatedSummary Score::rated() const {
  RatedSummary r;
  r.games = rated_games;
  if (!rated_games) return r;
  const double n = double(rated_games);
  const double mean = double(difference_sum) / n / 10000;  // points per game
  r.expected_percent = 100.0 * double(expected_sum) / n / 10000;
  r.difference = 100.0 * mean;
  r.actual_percent = r.expected_percent + r.difference;
  if (rated_games > 1) {
    const double mean_square = double(difference_square_sum) / n / 1e8;
    const double variance = std::max(0.0, (mean_square - mean * mean) * n / (n - 1));
    r.ci95 = 100.0 * 1.96 * std::sqrt(variance / n);
  }
  return r;
}

Score& Score::operator+=(const Score& o) {
  wins += o.wins;
  draws += o.draws;
  losses += o.losses;
  rated_games += o.rated_games;
  expected_sum += o.expected_sum;
  difference_sum += o.difference_sum;
  difference_square_sum += o.difference_square_sum;
  return *this;
}

double Score::percent() const {
  const auto n = games();
  return n ? 100.0 * (double(wins) + 0.5 * double(draws)) / double(n) : -1.0;
}

void Stats::begin_game(GameResult result, const std::optional<GameRatings>& ratings) {
  result_ = result;
  ratings_ = ratings;
  in_game_ = true;
  seen_in_game_ = {};
  run_ = {};
  had_ = {};
  ply_ = 0;
  first_ply_.fill(-1);
  held_by_.fill(-1);
  run_key_ = 0;
  run_length_ = 0;
  in_pattern_phase_ = false;
  timeline_.clear();
}

// 1 + StructureId must fit the five low bits of PositionSummary::structure.
static_assert(structure_count < 31);

std::uint8_t encode_structure(const std::optional<StructureMatch>& m) {
  if (!m) return 0;
  return std::uint8_t((int(m->id) + 1) | (m->side == Black) << 5 | int(m->reversed) << 6);
}

std::optional<StructureMatch> decode_structure(std::uint8_t code) {
  if (!code) return std::nullopt;
  return StructureMatch{StructureId((code & 31) - 1), (code >> 5 & 1) ? Black : White,
                        (code >> 6 & 1) != 0};
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
      seen_in_game_[ci] |= bits;
      // Branch-free over every key (it vectorizes) rather than a loop over the set bits.
      for (std::size_t k = 0; k < key_count; ++k)
        positions_with_[ci][k] += std::uint64_t(bits >> k & 1) * count;
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
  if (held_by_[s] < 0 && run_length_ >= min_plies_) held_by_[s] = holder;
}

void Stats::end_game() {
  if (!in_game_) return;
  in_game_ = false;
  ++games_;
  pattern_games_ += in_pattern_phase_;
  count_transitions();
  for (int ci = 0; ci < 2; ++ci) {
    for (std::size_t k = 0; k < key_count; ++k) games_with_[ci][k] += seen_in_game_[ci] >> k & 1;
    for (int p = 0; p < scored_pattern_count; ++p)
      if (had_[ci][p]) scores_[ci][p].add(result_, ci == 0 ? White : Black, ratings_);
  }
  if (track_openings_) {
    OpeningRow& row = openings_[eco_];
    ++row.games;
    for (std::size_t s = 0; s < structures; ++s)
      if (first_ply_[s] >= 0) {
        ++row.reached[s];
        row.first_ply_sum[s] += std::uint64_t(first_ply_[s]);
      }
  }
  eco_ = "?";
  for (std::size_t s = 0; s < structures; ++s) {
    if (first_ply_[s] < 0) continue;
    ++structure_games_[s];
    structure_first_ply_sum_[s] += std::uint64_t(first_ply_[s]);
    if (held_by_[s] >= 0)
      structure_scores_[s].add(result_, held_by_[s] == 0 ? White : Black, ratings_);
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

template <class Self, class F>
void Stats::for_each_total(Self& s, F&& f) {
  f(s.min_plies_), f(s.games_), f(s.positions_), f(s.bad_games_), f(s.skipped_games_);
  f(s.positions_with_), f(s.games_with_), f(s.island_counts_), f(s.scores_);
  f(s.structure_positions_), f(s.structure_reversed_), f(s.structure_games_);
  f(s.structure_first_ply_sum_), f(s.structure_scores_), f(s.track_openings_);
  f(s.pattern_phase_), f(s.pattern_positions_), f(s.pattern_games_), f(s.phase_positions_);
  f(s.transition_games_), f(s.transition_scores_);
}

namespace {

// The layout a serialization was written with: a reader of another build refuses it.
constexpr std::uint64_t serial_layout = sizeof(Stats) * 1000003u + structure_count * 101u +
                                        scored_pattern_count * 7u + pawn_set_keys.size();

template <class T>
void put(std::string& out, const T& value) {
  static_assert(std::is_trivially_copyable_v<T>);
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

template <class T>
bool take(std::string_view& in, T& value) {
  static_assert(std::is_trivially_copyable_v<T>);
  if (in.size() < sizeof value) return false;
  std::memcpy(static_cast<void*>(&value), in.data(), sizeof value);
  in.remove_prefix(sizeof value);
  return true;
}

}  // namespace

std::string Stats::serialize() const {
  std::string out;
  put(out, serial_layout);
  for_each_total(*this, [&](const auto& total) { put(out, total); });
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
  for_each_total(s, [&](auto& total) { ok = ok && take(in, total); });
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

void Stats::merge(const Stats& o) {
  track_openings_ = track_openings_ || o.track_openings_;
  for (const auto& [eco, row] : o.openings_) {
    OpeningRow& mine = openings_[eco];
    mine.games += row.games;
    for (std::size_t s = 0; s < structures; ++s) {
      mine.reached[s] += row.reached[s];
      mine.first_ply_sum[s] += row.first_ply_sum[s];
    }
  }
  games_ += o.games_;
  positions_ += o.positions_;
  pattern_positions_ += o.pattern_positions_;
  pattern_games_ += o.pattern_games_;
  for (std::size_t p = 0; p < phase_positions_.size(); ++p)
    phase_positions_[p] += o.phase_positions_[p];
  bad_games_ += o.bad_games_;
  skipped_games_ += o.skipped_games_;
  for (int ci = 0; ci < 2; ++ci) {
    for (std::size_t k = 0; k < key_count; ++k) {
      positions_with_[ci][k] += o.positions_with_[ci][k];
      games_with_[ci][k] += o.games_with_[ci][k];
    }
    for (std::size_t n = 0; n < island_buckets; ++n)
      island_counts_[ci][n] += o.island_counts_[ci][n];
    for (int p = 0; p < scored_pattern_count; ++p) scores_[ci][p] += o.scores_[ci][p];
  }
  for (std::size_t s = 0; s < structures; ++s) {
    for (int ci = 0; ci < 2; ++ci) structure_positions_[s][ci] += o.structure_positions_[s][ci];
    structure_reversed_[s] += o.structure_reversed_[s];
    structure_games_[s] += o.structure_games_[s];
    structure_first_ply_sum_[s] += o.structure_first_ply_sum_[s];
    structure_scores_[s] += o.structure_scores_[s];
    for (std::size_t t = 0; t < structures; ++t) {
      transition_games_[s][t] += o.transition_games_[s][t];
      transition_scores_[s][t] += o.transition_scores_[s][t];
    }
  }
}

}  // namespace pawnkit::analysis
