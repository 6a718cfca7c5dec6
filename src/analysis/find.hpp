// The per-thread worker of `pawnkit find` over PGN games, and what it shares with the
// FEN/EPD path: the query context of one position and the --min-plies bookkeeping.
#pragma once

#include <cstddef>
#include <pawnkit/chess/position.hpp>
#include <pawnkit/pawns/report.hpp>
#include <pawnkit/pawns/structures.hpp>
#include <string>
#include <vector>

#include "analysis/game_workers.hpp"
#include "analysis/pawn_report_cache.hpp"
#include "analysis/query/query.hpp"
#include "io/game_record.hpp"

namespace pawnkit::analysis {

// The context of `pos` for a query; `report` must outlive it. `ply` < 0 takes the ply
// from the FEN's move counters (FEN/EPD input, where no game start is known).
QueryContext query_context(const Query& query, const Position& pos, const PawnReport& report,
                           int ply, const io::GameRecord* game);

struct FindOptions {
  const Query* query = nullptr;
  int min_plies = 1;   // the expression must hold for this many consecutive plies
  bool games = false;  // write whole matching games as PGN instead of positions
  bool write = true;   // false: only count the matches (--count)
  // With games: the keys whose squares the comment marks (io/pgn_annotation.hpp); empty
  // for the plain comment.
  std::vector<SquareSetKey> annotate;
};

// Positions mode: a JSON line of the pawn report (with "game" and "ply") for each position that
// ends a run of at least min_plies consecutive matching plies. Games mode: each fully
// replayed game with such a run, as portable PGN (io/pgn/writer.hpp: the export format's
// tag order, the moves in pawnkit's SAN) with a comment after the run's first ply,
// annotated with that position's structure and key squares when asked.
class FindWorker {
 public:
  explicit FindWorker(FindOptions options) : options_(options) {}
  void game(const io::GameRecord& game, std::string& out, std::vector<io::Diagnostic>& diagnostics);
  const GameCounts& counts() const { return counts_; }
  std::size_t matches() const { return matches_; }  // positions, or games with --games

 private:
  FindOptions options_;
  GameCounts counts_;
  std::size_t matches_ = 0;
  std::string fen_, comment_;
  PawnReportCache reports_;
  // The report and structure at the first ply of the current matching run (--annotate).
  PawnReport run_start_;
  NamedStructure run_start_structure_;
  std::vector<std::string> moves_;  // the game being written, in pawnkit's SAN
};

}  // namespace pawnkit::analysis
