// The pawn evaluation of include/pawnkit/eval/: ns per two-sided evaluation, set-wise and
// pawn by pawn (the reference, for the ratio); and the pawn table as an engine uses it,
// probed at every node of a perft(5) walk from Kiwipete (193 million leaves), with the
// hit rate and the ns per probe on a hit.
//
//   build/bench/eval_bench --benchmark_filter=Evaluate      (a few seconds)
//   build/bench/eval_bench                                  (the walks take about a minute)
#include <benchmark/benchmark.h>

#include <memory>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/eval/pawn_eval.hpp>
#include <pawnkit/eval/pawn_eval_reference.hpp>
#include <pawnkit/eval/pawn_table.hpp>
#include <vector>

#include "../tests/support/perft_files.hpp"

namespace {

using namespace pawnkit;
using eval::PawnEval;

constexpr const char* kiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

Position position(const char* fen) { return *parse_fen(fen); }

// Visits every node of the legal move tree to `depth`, calling on_node(pos) at each.
template <class OnNode>
void walk(const Position& pos, int depth, OnNode& on_node) {
  on_node(pos);
  if (depth == 0) return;
  for (Move m : legal_moves(pos)) walk(after_move(pos, m), depth - 1, on_node);
}

// Real pawn structures: the pawns at every node of depth-3 trees from the perft suite's
// positions (most have pawns), 65536 of them in tree order.
struct PawnPair {
  Bitboard white, black;
};
const std::vector<PawnPair>& pawn_pairs() {
  static const std::vector<PawnPair> pairs = [] {
    std::vector<PawnPair> v;
    const auto entries = test::read_epd_perft(PAWNKIT_SOURCE_DIR "/tests/data/perftsuite.epd");
    auto collect = [&](const Position& p) {
      if (v.size() < 65536) v.push_back({p.pawns(White), p.pawns(Black)});
    };
    walk(position(kiwipete), 3, collect);
    for (const auto& e : *entries) {
      if (v.size() >= 65536) break;
      walk(*parse_fen(e.fen), 3, collect);
    }
    return v;
  }();
  return pairs;
}

template <auto evaluate>
void run_evaluation(benchmark::State& state) {
  const auto& pairs = pawn_pairs();
  static constexpr eval::PawnWeights weights{};  // Stockfish 15.1's
  std::size_t i = 0;
  for (auto _ : state) {
    const PawnPair& p = pairs[i++ & (pairs.size() - 1)];
    PawnEval e = evaluate(p.white, p.black, weights);
    benchmark::DoNotOptimize(e);
  }
  state.SetItemsProcessed(state.iterations());
}

// Both sides, set-wise (pawn_eval.hpp).
void EvaluateSetWise(benchmark::State& state) {
  run_evaluation<static_cast<PawnEval (*)(Bitboard, Bitboard, const eval::PawnWeights&)>(
      eval::evaluate_pawns)>(state);
}
// Both sides, pawn by pawn (pawn_eval_reference.hpp).
void EvaluatePawnByPawn(benchmark::State& state) {
  run_evaluation<static_cast<PawnEval (*)(Bitboard, Bitboard, const eval::PawnWeights&)>(
      eval::reference::evaluate_pawns)>(state);
}
BENCHMARK(EvaluateSetWise);
BENCHMARK(EvaluatePawnByPawn);

using Table = eval::PawnTable<PawnEval, 16384>;

// The perft(5) walk from Kiwipete alone (a checksum of the pawn keys): the cost the
// table walk below adds to.
void WalkPerft5(benchmark::State& state) {
  const Position root = position(kiwipete);
  for (auto _ : state) {
    std::uint64_t nodes = 0, checksum = 0;
    auto on_node = [&](const Position& pos) {
      ++nodes;
      checksum += pos.pawn_key();
    };
    walk(root, 5, on_node);
    benchmark::DoNotOptimize(checksum);
    state.counters["nodes"] = double(nodes);
  }
}

// The same walk probing a 16K-entry table at every node, evaluating on a miss.
void WalkPerft5WithTable(benchmark::State& state) {
  const Position root = position(kiwipete);
  auto table = std::make_unique<Table>();
  for (auto _ : state) {
    table->clear();
    std::uint64_t nodes = 0, hits = 0;
    int checksum = 0;
    auto on_node = [&](const Position& pos) {
      ++nodes;
      const std::uint64_t key = pos.pawn_key();
      const PawnEval* found = table->find(key);
      if (found) {
        ++hits;
      } else {
        found = &table->store(key, eval::evaluate_pawns(pos.pawns(White), pos.pawns(Black)));
      }
      checksum += found->white.mg - found->black.eg;
    };
    walk(root, 5, on_node);
    benchmark::DoNotOptimize(checksum);
    state.counters["nodes"] = double(nodes);
    state.counters["hit_rate"] = double(hits) / double(nodes);
  }
}
BENCHMARK(WalkPerft5)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(WalkPerft5WithTable)->Iterations(1)->Unit(benchmark::kMillisecond);

// Probes that hit, in the order a walk makes them: the pawn keys of the first 2^20 nodes
// of the perft(4) walk from Kiwipete, kept where the table (filled by that walk) still
// holds them.
void ProbeHit(benchmark::State& state) {
  static auto table = std::make_unique<Table>();
  static const std::vector<std::uint64_t> hits = [] {
    std::vector<std::uint64_t> keys;
    auto record = [&](const Position& pos) {
      if (keys.size() < (1u << 20)) keys.push_back(pos.pawn_key());
    };
    walk(position(kiwipete), 4, record);
    for (std::uint64_t k : keys) table->store(k, PawnEval{{int(k & 255), 0}, {0, int(k >> 60)}});
    std::vector<std::uint64_t> resident;
    for (std::uint64_t k : keys)
      if (table->find(k)) resident.push_back(k);
    resident.resize(std::bit_floor(resident.size()));
    return resident;
  }();
  std::size_t i = 0;
  int checksum = 0;
  for (auto _ : state) {
    const std::uint64_t key = hits[i++ & (hits.size() - 1)];
    const PawnEval& e = table->probe(key, [] { return PawnEval{}; });
    checksum += e.white.mg;
  }
  benchmark::DoNotOptimize(checksum);
  state.counters["keys"] = double(hits.size());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(ProbeHit);

}  // namespace
