// Writing FEN: the 6 fields of a Position, into a string the caller reuses or a new one.
// (Reading is in fen.hpp, which includes this header.)
#pragma once

#include <bit>
#include <cstddef>
#include <pawnkit/bitboard.hpp>
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/chess/position.hpp>
#include <string>
#include <string_view>

namespace pawnkit {

// 6-field FEN. Castling is "KQkq"-style when the right's rook is the outermost rook on
// that side of the king, the rook's file letter (X-FEN) otherwise. append_fen adds it to a
// string the caller reuses (no allocation once it has grown); to_fen returns a new one.
inline void append_fen(std::string& out, const Position& pos) {
  // Written into a local buffer and appended once. The longest FEN has 93 characters:
  // placement 71, " w " 3, castling 4, " e3 " 4, clocks of up to 5 digits and a blank 11.
  char text[96];
  char* p = text;
  for (int rank = 7; rank >= 0; --rank) {
    // Piece by piece along the rank's occupancy; the gaps between are the digits.
    int file = 0;
    for (unsigned occupied = unsigned(pos.occupied() >> (8 * rank)) & 0xFF; occupied;
         occupied &= occupied - 1) {
      const int next = std::countr_zero(occupied);
      if (next > file) *p++ = char('0' + next - file);
      *p++ = piece_char(pos.piece_on(make_square(next, rank)));
      file = next + 1;
    }
    if (file < 8) *p++ = char('0' + 8 - file);
    if (rank) *p++ = '/';
  }
  *p++ = ' ';
  *p++ = pos.side_to_move() == White ? 'w' : 'b';
  *p++ = ' ';
  const char* castling = p;
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
  auto put_number = [&p](unsigned n) {
    char digits[5];
    int count = 0;
    do {
      digits[count++] = char('0' + n % 10);
      n /= 10;
    } while (n && count < 5);
    while (count) *p++ = digits[--count];
  };
  *p++ = ' ';
  put_number(unsigned(pos.halfmove_clock()));
  *p++ = ' ';
  put_number(unsigned(pos.fullmove_number()));
  out.append(text, static_cast<std::size_t>(p - text));
}
inline std::string to_fen(const Position& pos) {
  std::string fen;
  append_fen(fen, pos);
  return fen;
}

}  // namespace pawnkit
