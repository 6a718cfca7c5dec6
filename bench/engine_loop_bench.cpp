// An engine's evaluation loop on pawnkit: the perft(4) walk from Kiwipete (4.2 million
// nodes, legal move generation and copy-make included; /0) and a walk from a pawn ending
// where every node has passed pawns (/1), evaluating at every node material
// plus the pawn structure with passed-pawn terms (Stockfish 15.1's pawn weights and a
// passed-pawn table by rank, path and stop square), in millions of nodes a second. The
// ways an engine could do it, side by side in one run:
//
//   MaterialOnly          material alone: the walk's own cost
//   ScoresTable           material + a PawnTable of PawnEval (two scores, no passed terms)
//   PassedNoTable         material + evaluate_pawns(pos, w) at every node
//   PassedScoresTable     material + PawnEval from the table + the passed-pawn terms
//                         recounted at every node (passed pawns and both sides' attacks):
//                         what the two-score entry left an engine to do
//   PassedEntryTable      material + a PawnTable of PawnEntry (pawn_entry.hpp): passed
//                         pawns cached, only their stop squares looked up for attackers
//
//   build/bench/engine_loop_bench                (about half a minute)
//
// Every variant that scores the passed pawns returns the same evaluation sum as
// PassedNoTable (VariantsAgree, run first), so the figures compare equal work. Timings on
// a shared machine wander: take the median of repetitions and say the load
// (--benchmark_repetitions=5 --benchmark_report_aggregates_only=true).
#include <benchmark/benchmark.h>

#include <memory>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/eval/pawn_entry.hpp>
#include <pawnkit/eval/pawn_eval.hpp>
#include <pawnkit/eval/pawn_table.hpp>
#include <pawnkit/eval/position_eval.hpp>

namespace {

using namespace pawnkit;
using eval::PawnEntry;
using eval::PawnEval;
using eval::Score;

// Kiwipete (few passed pawns in its tree) and a rook ending with passers on both sides.
struct Root {
  const char* fen;
  int depth;
};
constexpr Root roots[] = {
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4},
    {"6k1/1P3pp1/8/3p4/8/5P2/P5PK/1R5r w - - 0 1", 6}};

// Stockfish 15.1's pawn weights plus passed-pawn weights by relative rank (free and safe
// best, blocked and attacked least), in the range engines use.
eval::PawnWeights passed_weights() {
  eval::PawnWeights w;
  for (std::size_t r = 0; r < eval::pawn_rank_count; ++r) {
    const int v = int(r * r) * 8;
    w.extended.passed_free_safe[r] = {v, 2 * v};
    w.extended.passed_free_attacked[r] = {v / 2, v};
    w.extended.passed_blocked_safe[r] = {v / 3, v / 2};
    w.extended.passed_blocked_attacked[r] = {v / 4, v / 3};
  }
  return w;
}

Score material(const Position& pos) {
  static constexpr Score value[] = {{126, 208}, {781, 854}, {825, 915}, {1276, 1380}, {2538, 2682}};
  Score s;
  for (int t = 0; t < 5; ++t)
    s += value[t] *
         (popcount(pos.pieces(White, PieceType(t))) - popcount(pos.pieces(Black, PieceType(t))));
  return s;
}

struct MaterialOnly {
  Score operator()(const Position& pos) { return material(pos); }
};

struct ScoresTable {
  std::unique_ptr<eval::PawnTable<PawnEval, 16384>> table =
      std::make_unique<eval::PawnTable<PawnEval, 16384>>();
  Score operator()(const Position& pos) {
    const PawnEval& e = table->probe(
        pos.pawn_key(), [&] { return eval::evaluate_pawns(pos.pawns(White), pos.pawns(Black)); });
    return material(pos) + e.white - e.black;
  }
};

struct PassedNoTable {
  eval::PawnWeights w = passed_weights();
  Score operator()(const Position& pos) {
    const PawnEval e = eval::evaluate_pawns(pos, w);
    return material(pos) + e.white - e.black;
  }
};

struct PassedScoresTable {
  eval::PawnWeights w = passed_weights();
  std::unique_ptr<eval::PawnTable<PawnEval, 16384>> table =
      std::make_unique<eval::PawnTable<PawnEval, 16384>>();
  Score operator()(const Position& pos) {
    const Bitboard white = pos.pawns(White), black = pos.pawns(Black);
    const PawnEval& e =
        table->probe(pos.pawn_key(), [&] { return eval::evaluate_pawns(white, black, w); });
    eval::ExtendedCounts n_white{}, n_black{};
    eval::count_piece_terms<White>(n_white, white, black, pos.occupied(),
                                   eval::attacked_squares(pos, Black));
    eval::count_piece_terms<Black>(n_black, black, white, pos.occupied(),
                                   eval::attacked_squares(pos, White));
    const Score passed = eval::extended_score(n_white, w.extended, eval::extended_pawn_only_count) -
                         eval::extended_score(n_black, w.extended, eval::extended_pawn_only_count);
    return material(pos) + e.white - e.black + passed;
  }
};

struct PassedEntryTable {
  eval::PawnWeights w = passed_weights();
  std::unique_ptr<eval::PawnTable<PawnEntry, 16384>> table =
      std::make_unique<eval::PawnTable<PawnEntry, 16384>>();
  Score operator()(const Position& pos) {
    const PawnEntry& e = table->probe(
        pos.pawn_key(), [&] { return eval::pawn_entry(pos.pawns(White), pos.pawns(Black), w); });
    const PawnEval p = eval::evaluate_pawns(pos, e, w);
    return material(pos) + p.white - p.black;
  }
};

// Walks the legal move tree, evaluating every node; the sum of the evaluations.
template <class Evaluate>
[[gnu::noinline]] Score walk(const Position& pos, int d, Evaluate& evaluate, std::uint64_t& nodes) {
  ++nodes;
  Score sum = evaluate(pos);
  if (d == 0) return sum;
  for (Move m : legal_moves(pos)) sum += walk(after_move(pos, m), d - 1, evaluate, nodes);
  return sum;
}

template <class Evaluate>
Score evaluation_sum(const Root& r) {
  Evaluate evaluate;
  std::uint64_t nodes = 0;
  return walk(*parse_fen(r.fen), r.depth, evaluate, nodes);
}

template <class Evaluate>
void run(benchmark::State& state) {
  const Root& r = roots[state.range(0)];
  const Position root = *parse_fen(r.fen);
  Evaluate evaluate;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const Score sum = walk(root, r.depth, evaluate, nodes);
    benchmark::DoNotOptimize(sum);
  }
  state.counters["Mnps"] = benchmark::Counter(double(nodes) / 1e6, benchmark::Counter::kIsRate);
  state.counters["nodes"] = double(nodes) / double(state.iterations());
}

// The variants that score the passed pawns must agree with the plain evaluation (run
// first; --benchmark_filter can leave it out, as for counting one variant's instructions).
void VariantsAgree(benchmark::State& state) {
  for (auto _ : state)
    for (const Root& r : roots) {
      const Score want = evaluation_sum<PassedNoTable>(r);
      if (evaluation_sum<PassedScoresTable>(r) != want ||
          evaluation_sum<PassedEntryTable>(r) != want)
        state.SkipWithError("the variants disagree");
    }
}

}  // namespace

BENCHMARK(VariantsAgree)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(run<MaterialOnly>)->Name("MaterialOnly")->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(run<ScoresTable>)->Name("ScoresTable")->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(run<PassedNoTable>)
    ->Name("PassedNoTable")
    ->DenseRange(0, 1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(run<PassedScoresTable>)
    ->Name("PassedScoresTable")
    ->DenseRange(0, 1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(run<PassedEntryTable>)
    ->Name("PassedEntryTable")
    ->DenseRange(0, 1)
    ->Unit(benchmark::kMillisecond);
