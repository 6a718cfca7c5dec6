#include "analysis/game_workers.hpp"

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/chess/phase.hpp>

#include "io/report_writer.hpp"

namespace pawnkit::analysis {

void note_outcome(const ReplayResult& result, GameCounts& counts,
                  std::vector<io::Diagnostic>& diagnostics) {
  ++counts.games;
  diagnostics.insert(diagnostics.end(), result.warnings.begin(), result.warnings.end());
  if (result.outcome == ReplayOutcome::Complete) return;
  (result.outcome == ReplayOutcome::Bad ? counts.bad : counts.skipped) += 1;
  diagnostics.push_back(result.error);
}

void AnalyzeWorker::game(const io::GameRecord& game, std::string& out,
                         std::vector<io::Diagnostic>& diagnostics) {
  StructureClassifier classify;
  if (out.empty()) spill_at_ = OutputSpill::threshold;  // a new batch
  const ReplayResult result = replay(game, [&](const Position& pos, int ply) {
    ++counts_.positions;
    const PawnOnlyReport& pawn_only = reports_.pawn_only(pos);
    const PawnBoard board = pawn_board(pos);
    const GamePhase phase = game_phase(pos);
    const NamedStructure& structure = classify(pos, phase);
    const std::string_view fen(fen_, static_cast<std::size_t>(fen_writer_.write(fen_, pos) - fen_));
    const io::PositionOrigin origin{game.number, ply};
    if (format_ == RecordFormat::Jsonl) {
      io::append_jsonl(out, origin, fen, pawn_only, board, structure, phase, json_);
    } else {
      io::append_csv_row(out, origin, fen, pawn_report(board, pawn_only), structure, phase, true);
    }
    if (spill_ && out.size() >= spill_at_) {
      spill_->spill(out, diagnostics);
      spill_at_ = out.size() + OutputSpill::threshold;
    }
  });
  note_outcome(result, counts_, diagnostics);
}

std::optional<GameRatings> game_ratings(const io::GameRecord& game) {
  return parse_ratings(game.tag("WhiteElo"), game.tag("BlackElo"));
}

void StatsWorker::game(const io::GameRecord& game, std::string& /*out*/,
                       std::vector<io::Diagnostic>& diagnostics) {
  placements_.clear();
  const ReplayResult result = replay(game, [&](const Position& pos, int /*ply*/) {
    const GamePhase phase = game_phase(pos);
    const Bitboard white = pos.pawns(White), black = pos.pawns(Black);
    if (!placements_.empty()) {
      Placement& last = placements_.back();
      if (last.pawns[0] == white && last.pawns[1] == black && last.phase == phase) {
        ++last.count;
        return;
      }
    }
    // Its summary is looked up once the game is replayed: ask for the entry now.
    pawn_summaries_.prefetch(white, black);
    placements_.push_back({{white, black}, phase, 1});
  });
  diagnostics.insert(diagnostics.end(), result.warnings.begin(), result.warnings.end());
  if (result.outcome != ReplayOutcome::Complete) {
    if (result.outcome == ReplayOutcome::Bad)
      stats_.add_bad_game();
    else
      stats_.add_skipped_game();
    diagnostics.push_back(result.error);
    return;
  }
  // The result token is what was recorded; the Result tag counts only without one.
  const auto result_tag = game.tag("Result");
  stats_.begin_game(parse_result(!game.result.empty() || !result_tag ? std::string_view(game.result)
                                                                     : *result_tag),
                    game_ratings(game));
  if (const auto eco = game.tag("ECO")) stats_.set_opening(*eco);
  add_placements();
  stats_.end_game();
}

void StatsWorker::add_placements() {
  // The pawns' summary is looked up again only when they changed (a new placement can
  // also be a phase change); a summary equal to the run's extends it.
  std::array<Bitboard, 2> pawns{~Bitboard{0}, ~Bitboard{0}};  // no position's pawns
  const PawnSummary* pawn_summary = nullptr;
  PositionSummary run;
  std::uint32_t count = 0;
  for (const Placement& p : placements_) {
    if (p.pawns[0] != pawns[0] || p.pawns[1] != pawns[1]) {  // std::array's != calls memcmp
      pawns = p.pawns;
      pawn_summary = &pawn_summaries_(pawns[0], pawns[1]);
    }
    const PositionSummary summary = summarize(*pawn_summary, p.phase);
    if (count && summary == run) {
      count += p.count;
      continue;
    }
    if (count) stats_.add_positions(run, count);
    run = summary;
    count = p.count;
  }
  if (count) stats_.add_positions(run, count);
}

}  // namespace pawnkit::analysis
