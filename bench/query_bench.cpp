// The find query language: compiling an expression, and evaluating a compiled query on
// precomputed pawn reports (ns per position; the report itself is not timed).
#include <pawnkit/pawns/report.hpp>

#include <benchmark/benchmark.h>

#include <string_view>
#include <variant>
#include <vector>

#include "../tests/support/random_board.hpp"
#include "analysis/query/query.hpp"
#include "io/game_record.hpp"

namespace {

using pawnkit::analysis::Query;
using pawnkit::analysis::QueryContext;

// The first query of bench/find_vs_analyze.sh, one over structure and tags, one that
// touches every operator, and one similarity to a target (the FEN of tests/query_test.cpp's
// isolani position).
constexpr std::string_view typical =
    "count(white.isolated) >= 1 and white.islands > black.islands and ply >= 20";
constexpr std::string_view tags = "structure == \"carlsbad\" or tag.WhiteElo >= 2500";
constexpr std::string_view mixed =
    "(count(white.isolated & file(d)) >= 1 or white.islands > black.islands) and "
    "tag.ECO ~ \"d3\" and not (structure_side == black) and side_to_move == white and "
    "{a2,b2} in white.pawns - rank(7) | black.passed and ply < 100";
constexpr std::string_view similarity =
    "similarity(\"r1bq1rk1/pp2bppp/2n1p3/3n4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 12\") >= 0.9";

const std::vector<pawnkit::PawnReport>& reports() {
  static const std::vector<pawnkit::PawnReport> all = [] {
    pawnkit::testing::RandomBoards random(11);
    std::vector<pawnkit::PawnReport> v(4096);
    for (auto& r : v) r = pawnkit::pawn_report(random.next());
    return v;
  }();
  return all;
}

Query compile(std::string_view text) { return std::get<Query>(Query::compile(text)); }

void Evaluate(benchmark::State& state, std::string_view text) {
  const Query query = compile(text);
  pawnkit::io::GameRecord game;
  game.add_tag("WhiteElo", "2450");
  game.add_tag("ECO", "D35");
  const auto& all = reports();
  QueryContext ctx;
  ctx.game = &game;
  std::size_t i = 0;
  for (auto _ : state) {
    ctx.report = &all[i & (all.size() - 1)];
    ctx.ply = int(i++ % 120);
    ctx.side_to_move = i & 1 ? pawnkit::White : pawnkit::Black;
    benchmark::DoNotOptimize(query.matches(ctx));
  }
  state.SetItemsProcessed(state.iterations());
}

void Compile(benchmark::State& state, std::string_view text) {
  for (auto _ : state) benchmark::DoNotOptimize(Query::compile(text));
}

BENCHMARK_CAPTURE(Evaluate, typical, typical);
BENCHMARK_CAPTURE(Evaluate, tags, tags);
BENCHMARK_CAPTURE(Evaluate, mixed, mixed);
BENCHMARK_CAPTURE(Evaluate, similarity, similarity);
BENCHMARK_CAPTURE(Compile, mixed, mixed);

}  // namespace
