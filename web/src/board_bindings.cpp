// The analysis board's chess rules for the page (web/site/board.js, moves.js): the legal
// moves of a position and one move played, both from the library's move generator and
// notation, so that the board plays exactly the moves the CLI's replay accepts. Each
// function returns JSON text, {"error": message} for a bad FEN or move, or a position no
// game can be played from (nothing throws).
#include <emscripten/bind.h>

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/fen_write.hpp>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/chess/position.hpp>

#include <optional>
#include <string>

#include "error_json.hpp"
#include "io/diagnostic.hpp"
#include "io/json.hpp"

namespace pawnkit::web {

namespace {

std::optional<Position> position_of(const std::string& fen, std::string& error) {
  const Parsed<EpdRecord> record = parse_epd(fen);
  if (!record) {
    error = io::parse_error_message("invalid FEN", record.error(), fen);
    return std::nullopt;
  }
  // The editor allows positions no game can be played from (no king, a pawn on rank 8).
  if (const std::optional<ParseError> why = check_playable(record->position)) {
    error = "no move can be played here: " + std::string(why->what);
    return std::nullopt;
  }
  return record->position;
}

// {"uci": "e2e4", "san": "e4", "fen": the position after it}
void append_move(std::string& out, const Position& pos, Move m) {
  out += "{\"uci\": ";
  io::append_json_string(out, to_uci(m));
  out += ", \"san\": ";
  io::append_json_string(out, to_san(pos, m));
  out += ", \"fen\": ";
  io::append_json_string(out, to_fen(after_move(pos, m)));
  out += '}';
}

// {"moves": [{"uci", "san", "fen"}, ...]}: every legal move of the side to move.
std::string legal_moves_json(const std::string& fen) {
  std::string error;
  const std::optional<Position> pos = position_of(fen, error);
  if (!pos) return error_json(error);
  std::string out = "{\"moves\": [";
  bool first = true;
  for (Move m : legal_moves(*pos)) {
    if (!first) out += ", ";
    append_move(out, *pos, m);
    first = false;
  }
  return out + "]}";
}

// One move, in SAN or UCI as a lenient PGN reader takes it ("Nf3", "g1f3", "nf3"), played
// in the position: {"uci", "san", "fen"}, or the notation's error. Null moves are refused:
// the board has no way to show one.
std::string play_move_json(const std::string& fen, const std::string& move) {
  std::string error;
  const std::optional<Position> pos = position_of(fen, error);
  if (!pos) return error_json(error);
  const Parsed<LenientMove> parsed = parse_move_leniently(*pos, move);
  if (!parsed) return error_json("'" + move + "': " + std::string(parsed.error().what));
  if (parsed->move.is_null()) return error_json("'" + move + "': a null move");
  std::string out;
  append_move(out, *pos, parsed->move);
  return out;
}

}  // namespace

}  // namespace pawnkit::web

EMSCRIPTEN_BINDINGS(pawnkit_board) {
  emscripten::function("legalMoves", &pawnkit::web::legal_moves_json);
  emscripten::function("playMove", &pawnkit::web::play_move_json);
}
