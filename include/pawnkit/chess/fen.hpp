// FEN and EPD: strict parsing with a precise error (what + column) and a lenient reading
// that repairs sloppy FEN found in the wild and says what it repaired. Writing FEN
// (to_fen) is in fen_write.hpp, included here; the playability check that perft and game
// replay add (check_playable) is in position.hpp.
//
// Strict (parse_fen, parse_epd): 6-field FEN, or the 4 position fields alone (clocks
// default to 0 and 1). Fields are separated by one or more spaces; trailing whitespace is
// ignored. Castling: "-", any subset of "KQkq", X-FEN and Shredder-FEN file letters (A-H,
// a-h).
//
// Lenient (parse_fen_lenient, parse_epd_lenient): everything strict accepts, read the same
// and with no repair; and besides, each noted as one FenRepair (at most one a field):
//   - tabs between fields, read as blanks;
//   - missing trailing fields: side to move 'w', castling '-', en passant '-', and with
//     a halfmove clock but no fullmove number, fullmove 1 (in EPD, operations or a "[1.0]"
//     label may follow the fields given);
//   - castling rights whose king is not on its back rank or whose rook is missing, or
//     given twice: dropped (KQkq, X-FEN and Shredder-FEN letters alike);
//   - an en-passant square on the wrong rank for the side to move, occupied, with its
//     pawn's start square occupied, or with no enemy pawn in front of it: dropped;
//   - fullmove number 0: read as 1.
// An en-passant square that is consistent with the board is kept even when no pawn can
// capture there (the FEN standard records it after every double step; Stockfish and
// X-FEN write it only when a capture is legal, which changes no move). Everything else
// stays an error as in the strict reader: a malformed board, two kings of a side, a pawn
// on rank 1 or 8, an unknown side or castling letter, an en-passant field that is not a
// square, clocks that are not numbers or out of range. Like the strict reader, neither
// requires kings nor a side not to move out of check (pawn-structure diagrams); replay
// and perft add check_playable.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <pawnkit/bitboard.hpp>
#include <pawnkit/chess/attacks.hpp>
#include <pawnkit/chess/fen_write.hpp>
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/chess/position.hpp>
#include <pawnkit/parsed.hpp>
#include <string>
#include <string_view>

namespace pawnkit {

// The standard start position.
inline constexpr std::string_view start_fen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// An EPD line: the position and the operations text after it, e.g. ";D1 20 ;D2 400" or
// `bm Nf3; id "x";` (leading and trailing whitespace removed).
struct EpdRecord {
  Position position;
  std::string operations;
};

// One repair of the lenient reader: what was repaired (static text naming the field, e.g.
// "fullmove number: 0 read as 1") and the column in the text where it was.
using FenRepair = ParseError;

// The repairs of one lenient reading: at most one a field, in field order, then the one
// for tabs. A fixed capacity holds them all (no allocation).
class FenRepairs {
 public:
  static constexpr std::size_t capacity = 6;  // separators, missing fields, castling, ep, clocks

  constexpr void add(FenRepair repair) {
    assert(count_ < capacity && "at most one repair a field");
    if (count_ < capacity) items_[count_++] = repair;
  }
  constexpr void clear() { count_ = 0; }
  constexpr std::size_t size() const { return count_; }
  constexpr bool empty() const { return count_ == 0; }
  constexpr const FenRepair& operator[](std::size_t i) const { return items_[i]; }
  constexpr const FenRepair* begin() const { return items_.data(); }
  constexpr const FenRepair* end() const { return items_.data() + count_; }

 private:
  std::array<FenRepair, capacity> items_{};
  std::size_t count_ = 0;
};

namespace detail {

inline constexpr std::array<std::string_view, 8> rank_too_long = {
    "board: rank 1 has more than 8 files", "board: rank 2 has more than 8 files",
    "board: rank 3 has more than 8 files", "board: rank 4 has more than 8 files",
    "board: rank 5 has more than 8 files", "board: rank 6 has more than 8 files",
    "board: rank 7 has more than 8 files", "board: rank 8 has more than 8 files"};
inline constexpr std::array<std::string_view, 8> rank_too_short = {
    "board: rank 1 has fewer than 8 files", "board: rank 2 has fewer than 8 files",
    "board: rank 3 has fewer than 8 files", "board: rank 4 has fewer than 8 files",
    "board: rank 5 has fewer than 8 files", "board: rank 6 has fewer than 8 files",
    "board: rank 7 has fewer than 8 files", "board: rank 8 has fewer than 8 files"};

constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Walks the text field by field; columns are offsets into the original text. Fields are
// separated by spaces, and by tabs too when `tabs` is set (the lenient reader), which
// then remembers the first tab it skipped.
class FieldCursor {
 public:
  constexpr explicit FieldCursor(std::string_view text, bool tabs = false)
      : text_(text), tabs_(tabs) {}
  // Skips the separators before the next field; false at the end of the text.
  constexpr bool next_field() {
    while (pos_ < text_.size() && is_separator(text_[pos_])) {
      if (text_[pos_] == '\t' && first_tab_ == npos) first_tab_ = pos_;
      ++pos_;
    }
    return pos_ < text_.size();
  }
  // The field starting at the cursor (up to the next separator); advances past it.
  constexpr std::string_view take() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && !is_separator(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }
  constexpr std::size_t column() const { return pos_; }
  constexpr std::string_view rest() const { return text_.substr(pos_); }
  // The column of the first tab skipped between fields, or npos.
  constexpr std::size_t first_tab() const { return first_tab_; }

  static constexpr std::size_t npos = std::string_view::npos;

 private:
  constexpr bool is_separator(char c) const { return c == ' ' || (tabs_ && c == '\t'); }

  std::string_view text_;
  bool tabs_;
  std::size_t pos_ = 0;
  std::size_t first_tab_ = npos;
};

// How a parse treats what the lenient reader repairs: an error (strict, `repairs` null)
// or a note in `repairs`.
struct Leniency {
  FenRepairs* repairs = nullptr;
  constexpr bool lenient() const { return repairs != nullptr; }
};

constexpr bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// Digits to a number, saturating above `limit` so long digit strings cannot overflow.
constexpr std::uint32_t parse_count(std::string_view s, std::uint32_t limit) {
  std::uint32_t v = 0;
  for (char c : s) {
    v = v * 10 + std::uint32_t(c - '0');
    if (v > limit) return limit + 1;
  }
  return v;
}

// Parses the board field starting at column 0 of `text` and ending at `end`.
inline std::optional<ParseError> parse_board(std::string_view field, Position& pos) {
  int rank = 7, file = 0;
  bool last_was_digit = false;
  for (std::size_t i = 0; i < field.size(); ++i) {
    const char ch = field[i];
    if (ch == '/') {
      if (file < 8) return ParseError{rank_too_short[std::size_t(rank)], i};
      if (rank == 0) return ParseError{"board: more than 8 ranks", i};
      --rank;
      file = 0;
      last_was_digit = false;
    } else if (ch >= '1' && ch <= '8') {
      if (last_was_digit) return ParseError{"board: two digits in a row", i};
      file += ch - '0';
      if (file > 8) return ParseError{rank_too_long[std::size_t(rank)], i};
      last_was_digit = true;
    } else if (ch == '0' || ch == '9') {
      return ParseError{"board: empty-square count must be 1 to 8", i};
    } else {
      const Piece p = piece_from_char(ch);
      if (p == NoPiece) return ParseError{"board: unknown piece letter", i};
      if (file >= 8) return ParseError{rank_too_long[std::size_t(rank)], i};
      if (type_of(p) == PieceType::Pawn && (rank == 0 || rank == 7))
        return ParseError{"board: pawn on rank 1 or 8", i};
      if (type_of(p) == PieceType::King && pos.pieces(color_of(p), PieceType::King))
        return ParseError{color_of(p) == White ? "board: more than one white king"
                                               : "board: more than one black king",
                          i};
      pos.put_piece(p, make_square(file, rank));
      ++file;
      last_was_digit = false;
    }
  }
  if (file < 8) return ParseError{rank_too_short[std::size_t(rank)], field.size()};
  if (rank > 0) return ParseError{"board: fewer than 8 ranks", field.size()};
  return std::nullopt;
}

// Parses the castling field; `column` is where the field starts. Leniently, rights whose
// king or rook is missing, or given twice, are dropped (one repair notes the first).
inline std::optional<ParseError> parse_castling(std::string_view field, std::size_t column,
                                                Position& pos, Leniency how) {
  if (field == "-") return std::nullopt;
  std::string_view dropped;  // the first repair's text
  std::size_t dropped_col = 0;
  auto drop = [&](std::string_view strict_error, std::string_view repair,
                  std::size_t col) -> std::optional<ParseError> {
    if (!how.lenient()) return ParseError{strict_error, col};
    if (dropped.empty()) dropped = repair, dropped_col = col;
    return std::nullopt;
  };
  for (std::size_t i = 0; i < field.size(); ++i) {
    const char ch = field[i];
    const std::size_t col = column + i;
    const bool upper = (ch >= 'A' && ch <= 'Z');
    const char lower = upper ? char(ch - 'A' + 'a') : ch;
    if (!(lower == 'k' || lower == 'q' || (lower >= 'a' && lower <= 'h')))
      return ParseError{"castling: unknown character", col};
    const Color c = upper ? White : Black;
    const int back = relative_rank(c, 0);
    const Square king = pos.king_square(c);
    if (king == NoSquare || rank_of(king) != back) {
      if (auto e = drop("castling: no king on the back rank",
                        "castling: right dropped, its king is not on the back rank", col))
        return e;
      continue;
    }
    const Bitboard rooks = pos.pieces(c, PieceType::Rook) & rank_bb(Rank(back));
    Square rook = NoSquare;
    if (lower == 'k') {
      for (int f = 7; f > file_of(king) && rook == NoSquare; --f)
        if (rooks & square_bb(make_square(f, back))) rook = make_square(f, back);
    } else if (lower == 'q') {
      for (int f = 0; f < file_of(king) && rook == NoSquare; ++f)
        if (rooks & square_bb(make_square(f, back))) rook = make_square(f, back);
    } else {
      const Square s = make_square(lower - 'a', back);
      if ((rooks & square_bb(s)) && s != king) rook = s;
    }
    if (rook == NoSquare) {
      if (auto e = drop("castling: no rook for this right",
                        "castling: right dropped, its rook is missing", col))
        return e;
      continue;
    }
    const CastlingSide side =
        file_of(rook) > file_of(king) ? CastlingSide::King : CastlingSide::Queen;
    if (pos.can_castle(c, side)) {
      if (auto e =
              drop("castling: right given twice", "castling: right given twice, read once", col))
        return e;
      continue;
    }
    pos.set_castling_rook(c, side, rook);
  }
  if (!dropped.empty()) how.repairs->add({dropped, dropped_col});
  return std::nullopt;
}

// Parses the en-passant field; the target must be empty, on the right rank, with the
// pawn that just double-stepped in front of it and its start square empty. Leniently, a
// square that breaks one of those is dropped; one that is not a square stays an error.
inline std::optional<ParseError> parse_en_passant(std::string_view field, std::size_t column,
                                                  Position& pos, Leniency how) {
  if (field == "-") return std::nullopt;
  const std::optional<Square> sq = parse_square(field);
  if (!sq) return ParseError{"en passant: not a square", column};
  auto drop = [&](std::string_view strict_error,
                  std::string_view repair) -> std::optional<ParseError> {
    if (!how.lenient()) return ParseError{strict_error, column};
    how.repairs->add({repair, column});
    return std::nullopt;
  };
  const Color us = pos.side_to_move();
  const int want_rank = us == White ? 5 : 2;
  if (rank_of(*sq) != want_rank)
    return us == White ? drop("en passant: square must be on rank 6 with White to move",
                              "en passant: square dropped, not on rank 6 with White to move")
                       : drop("en passant: square must be on rank 3 with Black to move",
                              "en passant: square dropped, not on rank 3 with Black to move");
  const int forward = us == White ? -8 : 8;  // from the target towards the moved pawn
  const Square pawn_sq = Square(*sq + forward);
  const Square start_sq = Square(*sq - forward);
  if (pos.piece_on(*sq) != NoPiece)
    return drop("en passant: square is occupied", "en passant: square dropped, it is occupied");
  if (pos.piece_on(start_sq) != NoPiece)
    return drop("en passant: the pawn's start square is occupied",
                "en passant: square dropped, the pawn's start square is occupied");
  if (pos.piece_on(pawn_sq) != make_piece(~us, PieceType::Pawn))
    return drop("en passant: no enemy pawn in front of the square",
                "en passant: square dropped, no enemy pawn in front of it");
  pos.set_en_passant(*sq);
  return std::nullopt;
}

// Parses the four position fields; leaves the cursor after them. Leniently, missing
// trailing fields get 'w', '-' and '-'.
inline Parsed<Position> parse_position_fields(FieldCursor& cur, std::size_t text_size,
                                              Leniency how) {
  Position pos;
  if (text_size == 0) return ParseError{"empty FEN", 0};
  if (cur.rest()[0] == ' ' || (how.lenient() && cur.rest()[0] == '\t'))
    return ParseError{"board: leading space", 0};
  const std::string_view board = cur.take();
  if (auto e = parse_board(board, pos)) return *e;

  auto missing = [&](std::string_view strict_error, std::string_view repair) -> Parsed<Position> {
    if (!how.lenient()) return ParseError{strict_error, cur.column()};
    how.repairs->add({repair, cur.column()});
    return pos;
  };
  // Leniently, EPD operations or a tuning set's "[1.0]" label may follow a cut-short
  // position: no FEN field starts with ';' or '[', so one that does ends the fields.
  auto next_position_field = [&] {
    if (!cur.next_field()) return false;
    const char c = cur.rest()[0];
    return !(how.lenient() && (c == ';' || c == '['));
  };
  if (!next_position_field())
    return missing("missing side to move",
                   "side to move, castling, en passant: missing, read as 'w - -'");
  const std::size_t side_col = cur.column();
  const std::string_view side = cur.take();
  if (side == "w")
    pos.set_side_to_move(White);
  else if (side == "b")
    pos.set_side_to_move(Black);
  else
    return ParseError{"side to move: expected 'w' or 'b'", side_col};

  if (!next_position_field())
    return missing("missing castling field", "castling, en passant: missing, read as '- -'");
  const std::size_t castle_col = cur.column();
  if (auto e = parse_castling(cur.take(), castle_col, pos, how)) return *e;

  if (!next_position_field())
    return missing("missing en-passant field", "en passant: missing, read as '-'");
  const std::size_t ep_col = cur.column();
  if (auto e = parse_en_passant(cur.take(), ep_col, pos, how)) return *e;
  return pos;
}

// Parses halfmove and fullmove fields into pos; cursor at the halfmove field. Leniently, a
// missing fullmove number (the end of the text, or in EPD an operation instead) is 1, and
// fullmove 0 is read as 1.
inline std::optional<ParseError> parse_clocks(FieldCursor& cur, Position& pos, Leniency how,
                                              bool epd) {
  const std::size_t half_col = cur.column();
  const std::string_view half = cur.take();
  if (!all_digits(half)) return ParseError{"halfmove clock: not a number", half_col};
  const std::uint32_t h = parse_count(half, 65535);
  if (h > 65535) return ParseError{"halfmove clock: out of range (0 to 65535)", half_col};
  const bool at_end = !cur.next_field();
  bool missing = at_end;
  if (!at_end && epd && how.lenient()) {
    FieldCursor probe = cur;
    missing = !all_digits(probe.take());  // operations follow the halfmove clock
  }
  if (missing) {
    if (!how.lenient()) return ParseError{"missing fullmove number", cur.column()};
    how.repairs->add({"fullmove number: missing, read as 1", cur.column()});
    pos.set_halfmove_clock(int(h));
    pos.set_fullmove_number(1);
    return std::nullopt;
  }
  const std::size_t full_col = cur.column();
  const std::string_view full = cur.take();
  if (!all_digits(full)) return ParseError{"fullmove number: not a number", full_col};
  std::uint32_t f = parse_count(full, 65535);
  if (f == 0 && how.lenient()) {
    how.repairs->add({"fullmove number: 0 read as 1", full_col});
    f = 1;
  }
  if (f < 1 || f > 65535) return ParseError{"fullmove number: out of range (1 to 65535)", full_col};
  pos.set_halfmove_clock(int(h));
  pos.set_fullmove_number(int(f));
  return std::nullopt;
}

constexpr std::string_view trim_end(std::string_view s) {
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// Notes a tab the cursor skipped between fields (lenient only).
inline void note_tabs(const FieldCursor& cur, Leniency how) {
  if (how.lenient() && cur.first_tab() != FieldCursor::npos)
    how.repairs->add({"separator: tab between fields read as a blank", cur.first_tab()});
}

inline Parsed<Position> parse_fen_with(std::string_view fen, Leniency how) {
  const std::string_view text = trim_end(fen);
  FieldCursor cur(text, how.lenient());
  Parsed<Position> parsed = parse_position_fields(cur, text.size(), how);
  if (!parsed) return parsed;
  Position pos = parsed.value();
  if (cur.next_field()) {  // else the 4-field form (or fewer, leniently)
    if (auto e = parse_clocks(cur, pos, how, false)) return *e;
    if (cur.next_field()) return ParseError{"trailing characters after FEN", cur.column()};
  }
  note_tabs(cur, how);
  return pos;
}

inline Parsed<EpdRecord> parse_epd_with(std::string_view line, Leniency how) {
  const std::string_view text = trim_end(line);
  FieldCursor cur(text, how.lenient());
  Parsed<Position> parsed = parse_position_fields(cur, text.size(), how);
  if (!parsed) return parsed.error();
  EpdRecord record{parsed.value(), {}};
  if (cur.next_field()) {
    // Clocks are present when the next field is a plain number (then both must be).
    FieldCursor probe = cur;
    bool operations = true;
    if (all_digits(probe.take())) {
      if (auto e = parse_clocks(cur, record.position, how, true)) return *e;
      operations = cur.next_field();
    }
    if (operations) record.operations = std::string(cur.rest());
  }
  note_tabs(cur, how);
  return record;
}

}  // namespace detail

// Parses a FEN (6 fields) or the 4 position fields of one. Does not require kings or
// a legal position; see check_playable.
inline Parsed<Position> parse_fen(std::string_view fen) { return detail::parse_fen_with(fen, {}); }

// Parses an EPD line: 4 position fields, optionally the two clocks (as in perft suites
// that carry full FENs), then operations such as ";D1 20 ;D2 400" or `bm Nf3; id "x";`.
inline Parsed<EpdRecord> parse_epd(std::string_view line) {
  return detail::parse_epd_with(line, {});
}

// The lenient readings (see the top of this file): what parse_fen / parse_epd accept, read
// alike with `repairs` left empty, and sloppy FEN repaired, each repair added to `repairs`
// (emptied first). The result always prints (to_fen) to a FEN that parse_fen reads back
// to the same position. The strict reading goes first, so that a text it accepts is never
// read otherwise (in EPD, a tab inside the operations is no field separator) and good
// records take the strict path alone.
inline Parsed<Position> parse_fen_lenient(std::string_view fen, FenRepairs& repairs) {
  repairs.clear();
  Parsed<Position> strict = detail::parse_fen_with(fen, {});
  if (strict) return strict;
  return detail::parse_fen_with(fen, {&repairs});
}
inline Parsed<EpdRecord> parse_epd_lenient(std::string_view line, FenRepairs& repairs) {
  repairs.clear();
  Parsed<EpdRecord> strict = detail::parse_epd_with(line, {});
  if (strict) return strict;
  return detail::parse_epd_with(line, {&repairs});
}

// The operand text of the first EPD operation named `opcode` ("D5", "bm", "id"), with
// surrounding spaces removed; nullopt when absent. Handles both "op x; op y;" and the
// perft-suite form ";D1 20 ;D2 400". Quoted operands may contain ';'.
inline std::optional<std::string_view> epd_operation(std::string_view operations,
                                                     std::string_view opcode) {
  std::size_t i = 0;
  while (i < operations.size()) {
    std::size_t start = i;
    bool quoted = false;
    while (i < operations.size() && (quoted || operations[i] != ';')) {
      if (operations[i] == '"') quoted = !quoted;
      ++i;
    }
    std::string_view op = operations.substr(start, i - start);
    ++i;  // skip ';'
    while (!op.empty() && detail::is_space(op.front())) op.remove_prefix(1);
    op = detail::trim_end(op);
    if (op.size() < opcode.size() || op.substr(0, opcode.size()) != opcode) continue;
    std::string_view rest = op.substr(opcode.size());
    if (!rest.empty() && !detail::is_space(rest.front())) continue;
    while (!rest.empty() && detail::is_space(rest.front())) rest.remove_prefix(1);
    return rest;
  }
  return std::nullopt;
}

}  // namespace pawnkit
