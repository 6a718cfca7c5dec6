// Uses the installed headers: patterns at compile time, a report and a perft at run time.
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/chess/perft.hpp>
#include <pawnkit/pawns/patterns.hpp>

#include <cstdio>

using namespace pawnkit;

static_assert(isolated(square_bb(A2) | square_bb(D4) | square_bb(B2)) == square_bb(D4));

int main() {
  const auto pos = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  if (!pos) return 1;
  const PawnReport report = pawn_report(*pos);
  const auto nodes = perft(*pos, 3);
  std::printf("%d %llu\n", popcount(report.white.double_pushes),
              static_cast<unsigned long long>(nodes));
  return popcount(report.white.double_pushes) == 8 && nodes == 8902 ? 0 : 1;
}
