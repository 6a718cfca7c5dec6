// One meaning per name across pawnkit's namespaces: a file that uses both pawnkit and
// pawnkit::eval calls every pawn-set function of the evaluation unqualified without an
// ambiguous call (this file compiling is most of the test), and the evaluation's set that
// differs from the pattern spec's pattern has a name of its own (Stockfish's backward pawns
// are fixed_behind_neighbors; pawnkit::backward is the pattern spec's).
#include <gtest/gtest.h>

#include <pawnkit/eval/extended_terms.hpp>
#include <pawnkit/eval/king_shelter.hpp>
#include <pawnkit/eval/pawn_entry.hpp>
#include <pawnkit/eval/pawn_eval.hpp>
#include <pawnkit/eval/pawn_terms.hpp>
#include <pawnkit/pawns/patterns.hpp>
#include <pawnkit/pawns/report.hpp>

#include "support/random_board.hpp"

namespace {

using namespace pawnkit;
using namespace pawnkit::eval;

template <Color C>
Bitboard every_eval_set(Bitboard own, Bitboard enemy) {
  // Each pawn-set function of eval/ and of pawns/ by its bare name.
  return opposed<C>(own, enemy) | blocked<C>(own, enemy) | stop_square_attacked<C>(own, enemy) |
         attacked_twice<C>(own, enemy) | supported_from_west<C>(own) | supported_from_east<C>(own) |
         connected<C>(own) | directly_doubled<C>(own) | ahead_of_neighbors<C>(own) |
         fixed_behind_neighbors<C>(own, enemy) | doubled_isolated<C>(own, enemy) |
         isolated_scored<C>(own, enemy) | weak_unopposed<C>(own, enemy) |
         weak_lever<C>(own, enemy) | unsupported_doubled<C>(own) | doubled_early<C>(own, enemy) |
         isolated_opposed<C>(own, enemy) | isolated_open<C>(own, enemy) |
         backward_half_open<C>(own, enemy) | backward<C>(own, enemy) | passed<C>(own, enemy) |
         isolated(own) | defended<C>(own) | candidates<C>(own, enemy) | phalanx(own) |
         pawn_attacks<C>(own);
}

TEST(EvalNames, BothNamespacesTogetherCompileAndAgree) {
  const Bitboard own = square_bb(D3) | square_bb(E4), enemy = square_bb(C5) | square_bb(H7);
  EXPECT_NE(every_eval_set<White>(own, enemy), 0u);
  EXPECT_EQ(evaluate_pawns(own, enemy), pawnkit::eval::evaluate_pawns(own, enemy));
  EXPECT_EQ(king_shelter<White>(own, enemy, G1, false, false),
            pawnkit::eval::king_shelter<White>(own, enemy, G1, false, false));
}

// The two backward sets count different pawns, so they have different names. Where they
// differ, each difference is one the definitions give: the pattern spec's also takes an
// isolated pawn whose stop square is attacked; Stockfish's also takes a pawn only blocked.
TEST(EvalNames, TheTwoBackwardSetsDifferOnlyAsDefined) {
  pawnkit::testing::RandomBoards boards(40);
  int differ = 0;
  for (int i = 0; i < 20'000; ++i) {
    const PawnBoard b = boards.next();
    const Bitboard own = b.pawns[0], enemy = b.pawns[1];
    const Bitboard spec = backward<White>(own, enemy);
    const Bitboard stockfish = fixed_behind_neighbors<White>(own, enemy);
    const Bitboard only_spec = spec & ~stockfish, only_stockfish = stockfish & ~spec;
    ASSERT_EQ(only_spec & ~isolated(own), 0u) << "board " << i;
    ASSERT_EQ(only_stockfish & ~blocked<White>(own, enemy), 0u) << "board " << i;
    differ += (only_spec | only_stockfish) != 0;
  }
  EXPECT_GT(differ, 100);  // they do differ: one name for both would mislead
}

}  // namespace
