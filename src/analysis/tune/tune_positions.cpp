#include "analysis/tune/tune_positions.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <random>

#include "analysis/replay.hpp"

namespace pawnkit::analysis {

namespace {

bool rated(const io::GameRecord& game, std::string_view tag) {
  const auto value = game.tag(tag);
  if (!value) return false;
  int elo = 0;
  const auto [end, ec] = std::from_chars(value->data(), value->data() + value->size(), elo);
  return ec == std::errc{} && end == value->data() + value->size() && elo > 0;
}

}  // namespace

std::uint64_t mix(std::uint64_t seed, std::uint64_t key) {
  std::uint64_t z = seed * 0x9e3779b97f4a7c15ULL + key;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void select_positions(const io::GameRecord& game, std::uint64_t game_key,
                      const PositionSelection& selection, const eval::PawnWeights& weights,
                      std::vector<TuningSample>& out, SelectionCounts& selected, GameCounts& counts,
                      std::vector<io::Diagnostic>& diagnostics) {
  const std::optional<double> label = result_label(game.result);
  if (!label) {
    ++selected.no_result;
    return;
  }
  if (!selection.allow_unrated && !(rated(game, "WhiteElo") && rated(game, "BlackElo"))) {
    ++selected.unrated;
    return;
  }
  std::vector<TuningSample> quiet;
  int last_occupied = 0, last_pawns = 0;
  const ReplayResult result = replay(game, [&](const Position& pos, int ply) {
    ++counts.positions;
    const int occupied = std::popcount(pos.occupied());
    const int pawns = std::popcount(pos.pieces(PieceType::Pawn));
    // A capture empties a square; a promotion without one takes a pawn off.
    const bool capture_or_promotion = ply > 0 && (occupied < last_occupied || pawns < last_pawns);
    last_occupied = occupied;
    last_pawns = pawns;
    if (ply < selection.skip_plies || capture_or_promotion || in_check(pos)) return;
    quiet.push_back({game_key, ply, float(*label), trace_row(pos, weights)});
  });
  note_outcome(result, counts, diagnostics);
  if (result.outcome != ReplayOutcome::Complete) return;
  if (result.plies < selection.min_game_plies) {
    ++selected.short_games;
    return;
  }
  ++selected.used;
  const std::size_t keep = selection.per_game == 0
                               ? quiet.size()
                               : std::min(quiet.size(), std::size_t(selection.per_game));
  std::mt19937_64 rng(mix(selection.seed, game_key));
  for (std::size_t i = 0; i < keep; ++i) {  // a partial Fisher-Yates shuffle
    std::swap(quiet[i], quiet[i + rng() % (quiet.size() - i)]);
  }
  quiet.resize(keep);
  std::sort(quiet.begin(), quiet.end(),
            [](const TuningSample& a, const TuningSample& b) { return a.ply < b.ply; });
  out.insert(out.end(), quiet.begin(), quiet.end());
}

}  // namespace pawnkit::analysis
