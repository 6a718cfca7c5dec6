// A stand-in for Gigantua's Movemap.hpp, written for bench/perft_vs_gigantua.sh: the
// published Gigantua repository lists that header, but its snapshots lack the file (too
// large to be stored), so Gigantua cannot be built from them as they are. This file
// gives what Gigantua's sources ask of it (the inlining macros and the attack lookups
// that its Chess_Base.hpp selects, `Chess_Lookup::Lookup_Pext`), with the lookup
// Gigantua names as its fastest: one PEXT-indexed table read per slider attack. Written
// from the names its sources call, none of Gigantua's code; not part of pawnkit.
//
// Gigantua numbers squares rank * 8 + (7 - file); every table here is built from
// (row, column) steps, which a mirrored board leaves unchanged.
#pragma once

#include <immintrin.h>

#include <array>
#include <cstdint>

#define _ForceInline __attribute__((always_inline)) inline
#define _Inline inline
#define _NoInline __attribute__((noinline))
#define _Compiletime __attribute__((always_inline)) static constexpr
#define Bitcount(X) static_cast<std::uint64_t>(__builtin_popcountll(X))

namespace Chess_Lookup {
namespace shim {

using Table = std::array<std::uint64_t, 64>;
struct Step {
  int dr, dc;
};
constexpr Step rook_steps[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr Step bishop_steps[4] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

constexpr bool on_board(int r, int c) { return r >= 0 && r < 8 && c >= 0 && c < 8; }
constexpr std::uint64_t bit(int r, int c) { return std::uint64_t{1} << (r * 8 + c); }

// Squares reached from sq by the given steps, each repeated until the first occupied
// square (included) when `slide`, else once.
template <std::size_t N>
constexpr std::uint64_t reach(int sq, std::uint64_t occupied, const Step (&steps)[N], bool slide) {
  std::uint64_t b = 0;
  for (const Step& s : steps) {
    int r = sq / 8 + s.dr, c = sq % 8 + s.dc;
    while (on_board(r, c)) {
      b |= bit(r, c);
      if (!slide || (occupied & bit(r, c))) break;
      r += s.dr;
      c += s.dc;
    }
  }
  return b;
}

// The occupancy bits that can change a slider's attacks (edges of each ray left out).
template <std::size_t N>
constexpr std::uint64_t relevant(int sq, const Step (&steps)[N]) {
  std::uint64_t b = 0;
  for (const Step& s : steps)
    for (int r = sq / 8 + s.dr, c = sq % 8 + s.dc; on_board(r + s.dr, c + s.dc);
         r += s.dr, c += s.dc)
      b |= bit(r, c);
  return b;
}

constexpr Table leaper(std::initializer_list<Step> steps) {
  Table t{};
  for (int sq = 0; sq < 64; ++sq)
    for (const Step& s : steps)
      if (on_board(sq / 8 + s.dr, sq % 8 + s.dc)) t[sq] |= bit(sq / 8 + s.dr, sq % 8 + s.dc);
  return t;
}
inline constexpr Table king =
    leaper({{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
inline constexpr Table knight =
    leaper({{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});

// The PEXT table: per square its relevant mask and where its attack sets start.
struct Slot {
  std::uint64_t mask;
  std::uint32_t offset;
};
struct Sliders {
  Slot rook[64], bishop[64];
  std::uint64_t attacks[102400 + 5248];
  Sliders() {
    std::uint32_t offset = 0;
    fill(rook, rook_steps, offset);
    fill(bishop, bishop_steps, offset);
  }
  template <std::size_t N>
  void fill(Slot (&slots)[64], const Step (&steps)[N], std::uint32_t& offset) {
    for (int sq = 0; sq < 64; ++sq) {
      const std::uint64_t mask = relevant(sq, steps);
      slots[sq] = {mask, offset};
      std::uint64_t occ = 0;
      do {  // every subset of the mask
        attacks[offset + _pext_u64(occ, mask)] = reach(sq, occ, steps, true);
        occ = (occ - mask) & mask;
      } while (occ);
      offset += std::uint32_t{1} << __builtin_popcountll(mask);
    }
  }
};
inline const Sliders sliders;

// Lines through two aligned squares: the squares from `from` (excluded) towards `to`
// (included), and those beyond `to` on the same line.
struct Lines {
  std::uint64_t towards[64][64]{}, beyond[64][64]{};
  Lines() {
    const Step all[8] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (int from = 0; from < 64; ++from)
      for (const Step& s : all) {
        std::uint64_t path = 0;
        for (int r = from / 8 + s.dr, c = from % 8 + s.dc; on_board(r, c); r += s.dr, c += s.dc) {
          path |= bit(r, c);
          towards[from][r * 8 + c] = path;
          // Behind `from`, looking away from (r, c).
          std::uint64_t back = 0;
          for (int br = from / 8 - s.dr, bc = from % 8 - s.dc; on_board(br, bc);
               br -= s.dr, bc -= s.dc)
            back |= bit(br, bc);
          beyond[from][r * 8 + c] = back;
        }
      }
  }
};
inline const Lines lines;

inline std::array<std::uint64_t, 64 * 64> flatten(const std::uint64_t (&t)[64][64]) {
  std::array<std::uint64_t, 64 * 64> out{};
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b) out[a * 64 + b] = t[a][b];
  return out;
}

}  // namespace shim

// [king * 64 + slider]: from the slider (included) to the king (excluded): the squares
// that stop a check or hold a pin.
inline const std::array<std::uint64_t, 64 * 64> PinBetween = shim::flatten(shim::lines.towards);
// [king * 64 + slider]: the squares behind the king, seen from the checking slider,
// where the king cannot step away along the line of the check.
inline const std::array<std::uint64_t, 64 * 64> CheckBetween = shim::flatten(shim::lines.beyond);
inline constexpr shim::Table RookMask = [] {
  shim::Table t{};
  for (int sq = 0; sq < 64; ++sq) t[sq] = shim::reach(sq, 0, shim::rook_steps, true);
  return t;
}();
inline constexpr shim::Table BishopMask = [] {
  shim::Table t{};
  for (int sq = 0; sq < 64; ++sq) t[sq] = shim::reach(sq, 0, shim::bishop_steps, true);
  return t;
}();

namespace Lookup_Pext {
_ForceInline std::uint64_t Rook(std::uint64_t sq, std::uint64_t occ) {
  const shim::Slot& s = shim::sliders.rook[sq];
  return shim::sliders.attacks[s.offset + _pext_u64(occ, s.mask)];
}
_ForceInline std::uint64_t Bishop(std::uint64_t sq, std::uint64_t occ) {
  const shim::Slot& s = shim::sliders.bishop[sq];
  return shim::sliders.attacks[s.offset + _pext_u64(occ, s.mask)];
}
_ForceInline std::uint64_t Queen(std::uint64_t sq, std::uint64_t occ) {
  return Rook(sq, occ) | Bishop(sq, occ);
}
_ForceInline std::uint64_t King(std::uint64_t sq) { return shim::king[sq]; }
_ForceInline std::uint64_t Knight(std::uint64_t sq) { return shim::knight[sq]; }
// The squares a slider on sq would reach with the first piece on each of its rays gone.
_ForceInline std::uint64_t Rook_Xray(std::uint64_t sq, std::uint64_t occ) {
  const std::uint64_t first = Rook(sq, occ);
  return first ^ Rook(sq, occ & ~first);
}
_ForceInline std::uint64_t Bishop_Xray(std::uint64_t sq, std::uint64_t occ) {
  const std::uint64_t first = Bishop(sq, occ);
  return first ^ Bishop(sq, occ & ~first);
}
}  // namespace Lookup_Pext
}  // namespace Chess_Lookup
