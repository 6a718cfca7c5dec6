#include "analysis/similar/search.hpp"

#include <algorithm>
#include <cstdio>
#include <pawnkit/chess/fen.hpp>

#include "io/json.hpp"
#include "io/printf.hpp"

namespace pawnkit::analysis {

namespace {

// The phases in a coach's order for a model game: the structure at work in the
// middlegame, then its ending, last the opening that only reaches it.
int phase_rank(GamePhase phase) {
  switch (phase) {
    case GamePhase::Middlegame:
      return 0;
    case GamePhase::Endgame:
      return 1;
    case GamePhase::Opening:
      return 2;
  }
  return 2;
}

bool is_decisive(std::string_view result) { return result == "1-0" || result == "0-1"; }

}  // namespace

bool better_hit(const SimilarHit& a, const SimilarHit& b) {
  if (a.similarity != b.similarity) return a.similarity > b.similarity;
  if (a.phase != b.phase) return phase_rank(a.phase) < phase_rank(b.phase);
  if (a.plies_at_best != b.plies_at_best) return a.plies_at_best > b.plies_at_best;
  if (a.average_elo != b.average_elo) return a.average_elo > b.average_elo;
  if (is_decisive(a.result) != is_decisive(b.result)) return is_decisive(a.result);
  if (a.file_index != b.file_index) return a.file_index < b.file_index;
  return a.game < b.game;
}

void SimilarWorker::offer(SimilarHit&& hit) {
  // std::push_heap with better_hit as "less" keeps the worst hit at the front.
  if (heap_.size() < options_->top) {
    heap_.push_back(std::move(hit));
    std::push_heap(heap_.begin(), heap_.end(), better_hit);
    return;
  }
  if (heap_.empty() || !better_hit(hit, heap_.front())) return;
  std::pop_heap(heap_.begin(), heap_.end(), better_hit);
  heap_.back() = std::move(hit);
  std::push_heap(heap_.begin(), heap_.end(), better_hit);
}

void SimilarWorker::game(const io::GameRecord& game, std::string& /*out*/,
                         std::vector<io::Diagnostic>& diagnostics) {
  const SimilarOptions& o = *options_;
  SimilarityMatch best;
  int best_ply = -1, plies_at_best = 0;
  GamePhase best_phase = GamePhase::Opening;
  std::string best_fen;
  PawnSets last{~Bitboard{0}, ~Bitboard{0}};
  SimilarityMatch last_match;
  Color first_mover = White;
  int first_number = 1;
  const ReplayResult result = replay(game, [&](const Position& pos, int ply) {
    ++counts_.positions;
    if (ply == 0) {
      first_mover = pos.side_to_move();
      first_number = pos.fullmove_number();
    }
    if (ply < o.min_ply) return;
    const PawnSets pawns{pos.pawns(White), pos.pawns(Black)};
    // Most moves leave the pawns alone: compare again only when they changed.
    if (pawns != last) {
      last = pawns;
      last_match = structure_similarity_match(o.target, pawns, o.ignored);
    }
    if (best_ply >= 0 && last_match.similarity < best.similarity) return;
    // Of the positions with the game's best similarity, the first in the best phase
    // (middlegame, endgame, opening) is the one shown.
    const GamePhase phase = game_phase(pos);
    if (best_ply >= 0 && last_match.similarity == best.similarity) {
      ++plies_at_best;
      if (phase_rank(phase) >= phase_rank(best_phase)) return;
    } else {
      plies_at_best = 1;
    }
    best = last_match;
    best_ply = ply;
    best_phase = phase;
    best_fen.clear();
    append_fen(best_fen, pos);
  });
  note_outcome(result, counts_, diagnostics);
  // A game with an error is left out: its movetext could not be checked to the end.
  if (result.outcome != ReplayOutcome::Complete || best_ply < 0) return;
  if (heap_.size() == o.top && o.top &&
      best.similarity < heap_.front().similarity)  // cheap early out before copying
    return;
  SimilarHit hit;
  hit.similarity = best.similarity;
  hit.reversed = best.reversed;
  hit.file_index = file_index_;
  hit.game = game.number;
  hit.ply = best_ply;
  hit.phase = best_phase;
  hit.plies_at_best = plies_at_best;
  if (const auto ratings = game_ratings(game))
    hit.average_elo = (ratings->white + ratings->black) / 2;
  hit.fen = best_fen;
  auto tag = [&](std::string_view name) {
    const auto v = game.tag(name);
    return v ? std::string(*v) : std::string();
  };
  hit.white = tag("White");
  hit.black = tag("Black");
  hit.result = tag("Result");
  if (hit.result.empty()) hit.result = game.result;
  hit.eco = tag("ECO");
  if (o.keep_games) {
    hit.record = game;
    hit.first_mover = first_mover;
    hit.first_move_number = first_number;
  }
  if (o.top) offer(std::move(hit));
}

std::vector<SimilarHit> sorted_hits(std::vector<SimilarWorker>& workers, std::size_t top) {
  std::vector<SimilarHit> all;
  for (SimilarWorker& w : workers)
    for (const SimilarHit& h : w.hits()) all.push_back(h);
  std::sort(all.begin(), all.end(), better_hit);
  if (all.size() > top) all.resize(top);
  return all;
}

void append_hits_jsonl(std::string& out, const std::vector<SimilarHit>& hits,
                       const std::vector<std::string_view>& files) {
  for (std::size_t i = 0; i < hits.size(); ++i) {
    const auto& h = hits[i];
    const std::string similarity = io::printf_string("%.3f", h.similarity);
    out += "{\"rank\": ";
    io::append_int(out, static_cast<long long>(i + 1));
    out += ", \"file\": ";
    io::append_json_string(out, files[h.file_index]);
    out += ", \"game\": ";
    io::append_int(out, static_cast<long long>(h.game));
    out += ", \"ply\": ";
    io::append_int(out, h.ply);
    out += ", \"similarity\": ";
    out += similarity;
    out += h.reversed ? ", \"reversed\": true" : ", \"reversed\": false";
    for (auto [key, value] :
         {std::pair{"white", &h.white}, std::pair{"black", &h.black},
          std::pair{"result", &h.result}, std::pair{"eco", &h.eco}, std::pair{"fen", &h.fen}}) {
      out += ", \"";
      out += key;
      out += "\": ";
      io::append_json_string(out, *value);
    }
    out += "}\n";
  }
}

}  // namespace pawnkit::analysis
