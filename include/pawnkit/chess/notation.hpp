// Notation: square names ("e4"), UCI moves (e2e4, e7e8q; castling as e1g1, or
// king-takes-rook e1h1 in Chess960 mode) and SAN (Nbd7, exd6, O-O-O, e8=Q+, Qh4#),
// printing and parsing. Parsers accept only legal moves of the given position.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <pawnkit/bitboard.hpp>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/parsed.hpp>
#include <string>
#include <string_view>

namespace pawnkit {

// --- Square names ------------------------------------------------------------------------

namespace detail {
inline constexpr std::array<std::array<char, 2>, 64> square_names = [] {
  std::array<std::array<char, 2>, 64> names{};
  for (std::size_t s = 0; s < 64; ++s) names[s] = {char('a' + (s & 7)), char('1' + (s >> 3))};
  return names;
}();
}  // namespace detail

// "e4" for E4. The view points into a static table.
constexpr std::string_view square_name(Square s) { return {detail::square_names[s].data(), 2}; }

// Parses "e4" (lower-case file, rank digit); anything else is nullopt.
constexpr std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return std::nullopt;
  return make_square(text[0] - 'a', text[1] - '1');
}

static_assert(square_name(G7) == "g7" && parse_square("c6") == C6 && !parse_square("i1"));

// --- Moves -------------------------------------------------------------------------------

namespace detail {
// Where the king lands when castling with this move (g- or c-file of its first rank).
constexpr Square castling_king_target(Move m) {
  return castling_king_to(rank_of(m.from()) == 0 ? White : Black, castling_side(m));
}
// Castling as standard chess has it: the king on the e-file, the rook in a corner. Only
// this castling can be written as the king's two-square step; Chess960 castling (king
// or rook elsewhere) is always written king takes rook, since the king's destination
// may be an ordinary king move (f1g1) or the king's own square (c1c1).
constexpr bool is_standard_castling(Move m) {
  const int king_file = file_of(m.from()), rook_file = file_of(m.to());
  return king_file == int(File::E) && (rook_file == int(File::A) || rook_file == int(File::H));
}
constexpr char promotion_letter(PieceType pt) { return "pnbrqk"[static_cast<int>(pt)]; }

// The piece a SAN piece letter names ('N', 'B', 'R', 'Q', 'K'); Pawn for anything else.
constexpr PieceType san_piece(char letter) {
  switch (letter) {
    case 'N':
      return PieceType::Knight;
    case 'B':
      return PieceType::Bishop;
    case 'R':
      return PieceType::Rook;
    case 'Q':
      return PieceType::Queen;
    case 'K':
      return PieceType::King;
    default:
      return PieceType::Pawn;
  }
}

// The sliders of `sliders` (each on a line through s) with nothing between them and s.
// A check has one or two such candidates, so walking them through the small between-table
// costs less than a slider-attack lookup in the large one.
inline Bitboard unblocked(Square s, Bitboard sliders, Bitboard occupied) {
  Bitboard reaching = 0;
  for (Square from : squares(sliders))
    if (!(between_bb(from, s) & occupied)) reaching |= square_bb(from);
  return reaching;
}

// The squares from which a piece of each type but the pawn reaches a square on an empty
// board, [type][square]. One table for all five, so that SAN matching need not branch on
// the piece: what stands between (between_bb, empty for a knight's jump and a king's step)
// then cuts a slider's reach.
inline constexpr auto piece_reach = [] {
  std::array<std::array<Bitboard, 64>, piece_type_count> reach{};
  for (std::size_t s = 0; s < 64; ++s) {
    const Square sq = Square(s);
    reach[std::size_t(PieceType::Knight)][s] = knight_attacks(sq);
    reach[std::size_t(PieceType::Bishop)][s] = bishop_rays(sq);
    reach[std::size_t(PieceType::Rook)][s] = rook_rays(sq);
    reach[std::size_t(PieceType::Queen)][s] = bishop_rays(sq) | rook_rays(sq);
    reach[std::size_t(PieceType::King)][s] = king_attacks(sq);
  }
  return reach;
}();

// Squares from which a pawn of the side to move could move to `to` by the rules of its
// movement (a push needs an empty target, a capture an enemy piece or the en-passant
// square), coming from the file `pawn_file`. Pins and checks are left to leaves_king_safe.
inline Bitboard pawn_origins(const Position& pos, Square to, int pawn_file) {
  const Color us = pos.side_to_move();
  const Bitboard occupied = pos.occupied(), mine = pos.pawns(us);
  if (pawn_file != file_of(to)) {
    const bool target = (pos.pieces(~us) & square_bb(to)) || to == pos.en_passant();
    return target ? pawn_attacks_from(~us, to) & mine : 0;
  }
  if (occupied & square_bb(to)) return 0;
  const Square one = to - up(us);
  if (!is_valid(one)) return 0;
  if (mine & square_bb(one)) return square_bb(one);
  const bool fourth_rank = relative_rank(us, rank_of(to)) == 3;
  if (!fourth_rank || (occupied & square_bb(one))) return 0;
  return mine & square_bb(one - up(us));
}

// Whether a move by the rules of piece movement leaves the mover's king unattacked,
// computed on the occupancy after the move rather than by playing it. `king_moves`: the
// piece moved is the king.
inline bool leaves_king_safe(const Position& pos, Move m, bool king_moves) {
  using enum PieceType;
  const Color us = pos.side_to_move(), them = ~us;
  const Square from = m.from(), to = m.to();
  const Square king = king_moves ? to : pos.king_square(us);
  if (king == NoSquare) return true;
  Bitboard removed = square_bb(to);  // an enemy piece captured there, if any
  if (m.kind() == MoveKind::EnPassant) removed = square_bb(to - up(us));
  const Bitboard occupied = ((pos.occupied() ^ square_bb(from)) & ~removed) | square_bb(to);
  const Bitboard enemy = pos.pieces(them) & ~removed;
  if (enemy &
      ((knight_attacks(king) & pos.pieces(Knight)) | (king_attacks(king) & pos.pieces(King)) |
       (pawn_attacks_from(us, king) & pos.pieces(Pawn))))
    return false;
  const Bitboard diagonal = enemy & (pos.pieces(Bishop) | pos.pieces(Queen)) & bishop_rays(king);
  const Bitboard straight = enemy & (pos.pieces(Rook) | pos.pieces(Queen)) & rook_rays(king);
  return !unblocked(king, diagonal | straight, occupied);
}

// A move's text without its trailing check, mate and annotation marks ("Nf3+!?" -> "Nf3").
constexpr std::string_view without_move_suffixes(std::string_view s) {
  while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?'))
    s.remove_suffix(1);
  return s;
}
}  // namespace detail

// "e2e4", "e7e8q". Standard castling prints the king's destination (e1g1) unless
// chess960, where it prints king takes rook (e1h1); castling that only Chess960 has (the
// king off the e-file or the rook off the corners) always prints king takes rook. The
// null move prints "0000".
inline std::string to_uci(Move m, bool chess960 = false) {
  if (m.is_null()) return "0000";
  std::string out;
  out += square_name(m.from());
  const bool king_step =
      m.kind() == MoveKind::Castling && !chess960 && detail::is_standard_castling(m);
  const Square to = king_step ? detail::castling_king_target(m) : m.to();
  out += square_name(to);
  if (m.kind() == MoveKind::Promotion) out += detail::promotion_letter(m.promotion_type());
  return out;
}

// Parses a UCI move and checks it is legal here. Standard castling may be written either
// way (e1g1 or e1h1) unless chess960; any other castling only as king takes rook.
inline Parsed<Move> parse_uci(const Position& pos, std::string_view text, bool chess960 = false) {
  if (text.size() < 4 || text.size() > 5) return ParseError{"malformed UCI move", 0};
  const std::optional<Square> from = parse_square(text.substr(0, 2));
  if (!from) return ParseError{"malformed UCI move: bad origin square", 0};
  const std::optional<Square> to = parse_square(text.substr(2, 2));
  if (!to) return ParseError{"malformed UCI move: bad destination square", 2};
  if (text.size() == 5 && std::string_view("nbrq").find(text[4]) == std::string_view::npos)
    return ParseError{"malformed UCI move: bad promotion piece", 4};
  for (Move m : legal_moves(pos)) {
    if (m.from() != *from) continue;
    if (m.kind() == MoveKind::Castling) {
      const bool matches = m.to() == *to || (!chess960 && detail::is_standard_castling(m) &&
                                             detail::castling_king_target(m) == *to);
      if (matches && text.size() == 4) return m;
      continue;
    }
    if (m.to() != *to) continue;
    if (m.kind() == MoveKind::Promotion) {
      if (text.size() == 5 && detail::promotion_letter(m.promotion_type()) == text[4]) return m;
    } else if (text.size() == 4) {
      return m;
    }
  }
  return ParseError{"illegal move", 0};
}

// Standard Algebraic Notation with minimal disambiguation (file, else rank, else both)
// and a '+' or '#' suffix. m must be legal in pos.
inline std::string to_san(const Position& pos, Move m) {
  using enum PieceType;
  std::string out;
  const Square from = m.from(), to = m.to();
  const PieceType pt = type_of(pos.piece_on(from));
  if (m.kind() == MoveKind::Castling) {
    out = to > from ? "O-O" : "O-O-O";
  } else if (pt == Pawn) {
    const bool capture = m.kind() == MoveKind::EnPassant || pos.piece_on(to) != NoPiece;
    if (capture) {
      out += char('a' + file_of(from));
      out += 'x';
    }
    out += square_name(to);
    if (m.kind() == MoveKind::Promotion) {
      out += '=';
      out += "PNBRQK"[static_cast<int>(m.promotion_type())];
    }
  } else {
    out += "PNBRQK"[static_cast<int>(pt)];
    // Other pieces of the same type that can also reach `to`.
    bool ambiguous = false, same_file = false, same_rank = false;
    for (Move other : legal_moves(pos)) {
      if (other == m || other.to() != to || other.kind() == MoveKind::Castling) continue;
      if (type_of(pos.piece_on(other.from())) != pt) continue;
      ambiguous = true;
      same_file |= file_of(other.from()) == file_of(from);
      same_rank |= rank_of(other.from()) == rank_of(from);
    }
    if (ambiguous) {
      if (!same_file)
        out += char('a' + file_of(from));
      else if (!same_rank)
        out += char('1' + rank_of(from));
      else
        out += square_name(from);
    }
    if (pos.piece_on(to) != NoPiece) out += 'x';
    out += square_name(to);
  }
  const Position next = after_move(pos, m);
  if (in_check(next)) out += count_legal_moves(next) == 0 ? '#' : '+';
  return out;
}

namespace detail {
// SAN castling, king side or queen side. Out of line: castling is about one move in forty,
// and its generator inlined into the loops that replay games (play_san is flattened) makes
// their code for the other moves slower.
[[gnu::noinline]] inline Parsed<Move> parse_san_castling(const Position& pos, bool king_side) {
  for (Move m : castling_moves(pos))
    if ((m.to() > m.from()) == king_side) return m;
  return ParseError{"illegal move", 0};
}

// The pawn move to `to` from the file `from_file` (the destination's own for a push),
// among the squares of `hint`.
inline Parsed<Move> parse_san_pawn(const Position& pos, Square to, int from_file, Bitboard hint,
                                   bool promotes, PieceType promotion) {
  const Bitboard origins = pawn_origins(pos, to, from_file) & hint;
  const bool reaches_last_rank = relative_rank(pos.side_to_move(), rank_of(to)) == 7;
  if (promotes != reaches_last_rank) return ParseError{"illegal move", 0};
  Move found{};
  int matches = 0;
  for (Square from : squares(origins)) {
    const Move m = promotes ? Move::promotion(from, to, promotion)
                   : to == pos.en_passant() && file_of(from) != file_of(to)
                       ? Move::en_passant(from, to)
                       : Move::normal(from, to);
    if (!leaves_king_safe(pos, m, false)) continue;
    found = m;
    ++matches;
  }
  if (matches == 0) return ParseError{"illegal move", 0};
  if (matches > 1) return ParseError{"ambiguous move", 0};
  return found;
}
}  // namespace detail

// Parses SAN against the legal moves of pos. Tolerates what real PGN contains: "0-0",
// trailing "+", "#", "!", "?", a missing '=' or lower-case promotion letter ("e8Q",
// "e8=q"), redundant disambiguation ("Ngf3" when only one knight can), missing or
// extra 'x', and long-algebraic "Ng1-f3". Errors: "illegal move", "ambiguous move",
// or "malformed move: ..." with the column of the problem.
inline Parsed<Move> parse_san(const Position& pos, std::string_view text) {
  using enum PieceType;
  std::string_view s = detail::without_move_suffixes(text);
  if (s.empty()) return ParseError{"malformed move: empty", 0};

  if ((s[0] == 'O' || s[0] == '0') && (s == "O-O" || s == "0-0" || s == "O-O-O" || s == "0-0-0"))
    return detail::parse_san_castling(pos, s.size() == 3);

  std::size_t i = 0;
  PieceType pt = detail::san_piece(s[0]);
  if (pt != Pawn) i = 1;
  // Promotion suffix: "=Q", "Q", "=q", or a lower-case letter after the rank digit.
  bool promotes = false;
  PieceType promotion = Queen;
  if (pt == Pawn && s.size() >= 3) {
    const char last = s.back(), before = s[s.size() - 2];
    const PieceType promoted = detail::san_piece(char(last >= 'a' ? last - 'a' + 'A' : last));
    if (promoted != Pawn && promoted != King &&
        (before == '=' || (before >= '1' && before <= '8'))) {
      promotes = true;
      promotion = promoted;
      s.remove_suffix(before == '=' ? 2 : 1);
    }
  }
  if (s.size() < i + 2) return ParseError{"malformed move: missing destination square", s.size()};
  const std::optional<Square> to = parse_square(s.substr(s.size() - 2));
  if (!to) return ParseError{"malformed move: bad destination square", s.size() - 2};
  // Between the piece letter and the destination: optional disambiguation, 'x' or '-'.
  std::string_view middle = s.substr(i, s.size() - 2 - i);
  if (!middle.empty() && (middle.back() == 'x' || middle.back() == ':' || middle.back() == '-'))
    middle.remove_suffix(1);
  int from_file = -1, from_rank = -1;
  for (std::size_t k = 0; k < middle.size(); ++k) {
    const char c = middle[k];
    if (c >= 'a' && c <= 'h' && from_file < 0 && from_rank < 0)
      from_file = c - 'a';
    else if (c >= '1' && c <= '8' && from_rank < 0)
      from_rank = c - '1';
    else
      return ParseError{"malformed move: unexpected character", i + k};
  }
  // A pawn push names no file: it must come from the destination's file.
  if (pt == Pawn && from_file < 0) from_file = file_of(*to);

  const Bitboard hint = (from_file >= 0 ? file_bb(File(from_file)) : ~Bitboard{0}) &
                        (from_rank >= 0 ? rank_bb(Rank(from_rank)) : ~Bitboard{0});
  if (pt == Pawn) return detail::parse_san_pawn(pos, *to, from_file, hint, promotes, promotion);

  // Only the pieces that can reach `to` are candidates; each is checked for legality.
  const Color us = pos.side_to_move();
  if (pos.pieces(us) & square_bb(*to)) return ParseError{"illegal move", 0};
  const Bitboard occupied = pos.occupied();
  Move found{};
  int matches = 0;
  for (Square from :
       squares(pos.pieces(us, pt) & detail::piece_reach[std::size_t(pt)][*to] & hint)) {
    const Move m = Move::normal(from, *to);
    if ((between_bb(from, *to) & occupied) || !detail::leaves_king_safe(pos, m, pt == King))
      continue;
    found = m;
    ++matches;
  }
  if (matches == 0) return ParseError{"illegal move", 0};
  if (matches > 1) return ParseError{"ambiguous move", 0};
  return found;
}

// --- Moves as they are found in the wild ---------------------------------------------------

// How parse_move_leniently read a move. Only a LowercasePiece reading repaired the text;
// the others are spellings of their own (docs/patterns.md, "Moves in PGN").
enum class MoveSpelling : std::uint8_t {
  San,             // what parse_san reads (this includes "e2e4", "Ng1-f3", "e7e8q")
  FromTo,          // UCI or long algebraic of any piece: "g1f3", "g1-f3", "e1g1" castling
  LowercasePiece,  // SAN with its piece letter in lower case: "nf3", "bb5", "qxd1"
  Null,            // a null move "--" or "Z0": the side to move passes
};

struct LenientMove {
  Move move;  // Move::null() for MoveSpelling::Null
  MoveSpelling spelling;
};

namespace detail {
// The text of a from-to move ("g1f3", "g1-f3", "g1xf3", "e7e8=Q", "e7e8q", suffixes "+#!?"
// removed) in UCI ("g1f3", "e7e8q") into `uci`; false when it is not one.
constexpr bool from_to_as_uci(std::string_view s, std::array<char, 5>& uci, std::size_t& size) {
  if (s.size() < 4 || !parse_square(s.substr(0, 2))) return false;
  std::size_t i = 2;
  if (s[i] == '-' || s[i] == 'x' || s[i] == ':') ++i;
  if (s.size() < i + 2 || !parse_square(s.substr(i, 2))) return false;
  uci = {s[0], s[1], s[i], s[i + 1], 0};
  size = 4;
  i += 2;
  if (i < s.size() && s[i] == '=') ++i;
  if (i == s.size()) return true;
  if (i + 1 != s.size()) return false;
  const char promotion = char(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
  if (std::string_view("nbrq").find(promotion) == std::string_view::npos) return false;
  uci[4] = promotion;
  size = 5;
  return true;
}
}  // namespace detail

// Parses a move the way lenient PGN readers do, trying in turn:
//  1. parse_san, so correctly spelled SAN costs nothing more, and a pawn reading always
//     wins: "bxc3" is the b-pawn's capture when that is legal, as the PGN standard says;
//  2. a null move, "--" or "Z0" (illegal when the side to move is in check);
//  3. a from-to move of any piece (UCI or long algebraic: "g1f3", "g1-f3", "e1g1");
//  4. SAN with the piece letter in lower case ("nf3", "bb5", "bxc3" as the bishop's capture
//     when no b-pawn can make it), a repair the caller may warn about.
// The error is parse_san's, unless the lower-case reading got further (an illegal or
// ambiguous piece move rather than a malformed pawn move).
inline Parsed<LenientMove> parse_move_leniently(const Position& pos, std::string_view text,
                                                bool chess960 = false) {
  const Parsed<Move> san = parse_san(pos, text);
  if (san) return LenientMove{*san, MoveSpelling::San};
  const std::string_view s = detail::without_move_suffixes(text);
  if (s == "--" || s == "Z0") {
    if (in_check(pos)) return ParseError{"illegal move: a null move in check", 0};
    return LenientMove{Move::null(), MoveSpelling::Null};
  }
  std::array<char, 5> uci{};
  std::size_t uci_size = 0;
  if (detail::from_to_as_uci(s, uci, uci_size)) {
    const Parsed<Move> move = parse_uci(pos, std::string_view(uci.data(), uci_size), chess960);
    if (move) return LenientMove{*move, MoveSpelling::FromTo};
  }
  if (!s.empty() && std::string_view("nbrqk").find(s[0]) != std::string_view::npos) {
    // At most "qa1xb2=Q": anything longer is not a move and keeps parse_san's error.
    std::array<char, 16> upper{};
    if (text.size() <= upper.size()) {
      text.copy(upper.data(), text.size());
      upper[0] = char(upper[0] - 'a' + 'A');
      const Parsed<Move> piece = parse_san(pos, std::string_view(upper.data(), text.size()));
      if (piece) return LenientMove{*piece, MoveSpelling::LowercasePiece};
      if (!piece.error().what.starts_with("malformed")) return piece.error();
    }
  }
  return san.error();
}

}  // namespace pawnkit
