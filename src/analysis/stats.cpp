#include "analysis/stats.hpp"

#include <bit>
#include <cstdio>
#include <utility>

#include "io/json.hpp"

namespace pawnkit::analysis {

GameResult parse_result(std::string_view r) {
  if (r == "1-0") return GameResult::WhiteWins;
  if (r == "0-1") return GameResult::BlackWins;
  if (r == "1/2-1/2") return GameResult::Draw;
  return GameResult::Unknown;
}

double Score::percent() const {
  const auto n = games();
  return n ? 100.0 * (double(wins) + 0.5 * double(draws)) / double(n) : -1.0;
}

void Stats::begin_game(GameResult result) {
  result_ = result;
  in_game_ = true;
  seen_in_game_ = {};
  run_ = {};
  had_ = {};
  ply_ = 0;
  first_ply_.fill(-1);
  held_by_.fill(-1);
  run_key_ = 0;
  run_length_ = 0;
}

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
  for (int ci = 0; ci < 2; ++ci) {
    const std::uint32_t bits = position.nonempty[ci];
    seen_in_game_[ci] |= bits;
    // Branch-free over every key (it vectorizes) rather than a loop over the set bits.
    for (std::size_t k = 0; k < key_count; ++k)
      positions_with_[ci][k] += std::uint64_t(bits >> k & 1) * count;
    island_counts_[ci][position.islands[ci]] += count;
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
  for (int ci = 0; ci < 2; ++ci) {
    for (std::size_t k = 0; k < key_count; ++k) games_with_[ci][k] += seen_in_game_[ci] >> k & 1;
    if (result_ == GameResult::Unknown) continue;
    const bool won = result_ == (ci == 0 ? GameResult::WhiteWins : GameResult::BlackWins);
    for (int p = 0; p < scored_pattern_count; ++p) {
      if (!had_[ci][p]) continue;
      Score& s = scores_[ci][p];
      if (result_ == GameResult::Draw) ++s.draws;
      else if (won) ++s.wins;
      else ++s.losses;
    }
  }
  for (std::size_t s = 0; s < structures; ++s) {
    if (first_ply_[s] < 0) continue;
    ++structure_games_[s];
    structure_first_ply_sum_[s] += std::uint64_t(first_ply_[s]);
    if (held_by_[s] < 0 || result_ == GameResult::Unknown) continue;
    const GameResult holder_wins = held_by_[s] == 0 ? GameResult::WhiteWins : GameResult::BlackWins;
    Score& score = structure_scores_[s];
    if (result_ == GameResult::Draw)
      ++score.draws;
    else if (result_ == holder_wins)
      ++score.wins;
    else
      ++score.losses;
  }
}

void Stats::merge(const Stats& o) {
  games_ += o.games_;
  positions_ += o.positions_;
  bad_games_ += o.bad_games_;
  skipped_games_ += o.skipped_games_;
  for (int ci = 0; ci < 2; ++ci) {
    for (std::size_t k = 0; k < key_count; ++k) {
      positions_with_[ci][k] += o.positions_with_[ci][k];
      games_with_[ci][k] += o.games_with_[ci][k];
    }
    for (int n = 0; n < 5; ++n) island_counts_[ci][n] += o.island_counts_[ci][n];
    for (int p = 0; p < scored_pattern_count; ++p) {
      scores_[ci][p].wins += o.scores_[ci][p].wins;
      scores_[ci][p].draws += o.scores_[ci][p].draws;
      scores_[ci][p].losses += o.scores_[ci][p].losses;
    }
  }
  for (std::size_t s = 0; s < structures; ++s) {
    for (int ci = 0; ci < 2; ++ci) structure_positions_[s][ci] += o.structure_positions_[s][ci];
    structure_reversed_[s] += o.structure_reversed_[s];
    structure_games_[s] += o.structure_games_[s];
    structure_first_ply_sum_[s] += o.structure_first_ply_sum_[s];
    structure_scores_[s].wins += o.structure_scores_[s].wins;
    structure_scores_[s].draws += o.structure_scores_[s].draws;
    structure_scores_[s].losses += o.structure_scores_[s].losses;
  }
}

namespace {

double share(std::uint64_t part, std::uint64_t whole) {
  return whole ? 100.0 * double(part) / double(whole) : 0.0;
}

template <class... T>
void appendf(std::string& out, const char* format, T... args) {
  char line[256];
  const int n = std::snprintf(line, sizeof line, format, args...);
  out.append(line, std::size_t(n < 0 ? 0 : n));
}

unsigned long long ull(std::uint64_t v) { return static_cast<unsigned long long>(v); }

void append_count(std::string& out, std::uint64_t v) { io::append_int(out, static_cast<long long>(v)); }

// "wins": W, "draws": D, "losses": L, "score_percent": P (null without games)
void append_score_fields(std::string& out, const Score& s) {
  out += "\"wins\": ";
  append_count(out, s.wins);
  out += ", \"draws\": ";
  append_count(out, s.draws);
  out += ", \"losses\": ";
  append_count(out, s.losses);
  out += ", \"score_percent\": ";
  if (s.games())
    appendf(out, "%.2f", s.percent());
  else
    out += "null";
}

}  // namespace

std::string Stats::table() const {
  std::string out;
  appendf(out, "games %llu, positions %llu", ull(games_), ull(positions_));
  if (bad_games_) appendf(out, ", bad games %llu", ull(bad_games_));
  if (skipped_games_) appendf(out, ", skipped (other variants) %llu", ull(skipped_games_));
  out += "\n\n";
  out += "pattern            % of positions      % of games\n";
  out += "                    white   black     white   black\n";
  for (std::size_t k = 0; k < key_count; ++k)
    appendf(out, "%-17s  %6.2f  %6.2f    %6.2f  %6.2f\n", std::string(pawn_set_keys[k].name).c_str(),
            share(positions_with_[0][k], positions_), share(positions_with_[1][k], positions_),
            share(games_with_[0][k], games_), share(games_with_[1][k], games_));
  out += "\nislands            % of positions\n";
  out += "                    white   black\n";
  for (int n = 0; n < 5; ++n)
    appendf(out, "%-17d  %6.2f  %6.2f\n", n, share(island_counts_[0][n], positions_),
            share(island_counts_[1][n], positions_));
  appendf(out, "\nscore of the side having it (held %d plies in a row; decided and drawn games)\n",
          min_plies_);
  out += "pattern               side    games    wins   draws  losses   score%\n";
  for (int p = 0; p < scored_pattern_count; ++p)
    for (int ci = 0; ci < 2; ++ci) {
      const Score& s = scores_[ci][p];
      appendf(out, "%-20s  %-5s  %7llu %7llu %7llu %7llu  ",
              std::string(scored_pattern_names[p]).c_str(), ci ? "black" : "white", ull(s.games()),
              ull(s.wins), ull(s.draws), ull(s.losses));
      if (s.games())
        appendf(out, "%6.1f\n", s.percent());
      else
        out += "     -\n";
    }
  appendf(out,
          "\nnamed structures (score of the side holding it, held %d plies in a row; "
          "decided and drawn games)\n",
          min_plies_);
  // Held-by-White and held-by-Black shares of positions, share of games, average first
  // ply, then the holder's results. Header and rows share one set of column widths.
  const char* row = "%-17s  %6s  %6s  %10s  %9s  %6s  %6s  %6s  %6s  %6s\n";
  appendf(out, "%-17s  %14s  %10s  %9s  %6s  %6s  %6s  %6s  %6s\n", "structure", "% of positions",
          "% of games", "first ply", "games", "wins", "draws", "losses", "score%");
  appendf(out, row, "", "white", "black", "", "(average)", "", "", "", "", "");
  while (out.ends_with(" \n")) out.erase(out.size() - 2, 1);
  auto fixed = [](double v, const char* format) {
    char text[32];
    std::snprintf(text, sizeof text, format, v);
    return std::string(text);
  };
  for (std::size_t i = 0; i < structures; ++i) {
    const auto id = StructureId(i);
    const Score& s = structure_scores_[i];
    appendf(out, row, std::string(structure_name(id)).c_str(),
            fixed(share(structure_positions(id, White), positions_), "%.2f").c_str(),
            fixed(share(structure_positions(id, Black), positions_), "%.2f").c_str(),
            fixed(share(structure_games_[i], games_), "%.2f").c_str(),
            structure_games_[i] ? fixed(structure_average_first_ply(id), "%.1f").c_str() : "-",
            std::to_string(s.games()).c_str(), std::to_string(s.wins).c_str(),
            std::to_string(s.draws).c_str(), std::to_string(s.losses).c_str(),
            s.games() ? fixed(s.percent(), "%.1f").c_str() : "-");
  }
  return out;
}

std::string Stats::json() const {
  std::string out = "{\"games\": ";
  append_count(out, games_);
  out += ", \"positions\": ";
  append_count(out, positions_);
  out += ", \"bad_games\": ";
  append_count(out, bad_games_);
  out += ", \"skipped_games\": ";
  append_count(out, skipped_games_);
  out += ", \"patterns\": {";
  for (std::size_t k = 0; k < key_count; ++k) {
    if (k) out += ", ";
    io::append_json_string(out, pawn_set_keys[k].name);
    out += ": {";
    for (int ci = 0; ci < 2; ++ci) {
      out += ci ? ", \"black\": {\"positions\": " : "\"white\": {\"positions\": ";
      append_count(out, positions_with_[ci][k]);
      out += ", \"games\": ";
      append_count(out, games_with_[ci][k]);
      out += '}';
    }
    out += '}';
  }
  out += "}, \"islands\": {";
  for (int ci = 0; ci < 2; ++ci) {
    out += ci ? ", \"black\": [" : "\"white\": [";
    for (int n = 0; n < 5; ++n) {
      if (n) out += ',';
      append_count(out, island_counts_[ci][n]);
    }
    out += ']';
  }
  out += "}, \"min_plies\": ";
  io::append_int(out, min_plies_);
  out += ", \"scores\": {";
  for (int p = 0; p < scored_pattern_count; ++p) {
    if (p) out += ", ";
    io::append_json_string(out, scored_pattern_names[p]);
    out += ": {";
    for (int ci = 0; ci < 2; ++ci) {
      out += ci ? ", \"black\": {" : "\"white\": {";
      append_score_fields(out, scores_[ci][p]);
      out += '}';
    }
    out += '}';
  }
  out += "}, \"structures\": {";
  for (std::size_t i = 0; i < structures; ++i) {
    const auto id = StructureId(i);
    const Score& s = structure_scores_[i];
    if (i) out += ", ";
    io::append_json_string(out, structure_name(id));
    out += ": {\"positions\": ";
    append_count(out, structure_positions(id));
    out += ", \"positions_white\": ";
    append_count(out, structure_positions(id, White));
    out += ", \"positions_black\": ";
    append_count(out, structure_positions(id, Black));
    out += ", \"positions_reversed\": ";
    append_count(out, structure_reversed_[i]);
    out += ", \"games\": ";
    append_count(out, structure_games_[i]);
    out += ", \"average_first_ply\": ";
    if (structure_games_[i])
      appendf(out, "%.2f", structure_average_first_ply(id));
    else
      out += "null";
    out += ", ";
    append_score_fields(out, s);
    out += '}';
  }
  out += "}}\n";
  return out;
}

}  // namespace pawnkit::analysis
