#include "analysis/replay.hpp"

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/notation.hpp>

namespace pawnkit::analysis {

namespace {

// ASCII only, inline: std::tolower is a library call per byte, and every game with a
// Variant tag (Lichess writes one on each) compares it here.
constexpr char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
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
  // Sloppy FEN is repaired as the reader warned (io/pgn/tags.hpp); a strict reader made
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

namespace {

// " (move 12, Black)": which move of the game, for messages.
std::string move_place(const Position& pos) {
  return " (move " + std::to_string(pos.fullmove_number()) +
         (pos.side_to_move() == White ? ", White)" : ", Black)");
}

void move_error(const io::GameRecord& game, std::size_t index, const Position& pos,
                std::string_view what, ReplayResult& result) {
  set_error(result, ReplayOutcome::Bad, game, game.move_line(index),
            std::string(what) + " '" + std::string(game.move(index)) + "'" + move_place(pos));
}

// A lower-case piece letter was read as the piece: the first such move gets the game's
// warning; count_lowercase_moves adds how many more there were once the game is over.
void note_lowercase_piece(const io::GameRecord& game, std::size_t index, const Position& pos,
                          Move move, ReplayResult& result) {
  if (result.lowercase_moves++ > 0) return;
  result.warnings.push_back(
      io::Diagnostic{.file = std::string(game.file),
                     .line = game.move_line(index),
                     .game = game.number,
                     .message = "piece letter in lower case: '" + std::string(game.move(index)) +
                                "' read as '" + to_san(pos, move) + "'" + move_place(pos),
                     .severity = io::Severity::Warning});
}

// What parse_san does not read: the lenient readings, kept off the common path.
[[gnu::noinline]] bool play_unusual(const io::GameRecord& game, std::size_t index, Position& pos,
                                    ReplayResult& result) {
  const bool chess960 = variant_of(game) == VariantKind::Chess960;
  const Parsed<LenientMove> move = parse_move_leniently(pos, game.move(index), chess960);
  if (!move) {
    move_error(game, index, pos, move.error().what, result);
    return false;
  }
  if (move->spelling == MoveSpelling::LowercasePiece) {
    if (game.strict) {
      move_error(game, index, pos, "piece letter in lower case (strict reading)", result);
      return false;
    }
    note_lowercase_piece(game, index, pos, move->move, result);
  }
  if (move->spelling == MoveSpelling::Null)
    pos.do_null_move();
  else
    pos.do_move(move->move);
  return true;
}

}  // namespace

// The hot loop of every command that reads games. Flattened: do_move has other callers now
// (the lenient path, to_san), and inlined it makes replay several percent faster.
[[gnu::flatten]] bool play_san(const io::GameRecord& game, std::size_t index, Position& pos,
                               ReplayResult& result) {
  const Parsed<Move> move = parse_san(pos, game.move(index));
  if (!move) [[unlikely]]
    return play_unusual(game, index, pos, result);
  pos.do_move(*move);
  return true;
}

void count_lowercase_moves(ReplayResult& result) {
  const std::size_t more = result.lowercase_moves - 1;
  result.warnings.front().message +=
      ", and " + std::to_string(more) + (more == 1 ? " more move" : " more moves") + " like it";
}

bool skip_trailing_token(const io::GameRecord& game, ReplayResult& result) {
  if (game.strict || !result.error.message.starts_with("malformed")) return false;
  result.outcome = ReplayOutcome::Complete;
  io::Diagnostic warning = std::move(result.error);
  result.error = {};
  warning.message = "not a move at the end of the game, skipped: " + warning.message;
  warning.severity = io::Severity::Warning;
  result.warnings.push_back(std::move(warning));
  return true;
}

void reader_error(const io::GameRecord& game, ReplayResult& result) {
  set_error(result, ReplayOutcome::Bad, game, game.error->line, game.error->message);
}

}  // namespace detail

bool portable_moves(const io::GameRecord& game, std::vector<std::string>& moves) {
  moves.clear();
  ReplayResult result;
  Position pos;
  if ((game.error && game.error->in_tags) || !start_position(game, pos, result)) return false;
  const bool chess960 = variant_of(game) == VariantKind::Chess960;
  for (std::size_t i = 0; i < game.move_count(); ++i) {
    const Parsed<LenientMove> move = parse_move_leniently(pos, game.move(i), chess960);
    if (!move) {  // a last token that is no move is skipped, as replay skips it
      if (i + 1 == game.move_count() && !game.strict &&
          std::string_view(move.error().what).starts_with("malformed"))
        break;
      return false;
    }
    if (move->spelling == MoveSpelling::Null) {
      moves.emplace_back("--");
      pos.do_null_move();
    } else {
      moves.push_back(to_san(pos, move->move));
      pos.do_move(move->move);
    }
  }
  return !game.error;
}

}  // namespace pawnkit::analysis
