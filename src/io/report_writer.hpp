// Writers for the pawn report: the pattern spec's JSON lines, CSV, and a readable table.
// Each appends to a caller-owned string, so a long run reuses one buffer.
#pragma once

#include <pawnkit/chess/phase.hpp>
#include <pawnkit/pawns/report.hpp>
#include <pawnkit/pawns/structures.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/position_origin.hpp"
#include "io/text.hpp"

namespace pawnkit::io {

// Extra keys that come after "black" in a record (e.g. a named structure); may be empty.
// The text is appended as is, starting with ", ".
using ExtraKeys = std::string_view;

// "white" or "black".
std::string_view side_name(Color side);

// Text fields of CSV (the FEN, tag values) are written by append_csv_text (io/text.hpp).
// "Carlsbad (held by white)" or "... (held by black, reversed)".
void append_structure_description(std::string& out, const StructureMatch& structure);

// One JSON line of `pawnkit analyze --format jsonl`, newline included:
// {"fen": "...", "white": {...}, "black": {...}, "structure": ..., "structure_side": ...,
//  "phase": "middlegame"}
// `extra` follows the phase.
void append_jsonl(std::string& out, const PositionOrigin& origin, std::string_view fen,
                  const PawnReport& report, const NamedStructure& structure, GamePhase phase,
                  ExtraKeys extra = {});

// The JSON text of the last report written through it, side by side, in parts: a side's
// pawn-only keys and its move keys are written again only when they changed. In a game
// the pawns stay the same on most plies (about two in three) and the move keys on many,
// so most of a record is copied instead of written again square by square.
class ReportJsonCache {
 public:
  ReportJsonCache();
  // Appends side c's object, with the key before it (`, "white": {"pawns": ...}`), from its
  // pawn-only keys, pawn_only_report(pawns[0], pawns[1]).side(c), and its move keys.
  void append_side(std::string& out, const std::array<Bitboard, 2>& pawns,
                   const PawnOnlySide& pawn_only, const PawnMoveSide& moves, Color c);
  // A record's opening, `{"game": N, "ply": P, ` (`{` for a position from no game), at p,
  // which must have room for 64 bytes; returns the end. The game's part is kept.
  char* write_opening(char* p, const PositionOrigin& origin);

 private:
  struct Side {
    // The last call's pawn sets (none at first), and what the text was written from.
    std::array<Bitboard, 2> pawns{~Bitboard{0}, ~Bitboard{0}};
    SideReport report;
    // The side's whole text, which is appended in one piece: its key and the pawn-only keys
    // up to the move keys, then from `moves_at` the move keys and a copy of `tail`, the
    // pawn-only keys after them.
    std::vector<char> text, tail;
    std::size_t moves_at = 0, size = 0, tail_size = 0;
  };
  std::array<Side, 2> sides_;
  // `{"game": N, "ply": ` for game `game` (`{` for game 0); none at first.
  std::size_t game_ = ~std::size_t{0};
  std::array<char, 48> game_text_{};
  std::size_t game_size_ = 0;
};

// The same line as append_jsonl for the report of `board`, pawn_report(board, pawn_only),
// written through a cache of the last report's text; `pawn_only` must be
// pawn_only_report(board.pawns[0], board.pawns[1]) (the full report is not built: the
// pawn-only keys are copied only when they changed). `fen` must be a FEN pawnkit wrote
// (append_fen, FenWriter): its letters, digits, '/', '-' and blanks need no JSON escape, so
// it is copied as it is.
void append_jsonl(std::string& out, const PositionOrigin& origin, std::string_view fen,
                  const PawnOnlyReport& pawn_only, const PawnBoard& board,
                  const NamedStructure& structure, GamePhase phase, ReportJsonCache& cache);

// "a-c" or "e" for an island's file range; write_island_range writes it at p (at most 3
// characters) and returns the end.
char* write_island_range(char* p, IslandRange range);
void append_island_range(std::string& out, IslandRange range);

// CSV: one column per key and side (white_pawns, ..., black_promotions); square sets as
// space-separated square names, counts as integers, island files as space-separated ranges;
// then `structure` and `structure_side` (empty when no structure is named) and `phase`.
void append_csv_header(std::string& out, bool with_origin);
void append_csv_row(std::string& out, const PositionOrigin& origin, std::string_view fen,
                    const PawnReport& report, const NamedStructure& structure, GamePhase phase,
                    bool with_origin);

// A readable two-column table (white, black) of every key, for people, a line naming the
// structure when there is one, and a last line with the game phase.
void append_table(std::string& out, const PositionOrigin& origin, std::string_view fen,
                  const PawnReport& report, const NamedStructure& structure, GamePhase phase);

}  // namespace pawnkit::io
