// Position::pawn_key(): kept incrementally by every move, it must equal the key computed
// from scratch at every node of perft trees (the bundled perft suite, Chess960 start
// positions, and fischer.epd when ../shared/data is present), change exactly when the
// pawns do, and depend on the pawns alone.
#include <gtest/gtest.h>

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/chess/position.hpp>
#include <string>

#include "support/perft_files.hpp"

namespace pawnkit {
namespace {

Position position(const std::string& fen) {
  const Parsed<Position> p = parse_fen(fen);
  EXPECT_TRUE(p.ok()) << fen;
  return p.ok() ? *p : Position{};
}

// The pawn key from the public Zobrist table alone, without Position's own code.
std::uint64_t pawn_key_from_table(const Position& pos) {
  std::uint64_t k = 0;
  for (int s = 0; s < 64; ++s) {
    const Piece p = pos.piece_on(Square(s));
    if (p != NoPiece && type_of(p) == PieceType::Pawn)
      k ^= zobrist.piece_square[std::size_t(p)][std::size_t(s)];
  }
  return k;
}

// Walks the tree to `depth`; at every node the incremental pawn key equals the one
// computed from scratch, and a move changes it exactly when it moves, takes or promotes
// a pawn. Returns the nodes visited.
std::uint64_t check_tree(const Position& pos, int depth) {
  EXPECT_EQ(pos.pawn_key(), pos.compute_pawn_key()) << to_fen(pos);
  EXPECT_EQ(pos.pawn_key(), pawn_key_from_table(pos)) << to_fen(pos);
  if (depth == 0) return 1;
  std::uint64_t nodes = 1;
  for (Move m : legal_moves(pos)) {
    const Position next = after_move(pos, m);
    const bool pawns_changed =
        next.pawns(White) != pos.pawns(White) || next.pawns(Black) != pos.pawns(Black);
    EXPECT_EQ(next.pawn_key() != pos.pawn_key(), pawns_changed) << to_fen(pos) << " " << to_uci(m);
    if (::testing::Test::HasFailure()) return nodes;
    nodes += check_tree(next, depth - 1);
  }
  return nodes;
}

// Checks every position of an EPD perft file to the deepest depth with at most
// `max_nodes` leaves; returns the nodes visited.
std::uint64_t check_file(const std::string& path, std::uint64_t max_nodes, std::size_t max_lines) {
  const auto entries = test::read_epd_perft(path);
  EXPECT_TRUE(entries.has_value()) << path;
  if (!entries) return 0;
  std::uint64_t nodes = 0;
  for (std::size_t i = 0; i < entries->size() && i < max_lines; ++i) {
    const test::PerftEntry& e = (*entries)[i];
    int depth = 1;
    for (auto [d, n] : e.counts)
      if (n <= max_nodes) depth = std::max(depth, d);
    nodes += check_tree(position(e.fen), depth);
  }
  return nodes;
}

// A null move passes: the other side to move, no en-passant square, the halfmove clock
// one more, the fullmove number one more after Black, the board and castling rights kept.
// The result equals the position parsed from that FEN (keys included), and the pawn key
// stays. Checked on every position of the bundled suite whose side to move is not in check.
TEST(PawnKey, NullMoveKeepsThePawnKeyAndTogglesTheSide) {
  auto entries = test::read_epd_perft(PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd");
  ASSERT_TRUE(entries.has_value());
  entries->push_back({"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 7", 0, {}});  // en passant, cleared
  entries->push_back({"4k3/8/8/8/3Pp3/8/8/4K3 b - d3 12 40", 0, {}});
  int checked = 0, en_passant = 0;
  for (const test::PerftEntry& e : *entries) {
    const Position pos = position(e.fen);
    en_passant += pos.en_passant() != NoSquare;
    if (in_check(pos)) continue;
    Position passed = pos;
    passed.do_null_move();
    const std::string before = to_fen(pos);
    const auto field = [&](int n) {  // the FEN's fields, 0-based
      std::size_t start = 0;
      for (int i = 0; i < n; ++i) start = before.find(' ', start) + 1;
      return before.substr(start, before.find(' ', start) - start);
    };
    const bool black = pos.side_to_move() == Black;
    const std::string expected = field(0) + (black ? " w " : " b ") + field(2) + " - " +
                                 std::to_string(pos.halfmove_clock() + 1) + " " +
                                 std::to_string(pos.fullmove_number() + (black ? 1 : 0));
    EXPECT_EQ(to_fen(passed), expected);
    EXPECT_TRUE(passed == position(expected)) << expected;
    EXPECT_EQ(passed.key(), passed.compute_key()) << expected;
    EXPECT_EQ(passed.pawn_key(), pos.pawn_key()) << expected;
    EXPECT_NE(passed.key(), pos.key()) << expected;
    Position back = passed;
    back.do_null_move();
    EXPECT_EQ(back.pawn_key(), pos.pawn_key());
    if (pos.en_passant() == NoSquare) {
      EXPECT_EQ(back.key(), pos.key()) << "two passes undo the side";
    }
    ++checked;
  }
  EXPECT_GT(checked, 3);
  EXPECT_GE(en_passant, 2);
}

TEST(PawnKey, BundledPerftSuite) {
  EXPECT_GT(check_file(PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd", 100'000, 1000), 3'000'000u);
}

TEST(PawnKey, Chess960Trees) {
  // Chess960 castling (X-FEN and Shredder letters), king and rook crossing, pawns that
  // can take and promote.
  for (const char* fen : {
           "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
           "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
           "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
           "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1",
           "rk2r3/3P4/8/8/8/8/1p6/RK2R3 w AEae - 0 1",
       })
    EXPECT_GT(check_tree(position(fen), 3), 1000u) << fen;
}

TEST(PawnKey, SharedChess960File) {
  const std::string path = PAWNKIT_SHARED_DATA "/fischer.epd";
  if (!test::read_epd_perft(path)) GTEST_SKIP() << path << " not present";
  EXPECT_GT(check_file(path, 20'000, 120), 100'000u);
}

TEST(PawnKey, DependsOnPawnsAlone) {
  // Same pawns, different pieces, side, rights and en passant: one pawn key.
  const Position a = position("r3k2r/pp3ppp/8/3pP3/8/8/PP3PPP/R3K2R w KQkq d6 0 1");
  const Position b = position("4k3/pp3ppp/8/3pP3/8/8/PP3PPP/4K3 b - - 0 1");
  EXPECT_EQ(a.pawn_key(), b.pawn_key());
  EXPECT_NE(a.key(), b.key());
  // No pawns: 0. Pawns of the other colour on the same squares: a different key.
  EXPECT_EQ(position("4k3/8/8/8/8/8/8/4K3 w - - 0 1").pawn_key(), 0u);
  EXPECT_NE(position("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1").pawn_key(),
            position("4k3/8/8/8/3p4/8/8/4K3 w - - 0 1").pawn_key());
}

// The tables are usable at compile time.
static_assert(zobrist.piece_square[0][8] != 0 &&
              zobrist.piece_square[0][8] != zobrist.piece_square[8][8]);

}  // namespace
}  // namespace pawnkit
