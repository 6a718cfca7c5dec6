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
  auto elo = [&](std::string_view tag) -> std::optional<int> {
    const auto text = game.tag(tag);
    return text ? parse_elo(*text) : std::nullopt;
  };
  const auto white = elo("WhiteElo"), black = elo("BlackElo");
  if (!white || !black) return std::nullopt;
  return GameRatings{*white, *black};
}

void StatsWorker::game(const io::GameRecord& game, std::string& /*out*/,
                       std::vector<io::Diagnostic>& diagnostics) {
  runs_.clear();
  const ReplayResult result = replay(game, [&](const Position& pos, int /*ply*/) {
    const GamePhase phase = game_phase(pos);
    const bool pawns_changed = pos.pawns(White) != pawns_[0] || pos.pawns(Black) != pawns_[1];
    if (pawns_changed) {
      pawns_ = {pos.pawns(White), pos.pawns(Black)};
      pawn_summaries_(pos);
    }
    // An unchanged summary extends the run; a new one may still equal the last. The last
    // run's summary is the last position's.
    if (!runs_.empty() && !pawns_changed && phase == runs_.back().summary.phase) {
      ++runs_.back().count;
      return;
    }
    const PositionSummary summary = summarize(pawn_summaries_.last(), phase);
    if (!runs_.empty() && runs_.back().summary == summary)
      ++runs_.back().count;
    else
      runs_.emplace_back(summary);
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
  for (const Run& run : runs_) stats_.add_positions(run.summary, run.count);
  stats_.end_game();
}

}  // namespace pawnkit::analysis
