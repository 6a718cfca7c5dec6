// The per-thread workers of the game pipeline for `analyze` (one record per position)
// and `stats` (aggregated counts).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include <pawnkit/chess/fen_write.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/chess/phase.hpp>

#include "analysis/add_fields.hpp"
#include "analysis/pawn_report_cache.hpp"
#include "analysis/pawn_summary_cache.hpp"
#include "analysis/pipeline.hpp"
#include "analysis/position_analysis.hpp"
#include "analysis/replay.hpp"
#include "analysis/stats.hpp"
#include "io/diagnostic.hpp"
#include "io/game_record.hpp"
#include "io/report_writer.hpp"

namespace pawnkit::analysis {

// Counts of what happened to the games a worker saw.
struct GameCounts {
  std::size_t games = 0, positions = 0, bad = 0, skipped = 0;
  static auto fields(auto& c) { return std::tie(c.games, c.positions, c.bad, c.skipped); }
  void add(const GameCounts& o) { add_fields(fields(*this), fields(o)); }
};

// The named structure of each position of a game. It depends on the pawns and on
// whether the position is an ending, so it is classified again only when a pawn moved or
// was taken or the game reached its ending.
class StructureClassifier {
 public:
  const NamedStructure& operator()(const Position& pos) { return classify(pos, in_ending(pos)); }
  // The same with pos's game phase at hand: the ending is the endgame phase.
  const NamedStructure& operator()(const Position& pos, GamePhase phase) {
    return classify(pos, phase == GamePhase::Endgame);
  }

 private:
  const NamedStructure& classify(const Position& pos, bool ending) {
    if (pos.pawns(White) != pawns_[0] || pos.pawns(Black) != pawns_[1] || ending != ending_) {
      pawns_ = {pos.pawns(White), pos.pawns(Black)};
      ending_ = ending;
      structure_ = classify_structure(pawns_[0], pawns_[1], ending_);
    }
    return structure_;
  }

  std::array<Bitboard, 2> pawns_{~Bitboard{0}, ~Bitboard{0}};
  bool ending_ = false;
  NamedStructure structure_;
};

// Writes one pawn report record per position of every game (with "game" and "ply"), as
// JSON lines or CSV (a table per position is for FEN/EPD input only).
class AnalyzeWorker {
 public:
  explicit AnalyzeWorker(RecordFormat format) : format_(format) {}
  void game(const io::GameRecord& game, std::string& out, std::vector<io::Diagnostic>& diagnostics);
  const GameCounts& counts() const { return counts_; }
  // The pipeline's hand-over for long games (~2 KB a position): memory stays flat.
  void set_spill(OutputSpill* spill) { spill_ = spill; }

 private:
  RecordFormat format_;
  OutputSpill* spill_ = nullptr;
  std::size_t spill_at_ = OutputSpill::threshold;  // offer `out` to spill_ at this size
  GameCounts counts_;
  PawnReportCache reports_;
  io::ReportJsonCache json_;
  FenWriter fen_writer_;  // the FEN of a ply rewrites only the ranks its move changed
  char fen_[FenWriter::room];
};

// Both Elo tags as numbers (1 to 9999), or nullopt when either is missing or not a number.
std::optional<GameRatings> game_ratings(const io::GameRecord& game);

// Adds every position of every fully replayed game to its Stats; a game with an error
// adds nothing but its count of bad games.
class StatsWorker {
 public:
  explicit StatsWorker(int min_plies) : stats_(min_plies) {}
  void game(const io::GameRecord& game, std::string& out, std::vector<io::Diagnostic>& diagnostics);
  const Stats& stats() const { return stats_; }
  Stats& stats() { return stats_; }

 private:
  // Consecutive positions of the current game with the same pawns and phase (most moves
  // leave the pawns alone), kept until the game replays cleanly. Their summaries are made
  // then; each new placement's cache entry is asked for as the replay reaches it
  // (PawnSummaryCache::prefetch), so that it is in the caches by its look-up.
  struct Placement {
    std::array<Bitboard, 2> pawns;
    GamePhase phase;
    std::uint32_t count;
  };
  // Adds the game's positions to stats_, consecutive equal summaries as one run.
  void add_placements();

  Stats stats_;
  PawnSummaryCache pawn_summaries_;
  std::vector<Placement> placements_;
};

// Counts the game, and for a game that was bad or skipped, adds its error.
void note_outcome(const ReplayResult& result, GameCounts& counts,
                  std::vector<io::Diagnostic>& diagnostics);

}  // namespace pawnkit::analysis
