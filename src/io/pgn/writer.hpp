// Writes a GameRecord back as PGN in export format: the Seven Tag Roster (Event, Site, Date,
// Round, White, Black, Result) in that order, a missing one as the standard's unknown ("?",
// "????.??.??", "*") and Result as the movetext's result, then the game's other tags in
// their input order (those whose names are PGN symbols: a letter or digit, then letters,
// digits and "_+#=:-"); a blank line;
// movetext with move numbers, wrapped before 80 columns, the moves as the caller gives
// them (analysis::portable_moves: pawnkit's SAN, "--" for a null move), an optional
// comment after one ply (broken at its spaces when longer than a line), the result, and
// a blank line. Any PGN reader (and pawnkit's own)
// reads it back.
#pragma once

#include <pawnkit/bitboard.hpp>
#include <span>
#include <string>
#include <string_view>

#include "io/game_record.hpp"

namespace pawnkit::io {

struct PgnWriteOptions {
  Color first_mover = White;  // who plays the first move (a FEN tag can make it Black)
  int first_move_number = 1;  // the start position's fullmove number
  int comment_ply = -1;       // the comment follows the move that reaches this ply (0: before
                              // the first move); -1 for none
  std::string_view comment;   // its text, without braces
};

// The game's result for the movetext: the reader's result token, else the Result tag,
// else "*".
std::string_view game_result(const GameRecord& game);

// A tag value with '\' and '"' escaped.
void append_tag_value(std::string& out, std::string_view value);

// Appends the game's tags and result with `moves` as its movetext (the record's own move
// texts are not written: they are the input's spelling).
void append_pgn(std::string& out, const GameRecord& game, std::span<const std::string> moves,
                const PgnWriteOptions& options = {});

}  // namespace pawnkit::io
