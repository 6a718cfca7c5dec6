// The per-thread worker of `pawnkit similar`: for each game, the position (from a given
// ply on) whose pawn structure is closest to a target's, kept in a bounded top-N heap so
// that memory does not grow with the database.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <pawnkit/chess/phase.hpp>
#include "analysis/game_workers.hpp"
#include "analysis/similar/similarity.hpp"
#include "io/game_record.hpp"

namespace pawnkit::analysis {

struct SimilarOptions {
  PawnSets target{};
  Bitboard ignored = 0;         // squares of the ignored files
  int min_ply = opening_plies;  // positions before this ply are not compared
  std::size_t top = 10;         // hits kept
  bool keep_games = false;      // keep each hit's game (for --games)
};

// One game's closest position.
struct SimilarHit {
  double similarity = 0;
  bool reversed = false;
  std::size_t file_index = 0;  // which input file (0-based), for ties and output
  std::size_t game = 0;        // 1-based game number in its file
  int ply = 0;
  GamePhase phase = GamePhase::Opening;  // of the closest position
  int plies_at_best = 0;  // positions of the game (from min_ply on) with this similarity
  int average_elo = 0;    // of both players, 0 when either Elo tag is missing
  std::string fen, white, black, result, eco;
  // With keep_games: the game and where its movetext starts.
  std::optional<io::GameRecord> record;
  Color first_mover = White;
  int first_move_number = 1;
};

// Best first, the order a coach picks model games in: higher similarity; on a tie a
// closest position in the middlegame, then in the endgame, then in the opening; then more
// plies at that similarity (the game stayed longer in the structure); then a higher
// average rating (unrated games last); then a decisive result before a draw or none;
// then the earlier file and game.
bool better_hit(const SimilarHit& a, const SimilarHit& b);

class SimilarWorker {
 public:
  explicit SimilarWorker(const SimilarOptions& options) : options_(&options) {}
  void set_file_index(std::size_t i) { file_index_ = i; }
  void game(const io::GameRecord& game, std::string& out, std::vector<io::Diagnostic>& diagnostics);
  const GameCounts& counts() const { return counts_; }
  // The kept hits in heap order (use sorted_hits for output).
  const std::vector<SimilarHit>& hits() const { return heap_; }

 private:
  void offer(SimilarHit&& hit);

  const SimilarOptions* options_;
  std::size_t file_index_ = 0;
  GameCounts counts_;
  std::vector<SimilarHit> heap_;  // a heap with the worst kept hit on top
};

// The best `top` hits of all workers, best first.
std::vector<SimilarHit> sorted_hits(std::vector<SimilarWorker>& workers, std::size_t top);

// `similar --format jsonl`: one line per hit, best first ({"rank", "file", "game", "ply",
// "similarity", "reversed", "white", "black", "result", "eco", "fen"}); `files` names
// the inputs by file_index.
void append_hits_jsonl(std::string& out, const std::vector<SimilarHit>& hits,
                       const std::vector<std::string_view>& files);

}  // namespace pawnkit::analysis
