// Compiles and runs the example engine of docs/examples/engine_loop.cpp (docs/engine.md):
// it finds a mate in one and wins a hanging queen, its cached pawn evaluation equals a
// fresh one, and its pawn table is mostly hit.
#include <gtest/gtest.h>

#define PAWNKIT_EXAMPLE_NO_MAIN
#include "../docs/examples/engine_loop.cpp"

namespace {

using namespace pawnkit;

Position position(const char* fen) {
  const Parsed<Position> p = parse_fen(fen);
  EXPECT_TRUE(p.ok()) << fen;
  return *p;
}

TEST(EngineExample, FindsMateInOne) {
  example::Engine engine;
  const auto result = engine.best_move(position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), 2);
  EXPECT_EQ(to_uci(result.move), "a1a8");
  EXPECT_EQ(result.score, example::mate - 1);
}

TEST(EngineExample, WinsAHangingQueen) {
  example::Engine engine;
  const auto result = engine.best_move(position("4k3/pp6/8/3q4/8/8/PP1R4/4K3 w - - 0 1"), 3);
  EXPECT_EQ(to_uci(result.move), "d2d5");
  EXPECT_GT(result.score, 1000);
}

TEST(EngineExample, PawnTableOverASearch) {
  example::Engine engine;
  const Position kiwipete =
      position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const auto result = engine.best_move(kiwipete, 3);
  EXPECT_TRUE(legal_moves(kiwipete).contains(result.move));
  EXPECT_GT(engine.nodes(), 1000u);
  EXPECT_GT(engine.pawn_hit_rate(), 0.5);
  // The table's answer equals a fresh evaluation at every node of a small tree.
  const auto check = [&](auto&& self, const Position& pos, int depth) -> void {
    const eval::PawnEval fresh = eval::evaluate_pawns(pos.pawns(White), pos.pawns(Black));
    ASSERT_EQ(engine.pawn_eval(pos), fresh.white - fresh.black) << to_fen(pos);
    if (depth > 0)
      for (Move m : legal_moves(pos)) self(self, after_move(pos, m), depth - 1);
  };
  check(check, kiwipete, 2);
}

TEST(EngineExample, EvaluationIsFromTheSideToMove) {
  example::Engine engine;
  // White is a queen up: good for White to move, bad for Black to move.
  EXPECT_GT(engine.evaluate(position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")), 2000);
  EXPECT_LT(engine.evaluate(position("4k3/8/8/8/8/8/8/3QK3 b - - 0 1")), -2000);
}

}  // namespace
