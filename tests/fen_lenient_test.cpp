// The lenient FEN reading (parse_fen_lenient, parse_epd_lenient): each repair with the
// position it gives and the repair's exact text and column, written out by hand; what
// stays an error; and that it reads everything the strict reader accepts alike, repairing
// nothing.
#include <gtest/gtest.h>

#include <pawnkit/chess/fen.hpp>
#include <string>
#include <vector>

namespace pawnkit {
namespace {

struct Repaired {
  std::string fen;                   // to_fen of the result
  std::vector<std::string> repairs;  // "what @column"
};

Repaired read(std::string_view text) {
  FenRepairs repairs;
  const Parsed<Position> p = parse_fen_lenient(text, repairs);
  EXPECT_TRUE(p.ok()) << text << ": " << (p.ok() ? "" : p.error().what);
  Repaired r;
  if (!p.ok()) return r;
  r.fen = to_fen(*p);
  for (const FenRepair& repair : repairs)
    r.repairs.push_back(std::string(repair.what) + " @" + std::to_string(repair.column));
  // Whatever was repaired, the result is a FEN the strict reader reads back alike.
  const Parsed<Position> again = parse_fen(r.fen);
  EXPECT_TRUE(again.ok() && *again == *p) << r.fen;
  return r;
}

using Repairs = std::vector<std::string>;

// Expects `text` to read as `fen` with exactly `repairs`.
void expect_read(std::string_view text, std::string_view fen, const Repairs& repairs) {
  const Repaired r = read(text);
  EXPECT_EQ(r.fen, fen) << text;
  EXPECT_EQ(r.repairs, repairs) << text;
}

TEST(FenLenient, MissingTrailingFieldsGetTheDefaults) {
  // 1 field: side, castling and en passant; the clocks default as in the 4-field form.
  expect_read("8/8/8/8/8/8/8/4K2k", "8/8/8/8/8/8/8/4K2k w - - 0 1",
              Repairs{"side to move, castling, en passant: missing, read as 'w - -' @18"});
  // 2 fields.
  expect_read("4k3/8/8/8/8/8/8/4K2R b", "4k3/8/8/8/8/8/8/4K2R b - - 0 1",
              Repairs{"castling, en passant: missing, read as '- -' @22"});
  // 3 fields: the castling right is kept.
  expect_read("4k3/8/8/8/8/8/8/4K2R w K", "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
              Repairs{"en passant: missing, read as '-' @24"});
  // 5 fields: a halfmove clock without the fullmove number.
  expect_read("4k3/8/8/8/8/8/8/4K3 w - - 7", "4k3/8/8/8/8/8/8/4K3 w - - 7 1",
              Repairs{"fullmove number: missing, read as 1 @27"});
  // 4 fields is a form of its own (EPD), not a repair.
  EXPECT_EQ(read("4k3/8/8/8/8/8/8/4K3 b - -").repairs, Repairs{});
}

TEST(FenLenient, FullmoveZeroIsOne) {
  expect_read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
              Repairs{"fullmove number: 0 read as 1 @55"});
  // Leading zeros of a number that is not 0 are a spelling, not a repair.
  expect_read("4k3/8/8/8/8/8/8/4K3 w - - 00 007", "4k3/8/8/8/8/8/8/4K3 w - - 0 7", Repairs{});
}

TEST(FenLenient, TabsAndRunsOfBlanksBetweenFields) {
  expect_read("4k3/8/8/8/8/8/8/4K2R\tw\tK\t-\t3 \t 40", "4k3/8/8/8/8/8/8/4K2R w K - 3 40",
              Repairs{"separator: tab between fields read as a blank @20"});
  // Runs of spaces were always accepted: no repair.
  expect_read("4k3/8/8/8/8/8/8/4K2R   w  K    -  3   40  ", "4k3/8/8/8/8/8/8/4K2R w K - 3 40",
              Repairs{});
}

TEST(FenLenient, CastlingRightsWithoutTheirRookOrKingAreDropped) {
  // h1 rook gone: K dropped, Q kept.
  expect_read("r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1",
              Repairs{"castling: right dropped, its rook is missing @25"});
  // Black king off the back rank: k and q dropped, one repair naming the first.
  expect_read("r6r/4k3/8/8/8/8/8/R3K2R w KQkq - 0 1", "r6r/4k3/8/8/8/8/8/R3K2R w KQ - 0 1",
              Repairs{"castling: right dropped, its king is not on the back rank @28"});
  // No kings at all: every right goes.
  expect_read("r6r/8/8/8/8/8/8/R6R w KQkq - 0 1", "r6r/8/8/8/8/8/8/R6R w - - 0 1",
              Repairs{"castling: right dropped, its king is not on the back rank @22"});
  // A right given twice is read once.
  expect_read("4k3/8/8/8/8/8/8/4K2R w KK - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
              Repairs{"castling: right given twice, read once @24"});
}

TEST(FenLenient, ShredderAndXFenLettersWithoutTheirRookAreDropped) {
  // Shredder-FEN "HFhf" with the f1 rook gone: F dropped.
  expect_read("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BN1KR w HFhf - 2 9",
              "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BN1KR w Kkq - 2 9",
              Repairs{"castling: right dropped, its rook is missing @56"});
  // A letter naming the king's own file has no rook.
  expect_read("4k3/8/8/8/8/8/8/R3K2R w EA - 0 1", "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1",
              Repairs{"castling: right dropped, its rook is missing @24"});
}

TEST(FenLenient, EnPassantSquaresTheBoardContradictsAreDropped) {
  // Wrong rank for the side to move (e3 with White to move).
  expect_read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
              Repairs{"en passant: square dropped, not on rank 6 with White to move @53"});
  EXPECT_EQ(read("4k3/8/8/8/8/8/8/4K3 b - e6 0 1").repairs,
            Repairs{"en passant: square dropped, not on rank 3 with Black to move @24"});
  // No black pawn in front of d6.
  expect_read("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1",
              Repairs{"en passant: square dropped, no enemy pawn in front of it @26"});
  // The target square occupied; the start square occupied.
  EXPECT_EQ(read("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1").repairs,
            Repairs{"en passant: square dropped, it is occupied @29"});
  EXPECT_EQ(read("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1").repairs,
            Repairs{"en passant: square dropped, the pawn's start square is occupied @29"});
  // Consistent with the board but no pawn to capture: kept, as the FEN standard writes it.
  expect_read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", Repairs{});
}

TEST(FenLenient, SeveralRepairsInFieldOrder) {
  expect_read("r3k3/8/8/8/8/8/8/4K2R\tw KQkq e6 0 0", "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
              Repairs{"castling: right dropped, its rook is missing @25",
                      "en passant: square dropped, no enemy pawn in front of it @29",
                      "fullmove number: 0 read as 1 @34",
                      "separator: tab between fields read as a blank @21"});
}

// Expects the lenient reading to fail with this message and column.
void expect_error(std::string_view fen, std::string_view what, std::size_t column) {
  FenRepairs repairs;
  const Parsed<Position> p = parse_fen_lenient(fen, repairs);
  ASSERT_FALSE(p.ok()) << fen;
  EXPECT_EQ(p.error().what, what) << fen;
  EXPECT_EQ(p.error().column, column) << fen;
}

TEST(FenLenient, ImpossiblePositionsStayErrors) {
  expect_error("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "board: more than one white king", 18);
  expect_error("4k3/8/8/8/8/8/8/4K2P w - - 0 1", "board: pawn on rank 1 or 8", 19);
  expect_error("4kp2/8/8/8/8/8/8/4K3 w - - 0 1", "board: pawn on rank 1 or 8", 2);
  // No king, or the side not to move in check: read (a diagram), but not playable.
  FenRepairs repairs;
  const Parsed<Position> kingless = parse_fen_lenient("8/pp6/8/8/8/8/PP6/8", repairs);
  ASSERT_TRUE(kingless.ok());
  ASSERT_TRUE(check_playable(*kingless).has_value());
  EXPECT_EQ(check_playable(*kingless)->what, "no white king");
  const Parsed<Position> in_check = parse_fen_lenient("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", repairs);
  ASSERT_TRUE(in_check.ok());
  ASSERT_TRUE(check_playable(*in_check).has_value());
  EXPECT_EQ(check_playable(*in_check)->what, "side not to move is in check");
}

TEST(FenLenient, WhatIsNotSloppyButWrongStaysAnError) {
  expect_error("", "empty FEN", 0);
  expect_error("8/8/8/8/8/8/8", "board: fewer than 8 ranks", 13);
  expect_error("4k3/8/8/8/8/8/8/4K3 x", "side to move: expected 'w' or 'b'", 20);
  expect_error("4k3/8/8/8/8/8/8/4K3 w KX -", "castling: unknown character", 23);
  expect_error("4k3/8/8/8/8/8/8/4K3 w - e9", "en passant: not a square", 24);
  expect_error("4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove clock: not a number", 26);
  expect_error("4k3/8/8/8/8/8/8/4K3 w - - 0 x", "fullmove number: not a number", 28);
  expect_error("4k3/8/8/8/8/8/8/4K3 w - - 0 70000", "fullmove number: out of range (1 to 65535)",
               28);
  expect_error("4k3/8/8/8/8/8/8/4K3 w - - 0 1 x", "trailing characters after FEN", 30);
  expect_error("\t4k3/8/8/8/8/8/8/4K3 w - -", "board: leading space", 0);
}

TEST(FenLenient, StrictReadsNoneOfTheRepairs) {
  for (const char* sloppy :
       {"8/8/8/8/8/8/8/4K2k", "4k3/8/8/8/8/8/8/4K2R b", "4k3/8/8/8/8/8/8/4K2R w K",
        "4k3/8/8/8/8/8/8/4K3 w - - 7", "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
        "4k3/8/8/8/8/8/8/4K3\tw - - 0 1", "r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w KK - 0 1", "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1"}) {
    EXPECT_FALSE(parse_fen(sloppy).ok()) << sloppy;
    EXPECT_FALSE(parse_epd(sloppy).ok()) << sloppy;
    FenRepairs repairs;
    EXPECT_TRUE(parse_fen_lenient(sloppy, repairs).ok()) << sloppy;
    EXPECT_EQ(repairs.size(), 1u) << sloppy;
  }
}

TEST(FenLenient, ReadsWhatStrictAcceptsAlikeWithNoRepair) {
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                          "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                          "8/8/8/8/8/8/8/8 b - -", "4k3/8/8/8/8/8/8/4K3 w - - 99 300  "}) {
    FenRepairs repairs;
    const Parsed<Position> lenient = parse_fen_lenient(fen, repairs);
    ASSERT_TRUE(lenient.ok()) << fen;
    EXPECT_TRUE(*lenient == *parse_fen(fen)) << fen;
    EXPECT_EQ(to_fen(*lenient), to_fen(*parse_fen(fen)));
    EXPECT_TRUE(repairs.empty()) << fen;
  }
}

TEST(EpdLenient, OperationsAfterASloppyPosition) {
  FenRepairs repairs;
  // The clocks left out (EPD), the operations kept.
  const Parsed<EpdRecord> plain = parse_epd_lenient(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"x\";", repairs);
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->operations, "bm e4; id \"x\";");
  EXPECT_TRUE(repairs.empty());
  // A halfmove clock with an operation where the fullmove number belongs.
  const Parsed<EpdRecord> half = parse_epd_lenient("4k3/8/8/8/8/8/8/4K3 w - - 12 bm Kd2;", repairs);
  ASSERT_TRUE(half.ok());
  EXPECT_EQ(to_fen(half->position), "4k3/8/8/8/8/8/8/4K3 w - - 12 1");
  EXPECT_EQ(half->operations, "bm Kd2;");
  ASSERT_EQ(repairs.size(), 1u);
  EXPECT_EQ(repairs[0].what, "fullmove number: missing, read as 1");
  EXPECT_EQ(repairs[0].column, 29u);
  EXPECT_FALSE(parse_epd("4k3/8/8/8/8/8/8/4K3 w - - 12 bm Kd2;").ok());
  // Repairs and operations together; a tab before the operations is between fields too.
  const Parsed<EpdRecord> both =
      parse_epd_lenient("r3k3/8/8/8/8/8/8/4K3 b Qq - 0 0\tid \"q\";", repairs);
  ASSERT_TRUE(both.ok());
  EXPECT_EQ(to_fen(both->position), "r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
  EXPECT_EQ(both->operations, "id \"q\";");
  ASSERT_EQ(repairs.size(), 3u);
  EXPECT_EQ(repairs[0].what, "castling: right dropped, its rook is missing");
  EXPECT_EQ(repairs[1].what, "fullmove number: 0 read as 1");
  EXPECT_EQ(repairs[2].what, "separator: tab between fields read as a blank");
  // A strict error stays one.
  EXPECT_FALSE(parse_epd_lenient("4k3/8/8/8/8/8/8/4K3 w - e9 bm Kb1;", repairs).ok());
}

TEST(EpdLenient, LabelOrOperationsRightAfterACutShortPosition) {
  FenRepairs repairs;
  // A tuning set's "[1.0]" label right after the board: the missing fields are repaired
  // and the label is the operations text, as it is after a whole position.
  const Parsed<EpdRecord> board_only = parse_epd_lenient("4k3/8/8/8/3P4/8/8/4K3 [1.0]", repairs);
  ASSERT_TRUE(board_only.ok());
  EXPECT_EQ(to_fen(board_only->position), "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1");
  EXPECT_EQ(board_only->operations, "[1.0]");
  ASSERT_EQ(repairs.size(), 1u);
  EXPECT_EQ(repairs[0].what, "side to move, castling, en passant: missing, read as 'w - -'");
  EXPECT_EQ(repairs[0].column, 22u);  // the label
  // After the side to move, the perft-suite form of operations.
  const Parsed<EpdRecord> side_only =
      parse_epd_lenient("4k3/8/8/8/3P4/8/8/4K3 b ;D1 5 ;D2 25", repairs);
  ASSERT_TRUE(side_only.ok());
  EXPECT_EQ(to_fen(side_only->position), "4k3/8/8/8/3P4/8/8/4K3 b - - 0 1");
  EXPECT_EQ(side_only->operations, ";D1 5 ;D2 25");
  EXPECT_EQ(repairs[0].what, "castling, en passant: missing, read as '- -'");
  // Strictly, the fields are still missing; and any other letter stays an error.
  EXPECT_FALSE(parse_epd("4k3/8/8/8/3P4/8/8/4K3 [1.0]").ok());
  EXPECT_FALSE(parse_epd_lenient("4k3/8/8/8/3P4/8/8/4K3 x [1.0]", repairs).ok());
}

}  // namespace
}  // namespace pawnkit
