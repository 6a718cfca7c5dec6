// Set-wise attacks of all the knights or sliders of a side at once, one direction per
// vector lane, with no table lookup and no loop over pieces: perft's last ply counts
// moves with them (chess/perft_count.hpp).
//
// Each of the eight lanes of a 512-bit vector holds one direction: the eight knight jumps,
// or the four rook and four bishop directions. A step in a direction is a rotation of the
// bitboard by the step (mod 64) and a mask of the squares that step can land on, which
// drops what left the board or wrapped round a file edge. Sliders advance with a
// Kogge-Stone fill (three doubling steps through the empty squares).
//
// Why per direction: in one direction, the squares reached by different pieces never meet
// (a knight jump moves each knight to its own square; a slider's ray stops at the first
// piece, where the next slider's ray begins), so the popcounts of the lanes add up to the
// number of moves, as one popcount per piece would.
//
// The lanes are a GCC/Clang vector type held in one AVX-512 register (a rotation and a
// popcount per lane are one instruction each). Only with AVX-512 (and its vector popcount)
// is this faster than the slider tables: built for AVX2 alone, with each vector split
// in two, perft took 2.5 times as long. PAWNKIT_SETWISE says whether perft uses it (define
// PAWNKIT_NO_SETWISE to test the other path).
#pragma once

#include "pawnkit/version.hpp"  // first: the C++20 check

#include <array>
#include <cstddef>
#include <cstdint>
#include <pawnkit/bitboard.hpp>
#include <pawnkit/chess/attacks.hpp>

#if defined(__GNUC__) && defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__) && \
    !defined(PAWNKIT_NO_SETWISE)
#define PAWNKIT_SETWISE 1
#else
#define PAWNKIT_SETWISE 0
#endif

#if PAWNKIT_SETWISE
#include <immintrin.h>

namespace pawnkit::detail::setwise {

// Eight bitboards, one per direction.
using Lanes = Bitboard __attribute__((vector_size(64)));

struct Step {
  int file, rank;
};
// Knight jumps; then the rook directions (lanes 0-3) and the bishop ones (lanes 4-7).
inline constexpr std::array<Step, 8> knight_steps{
    {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
inline constexpr std::array<Step, 8> slider_steps{
    {{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}}};

// The rotation that makes a step of `times` times `step` (mod 64, so never 0 here).
constexpr Bitboard rotation(Step step, int times) {
  return static_cast<Bitboard>((times * (step.rank * 8 + step.file)) & 63);
}
// The squares a step lands on from some square without leaving the board.
constexpr Bitboard landing_squares(Step step) {
  Bitboard b = 0;
  for (std::size_t s = 0; s < 64; ++s) b |= step_targets(Square(s), {{step.file, step.rank}});
  return b;
}

// Per-lane constants of eight steps: rotations by one, two and four steps, and landings.
struct StepLanes {
  Lanes one, two, four, lands;
};
constexpr StepLanes step_lanes(const std::array<Step, 8>& s) {
  const auto each = [&s](auto f) {
    return Lanes{f(s[0]), f(s[1]), f(s[2]), f(s[3]), f(s[4]), f(s[5]), f(s[6]), f(s[7])};
  };
  return {each([](Step x) { return rotation(x, 1); }), each([](Step x) { return rotation(x, 2); }),
          each([](Step x) { return rotation(x, 4); }), each(landing_squares)};
}
inline constexpr StepLanes knight_lanes = step_lanes(knight_steps);
inline constexpr StepLanes slider_lanes = step_lanes(slider_steps);

inline Lanes broadcast(Bitboard b) { return Lanes{b, b, b, b, b, b, b, b}; }
// Each lane rotated left by its amount (1 to 63). The masked form, all lanes selected:
// GCC 12 warns about the unmasked one's undefined source.
inline Lanes rotate(Lanes v, Lanes amount) {
  const auto w = reinterpret_cast<__m512i>(v);
  return reinterpret_cast<Lanes>(
      _mm512_mask_rolv_epi64(w, 0xFF, w, reinterpret_cast<__m512i>(amount)));
}

// The number of squares in each lane.
inline Lanes popcounts(Lanes v) {
  Lanes n;
  for (std::size_t i = 0; i < 8; ++i) n[i] = static_cast<Bitboard>(popcount(v[i]));
  return n;
}
inline std::uint64_t sum_of(Lanes v) {
  std::uint64_t n = 0;
  for (std::size_t i = 0; i < 8; ++i) n += v[i];
  return n;
}
inline std::uint64_t popcount_sum(Lanes v) { return sum_of(popcounts(v)); }
inline Bitboard union_of(Lanes v) {
  Bitboard b = 0;
  for (std::size_t i = 0; i < 8; ++i) b |= v[i];
  return b;
}

// The squares the knights attack, by jump.
inline Lanes knight_jumps(Bitboard knights) {
  return rotate(broadcast(knights), knight_lanes.one) & knight_lanes.lands;
}

// The squares the rooks and queens (`orth`) and bishops and queens (`diag`) attack, by
// direction, each ray up to and including the first occupied square.
inline Lanes slider_rays(Bitboard orth, Bitboard diag, Bitboard occupied) {
  const StepLanes& s = slider_lanes;
  Lanes gen = Lanes{orth, orth, orth, orth, diag, diag, diag, diag};
  Lanes pro = broadcast(~occupied) & s.lands;  // the empty squares each step can enter
  gen |= pro & rotate(gen, s.one);
  pro &= rotate(pro, s.one);
  gen |= pro & rotate(gen, s.two);
  pro &= rotate(pro, s.two);
  gen |= pro & rotate(gen, s.four);
  return rotate(gen, s.one) & s.lands;
}

}  // namespace pawnkit::detail::setwise
#endif
