#include "analysis/find.hpp"

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/chess/phase.hpp>
#include <pawnkit/pawns/structures.hpp>

#include "io/pgn/annotation.hpp"
#include "io/pgn/writer.hpp"
#include "io/report_writer.hpp"

namespace pawnkit::analysis {

QueryContext query_context(const Query& query, const Position& pos, const PawnReport& report,
                           int ply, const io::GameRecord* game) {
  QueryContext ctx;
  ctx.report = &report;
  ctx.side_to_move = pos.side_to_move();
  ctx.move_number = pos.fullmove_number();
  ctx.ply =
      ply >= 0 ? ply : 2 * (pos.fullmove_number() - 1) + (pos.side_to_move() == Black ? 1 : 0);
  ctx.game = game;
  ctx.phase = phase_name(game_phase(pos));
  // Classified only when asked for: most queries never read it.
  if (query.uses_structure())
    if (const auto match = classify_structure(pos)) {
      ctx.structure = structure_name(match->id);
      ctx.structure_side = match->side;
    }
  return ctx;
}

void FindWorker::game(const io::GameRecord& game, std::string& out,
                      std::vector<io::Diagnostic>& diagnostics) {
  const Query& query = *options_.query;
  int run = 0, first_match = -1;
  Color first_mover = White;
  int first_number = 1;
  StructureClassifier classify;
  const ReplayResult result = replay(game, [&](const Position& pos, int ply) {
    ++counts_.positions;
    if (ply == 0) {
      first_mover = pos.side_to_move();
      first_number = pos.fullmove_number();
    }
    // A game already matched needs no more evaluation, only a clean replay.
    if (options_.games && first_match >= 0) return;
    const PawnReport report = reports_(pos);
    const QueryContext ctx = query_context(query, pos, report, ply, &game);
    run = query.matches(ctx) ? run + 1 : 0;
    if (run == 1 && !options_.annotate.empty()) {
      run_start_ = report;
      run_start_structure_ = classify_structure(pawn_board(pos));
    }
    if (run < options_.min_plies) return;
    if (options_.games) {
      first_match = ply - options_.min_plies + 1;
      return;
    }
    ++matches_;
    if (!options_.write) return;
    fen_.clear();
    append_fen(fen_, pos);
    io::append_jsonl(out, {game.number, ply}, fen_, report, classify(pos), game_phase(pos));
  });
  note_outcome(result, counts_, diagnostics);
  // A game with an error is not written: its movetext could not be checked to the end.
  if (!options_.games || first_match < 0 || result.outcome != ReplayOutcome::Complete) return;
  ++matches_;
  if (!options_.write) return;
  comment_ = "pawnkit: first match at ply ";
  comment_ += std::to_string(first_match);
  if (!options_.annotate.empty())
    io::append_annotation(comment_, run_start_, run_start_structure_, options_.annotate);
  io::PgnWriteOptions write;
  write.first_mover = first_mover;
  write.first_move_number = first_number;
  write.comment_ply = first_match;
  write.comment = comment_;
  // The moves in pawnkit's SAN, not the input's spelling: any reader reads them back.
  if (!portable_moves(game, moves_)) return;  // replayed above, so it cannot fail
  io::append_pgn(out, game, moves_, write);
}

}  // namespace pawnkit::analysis
