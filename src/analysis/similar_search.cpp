#include "analysis/similar_search.hpp"

#include <algorithm>
#include <cstdio>
#include <pawnkit/chess/fen.hpp>

#include "io/json.hpp"

namespace pawnkit::analysis {

bool better_hit(const SimilarHit& a, const SimilarHit& b) {
  if (a.similarity != b.similarity) return a.similarity > b.similarity;
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
  int best_ply = -1;
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
    if (best_ply >= 0 && last_match.similarity <= best.similarity) return;
    best = last_match;
    best_ply = ply;
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
    char similarity[32];
    std::snprintf(similarity, sizeof similarity, "%.3f", h.similarity);
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
