// Writing FEN: the 6 fields of a Position, into a string the caller reuses or a new one.
// (Reading is in fen.hpp, which includes this header.)
#pragma once

#include <bit>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <pawnkit/bitboard.hpp>
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/chess/position.hpp>
#include <string>
#include <string_view>

namespace pawnkit {

namespace detail {
// FEN letter by Piece value (White 0-5, Black 8-13): one load instead of piece_char's
// branches, since the placement is most of a FEN's letters.
inline constexpr char fen_letter[17] = {'P', 'N', 'B', 'R', 'Q', 'K', '?', '?', 'p',
                                        'n', 'b', 'r', 'q', 'k', '?', '?', '?'};

// Writes one rank's placement ("rnbqkbnr", "4P3", at most 8 characters); returns the end.
inline char* write_fen_rank(char* p, const Position& pos, int rank) {
  // Piece by piece along the rank's occupancy; the gaps between are the digits.
  int file = 0;
  for (unsigned occupied = unsigned(pos.occupied() >> (8 * rank)) & 0xFF; occupied;
       occupied &= occupied - 1) {
    const int next = std::countr_zero(occupied);
    if (next > file) *p++ = char('0' + next - file);
    *p++ = fen_letter[static_cast<int>(pos.piece_on(make_square(next, rank)))];
    file = next + 1;
  }
  if (file < 8) *p++ = char('0' + 8 - file);
  return p;
}

// Writes the fields after the placement (" w KQkq - 0 1", at most 22 characters); returns
// the end.
inline char* write_fen_fields(char* p, const Position& pos) {
  *p++ = ' ';
  *p++ = pos.side_to_move() == White ? 'w' : 'b';
  *p++ = ' ';
  const char* castling = p;
  // (Most positions of a game have no castling rights left.)
  if (pos.has_castling_rights()) {
    for (Color c : {White, Black}) {
      for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
        const Square rook = pos.castling_rook(c, side);
        if (rook == NoSquare) continue;
        // Outermost: no other own rook further towards the edge on the back rank.
        const Bitboard rank = rank_bb(rook);
        const Bitboard outside = side == CastlingSide::King
                                     ? rank & ~(square_bb(rook) | (square_bb(rook) - 1))
                                     : rank & (square_bb(rook) - 1);
        const bool outermost = (pos.pieces(c, PieceType::Rook) & outside) == 0;
        char letter =
            outermost ? (side == CastlingSide::King ? 'K' : 'Q') : char('A' + file_of(rook));
        if (c == Black) letter = char(letter - 'A' + 'a');
        *p++ = letter;
      }
    }
  }
  if (p == castling) *p++ = '-';
  *p++ = ' ';
  if (pos.en_passant() == NoSquare) {
    *p++ = '-';
  } else {
    const std::string_view ep = square_name(pos.en_passant());
    *p++ = ep[0];
    *p++ = ep[1];
  }
  // The clocks are 16-bit: at most 5 digits.
  *p++ = ' ';
  p = std::to_chars(p, p + 5, unsigned(pos.halfmove_clock())).ptr;
  *p++ = ' ';
  return std::to_chars(p, p + 5, unsigned(pos.fullmove_number())).ptr;
}
}  // namespace detail

// 6-field FEN. Castling is "KQkq"-style when the right's rook is the outermost rook on
// that side of the king, the rook's file letter (X-FEN) otherwise. append_fen adds it to a
// string the caller reuses (no allocation once it has grown); to_fen returns a new one.
inline void append_fen(std::string& out, const Position& pos) {
  // Written into a local buffer and appended once. The longest FEN has 93 characters:
  // placement 71, " w " 3, castling 4, " e3 " 4, clocks of up to 5 digits and a blank 11.
  char text[96];
  char* p = text;
  for (int rank = 7; rank >= 0; --rank) {
    p = detail::write_fen_rank(p, pos, rank);
    if (rank) *p++ = '/';
  }
  p = detail::write_fen_fields(p, pos);
  out.append(text, static_cast<std::size_t>(p - text));
}

// append_fen for positions that follow one another (the plies of a game): it keeps each
// rank's text and writes again only the ranks where a piece changed since the previous
// position (a move changes one or two ranks, castling or en passant as many), which is
// most of the FEN's cost. Any sequence of positions gives append_fen's text.
class FenWriter {
 public:
  // The room write() needs: the longest FEN (93 characters) and what a rank's copy writes
  // past it.
  static constexpr std::size_t room = 96 + 16;

  void append(std::string& out, const Position& pos) {
    char text[room];
    out.append(text, static_cast<std::size_t>(write(text, pos) - text));
  }

  // The FEN at p, which must have room for `room` bytes; returns the end.
  char* write(char* p, const Position& pos) {
    // The ranks with a changed square, each once.
    for (Bitboard changed = changed_squares(pos); changed;) {
      const int rank = std::countr_zero(changed) / 8;
      RankText& cached = ranks_[rank];
      char* end = detail::write_fen_rank(cached.text, pos, rank);
      *end++ = '/';
      cached.size = static_cast<std::uint8_t>(end - cached.text);
      changed &= ~rank_bb(Rank(rank));
    }
    for (int rank = 7; rank >= 0; --rank) {
      std::memcpy(p, ranks_[rank].text, sizeof ranks_[rank].text);  // a fixed size: one load
      p += ranks_[rank].size;
    }
    return detail::write_fen_fields(p - 1, pos);  // over the last rank's '/'
  }

 private:
  // The squares whose piece differs from the previous position's (all of them at first),
  // from the colour and piece-type sets, which it then keeps.
  Bitboard changed_squares(const Position& pos) {
    Bitboard changed = seen_ ? 0 : ~Bitboard{0};
    seen_ = true;
    for (Color c : {White, Black}) {
      changed |= sets_[index(c)] ^ pos.pieces(c);
      sets_[index(c)] = pos.pieces(c);
    }
    for (int t = 0; t < piece_type_count; ++t) {
      const Bitboard set = pos.pieces(PieceType(t));
      changed |= sets_[2 + t] ^ set;
      sets_[2 + t] = set;
    }
    return changed;
  }
  struct RankText {
    char text[16];  // the rank and its '/'
    std::uint8_t size = 0;
  };
  RankText ranks_[8];
  Bitboard sets_[2 + piece_type_count] = {};
  bool seen_ = false;
};
inline std::string to_fen(const Position& pos) {
  std::string fen;
  append_fen(fen, pos);
  return fen;
}

}  // namespace pawnkit
