// Attack sets of every piece: leaper tables and rays computed at compile time, sliding
// attacks through PEXT (BMI2) or, without BMI2, magic multiplication with magics found
// at start-up from a fixed seed. Both schemes index the same per-square table layout.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <pawnkit/bitboard.hpp>
#include <pawnkit/pawns/moves.hpp>

#if defined(__BMI2__) && !defined(PAWNKIT_NO_PEXT)
#include <immintrin.h>
#define PAWNKIT_USE_PEXT 1
#define PAWNKIT_SLIDER_NAMESPACE sliders_pext
#else
#define PAWNKIT_USE_PEXT 0
#define PAWNKIT_SLIDER_NAMESPACE sliders_magic
#endif

namespace pawnkit {

// True when sliding attacks use the PEXT instruction, false for the magic fallback.
inline constexpr bool uses_pext = PAWNKIT_USE_PEXT;

namespace detail {

// Squares reached from s by single steps (df, dr); used to build the leaper tables.
constexpr Bitboard step_targets(Square s, std::initializer_list<std::array<int, 2>> steps) {
  Bitboard b = 0;
  for (auto [df, dr] : steps) {
    const int f = file_of(s) + df, r = rank_of(s) + dr;
    if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= square_bb(make_square(f, r));
  }
  return b;
}

inline constexpr std::array<std::array<int, 2>, 4> rook_directions{
    {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
inline constexpr std::array<std::array<int, 2>, 4> bishop_directions{
    {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}};

// Slider attacks by walking each ray until the first blocker (inclusive). The slow,
// obviously correct reference that fills the fast tables.
constexpr Bitboard ray_attacks(Square s, Bitboard occupied,
                               const std::array<std::array<int, 2>, 4>& directions) {
  Bitboard b = 0;
  for (auto [df, dr] : directions) {
    int f = file_of(s) + df, r = rank_of(s) + dr;
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      const Bitboard t = square_bb(make_square(f, r));
      b |= t;
      if (occupied & t) break;
      f += df;
      r += dr;
    }
  }
  return b;
}

// Slider attacks on an empty board: a cheap test for whether a slider could attack at all.
inline constexpr std::array<std::array<Bitboard, 64>, 2> empty_board_rays = [] {
  std::array<std::array<Bitboard, 64>, 2> t{};
  for (int s = 0; s < 64; ++s) {
    t[0][s] = ray_attacks(Square(s), 0, bishop_directions);
    t[1][s] = ray_attacks(Square(s), 0, rook_directions);
  }
  return t;
}();

inline constexpr std::array<Bitboard, 64> knight_table = [] {
  std::array<Bitboard, 64> t{};
  for (int s = 0; s < 64; ++s)
    t[s] = step_targets(Square(s),
                        {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
  return t;
}();

inline constexpr std::array<Bitboard, 64> king_table = [] {
  std::array<Bitboard, 64> t{};
  for (int s = 0; s < 64; ++s)
    t[s] = step_targets(Square(s),
                        {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
  return t;
}();

// pawn_table[color][s]: squares a pawn of that color on s attacks (the pawn core's
// set-wise attacks applied to one pawn).
inline constexpr std::array<std::array<Bitboard, 64>, 2> pawn_table = [] {
  std::array<std::array<Bitboard, 64>, 2> t{};
  for (int s = 0; s < 64; ++s) {
    t[0][s] = pawn_attacks<White>(square_bb(Square(s)));
    t[1][s] = pawn_attacks<Black>(square_bb(Square(s)));
  }
  return t;
}();

// between[a][b]: squares strictly between a and b on a shared line, else 0.
// line[a][b]: the whole line through a and b (edge to edge), else 0.
struct LineTables {
  std::array<std::array<Bitboard, 64>, 64> between{};
  std::array<std::array<Bitboard, 64>, 64> line{};
};
inline constexpr LineTables line_tables = [] {
  LineTables t;
  constexpr std::array<std::array<int, 2>, 8> dirs{
      {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}};
  for (int a = 0; a < 64; ++a) {
    for (auto [df, dr] : dirs) {
      Bitboard path = 0;
      int f = (a & 7) + df, r = (a >> 3) + dr;
      // The full line: walk both ways from a.
      Bitboard full = square_bb(Square(a));
      for (int k = 1; k < 8; ++k) {
        const int f1 = (a & 7) + df * k, r1 = (a >> 3) + dr * k;
        const int f2 = (a & 7) - df * k, r2 = (a >> 3) - dr * k;
        if (f1 >= 0 && f1 < 8 && r1 >= 0 && r1 < 8) full |= square_bb(make_square(f1, r1));
        if (f2 >= 0 && f2 < 8 && r2 >= 0 && r2 < 8) full |= square_bb(make_square(f2, r2));
      }
      while (f >= 0 && f < 8 && r >= 0 && r < 8) {
        const Square b = make_square(f, r);
        t.between[a][b] = path;
        t.line[a][b] = full;
        path |= square_bb(b);
        f += df;
        r += dr;
      }
    }
  }
  return t;
}();

// Relevant occupancy: the ray squares whose occupancy can change the attack set
// (ray ends on the board edge are never relevant).
constexpr Bitboard relevant_mask(Square s, const std::array<std::array<int, 2>, 4>& directions) {
  Bitboard b = 0;
  for (auto [df, dr] : directions) {
    int f = file_of(s) + df, r = rank_of(s) + dr;
    while (f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8) {
      b |= square_bb(make_square(f, r));
      f += df;
      r += dr;
    }
  }
  return b;
}

// The two table schemes live in differently named inline namespaces, so a program whose
// translation units disagree on PEXT (e.g. a test forcing the fallback) gets two
// distinct tables instead of an ODR clash.
inline namespace PAWNKIT_SLIDER_NAMESPACE {

// One square's entry in a slider table: its relevant mask, the magic (unused with PEXT)
// and where its attack sets start in the shared array.
struct SliderSquare {
  Bitboard mask = 0;
  Bitboard magic = 0;
  std::uint32_t offset = 0;
  std::uint8_t shift = 0;
};

inline constexpr std::size_t rook_table_size = 102400;  // sum over squares of 2^bits
inline constexpr std::size_t bishop_table_size = 5248;

// Index of the attack set for occupancy `occupied` within the square's slice.
inline std::size_t slider_index(const SliderSquare& sq, Bitboard occupied) {
#if PAWNKIT_USE_PEXT
  return sq.offset + _pext_u64(occupied, sq.mask);
#else
  return sq.offset + static_cast<std::size_t>(((occupied & sq.mask) * sq.magic) >> sq.shift);
#endif
}

// Both slider tables, filled once at program start (const afterwards).
struct SliderTables {
  std::array<SliderSquare, 64> rook{};
  std::array<SliderSquare, 64> bishop{};
  std::array<Bitboard, rook_table_size + bishop_table_size> attacks{};

  SliderTables() {
    std::uint32_t offset = 0;
    fill(rook, rook_directions, offset);
    fill(bishop, bishop_directions, offset);
  }

 private:
  // Enumerates every subset of each square's mask (carry-rippler), finds a magic when
  // PEXT is unavailable, and stores the reference attack set at its index.
  void fill(std::array<SliderSquare, 64>& table,
            const std::array<std::array<int, 2>, 4>& directions, std::uint32_t& offset) {
    std::array<Bitboard, 4096> occupancy{}, reference{};
    [[maybe_unused]] std::uint64_t seed =
        0x9E3779B97F4A7C15ULL;  // fixed: the magics are reproducible
    for (int s = 0; s < 64; ++s) {
      SliderSquare& sq = table[s];
      sq.mask = relevant_mask(Square(s), directions);
      const int bits = popcount(sq.mask);
      sq.shift = static_cast<std::uint8_t>(64 - bits);
      sq.offset = offset;
      const std::size_t size = std::size_t{1} << bits;
      std::size_t n = 0;
      Bitboard subset = 0;
      do {
        occupancy[n] = subset;
        reference[n] = ray_attacks(Square(s), subset, directions);
        ++n;
        subset = (subset - sq.mask) & sq.mask;
      } while (subset != 0);
#if PAWNKIT_USE_PEXT
      for (std::size_t i = 0; i < n; ++i) attacks[slider_index(sq, occupancy[i])] = reference[i];
#else
      // Try sparse random candidates until no two occupancies with different attack
      // sets share an index. `epoch` marks which slots the current attempt has written.
      std::array<std::uint32_t, 4096> epoch{};
      for (std::uint32_t attempt = 1;; ++attempt) {
        sq.magic = next(seed) & next(seed) & next(seed);
        if (popcount((sq.mask * sq.magic) >> 56) < 6) continue;
        bool ok = true;
        for (std::size_t i = 0; i < n && ok; ++i) {
          const std::size_t idx = slider_index(sq, occupancy[i]) - sq.offset;
          if (epoch[idx] != attempt) {
            epoch[idx] = attempt;
            attacks[sq.offset + idx] = reference[i];
          } else if (attacks[sq.offset + idx] != reference[i]) {
            ok = false;
          }
        }
        if (ok) break;
      }
#endif
      offset += static_cast<std::uint32_t>(size);
    }
  }

  // xorshift64*: a small deterministic generator for magic candidates.
  static std::uint64_t next(std::uint64_t& s) {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
};

// Dynamic initialization before main(): slider attacks must not be used from static
// initializers of other translation units (the order between them is unspecified).
inline const SliderTables slider_tables{};

}  // namespace PAWNKIT_SLIDER_NAMESPACE
}  // namespace detail

constexpr Bitboard knight_attacks(Square s) { return detail::knight_table[s]; }
constexpr Bitboard king_attacks(Square s) { return detail::king_table[s]; }
// Squares a pawn of color c on s attacks.
constexpr Bitboard pawn_attacks_from(Color c, Square s) { return detail::pawn_table[index(c)][s]; }

// What a bishop or rook on s attacks on an empty board.
constexpr Bitboard bishop_rays(Square s) { return detail::empty_board_rays[0][s]; }
constexpr Bitboard rook_rays(Square s) { return detail::empty_board_rays[1][s]; }

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  return detail::slider_tables
      .attacks[detail::slider_index(detail::slider_tables.rook[s], occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return detail::slider_tables
      .attacks[detail::slider_index(detail::slider_tables.bishop[s], occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}

// Squares strictly between a and b when they share a rank, file or diagonal, else 0.
constexpr Bitboard between_bb(Square a, Square b) { return detail::line_tables.between[a][b]; }
// The full line through a and b when they are aligned, else 0.
constexpr Bitboard line_bb(Square a, Square b) { return detail::line_tables.line[a][b]; }

static_assert(popcount(knight_attacks(B1)) == 3 && popcount(knight_attacks(D4)) == 8);
static_assert(popcount(king_attacks(A1)) == 3 && popcount(king_attacks(E4)) == 8);
static_assert(pawn_attacks_from(White, A2) == square_bb(B3));
static_assert(pawn_attacks_from(Black, E5) == (square_bb(D4) | square_bb(F4)));
static_assert(between_bb(A1, D4) == (square_bb(B2) | square_bb(C3)));
static_assert(between_bb(A1, B3) == 0 && line_bb(A1, B3) == 0);
static_assert(line_bb(C1, C5) == file_bb(2));
static_assert(popcount(bishop_rays(A1)) == 7 && popcount(rook_rays(D4)) == 14);

}  // namespace pawnkit
