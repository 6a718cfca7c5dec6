// The pawn entry (include/pawnkit/eval/pawn_entry.hpp): each cached set against a
// square-by-square computation written here from the definitions, the piece terms and the
// king shelter from the entry against the pawn-by-pawn references, and the evaluation of
// every position of the bundled games through a pawn table of entries against the
// reference evaluation of the position.
#include <gtest/gtest.h>

#include <memory>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/fen_write.hpp>
#include <pawnkit/eval/king_shelter_reference.hpp>
#include <pawnkit/eval/pawn_entry.hpp>
#include <pawnkit/eval/pawn_eval_reference.hpp>
#include <pawnkit/eval/pawn_table.hpp>
#include <pawnkit/eval/position_eval.hpp>
#include <random>

#include "analysis/replay.hpp"
#include "support/odd_weights.hpp"
#include "support/random_board.hpp"
#include "support/read_games.hpp"

namespace pawnkit::eval {
namespace {

// --- Square by square, from the definitions -----------------------------------------------

bool has(Bitboard b, int file, int rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8 && (b >> (rank * 8 + file) & 1);
}

// Per pawn of `us`: what the entry's sets say about it, walking the board.
struct Walked {
  Bitboard passed = 0, attacks = 0, attack_span = 0;
  FileSet semi_open = 0;
};

Walked walk(Color us, Bitboard own, Bitboard enemy) {
  const int up = us == White ? 1 : -1;
  Walked w;
  for (int f = 0; f < 8; ++f) {
    bool any = false;
    for (int r = 0; r < 8; ++r) any = any || has(own, f, r);
    if (!any) w.semi_open = FileSet(w.semi_open | (1u << f));
  }
  for (int s = 0; s < 64; ++s) {
    if (!(own >> s & 1)) continue;
    const int f = s % 8, r = s / 8;
    bool passed = true, neighbours = false, neighbour_level_or_behind = false;
    for (int rr = 0; rr < 8; ++rr) {
      const bool ahead = (rr - r) * up > 0;
      for (int ff = f - 1; ff <= f + 1; ++ff)
        if (ahead && has(enemy, ff, rr)) passed = false;
      for (int ff : {f - 1, f + 1}) {
        if (!has(own, ff, rr)) continue;
        neighbours = true;
        if (!ahead) neighbour_level_or_behind = true;
      }
    }
    if (passed) w.passed |= square_bb(Square(s));
    for (int ff : {f - 1, f + 1})
      if (ff >= 0 && ff < 8 && r + up >= 0 && r + up < 8)
        w.attacks |= square_bb(make_square(ff, r + up));
    // Stockfish's backward: neighbours, all in front, and the stop square held or hit by
    // an enemy pawn; blocked: an enemy pawn on the stop square.
    const bool blocked = has(enemy, f, r + up);
    const bool stop_hit = has(enemy, f - 1, r + 2 * up) || has(enemy, f + 1, r + 2 * up);
    const bool backward = neighbours && !neighbour_level_or_behind && (blocked || stop_hit);
    if (backward || blocked) continue;
    for (int rr = r + up; rr >= 0 && rr < 8; rr += up)
      for (int ff : {f - 1, f + 1})
        if (ff >= 0 && ff < 8) w.attack_span |= square_bb(make_square(ff, rr));
  }
  w.attack_span |= w.attacks;
  return w;
}

TEST(PawnEntry, SetsEqualTheWalkOnRandomBoards) {
  testing::RandomBoards boards(30);
  for (int i = 0; i < 30'000; ++i) {
    const PawnBoard b = boards.next();
    const Bitboard white = b.pawns[0], black = b.pawns[1];
    const PawnEntry e = pawn_entry(white, black);
    ASSERT_EQ(e.score, reference::evaluate_pawns(white, black)) << "board " << i;
    for (const Color c : {White, Black}) {
      const Bitboard own = c == White ? white : black, enemy = c == White ? black : white;
      const Walked w = walk(c, own, enemy);
      const std::size_t us = index(c);
      ASSERT_EQ(e.passed[us], w.passed) << "board " << i;
      ASSERT_EQ(e.attacks[us], w.attacks) << "board " << i;
      ASSERT_EQ(e.attack_span[us], w.attack_span) << "board " << i;
      ASSERT_EQ(e.semi_open_files[us], w.semi_open) << "board " << i;
    }
  }
}

TEST(PawnEntry, HandWorkedSets) {
  // White a2 b3 d4 e4 against Black e5 h7: e5 stands in front of d4 and e4's files.
  const Bitboard white = square_bb(A2) | square_bb(B3) | square_bb(D4) | square_bb(E4);
  const Bitboard black = square_bb(H7) | square_bb(E5);
  const PawnEntry e = pawn_entry(white, black);
  EXPECT_EQ(e.passed[0], square_bb(A2) | square_bb(B3));
  EXPECT_EQ(e.passed[1], square_bb(H7));
  EXPECT_EQ(e.attacks[1], square_bb(G6) | square_bb(D4) | square_bb(F4));
  EXPECT_EQ(e.semi_open_files[0], FileSet(0b11100100));  // c, f, g, h
  EXPECT_EQ(e.semi_open_files[1], FileSet(0b01101111));  // a-d, f, g
  // e4 is blocked by e5: no span beyond its attacks; e5 blocked by e4 likewise.
  EXPECT_FALSE(e.attack_span[0] & square_bb(F6));
  EXPECT_TRUE(e.attack_span[0] & square_bb(C7));  // from d4 (not blocked, no neighbour behind)
}

// --- The part that needs the pieces ----------------------------------------------------------

TEST(PawnEntry, PieceTermsEqualTheReferenceCountsOnRandomBoards) {
  testing::RandomBoards boards(31);
  std::mt19937_64 rng(32);
  for (int i = 0; i < 30'000; ++i) {
    const PawnBoard b = boards.next();
    const PawnWeights w = testing::odd_weights(rng);
    const Bitboard white = b.pawns[0], black = b.pawns[1], occupied = b.occupied();
    const Bitboard attacks = rng() & rng() & (i % 2 ? rng() : ~Bitboard{0});
    const PawnEntry e = pawn_entry(white, black, w);
    const auto reference_piece_terms = [&](auto color, Bitboard own, Bitboard enemy) {
      return extended_score(
          reference::count_extended_terms<decltype(color)::value>(own, enemy, occupied, attacks),
          w.extended, extended_pawn_only_count);
    };
    ASSERT_EQ(piece_terms_score<White>(e, white, black, occupied, attacks, w.extended),
              reference_piece_terms(std::integral_constant<Color, White>{}, white, black))
        << "board " << i;
    ASSERT_EQ(piece_terms_score<Black>(e, black, white, occupied, attacks, w.extended),
              reference_piece_terms(std::integral_constant<Color, Black>{}, black, white))
        << "board " << i;
  }
}

TEST(PawnEntry, NeedsPieceTermsOnlyWhenAWeightCanScoreThem) {
  const Bitboard white = square_bb(D5), black = square_bb(H7) | square_bb(G7);
  const Bitboard rams_white = square_bb(D4), rams_black = square_bb(D5);
  PawnWeights w;
  EXPECT_FALSE(pawn_entry(white, black, w).needs_piece_terms);  // Stockfish's weights
  w.extended.phalanx[2] = {5, 5};                               // a pawn-only term: cached
  EXPECT_FALSE(pawn_entry(white, black, w).needs_piece_terms);
  w.extended.passed_free_safe[3] = {10, 20};
  EXPECT_TRUE(pawn_entry(white, black, w).needs_piece_terms);
  EXPECT_FALSE(pawn_entry(rams_white, rams_black, w).needs_piece_terms);  // no passer
  w.extended.blocked_by_piece = {-1, -1};
  EXPECT_TRUE(pawn_entry(rams_white, rams_black, w).needs_piece_terms);
}

TEST(PawnEntry, KingShelterEqualsTheReferenceOnRandomBoards) {
  testing::RandomBoards boards(33);
  std::mt19937_64 rng(34);
  for (int i = 0; i < 30'000; ++i) {
    const PawnBoard b = boards.next();
    const Bitboard white = b.pawns[0], black = b.pawns[1];
    const PawnEntry e = pawn_entry(white, black);
    // Kings on their first ranks most of the time, where the entry's inputs serve, and on
    // no pawn.
    const auto king = [&](Color c) {
      for (;;) {
        const int rank = rng() % 4 ? (c == White ? 0 : 7) : int(rng() % 8);
        const Square k = make_square(int(rng() % 8), rank);
        if (!((white | black) & square_bb(k))) return k;
      }
    };
    const bool ks = rng() & 1, qs = rng() & 1;
    const Square wk = king(White), bk = king(Black);
    ASSERT_EQ(king_shelter<White>(e, white, black, wk, ks, qs),
              reference::king_shelter(White, white, black, wk, ks, qs, stockfish_king_shelter))
        << "board " << i;
    ASSERT_EQ(king_shelter<Black>(e, black, white, bk, qs, ks),
              reference::king_shelter(Black, black, white, bk, qs, ks, stockfish_king_shelter))
        << "board " << i;
  }
}

// --- Through a table, on real games -----------------------------------------------------------

TEST(PawnEntry, TableEvaluationEqualsTheReferenceOnTheBundledGames) {
  std::mt19937_64 rng(35);
  auto table = std::make_unique<PawnTable<PawnEntry, 1024>>();
  std::size_t positions = 0, misses = 0;
  for (const char* path :
       {PAWNKIT_SOURCE_DIR "/data/sample.pgn", PAWNKIT_SOURCE_DIR "/tests/data/games/famous.pgn"}) {
    testing::for_each_game(path, {}, [&](const io::GameRecord& game) {
      // One weight set per game (the table is cleared with it): odd ones, and every
      // third game Stockfish's.
      const PawnWeights w = positions % 3 ? testing::odd_weights(rng) : PawnWeights{};
      table->clear();
      analysis::replay(game, [&](const Position& pos, int) {
        ++positions;
        const PawnEntry& e = table->probe(pos.pawn_key(), [&] {
          ++misses;
          return pawn_entry(pos.pawns(White), pos.pawns(Black), w);
        });
        ASSERT_EQ(evaluate_pawns(pos, e, w), reference::evaluate_pawns(pos, w)) << to_fen(pos);
        for (const Color c : {White, Black}) {
          const Square k = pos.king_square(c);
          const bool ks = pos.can_castle(c, CastlingSide::King),
                     qs = pos.can_castle(c, CastlingSide::Queen);
          const Bitboard own = pos.pawns(c), enemy = pos.pawns(~c);
          const Score from_entry = c == White ? king_shelter<White>(e, own, enemy, k, ks, qs)
                                              : king_shelter<Black>(e, own, enemy, k, ks, qs);
          ASSERT_EQ(from_entry, king_shelter(pos, c)) << to_fen(pos);
        }
      });
    });
  }
  EXPECT_GT(positions, 1000u);
  EXPECT_LT(misses, positions);  // the table was used
}

}  // namespace
}  // namespace pawnkit::eval
