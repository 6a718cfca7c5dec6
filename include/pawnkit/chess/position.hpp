// A chess position: bitboards per color and piece type, a square-to-piece board,
// side to move, castling rights (as rook squares, so Chess960 works), en-passant
// square, clocks, and incrementally kept Zobrist keys of the whole position and of its pawns.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <pawnkit/bitboard.hpp>
#include <pawnkit/chess/attacks.hpp>
#include <pawnkit/chess/move.hpp>
#include <pawnkit/parsed.hpp>
#include <string_view>

namespace pawnkit {

// A colored piece: bit 3 is the color, bits 0-2 the type. NoPiece marks an empty square.
enum class Piece : std::uint8_t {
  WhitePawn = 0,
  WhiteKnight,
  WhiteBishop,
  WhiteRook,
  WhiteQueen,
  WhiteKing,
  BlackPawn = 8,
  BlackKnight,
  BlackBishop,
  BlackRook,
  BlackQueen,
  BlackKing,
  NoPiece = 16
};
inline constexpr Piece NoPiece = Piece::NoPiece;

constexpr Piece make_piece(Color c, PieceType pt) {
  return Piece(index(c) * 8 + static_cast<std::size_t>(pt));
}
constexpr Color color_of(Piece p) { return Color(static_cast<int>(p) >> 3); }
constexpr PieceType type_of(Piece p) { return PieceType(static_cast<int>(p) & 7); }

// FEN letter: "PNBRQK" for White, lower case for Black.
constexpr char piece_char(Piece p) {
  const char c = "PNBRQK"[static_cast<int>(type_of(p))];
  return color_of(p) == White ? c : char(c + ('a' - 'A'));
}
// Inverse of piece_char; NoPiece for anything else.
constexpr Piece piece_from_char(char ch) {
  constexpr std::string_view letters = "PNBRQKpnbrqk";
  const auto i = letters.find(ch);
  if (i == std::string_view::npos) return NoPiece;
  return make_piece(i < 6 ? White : Black, PieceType(i % 6));
}

// Which side of the king a castling rook stands on: King = towards the h-file.
enum class CastlingSide : std::uint8_t { King, Queen };

// Where the king and the rook stand after castling, in standard chess and Chess960 alike:
// the g- and f-file (king side) or the c- and d-file (queen side) of the side's first rank.
constexpr Square castling_king_to(Color c, CastlingSide side) {
  return relative_square(c, side == CastlingSide::King ? File::G : File::C, 0);
}
constexpr Square castling_rook_to(Color c, CastlingSide side) {
  return relative_square(c, side == CastlingSide::King ? File::F : File::D, 0);
}
// The side of a castling move (king takes own rook): towards the rook.
constexpr CastlingSide castling_side(Move m) {
  return m.to() > m.from() ? CastlingSide::King : CastlingSide::Queen;
}

namespace detail {
// splitmix64, evaluated at compile time to fill the Zobrist tables.
constexpr std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
}  // namespace detail

// The Zobrist keys of Position::key() and Position::pawn_key(), public so that an engine
// can update its own keys the same way (e.g. a key of the pawns and kings).
struct ZobristKeys {
  std::array<std::array<std::uint64_t, 64>, 16> piece_square{};  // [Piece][Square]
  std::array<std::array<std::uint64_t, 8>, 2> castling_file{};   // [color][rook file]
  std::array<std::uint64_t, 8> en_passant_file{};
  std::uint64_t black_to_move = 0;
};
inline constexpr ZobristKeys zobrist = [] {
  ZobristKeys z;
  std::uint64_t state = 0x5EED'1234'ABCD'0001ULL;
  for (auto& row : z.piece_square)
    for (auto& k : row) k = detail::splitmix(state);
  for (auto& row : z.castling_file)
    for (auto& k : row) k = detail::splitmix(state);
  for (auto& k : z.en_passant_file) k = detail::splitmix(state);
  z.black_to_move = detail::splitmix(state);
  return z;
}();
namespace detail {
using pawnkit::zobrist;  // the name Position's code below uses
}  // namespace detail

class Position {
 public:
  // An empty board, White to move, no rights, clocks 0 and 1.
  Position() { board_.fill(NoPiece); }

  Bitboard pieces(Color c) const { return by_color_[index(c)]; }
  Bitboard pieces(PieceType pt) const { return by_type_[static_cast<std::size_t>(pt)]; }
  Bitboard pieces(Color c, PieceType pt) const { return pieces(c) & pieces(pt); }
  Bitboard pawns(Color c) const { return pieces(c, PieceType::Pawn); }
  Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
  Piece piece_on(Square s) const { return board_[s]; }
  // The king's square, NoSquare when that side has no king (allowed for analysis).
  Square king_square(Color c) const {
    const Bitboard k = pieces(c, PieceType::King);
    return k ? lsb(k) : NoSquare;
  }

  Color side_to_move() const { return side_; }
  // The en-passant target square as given by FEN/the last double push, NoSquare if none.
  Square en_passant() const { return en_passant_; }
  // The rook that castles on that side, NoSquare when the right is gone.
  Square castling_rook(Color c, CastlingSide s) const {
    return castling_rooks_[castling_index(c, s)];
  }
  bool can_castle(Color c, CastlingSide s) const { return castling_rook(c, s) != NoSquare; }
  bool has_castling_rights() const { return castling_any_ != 0; }
  // The squares of the rooks that can still castle for side c (0, 1 or 2 of them).
  Bitboard castling_rooks(Color c) const {
    Bitboard b = 0;
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen})
      if (castling_rook(c, side) != NoSquare) b |= square_bb(castling_rook(c, side));
    return b;
  }
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  // Zobrist key of the placement, side, castling rights and en-passant file.
  std::uint64_t key() const { return key_; }
  // Zobrist key of the pawns of both sides alone (the XOR of their piece_square keys; 0
  // without pawns): the index of a pawn hash table, since a pawn evaluation depends on
  // nothing else.
  std::uint64_t pawn_key() const { return pawn_key_; }

  // The key computed from scratch; equals key() (tests check the incremental update).
  std::uint64_t compute_key() const {
    std::uint64_t k = 0;
    for (std::size_t s = 0; s < 64; ++s)
      if (board_[s] != NoPiece) k ^= detail::zobrist.piece_square[piece_index(board_[s])][s];
    for (std::size_t i = 0; i < 4; ++i)
      if (castling_rooks_[i] != NoSquare)
        k ^= detail::zobrist.castling_file[i / 2][file_index(castling_rooks_[i])];
    if (en_passant_ != NoSquare) k ^= detail::zobrist.en_passant_file[file_index(en_passant_)];
    if (side_ == Black) k ^= detail::zobrist.black_to_move;
    return k;
  }
  // The pawn key computed from scratch; equals pawn_key().
  std::uint64_t compute_pawn_key() const {
    std::uint64_t k = 0;
    for (const Square s : squares(pieces(PieceType::Pawn)))
      k ^= zobrist.piece_square[std::size_t(board_[s])][std::size_t(s)];
    return k;
  }

  // Editing, used by the FEN parser and by tests. These keep the key in sync but do not
  // check legality; s must be empty for put_piece.
  void put_piece(Piece p, Square s) {
    const Bitboard b = square_bb(s);
    board_[s] = p;
    by_color_[index(color_of(p))] |= b;
    by_type_[static_cast<std::size_t>(type_of(p))] |= b;
    key_ ^= detail::zobrist.piece_square[piece_index(p)][s];
    if (type_of(p) == PieceType::Pawn) pawn_key_ ^= zobrist.piece_square[piece_index(p)][s];
  }
  void remove_piece(Square s) {
    const Piece p = board_[s];
    if (p == NoPiece) return;
    const Bitboard b = square_bb(s);
    board_[s] = NoPiece;
    by_color_[index(color_of(p))] ^= b;
    by_type_[static_cast<std::size_t>(type_of(p))] ^= b;
    key_ ^= detail::zobrist.piece_square[piece_index(p)][s];
    if (type_of(p) == PieceType::Pawn) pawn_key_ ^= zobrist.piece_square[piece_index(p)][s];
  }
  void set_side_to_move(Color c) {
    if (c != side_) key_ ^= detail::zobrist.black_to_move;
    side_ = c;
  }
  void set_en_passant(Square s) {
    if (en_passant_ != NoSquare) key_ ^= detail::zobrist.en_passant_file[file_index(en_passant_)];
    en_passant_ = s;
    if (en_passant_ != NoSquare) key_ ^= detail::zobrist.en_passant_file[file_index(en_passant_)];
  }
  // rook = NoSquare removes the right.
  void set_castling_rook(Color c, CastlingSide side, Square rook) {
    const std::size_t i = castling_index(c, side);
    if (castling_rooks_[i] != NoSquare) {
      key_ ^= detail::zobrist.castling_file[index(c)][file_index(castling_rooks_[i])];
      castling_any_ = static_cast<std::uint8_t>(castling_any_ & ~(1u << i));
    }
    castling_rooks_[i] = rook;
    if (rook != NoSquare) {
      key_ ^= detail::zobrist.castling_file[index(c)][file_index(rook)];
      castling_any_ = static_cast<std::uint8_t>(castling_any_ | (1u << i));
    }
  }
  void set_halfmove_clock(int n) { halfmove_ = static_cast<std::uint16_t>(n); }
  void set_fullmove_number(int n) { fullmove_ = static_cast<std::uint16_t>(n); }

  // Plays a legal move (copy-make: `Position next = pos; next.do_move(m);`). Updates
  // the key incrementally. The en-passant square is set after a double push only when
  // an enemy pawn attacks it, so equal positions get equal keys.
  void do_move(Move m);

  // Passes the move to the other side (a PGN null move, "--"): the board and the castling
  // rights stay, the en-passant square is cleared, the halfmove clock counts on (as after
  // any move that is neither a pawn move nor a capture) and the fullmove number advances
  // after Black. The key toggles the side (and drops the en-passant file); the pawn key
  // stays. Legal only when the side to move is not in check, which the caller checks.
  void do_null_move() {
    set_en_passant(NoSquare);
    ++halfmove_;
    if (side_ == Black) ++fullmove_;
    side_ = ~side_;
    key_ ^= detail::zobrist.black_to_move;
  }

  bool operator==(const Position& other) const = default;

 private:
  // do_move's rarer parts: castling, en passant and promotion; and the rights a move from
  // or to (or the king's move off) a castling square removes.
  void do_special_move(Move m, Piece moved);
  void remove_castling_rights(Color us, Square from, Square to, bool king_moved);

  static constexpr std::size_t castling_index(Color c, CastlingSide side) {
    return index(c) * 2 + static_cast<std::size_t>(side);
  }
  static constexpr std::size_t piece_index(Piece p) { return static_cast<std::size_t>(p); }
  static constexpr std::size_t file_index(Square s) { return static_cast<std::size_t>(file_of(s)); }

  std::array<Bitboard, 2> by_color_{};
  std::array<Bitboard, piece_type_count> by_type_{};
  std::array<Piece, 64> board_{};
  std::uint64_t key_ = 0;
  std::uint64_t pawn_key_ = 0;
  std::array<Square, 4> castling_rooks_{NoSquare, NoSquare, NoSquare, NoSquare};
  Color side_ = White;
  Square en_passant_ = NoSquare;
  std::uint8_t castling_any_ = 0;  // bit i set when castling_rooks_[i] != NoSquare
  std::uint16_t halfmove_ = 0;
  std::uint16_t fullmove_ = 1;
};

inline void Position::do_move(Move m) {
  using enum PieceType;
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const Piece moved = board_[from];
  const Bitboard from_to = square_bb(from) | square_bb(to);
  std::uint64_t key = key_ ^ detail::zobrist.black_to_move;
  if (en_passant_ != NoSquare) {
    key ^= detail::zobrist.en_passant_file[file_index(en_passant_)];
    en_passant_ = NoSquare;
  }
  ++halfmove_;
  if (m.kind() == MoveKind::Normal) [[likely]] {
    // Nine moves in ten: one piece goes from `from` to `to`, perhaps taking what stood
    // there. Written out rather than as remove_piece and put_piece: fewer branches.
    const Piece captured = board_[to];
    if (captured != NoPiece) {
      const std::uint64_t taken = detail::zobrist.piece_square[piece_index(captured)][to];
      by_color_[index(~us)] ^= square_bb(to);
      by_type_[static_cast<std::size_t>(type_of(captured))] ^= square_bb(to);
      key ^= taken;
      if (type_of(captured) == Pawn) pawn_key_ ^= taken;
      halfmove_ = 0;
    }
    board_[from] = NoPiece;
    board_[to] = moved;
    by_color_[index(us)] ^= from_to;
    by_type_[static_cast<std::size_t>(type_of(moved))] ^= from_to;
    const std::uint64_t step = detail::zobrist.piece_square[piece_index(moved)][from] ^
                               detail::zobrist.piece_square[piece_index(moved)][to];
    key ^= step;
    if (type_of(moved) == Pawn) {
      pawn_key_ ^= step;
      halfmove_ = 0;
      if ((from ^ to) == 16) {
        const Square ep = from + up(us);
        if (pawn_attacks_from(us, ep) & pieces(~us, Pawn)) {
          en_passant_ = ep;
          key ^= detail::zobrist.en_passant_file[file_index(ep)];
        }
      }
    }
    key_ = key;
  } else {
    key_ = key;
    do_special_move(m, moved);
  }
  // Only a move from or to a back rank (where the castling rooks and a king with rights
  // stand) or a king move can remove a right.
  if (castling_any_ && ((from_to & (Rank1 | Rank8)) || type_of(moved) == King)) [[unlikely]]
    remove_castling_rights(us, from, to, type_of(moved) == King);
  side_ = ~us;
  if (us == Black) ++fullmove_;
}

inline void Position::do_special_move(Move m, Piece moved) {
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  switch (m.kind()) {
    case MoveKind::Castling: {
      const Piece rook = board_[to];
      const CastlingSide side = castling_side(m);
      remove_piece(from);
      remove_piece(to);
      put_piece(moved, castling_king_to(us, side));
      put_piece(rook, castling_rook_to(us, side));
      break;
    }
    case MoveKind::EnPassant:
      remove_piece(to - up(us));
      remove_piece(from);
      put_piece(moved, to);
      halfmove_ = 0;
      break;
    case MoveKind::Promotion:
      if (board_[to] != NoPiece) remove_piece(to);
      remove_piece(from);
      put_piece(make_piece(us, m.promotion_type()), to);
      halfmove_ = 0;
      break;
    case MoveKind::Normal:
      break;
  }
}

inline void Position::remove_castling_rights(Color us, Square from, Square to, bool king_moved) {
  for (std::size_t i = 0; i < 4; ++i) {
    const Square r = castling_rooks_[i];
    if (r == NoSquare) continue;
    if (r == from || r == to || (king_moved && i / 2 == index(us)))
      set_castling_rook(Color(i / 2), CastlingSide(i % 2), NoSquare);
  }
}

// Squares of `by`'s pieces attacking s, with the given occupancy.
inline Bitboard attackers_to(const Position& pos, Square s, Color by, Bitboard occupied) {
  using enum PieceType;
  const Bitboard queens = pos.pieces(by, Queen);
  return (pawn_attacks_from(~by, s) & pos.pieces(by, Pawn)) |
         (knight_attacks(s) & pos.pieces(by, Knight)) | (king_attacks(s) & pos.pieces(by, King)) |
         (rook_attacks(s, occupied) & (pos.pieces(by, Rook) | queens)) |
         (bishop_attacks(s, occupied) & (pos.pieces(by, Bishop) | queens));
}

// Whether the position can be played from (perft, game replay): exactly one king per
// side, no pawn on rank 1 or 8, castling rights that match the board, and the side not
// to move is not in check. Columns are 0 (no text involved).
inline std::optional<ParseError> check_playable(const Position& pos) {
  for (Color c : {White, Black}) {
    const Bitboard kings = pos.pieces(c, PieceType::King);
    if (!kings) return ParseError{c == White ? "no white king" : "no black king", 0};
    if (more_than_one(kings))
      return ParseError{c == White ? "more than one white king" : "more than one black king", 0};
  }
  if ((pos.pieces(PieceType::Pawn) & (Rank1 | Rank8)) != 0)
    return ParseError{"pawn on rank 1 or 8", 0};
  // Castling rights built through the Position API must still match the board.
  for (Color c : {White, Black}) {
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
      const Square rook = pos.castling_rook(c, side);
      if (rook == NoSquare) continue;
      const Square king = pos.king_square(c);
      const int back = relative_rank(c, 0);
      const bool king_side = file_of(rook) > file_of(king);
      if (rank_of(king) != back || rank_of(rook) != back ||
          pos.piece_on(rook) != make_piece(c, PieceType::Rook) ||
          king_side != (side == CastlingSide::King))
        return ParseError{"castling right without its king and rook on the back rank", 0};
    }
  }
  const Color them = ~pos.side_to_move();
  if (attackers_to(pos, pos.king_square(them), pos.side_to_move(), pos.occupied()))
    return ParseError{"side not to move is in check", 0};
  return std::nullopt;
}

}  // namespace pawnkit
