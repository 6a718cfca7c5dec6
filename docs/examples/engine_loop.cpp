// A minimal engine on pawnkit (docs/engine.md): alpha-beta to a fixed depth over the legal
// move generator, evaluating material plus Stockfish 15.1's classical pawn structure,
// which is cached in a pawn table under Position::pawn_key().
//
//   g++ -std=c++20 -O2 -I include docs/examples/engine_loop.cpp -o engine_loop
//   ./engine_loop 4 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//
// tests/engine_example_test.cpp compiles this file (without main) and runs it.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/eval/pawn_eval.hpp>
#include <pawnkit/eval/pawn_table.hpp>

namespace example {

using namespace pawnkit;
using eval::PawnEval;
using eval::Score;

// Stockfish 15.1's piece values (middlegame, endgame), indexed by PieceType.
constexpr Score piece_value[] = {{126, 208},   {781, 854},   {825, 915},
                                 {1276, 1380}, {2538, 2682}, {0, 0}};
constexpr int endgame_limit = 3915, midgame_limit = 15258;  // non-pawn material of both sides
constexpr int mate = 32000;

class Engine {
 public:
  // Static evaluation from the side to move's point of view.
  int evaluate(const Position& pos) {
    Score score;
    int non_pawn_material = 0;
    for (int t = 0; t < 5; ++t) {
      const auto pt = PieceType(t);
      score += piece_value[t] * (popcount(pos.pieces(White, pt)) - popcount(pos.pieces(Black, pt)));
      if (pt != PieceType::Pawn) non_pawn_material += piece_value[t].mg * popcount(pos.pieces(pt));
    }
    score += pawn_eval(pos);
    // Blend middlegame and endgame by the material left (128 = all middlegame).
    const int phase =
        (std::clamp(non_pawn_material, endgame_limit, midgame_limit) - endgame_limit) * 128 /
        (midgame_limit - endgame_limit);
    const int v = (score.mg * phase + score.eg * (128 - phase)) / 128;
    return pos.side_to_move() == White ? v : -v;
  }

  // White's pawn-structure score (White's minus Black's), from the table when it is there.
  Score pawn_eval(const Position& pos) {
    ++pawn_probes_;
    const PawnEval* e = pawn_table_->find(pos.pawn_key());
    if (e)
      ++pawn_hits_;
    else
      e = &pawn_table_->store(pos.pawn_key(),
                              eval::evaluate_pawns(pos.pawns(White), pos.pawns(Black)));
    return e->white - e->black;
  }

  // Negamax with alpha-beta; the score of pos for the side to move.
  int search(const Position& pos, int depth, int alpha, int beta, int ply) {
    ++nodes_;
    if (depth == 0) return evaluate(pos);
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) return in_check(pos) ? -mate + ply : 0;
    for (Move m : moves) {
      const int score = -search(after_move(pos, m), depth - 1, -beta, -alpha, ply + 1);
      if (score >= beta) return beta;
      alpha = std::max(alpha, score);
    }
    return alpha;
  }

  struct Result {
    Move move;
    int score;
  };
  // The best move at `depth` (pos must have a legal move).
  Result best_move(const Position& pos, int depth) {
    Result best{Move{}, -mate - 1};
    for (Move m : legal_moves(pos)) {
      const int score = -search(after_move(pos, m), depth - 1, -mate, -best.score, 1);
      if (score > best.score) best = {m, score};
    }
    return best;
  }

  std::uint64_t nodes() const { return nodes_; }
  double pawn_hit_rate() const {
    return pawn_probes_ ? double(pawn_hits_) / double(pawn_probes_) : 0;
  }

 private:
  // 16384 entries of 24 bytes: on the heap, not the stack.
  std::unique_ptr<eval::PawnTable<PawnEval, 16384>> pawn_table_ =
      std::make_unique<eval::PawnTable<PawnEval, 16384>>();
  std::uint64_t nodes_ = 0, pawn_probes_ = 0, pawn_hits_ = 0;
};

}  // namespace example

#ifndef PAWNKIT_EXAMPLE_NO_MAIN
int main(int argc, char** argv) {
  const int depth = argc > 1 ? std::atoi(argv[1]) : 4;
  const char* fen = argc > 2 ? argv[2] : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const pawnkit::Parsed<pawnkit::Position> pos = pawnkit::parse_fen(fen);
  if (!pos || depth < 1 || pawnkit::legal_moves(*pos).empty()) {
    std::fprintf(stderr, "usage: engine_loop DEPTH FEN (a position with a legal move)\n");
    return 2;
  }
  example::Engine engine;
  const auto [move, score] = engine.best_move(*pos, depth);
  std::printf("bestmove %s score %d nodes %llu pawn table hits %.1f%%\n",
              pawnkit::to_uci(move).c_str(), score, static_cast<unsigned long long>(engine.nodes()),
              100 * engine.pawn_hit_rate());
  return 0;
}
#endif
