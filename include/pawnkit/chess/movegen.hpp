// Legal move generation. Checks and pins are resolved while generating (check mask,
// orthogonal and diagonal pin masks, an attacked-squares map for the king), so every
// generated move is legal without make-and-test. Only en passant, which removes two
// pieces from a rank, is verified by recomputing slider attacks on the king.
//
// Precondition for every function here: check_playable(pos) holds (one king each,
// the side not to move is not in check).
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <pawnkit/bitboard.hpp>
#include <pawnkit/chess/attacks.hpp>
#include <pawnkit/chess/move.hpp>
#include <pawnkit/chess/position.hpp>
#include <pawnkit/pawns/moves.hpp>

namespace pawnkit {

namespace detail {

// The generator below is a template over the board as well as the colour: it runs on
// Position and on perft's lighter PerftBoard (chess/perft.hpp), which offer the same
// read accessors (pieces, pawns, occupied, king_square, en_passant, castling_rooks), and
// over how it looks slider attacks up (Sliders: SlidersOnDemand or SlidersFilled, see
// chess/attacks.hpp).

// Whether a knight, bishop, rook or queen of `Them` attacks s, with the given occupancy.
// The empty-board rays skip the slider lookups when no enemy slider is aligned with s.
template <Color Them, class Sliders, class Board>
bool attacked_by_piece(const Board& pos, Square s, Bitboard occupied) {
  using enum PieceType;
  if (knight_attacks(s) & pos.pieces(Them, Knight)) return true;
  const Bitboard queens = pos.pieces(Them, Queen);
  const Bitboard orth = (pos.pieces(Them, Rook) | queens) & rook_rays(s);
  const Bitboard diag = (pos.pieces(Them, Bishop) | queens) & bishop_rays(s);
  return (orth && (Sliders::rook(s, occupied) & orth)) ||
         (diag && (Sliders::bishop(s, occupied) & diag));
}

// Collects generated moves into a MoveList.
struct ListSink {
  MoveList& list;
  void piece_moves(PieceType, Square from, Bitboard targets) {
    for (Square to : squares(targets)) list.push_back(Move::normal(from, to));
  }
  // Pawn moves whose origin is `to - delta`.
  void pawn_moves(Bitboard targets, int delta) {
    for (Square to : squares(targets)) list.push_back(Move::normal(Square(to - delta), to));
  }
  void promotions(Bitboard targets, int delta) {
    using enum PieceType;
    for (Square to : squares(targets)) {
      const Square from = Square(to - delta);
      list.push_back(Move::promotion(from, to, Queen));
      list.push_back(Move::promotion(from, to, Rook));
      list.push_back(Move::promotion(from, to, Bishop));
      list.push_back(Move::promotion(from, to, Knight));
    }
  }
  // En passant and castling.
  void add(Move m) { list.push_back(m); }
};

// Counts generated moves without materializing them (perft's last ply).
struct CountSink {
  std::uint64_t count = 0;
  void piece_moves(PieceType, Square, Bitboard targets) { count += moves(targets); }
  void pawn_moves(Bitboard targets, int) { count += moves(targets); }
  void promotions(Bitboard targets, int) { count += 4 * moves(targets); }
  static std::uint64_t moves(Bitboard targets) {
    return static_cast<std::uint64_t>(popcount(targets));
  }
  void add(Move) { ++count; }
};

// Whether en passant from `from` leaves the king safe: recompute slider attacks with
// both pawns gone (covers the horizontal pin on the fifth rank and diagonal pins), and
// require any non-slider checker to be the captured pawn.
template <Color Us, class Sliders, class Board>
bool en_passant_is_legal(const Board& pos, Square from, Square to, Square captured, Square king,
                         Bitboard checkers) {
  constexpr Color Them = ~Us;
  using enum PieceType;
  const Bitboard occupied =
      (pos.occupied() ^ square_bb(from) ^ square_bb(captured)) | square_bb(to);
  const Bitboard queens = pos.pieces(Them, Queen);
  if (Sliders::rook(king, occupied) & (pos.pieces(Them, Rook) | queens)) return false;
  if (Sliders::bishop(king, occupied) & (pos.pieces(Them, Bishop) | queens)) return false;
  return (checkers & (pos.pieces(Them, Knight) | pos.pieces(Them, Pawn)) & ~square_bb(captured)) ==
         0;
}

// ---- Pawn targets: built from the pawn core's set-wise functions (pawns/moves.hpp). ----
template <Color Us, class Board, class Sink>
void generate_pawn_moves(const Board& pos, Sink& __restrict out, Bitboard target_mask,
                         Bitboard pin_orth, Bitboard pin_diag) {
  constexpr Color Them = ~Us;
  constexpr int up = static_cast<int>(Up<Us>);
  constexpr int up_west = static_cast<int>(UpWest<Us>);
  constexpr int up_east = static_cast<int>(UpEast<Us>);
  constexpr Bitboard last_rank = relative_rank_bb<Us>(7);
  const Bitboard occupied = pos.occupied();
  const Bitboard enemies = pos.pieces(Them);
  const Bitboard pawns = pos.pawns(Us);

  // A pinned pawn moves only along its pin line: pinned on a file it can only push, pinned
  // on a diagonal only capture along it. Pins are rare, hence the branch.
  const Bitboard pinned = pawns & (pin_orth | pin_diag), free = pawns & ~pinned;
  Bitboard singles = single_pushes<Us>(free, occupied);
  Bitboard doubles = double_pushes<Us>(free, occupied);
  Bitboard west = pawn_attacks_west<Us>(free), east = pawn_attacks_east<Us>(free);
  if (pinned) [[unlikely]] {
    singles |= single_pushes<Us>(pinned & pin_orth, occupied) & pin_orth;
    doubles |= double_pushes<Us>(pinned & pin_orth, occupied) & pin_orth;
    west |= pawn_attacks_west<Us>(pinned & pin_diag) & pin_diag;
    east |= pawn_attacks_east<Us>(pinned & pin_diag) & pin_diag;
  }
  singles &= target_mask;
  doubles &= target_mask;
  west &= enemies & target_mask;
  east &= enemies & target_mask;
  // Only a pawn on the seventh rank promotes: most positions have none, and then the
  // moves come in the same order without splitting off the last rank.
  if (!(pawns & relative_rank_bb<Us>(6))) [[likely]] {
    out.pawn_moves(singles, up);
    out.pawn_moves(doubles, 2 * up);
    out.pawn_moves(west, up_west);
    out.pawn_moves(east, up_east);
    return;
  }
  out.pawn_moves(singles & ~last_rank, up);
  out.promotions(singles & last_rank, up);
  out.pawn_moves(doubles, 2 * up);
  out.pawn_moves(west & ~last_rank, up_west);
  out.promotions(west & last_rank, up_west);
  out.pawn_moves(east & ~last_rank, up_east);
  out.promotions(east & last_rank, up_east);
}

template <Color Us, class Sliders, class Board, class Sink>
void generate_en_passant(const Board& pos, Sink& out, Square king, Bitboard checkers) {
  const Square ep = pos.en_passant();
  if (ep == NoSquare) return;
  const Square captured = ep - Up<Us>;
  // Our pawns that attack the ep square: the squares a Them-pawn on ep would attack.
  for (Square from : squares(pawn_attacks_from(~Us, ep) & pos.pawns(Us)))
    if (en_passant_is_legal<Us, Sliders>(pos, from, ep, captured, king, checkers))
      out.add(Move::en_passant(from, ep));
}

// The squares of one castling, by colour, king file and rook file (on the back rank):
// those the king crosses and lands on, and those that must be empty (both pieces' paths
// but their own squares). A table, since in Chess960 they depend on where both start.
// rook_may_shield: the rook stands between the king's destination and the board's edge
// (a Chess960 rook on the b-file), so its leaving may open the rank onto the king.
struct CastlingSquares {
  Bitboard king_path = 0;
  Bitboard must_be_empty = 0;
  bool rook_may_shield = false;
};
inline constexpr auto castling_squares = [] {
  std::array<std::array<std::array<CastlingSquares, 8>, 8>, 2> table{};
  for (Color c : {White, Black})
    for (std::size_t king_file = 0; king_file < 8; ++king_file)
      for (std::size_t rook_file = 0; rook_file < 8; ++rook_file) {
        if (king_file == rook_file) continue;
        const CastlingSide side = rook_file > king_file ? CastlingSide::King : CastlingSide::Queen;
        const Square king = relative_square(c, File(king_file), 0);
        const Square rook = relative_square(c, File(rook_file), 0);
        const Square king_to = castling_king_to(c, side), rook_to = castling_rook_to(c, side);
        CastlingSquares& sq = table[index(c)][king_file][rook_file];
        sq.king_path = between_bb(king, king_to) | square_bb(king_to);
        sq.must_be_empty = (sq.king_path | between_bb(rook, rook_to) | square_bb(rook_to)) &
                           ~(square_bb(king) | square_bb(rook));
        const Square edge = relative_square(c, side == CastlingSide::King ? File::H : File::A, 0);
        sq.rook_may_shield = (between_bb(king_to, edge) & square_bb(rook)) != 0;
      }
  return table;
}();
// Only a queen-side rook on the b-file can shield the king's destination (c1 or c8).
static_assert(castling_squares[0][3][1].rook_may_shield &&
              !castling_squares[0][4][0].rook_may_shield &&
              !castling_squares[1][4][7].rook_may_shield &&
              !castling_squares[0][5][6].rook_may_shield);

// The castling rook on that side of side Us's king (Chess960 included), NoSquare when no
// rook there still has the right. The rooks with the right, `rights`, stand on the king's
// rank, at most one on each side of it.
template <CastlingSide Side>
Square castling_rook_beyond(Bitboard rights, Square king) {
  if (!rights) return NoSquare;
  if constexpr (Side == CastlingSide::King)
    return msb(rights) > king ? msb(rights) : NoSquare;
  else
    return lsb(rights) < king ? lsb(rights) : NoSquare;
}
template <Color Us>
const CastlingSquares& castling_squares_of(Square king, Square rook) {
  return castling_squares[index(Us)][static_cast<std::size_t>(file_of(king))]
                         [static_cast<std::size_t>(file_of(rook))];
}

// The squares of `wanted` that Them attacks, with the given occupancy: those the enemy
// pawns and king attack set-wise, the others one by one (a king has few squares to go to).
template <Color Them, class Sliders, class Board>
Bitboard attacked_among(const Board& pos, Bitboard wanted, Bitboard occupied) {
  if (!wanted) return 0;
  Bitboard danger =
      wanted & (pawn_attacks<Them>(pos.pawns(Them)) | king_attacks(pos.king_square(Them)));
  for (Square s : squares(wanted & ~danger))
    if (attacked_by_piece<Them, Sliders>(pos, s, occupied)) danger |= square_bb(s);
  return danger;
}

// The squares the king would cross and land on in the castlings whose squares are empty.
template <Color Us, class Board>
Bitboard open_castling_paths(const Board& pos, Square king) {
  // Each rook with a right is on the king's rank, at most one on each side of the king,
  // so the table entry of the king's and the rook's files is that castling's.
  Bitboard paths = 0;
  for (Square rook : squares(pos.castling_rooks(Us))) {
    const CastlingSquares& sq = castling_squares_of<Us>(king, rook);
    if (!(sq.must_be_empty & pos.occupied())) paths |= sq.king_path;
  }
  return paths;
}

// One castling of side Us, when the side is not in check: the squares between must be
// empty and none the king crosses or lands on attacked (`danger`: the attacked squares
// among the open castlings' paths, with our king gone from the board).
template <Color Us, CastlingSide Side, class Sliders, class Board, class Sink>
void generate_castling_to(const Board& pos, Sink& out, Square king, Bitboard danger) {
  constexpr Color Them = ~Us;
  const Square rook = castling_rook_beyond<Side>(pos.castling_rooks(Us), king);
  if (rook == NoSquare) return;
  const CastlingSquares& sq = castling_squares_of<Us>(king, rook);
  const Bitboard occupied = pos.occupied();
  if ((sq.must_be_empty & occupied) || (sq.king_path & danger)) return;
  if (sq.rook_may_shield &&
      (Sliders::rook(castling_king_to(Us, Side), occupied ^ square_bb(king) ^ square_bb(rook)) &
       (pos.pieces(Them, PieceType::Rook) | pos.pieces(Them, PieceType::Queen))))
    return;
  out.add(Move::castling(king, rook));
}

template <Color Us, class Sliders, class Board, class Sink>
void generate_castling(const Board& pos, Sink& out, Square king, Bitboard danger) {
  generate_castling_to<Us, CastlingSide::King, Sliders>(pos, out, king, danger);
  generate_castling_to<Us, CastlingSide::Queen, Sliders>(pos, out, king, danger);
}

// Knight, bishop, rook and queen moves. A piece pinned along a line moves only along it
// (so never on the other kind of line). Pins are rare: the generator calls the version
// with Pins = false when there is none, which tests no piece for a pin.
template <Color Us, bool Pins, class Sliders, class Board, class Sink>
void generate_piece_moves(const Board& pos, Sink& __restrict out, Bitboard target_mask,
                          Bitboard pin_orth, Bitboard pin_diag) {
  using enum PieceType;
  const Bitboard occupied = pos.occupied();
  for (Square s : squares(pos.pieces(Us, Knight) & ~(pin_orth | pin_diag)))
    out.piece_moves(Knight, s, knight_attacks(s) & target_mask);
  // Diagonal movers, then orthogonal ones (queens in both, the order legal_moves keeps).
  const Bitboard queens = pos.pieces(Us, Queen);
  for (Square s : squares((pos.pieces(Us, Bishop) | queens) & ~pin_orth)) {
    Bitboard t = Sliders::bishop(s, occupied) & target_mask;
    if (Pins && (square_bb(s) & pin_diag)) t &= pin_diag;
    out.piece_moves(square_bb(s) & queens ? Queen : Bishop, s, t);
  }
  for (Square s : squares((pos.pieces(Us, Rook) | queens) & ~pin_diag)) {
    Bitboard t = Sliders::rook(s, occupied) & target_mask;
    if (Pins && (square_bb(s) & pin_orth)) t &= pin_orth;
    out.piece_moves(square_bb(s) & queens ? Queen : Rook, s, t);
  }
}

// The enemy pieces giving check to side Us's king, and the lines along which our pieces
// are pinned to it (from the pinned piece to the pinner, inclusive). Checkers and pins
// come from one pass over the enemy sliders aligned with the king on an empty board (the
// squares between tell which: none is a check, one of ours a pin), plus the pawns and
// knights on the king's leaper squares.
struct KingLines {
  Bitboard checkers = 0, pin_orth = 0, pin_diag = 0;
};
template <Color Us, class Board>
[[gnu::always_inline]] inline KingLines king_lines(const Board& pos, Square king) {
  constexpr Color Them = ~Us;
  using enum PieceType;
  const Bitboard occupied = pos.occupied();
  const Bitboard ours = pos.pieces(Us);
  const Bitboard their_queens = pos.pieces(Them, Queen);
  KingLines lines;
  lines.checkers = (pawn_attacks_from(Us, king) & pos.pawns(Them)) |
                   (knight_attacks(king) & pos.pieces(Them, Knight));
  const auto scan = [&](Bitboard sliders, Bitboard& pins) {
    for (Square s : squares(sliders)) {
      const Bitboard blockers = between_bb(king, s) & occupied;
      if (!blockers)
        lines.checkers |= square_bb(s);
      else if (!more_than_one(blockers) && (blockers & ours))
        pins |= between_bb(king, s) | square_bb(s);
    }
  };
  scan(rook_rays(king) & (pos.pieces(Them, Rook) | their_queens), lines.pin_orth);
  scan(bishop_rays(king) & (pos.pieces(Them, Bishop) | their_queens), lines.pin_diag);
  return lines;
}

// The generator proper: checkers and pins (king_lines), then king moves, and (unless in
// double check) everything else restricted to the check mask and pin masks. The sink is
// `__restrict` (what it counts or collects never aliases the board), so that a count
// stays in a register instead of being stored after every popcount and the board read
// again.
template <Color Us, class Sliders = SlidersOnDemand, class Board, class Sink>
void generate(const Board& pos, Sink& __restrict out) {
  constexpr Color Them = ~Us;
  using enum PieceType;
  const Bitboard occupied = pos.occupied();
  const Bitboard ours = pos.pieces(Us);
  const Square king = pos.king_square(Us);
  assert(king != NoSquare && pos.king_square(Them) != NoSquare && "see check_playable");
  const auto [checkers, pin_orth, pin_diag] = king_lines<Us>(pos, king);

  // King moves and castling: only the squares the king could go to are tested for
  // attacks, with our king gone (so that it cannot hide behind itself on a line).
  const Bitboard king_targets = king_attacks(king) & ~ours;
  const Bitboard castling_paths = checkers ? 0 : open_castling_paths<Us>(pos, king);
  const Bitboard danger =
      attacked_among<Them, Sliders>(pos, king_targets | castling_paths, occupied ^ square_bb(king));
  out.piece_moves(King, king, king_targets & ~danger);
  if (more_than_one(checkers)) return;

  const Bitboard check_mask = checkers ? between_bb(king, lsb(checkers)) | checkers : ~Bitboard{0};
  const Bitboard target_mask = ~ours & check_mask;

  generate_pawn_moves<Us>(pos, out, target_mask, pin_orth, pin_diag);
  generate_en_passant<Us, Sliders>(pos, out, king, checkers);

  if (pin_orth | pin_diag) [[unlikely]]
    generate_piece_moves<Us, true, Sliders>(pos, out, target_mask, pin_orth, pin_diag);
  else
    generate_piece_moves<Us, false, Sliders>(pos, out, target_mask, 0, 0);
  if (castling_paths) generate_castling<Us, Sliders>(pos, out, king, danger);
}

// Only the castling moves (what SAN "O-O" asks for, without generating everything).
template <Color Us, class Sink>
void generate_castling_only(const Position& pos, Sink& out) {
  const Square king = pos.king_square(Us);
  if (!pos.has_castling_rights() || king == NoSquare || pos.king_square(~Us) == NoSquare) return;
  const Bitboard occupied = pos.occupied();
  if (attackers_to(pos, king, ~Us, occupied)) return;
  const Bitboard paths = open_castling_paths<Us>(pos, king);
  generate_castling<Us, SlidersOnDemand>(
      pos, out, king, attacked_among<~Us, SlidersOnDemand>(pos, paths, occupied ^ square_bb(king)));
}

template <class Sink>
void generate_for_side(const Position& pos, Sink& out) {
  if (pos.side_to_move() == White)
    generate<White>(pos, out);
  else
    generate<Black>(pos, out);
}

}  // namespace detail

// Enemy pieces giving check to the side to move.
inline Bitboard checkers(const Position& pos) {
  const Color us = pos.side_to_move();
  return attackers_to(pos, pos.king_square(us), ~us, pos.occupied());
}
inline bool in_check(const Position& pos) { return checkers(pos) != 0; }

// Appends every legal move of the side to move to `list`.
inline void generate_legal(const Position& pos, MoveList& list) {
  detail::ListSink sink{list};
  detail::generate_for_side(pos, sink);
}
inline MoveList legal_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return list;
}
// The legal castling moves of the side to move: the same as legal_moves' castling moves.
inline MoveList castling_moves(const Position& pos) {
  MoveList list;
  detail::ListSink sink{list};
  if (pos.side_to_move() == White)
    detail::generate_castling_only<White>(pos, sink);
  else
    detail::generate_castling_only<Black>(pos, sink);
  return list;
}
// The number of legal moves, without building the list.
inline std::uint64_t count_legal_moves(const Position& pos) {
  detail::CountSink sink;
  detail::generate_for_side(pos, sink);
  return sink.count;
}

inline bool is_checkmate(const Position& pos) {
  return in_check(pos) && count_legal_moves(pos) == 0;
}
inline bool is_stalemate(const Position& pos) {
  return !in_check(pos) && count_legal_moves(pos) == 0;
}

// The position after a legal move (copy-make).
inline Position after_move(const Position& pos, Move m) {
  Position next = pos;
  next.do_move(m);
  return next;
}

}  // namespace pawnkit
