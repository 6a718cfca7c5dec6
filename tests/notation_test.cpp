#include <gtest/gtest.h>

#include <algorithm>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/notation.hpp>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "support/perft_files.hpp"

namespace pawnkit {
namespace {

Position position(std::string_view fen) {
  const Parsed<Position> p = parse_fen(fen);
  EXPECT_TRUE(p.ok()) << fen;
  return p.ok() ? *p : Position{};
}

constexpr std::string_view start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// SAN of a move given in UCI.
std::string san(std::string_view fen, std::string_view uci) {
  const Position pos = position(fen);
  const Parsed<Move> m = parse_uci(pos, uci);
  EXPECT_TRUE(m.ok()) << fen << " " << uci;
  return m.ok() ? to_san(pos, *m) : "";
}

std::string san_to_uci(std::string_view fen, std::string_view text, bool chess960 = false) {
  const Position pos = position(fen);
  const Parsed<Move> m = parse_san(pos, text);
  if (!m.ok()) return "error: " + std::string(m.error().what);
  return to_uci(*m, chess960);
}

TEST(Notation, SquareNames) {
  for (int s = 0; s < 64; ++s) EXPECT_EQ(parse_square(square_name(Square(s))), Square(s));
  EXPECT_EQ(square_name(E4), "e4");
  EXPECT_FALSE(parse_square("e9"));
  EXPECT_FALSE(parse_square("E4"));
  EXPECT_FALSE(parse_square("e"));
}

TEST(Uci, PrintAndParse) {
  const Position start = position(start_fen);
  EXPECT_EQ(to_uci(*parse_uci(start, "e2e4")), "e2e4");
  EXPECT_EQ(parse_uci(start, "e2e5").error().what, "illegal move");
  EXPECT_EQ(parse_uci(start, "e2").error().what, "malformed UCI move");
  EXPECT_EQ(parse_uci(start, "e2x4").error().column, 2u);
  EXPECT_EQ(to_uci(Move::promotion(E7, E8, PieceType::Queen)), "e7e8q");
  EXPECT_EQ(to_uci(Move::promotion(B2, A1, PieceType::Knight)), "b2a1n");
  EXPECT_EQ(to_uci(Move::null()), "0000");
  // Castling: standard e1g1, Chess960 king takes rook.
  const Position castle = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Move short_castle = *parse_uci(castle, "e1g1");
  EXPECT_EQ(short_castle, Move::castling(E1, H1));
  EXPECT_EQ(to_uci(short_castle), "e1g1");
  EXPECT_EQ(to_uci(short_castle, true), "e1h1");
  EXPECT_EQ(*parse_uci(castle, "e1h1", true), short_castle);
  EXPECT_EQ(*parse_uci(castle, "e1c1"), Move::castling(E1, A1));
  EXPECT_FALSE(parse_uci(castle, "e1g1", true).ok());
  const Position promo = position("8/P6k/8/8/8/8/8/K7 w - - 0 1");
  EXPECT_EQ(*parse_uci(promo, "a7a8r"), Move::promotion(A7, A8, PieceType::Rook));
  EXPECT_FALSE(parse_uci(promo, "a7a8").ok());
  EXPECT_EQ(parse_uci(promo, "a7a8k").error().what, "malformed UCI move: bad promotion piece");
}

// Castling that standard chess cannot have is always written king takes rook: as the
// king's destination it could be an ordinary king move (f1g1) or no move at all (c1c1).
TEST(Uci, ChessNineSixtyCastlingIsKingTakesRook) {
  // King f1, rook h1 (Shredder "H"): the king step f1g1 and the castling both exist.
  const Position f1 = position("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
  std::vector<std::string> printed;
  for (Move m : legal_moves(f1)) printed.push_back(to_uci(m));
  std::sort(printed.begin(), printed.end());
  EXPECT_EQ(std::adjacent_find(printed.begin(), printed.end()), printed.end()) << "duplicate";
  EXPECT_EQ(to_uci(Move::castling(F1, H1)), "f1h1");
  EXPECT_EQ(*parse_uci(f1, "f1g1"), Move::normal(F1, G1));
  EXPECT_EQ(*parse_uci(f1, "f1h1"), Move::castling(F1, H1));
  // King already on its castling square c1 (X-FEN "Q" names the b1 rook).
  const Position c1 = position("4k3/8/8/8/8/8/8/1RK5 w Q - 0 1");
  ASSERT_TRUE(legal_moves(c1).contains(Move::castling(C1, B1)));
  EXPECT_EQ(to_uci(Move::castling(C1, B1)), "c1b1");
  EXPECT_FALSE(parse_uci(c1, "c1c1").ok());
  EXPECT_EQ(*parse_uci(c1, "c1b1"), Move::castling(C1, B1));
  // Rook off the corner, king on e1: also only Chess960's.
  const Position b1 = position("4k3/8/8/8/8/8/8/1R2K3 w B - 0 1");
  EXPECT_EQ(to_uci(Move::castling(E1, B1)), "e1b1");
  EXPECT_EQ(*parse_uci(b1, "e1b1"), Move::castling(E1, B1));
  EXPECT_FALSE(parse_uci(b1, "e1c1").ok());
  // Black's standard castling is still the king's step.
  EXPECT_EQ(to_uci(Move::castling(E8, A8)), "e8c8");
  EXPECT_EQ(to_uci(Move::castling(E8, A8), true), "e8a8");
}

// Without --chess960, every legal move of every position two plies below the perft suite
// and the Chess960 start positions prints differently and parses back to itself.
TEST(Uci, EveryMovePrintsUniquelyAndParsesBack) {
  std::vector<std::string> fens;
  for (const char* path :
       {PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd", PAWNKIT_SHARED_DATA "/fischer.epd"}) {
    if (const auto entries = test::read_epd_perft(path))
      for (const auto& e : *entries) fens.push_back(e.fen);
  }
  ASSERT_GT(fens.size(), 100u);
  std::size_t checked = 0;
  for (const std::string& fen : fens) {
    const Parsed<Position> root = parse_fen(fen);
    ASSERT_TRUE(root.ok()) << fen;
    for (Move first : legal_moves(*root)) {
      const Position pos = after_move(*root, first);
      std::vector<std::string> all;
      for (Move m : legal_moves(pos)) {
        all.push_back(to_uci(m));
        const Parsed<Move> back = parse_uci(pos, all.back());
        ASSERT_TRUE(back.ok()) << fen << " " << all.back();
        EXPECT_EQ(*back, m) << fen << " " << all.back();
        ++checked;
      }
      std::sort(all.begin(), all.end());
      EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end()) << fen;
    }
  }
  EXPECT_GT(checked, 10000u);
}

TEST(San, Printing) {
  EXPECT_EQ(san(start_fen, "g1f3"), "Nf3");
  EXPECT_EQ(san(start_fen, "e2e4"), "e4");
  // Disambiguation by file, by rank, and by both.
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", "b1c3"), "Nbc3");
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", "d1c3"), "Ndc3");
  EXPECT_EQ(san("4k3/8/8/8/8/R7/8/R3K3 w - - 0 1", "a1a2"), "R1a2");
  EXPECT_EQ(san("4k3/8/8/8/8/R7/8/R3K3 w - - 0 1", "a3a2"), "R3a2");
  EXPECT_EQ(san("2k5/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1", "a4d4"), "Qa4d4");
  EXPECT_EQ(san("2k5/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1", "a4b4"), "Qab4");
  // A pinned knight does not count for disambiguation.
  EXPECT_EQ(san("4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3"), "Nc3");
  // Captures, en passant, promotions, check and mate.
  EXPECT_EQ(san("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6"), "exf6");
  EXPECT_EQ(san("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q"), "exd8=Q+");
  EXPECT_EQ(san("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n"), "e8=N");
  EXPECT_EQ(san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"), "Qh4#");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"), "O-O-O");
  EXPECT_EQ(san("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"), "O-O-O+");
}

TEST(San, Parsing) {
  EXPECT_EQ(san_to_uci(start_fen, "Nf3"), "g1f3");
  EXPECT_EQ(san_to_uci(start_fen, "e4"), "e2e4");
  EXPECT_EQ(san_to_uci(start_fen, "e4!?"), "e2e4");
  EXPECT_EQ(san_to_uci(start_fen, "Ng1f3"), "g1f3");  // redundant disambiguation
  EXPECT_EQ(san_to_uci(start_fen, "Ng1-f3"), "g1f3");
  EXPECT_EQ(san_to_uci(start_fen, "Ngf3"), "g1f3");
  EXPECT_EQ(san_to_uci(start_fen, "e5"), "error: illegal move");
  EXPECT_EQ(san_to_uci(start_fen, "Nd2"), "error: illegal move");
  EXPECT_EQ(san_to_uci(start_fen, "Ke2"), "error: illegal move");
  EXPECT_EQ(san_to_uci(start_fen, "O-O"), "error: illegal move");
  EXPECT_EQ(san_to_uci("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", "Nc3"), "error: ambiguous move");
  EXPECT_EQ(san_to_uci("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", "Nbc3"), "b1c3");
  EXPECT_EQ(san_to_uci("4k3/8/8/8/8/R7/8/R3K3 w - - 0 1", "R1a2"), "a1a2");
  EXPECT_EQ(san_to_uci("2k5/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1", "Qa4d4"), "a4d4");
  EXPECT_EQ(san_to_uci("2k5/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1", "Qad4"), "error: ambiguous move");
  EXPECT_EQ(san_to_uci("r1bqkbnr/ppp2ppp/2np4/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 4", "Nbd2"),
            "b1d2");
  EXPECT_EQ(san_to_uci("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6"),
            "e5f6");
  EXPECT_EQ(san_to_uci("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exd6"),
            "error: illegal move");
  // Promotions, strict and lenient.
  const std::string promo = "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1";
  EXPECT_EQ(san_to_uci(promo, "exd8=Q+"), "e7d8q");
  EXPECT_EQ(san_to_uci(promo, "exd8Q"), "e7d8q");
  EXPECT_EQ(san_to_uci(promo, "e8=N"), "e7e8n");
  EXPECT_EQ(san_to_uci(promo, "e8q"), "e7e8q");
  EXPECT_EQ(san_to_uci(promo, "e8=r"), "e7e8r");
  EXPECT_EQ(san_to_uci(promo, "e8"), "error: illegal move");
  // Castling, including "0-0" and Chess960 output.
  const std::string castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  EXPECT_EQ(san_to_uci(castle, "O-O"), "e1g1");
  EXPECT_EQ(san_to_uci(castle, "0-0-0"), "e1c1");
  EXPECT_EQ(san_to_uci(castle, "O-O+"), "e1g1");
  EXPECT_EQ(san_to_uci(castle, "O-O", true), "e1h1");
  EXPECT_EQ(san_to_uci("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "Qh4#"),
            "d8h4");
  // Malformed input.
  const Position start = position(start_fen);
  EXPECT_EQ(parse_san(start, "").error().what, "malformed move: empty");
  EXPECT_EQ(parse_san(start, "N").error().what, "malformed move: missing destination square");
  EXPECT_EQ(parse_san(start, "Nz3").error().what, "malformed move: bad destination square");
  EXPECT_EQ(parse_san(start, "Nz3").error().column, 1u);
  EXPECT_EQ(parse_san(start, "N!f3").error().what, "malformed move: unexpected character");
  EXPECT_EQ(parse_san(start, "N!f3").error().column, 1u);
  EXPECT_FALSE(parse_san(start, std::string(100000, 'x')).ok());
  EXPECT_FALSE(parse_san(start, std::string("\0\xff\x01", 3)).ok());
}

// "uci (spelling)" of parse_move_leniently, or "error: what".
std::string lenient(std::string_view fen, std::string_view text, bool chess960 = false) {
  const Position pos = position(fen);
  const Parsed<LenientMove> m = parse_move_leniently(pos, text, chess960);
  if (!m.ok()) return "error: " + std::string(m.error().what);
  constexpr const char* spellings[] = {"san", "from-to", "lowercase", "null"};
  return to_uci(m->move, chess960) + " (" + spellings[int(m->spelling)] + ")";
}

TEST(LenientMove, SanFirstThenFromToThenNullThenLowerCasePieces) {
  EXPECT_EQ(lenient(start_fen, "Nf3"), "g1f3 (san)");
  EXPECT_EQ(lenient(start_fen, "e2e4"), "e2e4 (san)");  // parse_san reads pawn from-to
  EXPECT_EQ(lenient(start_fen, "Ng1-f3"), "g1f3 (san)");
  // UCI and long algebraic of any piece.
  EXPECT_EQ(lenient(start_fen, "g1f3"), "g1f3 (from-to)");
  EXPECT_EQ(lenient(start_fen, "g1-f3"), "g1f3 (from-to)");
  EXPECT_EQ(lenient(start_fen, "b1c3+"), "b1c3 (from-to)");
  EXPECT_EQ(lenient(start_fen, "g1e2"), "error: illegal move");
  const std::string castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  EXPECT_EQ(lenient(castle, "e1g1"), "e1g1 (from-to)");
  EXPECT_EQ(lenient(castle, "e1c1"), "e1c1 (from-to)");
  EXPECT_EQ(lenient(castle, "e1h1", true), "e1h1 (from-to)");
  EXPECT_EQ(lenient(castle, "a1xa8"), "a1a8 (from-to)");
  const std::string promo = "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1";
  EXPECT_EQ(lenient(promo, "e7e8q"), "e7e8q (san)");
  EXPECT_EQ(lenient(promo, "e7xd8=N"), "e7d8n (san)");
  EXPECT_EQ(lenient(promo, "e7e8k"), "error: malformed move: bad destination square");
  // Null moves, not while in check.
  EXPECT_EQ(lenient(start_fen, "--"), "0000 (null)");
  EXPECT_EQ(lenient(start_fen, "Z0"), "0000 (null)");
  EXPECT_EQ(lenient("4k3/8/8/8/8/8/8/3KR3 b - - 0 1", "Z0"),
            "error: illegal move: a null move in check");
  // Lower-case piece letters.
  EXPECT_EQ(lenient(start_fen, "nf3"), "g1f3 (lowercase)");
  EXPECT_EQ(lenient(start_fen, "ng1f3"), "g1f3 (lowercase)");
  EXPECT_EQ(lenient(start_fen, "nd2"), "error: illegal move");  // the knight's reading
  EXPECT_EQ(lenient("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", "nc3"), "error: ambiguous move");
  const std::string open = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  EXPECT_EQ(lenient(open, "bb5"), "f1b5 (lowercase)");
  EXPECT_EQ(lenient(open, "qh5"), "d1h5 (lowercase)");
  EXPECT_EQ(lenient(open, "ke2"), "e1e2 (lowercase)");
  // "bxc3": the b-pawn's capture when legal (the PGN standard), else the bishop's.
  const std::string both = "rnbqk1nr/pppp1ppp/8/4p3/3P4/2b1P3/PP1B1PPP/RN1QKBNR w KQkq - 0 4";
  EXPECT_EQ(lenient(both, "bxc3"), "b2c3 (san)");
  EXPECT_EQ(lenient(both, "Bxc3"), "d2c3 (san)");
  const std::string bishop_only = "rnbqk1nr/pppp1ppp/8/4p3/3P4/2b1P3/P2B1PPP/RN1QKBNR w KQkq - 0 4";
  EXPECT_EQ(lenient(bishop_only, "bxc3"), "d2c3 (lowercase)");
  // Nothing else changes: parse_san's error when no reading fits.
  const Position start = position(start_fen);
  EXPECT_EQ(parse_move_leniently(start, "xyz").error().what, parse_san(start, "xyz").error().what);
  EXPECT_FALSE(parse_move_leniently(start, std::string(100000, 'n')).ok());
  EXPECT_FALSE(parse_move_leniently(start, "-").ok());
  EXPECT_FALSE(parse_move_leniently(start, "").ok());
}

// Random text never crashes the parsers, and whatever parses is a legal move.
TEST(San, RandomTextNeverCrashes) {
  const Position pos =
      position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const MoveList legal = legal_moves(pos);
  const std::string alphabet = "KQRBNPabcdefgh12345678xX=+#!?-O0 \xff";
  std::mt19937_64 rng(3);
  int parsed = 0;
  for (int i = 0; i < 200000; ++i) {
    std::string text(1 + rng() % 7, ' ');
    for (char& c : text) c = alphabet[rng() % alphabet.size()];
    const Parsed<Move> san_move = parse_san(pos, text);
    if (san_move.ok()) {
      EXPECT_TRUE(legal.contains(*san_move)) << text;
      ++parsed;
    } else {
      EXPECT_LE(san_move.error().column, text.size()) << text;
    }
    const Parsed<Move> uci_move = parse_uci(pos, text);
    if (uci_move.ok()) {
      EXPECT_TRUE(legal.contains(*uci_move)) << text;
    }
  }
  EXPECT_GT(parsed, 0);
}

// Every legal move of every perft-suite position (and two plies below) survives
// to_san -> parse_san and to_uci -> parse_uci unchanged, and SAN strings are unique.
TEST(San, RoundTripOverPerftSuite) {
  const auto entries = test::read_epd_perft(PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd");
  ASSERT_TRUE(entries.has_value());
  std::size_t moves = 0;
  auto check = [&](const Position& pos) {
    const MoveList list = legal_moves(pos);
    std::vector<std::string> seen;
    for (Move m : list) {
      const std::string text = to_san(pos, m);
      const Parsed<Move> back = parse_san(pos, text);
      ASSERT_TRUE(back.ok()) << to_fen(pos) << " " << text << ": " << back.error().what;
      EXPECT_EQ(*back, m) << to_fen(pos) << " " << text;
      for (bool chess960 : {false, true}) {
        const Parsed<Move> uci = parse_uci(pos, to_uci(m, chess960), chess960);
        ASSERT_TRUE(uci.ok()) << to_fen(pos) << " " << to_uci(m, chess960);
        EXPECT_EQ(*uci, m);
      }
      seen.push_back(text);
      ++moves;
    }
    std::sort(seen.begin(), seen.end());
    EXPECT_EQ(std::adjacent_find(seen.begin(), seen.end()), seen.end()) << to_fen(pos);
  };
  for (const test::PerftEntry& e : *entries) {
    const Position pos = position(e.fen);
    check(pos);
    for (Move m : legal_moves(pos)) {
      const Position child = after_move(pos, m);
      check(child);
      for (Move reply : legal_moves(child)) check(after_move(child, reply));
    }
  }
  EXPECT_GT(moves, 500000u);
}

// parse_san resolves a move from the few pieces that can reach the target square. Here
// it is held to the plain definition: filter every legal move by piece, target,
// disambiguation and promotion; none is "illegal", two or more "ambiguous".
TEST(San, ResolverAgreesWithFilteringTheLegalMoves) {
  const auto entries = test::read_epd_perft(PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd");
  ASSERT_TRUE(entries.has_value());
  std::size_t checked = 0;
  for (const auto& entry : *entries) {
    const Parsed<Position> parsed = parse_fen(entry.fen);
    ASSERT_TRUE(parsed.ok()) << entry.fen;
    const Position& pos = *parsed;
    const MoveList legal = legal_moves(pos);
    for (int p = 0; p < 6; ++p) {
      const PieceType pt = PieceType(p);
      for (int t = 0; t < 64; ++t) {
        const Square to = Square(t);
        const bool last_rank = rank_of(to) == 0 || rank_of(to) == 7;
        for (int hint = -1; hint < 16; ++hint) {  // none, a file, a rank
          for (const char* promotion : {"", "=Q", "=N"}) {
            if (*promotion && (pt != PieceType::Pawn || !last_rank)) continue;
            std::string san;
            if (pt != PieceType::Pawn) san += "PNBRQK"[p];
            if (hint >= 0) san += hint < 8 ? char('a' + hint) : char('1' + hint - 8);
            san += square_name(to);
            san += promotion;
            const int from_file = hint >= 0 && hint < 8   ? hint
                                  : pt == PieceType::Pawn ? file_of(to)
                                                          : -1;
            const int from_rank = hint >= 8 ? hint - 8 : -1;
            int matches = 0;
            Move expected{};
            for (Move m : legal) {
              if (m.kind() == MoveKind::Castling || m.to() != to) continue;
              if (type_of(pos.piece_on(m.from())) != pt) continue;
              if (from_file >= 0 && file_of(m.from()) != from_file) continue;
              if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
              if ((m.kind() == MoveKind::Promotion) != (*promotion != 0)) continue;
              if (*promotion && m.promotion_type() !=
                                    (promotion[1] == 'Q' ? PieceType::Queen : PieceType::Knight))
                continue;
              expected = m;
              ++matches;
            }
            const Parsed<Move> got = parse_san(pos, san);
            ++checked;
            if (matches == 1) {
              ASSERT_TRUE(got.ok()) << entry.fen << " " << san << ": " << got.error().what;
              ASSERT_EQ(*got, expected) << entry.fen << " " << san;
            } else {
              ASSERT_FALSE(got.ok()) << entry.fen << " " << san;
              ASSERT_EQ(got.error().what, matches ? "ambiguous move" : "illegal move")
                  << entry.fen << " " << san;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 800000u);
}

}  // namespace
}  // namespace pawnkit
