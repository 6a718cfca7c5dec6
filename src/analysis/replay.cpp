#include "analysis/replay.hpp"

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/notation.hpp>

#include <cctype>

namespace pawnkit::analysis {

namespace {

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

void set_error(ReplayResult& result, ReplayOutcome outcome, const io::GameRecord& game,
               std::size_t line, std::string_view message) {
  result.outcome = outcome;
  result.error.file.assign(game.file);
  result.error.line = line;
  result.error.game = game.number;
  result.error.message.assign(message);
}

}  // namespace

VariantKind variant_of(const io::GameRecord& game) {
  const auto variant = game.tag("Variant");
  if (!variant || variant->empty()) return VariantKind::Standard;
  for (std::string_view standard : {"Standard", "From Position", "Normal"})
    if (equals_ignoring_case(*variant, standard)) return VariantKind::Standard;
  for (std::string_view chess960 : {"Chess960", "Chess 960", "Fischerandom", "Fischer Random"})
    if (equals_ignoring_case(*variant, chess960)) return VariantKind::Chess960;
  return VariantKind::Other;
}

bool start_position(const io::GameRecord& game, Position& pos, ReplayResult& result) {
  if (variant_of(game) == VariantKind::Other) {
    set_error(result, ReplayOutcome::Skipped, game, game.line,
              "skipped: variant '" + std::string(*game.tag("Variant")) + "' is not replayed");
    return false;
  }
  const auto fen = game.tag("FEN");
  if (!fen) {
    static const Position standard = *parse_fen(start_fen);
    pos = standard;
    return true;
  }
  // Sloppy FEN is repaired as the reader warned (io/pgn_tags.hpp); a strict reader made
  // every repair an error before the game got here.
  FenRepairs repairs;
  const Parsed<Position> parsed = parse_fen_lenient(*fen, repairs);
  if (!parsed) {
    set_error(result, ReplayOutcome::Bad, game, game.line,
              io::parse_error_message("invalid FEN tag", parsed.error()));
    return false;
  }
  if (const auto problem = check_playable(*parsed)) {
    set_error(result, ReplayOutcome::Bad, game, game.line,
              "FEN tag is not a playable position: " + std::string(problem->what));
    return false;
  }
  pos = *parsed;
  return true;
}

namespace detail {

bool play_san(const io::GameRecord& game, std::size_t index, Position& pos, ReplayResult& result) {
  const std::string_view san = game.move(index);
  const Parsed<Move> move = parse_san(pos, san);
  if (!move) {
    const int move_number = pos.fullmove_number();
    std::string message = std::string(move.error().what) + " '" + std::string(san) + "' (move " +
                          std::to_string(move_number) +
                          (pos.side_to_move() == White ? ", White" : ", Black") + ")";
    set_error(result, ReplayOutcome::Bad, game, game.move_line(index), message);
    return false;
  }
  pos.do_move(*move);
  return true;
}

void reader_error(const io::GameRecord& game, ReplayResult& result) {
  set_error(result, ReplayOutcome::Bad, game, game.error->line, game.error->message);
}

}  // namespace detail

}  // namespace pawnkit::analysis
