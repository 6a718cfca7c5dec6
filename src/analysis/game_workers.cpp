#include "analysis/game_workers.hpp"

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>

#include "io/pgn_warnings.hpp"
#include "io/report_writer.hpp"

namespace pawnkit::analysis {

void note_outcome(const ReplayResult& result, GameCounts& counts, std::string& err) {
  ++counts.games;
  if (result.outcome == ReplayOutcome::Complete) return;
  (result.outcome == ReplayOutcome::Bad ? counts.bad : counts.skipped) += 1;
  err += "pawnkit: ";
  err += result.error;
  err += '\n';
}

void AnalyzeWorker::game(const io::GameRecord& game, std::string& out, std::string& err) {
  io::append_warnings(game, err);
  const ReplayResult result = replay(game, [&](const Position& pos, int ply) {
    ++counts_.positions;
    const PawnReport report = pawn_report(pos);
    fen_.clear();
    append_fen(fen_, pos);
    const io::PositionOrigin origin{game.number, ply};
    if (format_ == RecordFormat::Jsonl)
      io::append_jsonl(out, origin, fen_, report);
    else
      io::append_csv_row(out, origin, fen_, report, true);
  });
  note_outcome(result, counts_, err);
}

void StatsWorker::game(const io::GameRecord& game, std::string& /*out*/, std::string& err) {
  io::append_warnings(game, err);
  runs_.clear();
  // The named structure depends on the pawns only, so it is classified again only when a
  // pawn moved or was taken.
  std::array<Bitboard, 2> classified_pawns{~Bitboard{0}, ~Bitboard{0}};
  std::uint8_t structure = 0;
  const ReplayResult result = replay(game, [&](const Position& pos, int /*ply*/) {
    const PawnReport report = pawn_report(pos);
    if (report.white.pawns != classified_pawns[0] || report.black.pawns != classified_pawns[1]) {
      classified_pawns = {report.white.pawns, report.black.pawns};
      structure = encode_structure(classify_structure(report.white.pawns, report.black.pawns));
    }
    const PositionSummary summary = summarize(report, structure);
    if (!runs_.empty() && runs_.back().summary == summary)
      ++runs_.back().count;
    else
      runs_.push_back({summary, 1});
  });
  if (result.outcome != ReplayOutcome::Complete) {
    if (result.outcome == ReplayOutcome::Bad) stats_.add_bad_game();
    else stats_.add_skipped_game();
    err += "pawnkit: ";
    err += result.error;
    err += '\n';
    return;
  }
  // The result token is what was recorded; the Result tag counts only without one.
  const auto result_tag = game.tag("Result");
  stats_.begin_game(parse_result(!game.result.empty() || !result_tag ? std::string_view(game.result)
                                                                     : *result_tag));
  for (const Run& run : runs_) stats_.add_positions(run.summary, run.count);
  stats_.end_game();
}

}  // namespace pawnkit::analysis
