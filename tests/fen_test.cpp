#include <gtest/gtest.h>

#include <pawnkit/chess/fen.hpp>
#include <random>
#include <string>
#include <vector>

namespace pawnkit {
namespace {

constexpr std::string_view start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Expects parse_fen(fen) to fail with exactly this message and column.
void expect_error(std::string_view fen, std::string_view what, std::size_t column) {
  const Parsed<Position> p = parse_fen(fen);
  ASSERT_FALSE(p.ok()) << fen;
  EXPECT_EQ(p.error().what, what) << fen;
  EXPECT_EQ(p.error().column, column) << fen;
}

TEST(Fen, StartPosition) {
  const Parsed<Position> p = parse_fen(start_fen);
  ASSERT_TRUE(p.ok());
  const Position& pos = *p;
  EXPECT_EQ(pos.pawns(White), rank_bb(Rank::Second));
  EXPECT_EQ(pos.pawns(Black), rank_bb(Rank::Seventh));
  EXPECT_EQ(pos.occupied(), rank_bb(Rank::First) | rank_bb(Rank::Second) | rank_bb(Rank::Seventh) |
                                rank_bb(Rank::Eighth));
  EXPECT_EQ(pos.pieces(White), rank_bb(Rank::First) | rank_bb(Rank::Second));
  EXPECT_EQ(pos.pieces(Black, PieceType::Knight), square_bb(B8) | square_bb(G8));
  EXPECT_EQ(pos.piece_on(D1), Piece::WhiteQueen);
  EXPECT_EQ(pos.piece_on(E8), Piece::BlackKing);
  EXPECT_EQ(pos.piece_on(E4), NoPiece);
  EXPECT_EQ(pos.side_to_move(), White);
  EXPECT_EQ(pos.en_passant(), NoSquare);
  EXPECT_EQ(pos.castling_rook(White, CastlingSide::King), H1);
  EXPECT_EQ(pos.castling_rook(White, CastlingSide::Queen), A1);
  EXPECT_EQ(pos.castling_rook(Black, CastlingSide::King), H8);
  EXPECT_EQ(pos.castling_rook(Black, CastlingSide::Queen), A8);
  EXPECT_EQ(pos.halfmove_clock(), 0);
  EXPECT_EQ(pos.fullmove_number(), 1);
  EXPECT_EQ(pos.key(), pos.compute_key());
  EXPECT_FALSE(check_playable(pos).has_value());
}

TEST(Fen, RoundTrips) {
  const std::vector<std::string> fens = {
      std::string(start_fen),
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
      "4k3/8/8/8/8/8/8/8 w - - 99 300",
      "4k3/8/8/8/8/8/8/4K3 b - - 12345 65535",  // the longest clocks
      "8/8/8/8/8/8/8/8 b - - 0 1",
      // Chess960: inner rooks need file letters.
      "1r2k1r1/8/8/8/8/8/8/RR2K2R w KBkq - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
  };
  for (const std::string& fen : fens) {
    const Parsed<Position> p = parse_fen(fen);
    ASSERT_TRUE(p.ok()) << fen << ": " << p.error().what << " @" << p.error().column;
    EXPECT_EQ(to_fen(*p), fen);
    EXPECT_EQ(p->key(), p->compute_key());
  }
}

// FenWriter reuses the ranks that did not change since the previous position: on unrelated
// positions one after another (each rank's text changes, or stays with other pieces
// elsewhere) and twice the same, it writes what to_fen writes.
TEST(Fen, WriterReusingRanksEqualsToFen) {
  const std::vector<std::string> fens = {
      std::string(start_fen),
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1",
      "8/8/8/8/8/8/8/8 b - - 0 1",
      "4k3/8/8/8/8/8/8/8 w - - 99 300",
      "4k3/8/8/8/8/8/8/4K3 b - - 12345 65535",  // the longest clocks
      "1r2k1r1/8/8/8/8/8/8/RR2K2R w KBkq - 0 1",
      // The same squares occupied, other pieces on them: the piece types tell.
      "1q2k1b1/8/8/8/8/8/8/NB2K2Q w - - 0 1",
      std::string(start_fen),
  };
  FenWriter writer;
  std::string written;
  for (const std::string& fen : fens) {
    const Parsed<Position> p = parse_fen(fen);
    ASSERT_TRUE(p.ok()) << fen;
    written.clear();
    writer.append(written, *p);
    EXPECT_EQ(written, fen);
  }
}

TEST(Fen, ShredderAndXFenCastling) {
  const Parsed<Position> p =
      parse_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->castling_rook(White, CastlingSide::King), H1);
  EXPECT_EQ(p->castling_rook(White, CastlingSide::Queen), F1);
  EXPECT_EQ(p->castling_rook(Black, CastlingSide::Queen), F8);
  // Printed as KQkq because both rooks are the outermost on their side.
  EXPECT_EQ(to_fen(*p), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
  // "K" picks the outermost rook on the king side.
  const Parsed<Position> q = parse_fen("4k3/8/8/8/8/8/8/4KRR1 w K - 0 1");
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->castling_rook(White, CastlingSide::King), G1);
  const Parsed<Position> x = parse_fen("4k3/8/8/8/8/8/8/4KRR1 w F - 0 1");
  ASSERT_TRUE(x.ok());
  EXPECT_EQ(x->castling_rook(White, CastlingSide::King), F1);
  EXPECT_EQ(to_fen(*x), "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1");
}

TEST(Fen, FourFieldsDefaultClocks) {
  const Parsed<Position> p = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->halfmove_clock(), 0);
  EXPECT_EQ(p->fullmove_number(), 1);
  EXPECT_EQ(to_fen(*p), start_fen);
  // Trailing whitespace and a line ending are tolerated.
  EXPECT_TRUE(parse_fen(std::string(start_fen) + "\r\n").ok());
}

TEST(Fen, KeepsValidEnPassantSquareWithoutCapturer) {
  const Parsed<Position> p = parse_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->en_passant(), E3);
}

TEST(Fen, AcceptsPositionsThatAreNotPlayable) {
  // No kings: fine for pawn-structure analysis, refused by check_playable.
  const Parsed<Position> none = parse_fen("8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1");
  ASSERT_TRUE(none.ok());
  ASSERT_TRUE(check_playable(*none).has_value());
  EXPECT_EQ(check_playable(*none)->what, "no white king");
  const Parsed<Position> no_black = parse_fen("8/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(check_playable(*no_black)->what, "no black king");
  // Side not to move in check.
  const Parsed<Position> check = parse_fen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
  ASSERT_TRUE(check.ok());
  ASSERT_TRUE(check_playable(*check).has_value());
  EXPECT_EQ(check_playable(*check)->what, "side not to move is in check");
  // Castling rights set through the API must match the board.
  Position edited = *parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_FALSE(check_playable(edited).has_value());
  edited.remove_piece(H1);
  ASSERT_TRUE(check_playable(edited).has_value());
  EXPECT_EQ(check_playable(edited)->what,
            "castling right without its king and rook on the back rank");
  // The side to move may be in check.
  EXPECT_FALSE(check_playable(*parse_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")).has_value());
}

TEST(Fen, BoardErrors) {
  expect_error("", "empty FEN", 0);
  expect_error("   ", "empty FEN", 0);
  expect_error(" 8/8/8/8/8/8/8/8 w - - 0 1", "board: leading space", 0);
  expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "board: fewer than 8 ranks", 34);
  expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w - - 0 1",
               "board: more than 8 ranks", 43);
  // Rank 8 with 9 files: the ninth file is the offending character.
  expect_error("rnbqkbnrp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "board: rank 8 has more than 8 files", 8);
  expect_error("rnbqkbnr/pppppppp/8/8/44P/8/PPPPPPPP/RNBQKBNR w - - 0 1",
               "board: two digits in a row", 23);
  expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN2 w - - 0 1",
               "board: rank 1 has more than 8 files", 42);
  expect_error("rnbqkbnr/pppppppp/8/7P1/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
               "board: rank 5 has more than 8 files", 22);
  // Rank 7 with 7 files: the column is the '/' that ends it.
  expect_error("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "board: rank 7 has fewer than 8 files", 16);
  expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - - 0 1",
               "board: rank 1 has fewer than 8 files", 42);
  expect_error("rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
               "board: rank 6 has fewer than 8 files", 18);
  expect_error("rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR w - - 0 1",
               "board: unknown piece letter", 23);
  expect_error("rnbqkbnr/pppppppp/8/8/9/8/PPPPPPPP/RNBQKBNR w - - 0 1",
               "board: empty-square count must be 1 to 8", 22);
  expect_error("rnbqkbnr/pppppppp/8/8/0/8/PPPPPPPP/RNBQKBNR w - - 0 1",
               "board: empty-square count must be 1 to 8", 22);
  expect_error("rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
               "board: pawn on rank 1 or 8", 7);
  expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w - - 0 1",
               "board: pawn on rank 1 or 8", 42);
  expect_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1",
               "board: more than one white king", 39);
  expect_error("knbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
               "board: more than one black king", 4);
}

TEST(Fen, FieldErrors) {
  const std::string board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";  // 43 chars
  expect_error(board, "missing side to move", 43);
  expect_error(board + " ", "missing side to move", 43);
  expect_error(board + " x KQkq - 0 1", "side to move: expected 'w' or 'b'", 44);
  expect_error(board + " white KQkq - 0 1", "side to move: expected 'w' or 'b'", 44);
  expect_error(board + " w", "missing castling field", 45);
  expect_error(board + " w KQkq", "missing en-passant field", 50);
  expect_error(board + " w KQkq - 0", "missing fullmove number", 54);
  expect_error(board + " w KQkq - x 1", "halfmove clock: not a number", 53);
  expect_error(board + " w KQkq - -1 1", "halfmove clock: not a number", 53);
  expect_error(board + " w KQkq - 99999999999999999999 1",
               "halfmove clock: out of range (0 to 65535)", 53);
  expect_error(board + " w KQkq - 0 0", "fullmove number: out of range (1 to 65535)", 55);
  expect_error(board + " w KQkq - 0 70000", "fullmove number: out of range (1 to 65535)", 55);
  expect_error(board + " w KQkq - 0 1x", "fullmove number: not a number", 55);
  expect_error(board + " w KQkq - 0 1 extra", "trailing characters after FEN", 57);
}

TEST(Fen, CastlingErrors) {
  const std::string board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ";  // field at 46
  expect_error(board + "KQxk - 0 1", "castling: unknown character", 48);
  expect_error(board + "-K - 0 1", "castling: unknown character", 46);
  expect_error(board + "KK - 0 1", "castling: right given twice", 47);
  expect_error(board + "KH - 0 1", "castling: right given twice", 47);
  expect_error(board + "KQkqI - 0 1", "castling: unknown character", 50);
  // King not on its back rank.
  expect_error("4k3/8/8/8/8/8/4K3/R6R w K - 0 1", "castling: no king on the back rank", 24);
  expect_error("r3k2r/8/8/8/8/8/8/R3K3 w KQ - 0 1", "castling: no rook for this right", 25);
  expect_error("r3k2r/8/8/8/8/8/8/R3K2R w KQkqC - 0 1", "castling: no rook for this right", 30);
  expect_error("r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "castling: no rook for this right", 27);
  // A file letter naming the king's own file.
  expect_error("4k3/8/8/8/8/8/8/R3K2R w E - 0 1", "castling: no rook for this right", 24);
}

TEST(Fen, EnPassantErrors) {
  const std::string white_to_move = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq ";
  const std::size_t col = white_to_move.size();
  EXPECT_TRUE(parse_fen(white_to_move + "d6 0 2").ok());
  expect_error(white_to_move + "z9 0 2", "en passant: not a square", col);
  expect_error(white_to_move + "d66 0 2", "en passant: not a square", col);
  expect_error(white_to_move + "d3 0 2", "en passant: square must be on rank 6 with White to move",
               col);
  expect_error(white_to_move + "e6 0 2", "en passant: the pawn's start square is occupied", col);
  expect_error("4k3/8/8/8/8/8/8/4K3 w - d6 0 1", "en passant: no enemy pawn in front of the square",
               24);
  expect_error("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
               "en passant: square must be on rank 3 with Black to move", 53);
  // Target occupied.
  expect_error("rnbqkbnr/ppp1pppp/3N4/3pP3/8/8/PPPP1PPP/R1BQKBNR w KQkq d6 0 2",
               "en passant: square is occupied", 56);
  // The pawn's start square occupied: it cannot have just double-stepped.
  expect_error("rnbqkbnr/pppppppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
               "en passant: the pawn's start square is occupied", 54);
}

TEST(Fen, NeverCrashesOnGarbage) {
  std::mt19937_64 rng(7);
  const std::string alphabet = "rnbqkpRNBQKP12345678/ wb-KQkqA0e3;\x01\xff\n";
  for (int i = 0; i < 20000; ++i) {
    std::string s(rng() % 80, ' ');
    for (char& c : s) c = alphabet[rng() % alphabet.size()];
    (void)parse_fen(s);
    (void)parse_epd(s);
  }
  // Mutations of a valid FEN.
  for (int i = 0; i < 20000; ++i) {
    std::string s(start_fen);
    s[rng() % s.size()] = char(rng());
    const Parsed<Position> p = parse_fen(s);
    if (p.ok()) {
      EXPECT_EQ(p->key(), p->compute_key());
    }
  }
  std::string huge(1 << 20, 'p');
  EXPECT_FALSE(parse_fen(huge).ok());
  std::string binary(4096, '\0');
  EXPECT_FALSE(parse_fen(binary).ok());
  std::string long_valid = std::string(start_fen) + std::string(1 << 20, ' ') + "x";
  EXPECT_EQ(parse_fen(long_valid).error().what, "trailing characters after FEN");
}

TEST(Epd, PositionAndOperations) {
  const Parsed<EpdRecord> r =
      parse_epd("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(to_fen(r->position), start_fen);
  EXPECT_EQ(r->operations, ";D1 20 ;D2 400 ;D3 8902");
  EXPECT_EQ(epd_operation(r->operations, "D2"), "400");
  EXPECT_EQ(epd_operation(r->operations, "D3"), "8902");
  EXPECT_FALSE(epd_operation(r->operations, "D4").has_value());

  const Parsed<EpdRecord> b =
      parse_epd("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01; quoted\";");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->position.side_to_move(), Black);
  EXPECT_EQ(b->position.halfmove_clock(), 0);
  EXPECT_EQ(b->operations, "bm Qd1+; id \"BK.01; quoted\";");
  EXPECT_EQ(epd_operation(b->operations, "bm"), "Qd1+");
  EXPECT_EQ(epd_operation(b->operations, "id"), "\"BK.01; quoted\"");

  const Parsed<EpdRecord> plain = parse_epd("8/8/8/8/8/8/8/K6k w - -");
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->operations, "");

  const Parsed<EpdRecord> bad = parse_epd("8/8/8/8/8/8/8/K6k w - e9 bm Kb1;");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().what, "en passant: not a square");
  EXPECT_EQ(bad.error().column, 22u);
}

}  // namespace
}  // namespace pawnkit
