// Uses pawnkit's headers as an engine author would: patterns at compile time, a report, a
// perft and the pawn entry at run time, and the version macros against the version CMake
// gave the package.
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/chess/perft.hpp>
#include <pawnkit/eval/pawn_entry.hpp>
#include <pawnkit/pawns/patterns.hpp>
#include <pawnkit/version.hpp>

#include <cstdio>

using namespace pawnkit;

static_assert(isolated(square_bb(A2) | square_bb(D4) | square_bb(B2)) == square_bb(D4));
static_assert(PAWNKIT_VERSION_MAJOR == EXPECTED_MAJOR && PAWNKIT_VERSION_MINOR == EXPECTED_MINOR &&
              PAWNKIT_VERSION_PATCH == EXPECTED_PATCH);

int main() {
  const auto pos = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  if (!pos) return 1;
  const PawnReport report = pawn_report(*pos);
  const auto nodes = perft(*pos, 3);
  const eval::PawnEntry entry = eval::pawn_entry(pos->pawns(White), pos->pawns(Black));
  std::printf("pawnkit %s: %d %llu\n", PAWNKIT_VERSION_STRING, popcount(report.white.double_pushes),
              static_cast<unsigned long long>(nodes));
  return popcount(report.white.double_pushes) == 8 && nodes == 8902 && entry.passed[0] == 0 ? 0 : 1;
}
