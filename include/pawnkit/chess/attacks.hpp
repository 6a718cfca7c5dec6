// Attack sets of every piece: leaper tables and rays computed at compile time, sliding
// attacks through PEXT (BMI2) or, without BMI2, magic multiplication with the fixed magic
// numbers below. Both schemes index the same per-square table layout, whose entries are
// computed on first use ray by ray with a bit scan per ray (nothing runs at start-up;
// docs/engine.md gives the start-up time). Perft, which runs long, reads a second copy
// filled whole when it starts (fill_slider_table(), SlidersFilled).
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
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

// Builds a 64-entry table at compile time: table[s] = f(s).
template <class F>
constexpr std::array<Bitboard, 64> per_square(F f) {
  std::array<Bitboard, 64> t{};
  for (std::size_t s = 0; s < 64; ++s) t[s] = f(Square(s));
  return t;
}

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

// The two sliders, as the first index of the per-slider tables below.
enum class Slider : std::uint8_t { Rook, Bishop };
inline constexpr std::array<std::array<std::array<int, 2>, 4>, 2> slider_directions{
    rook_directions, bishop_directions};
constexpr const std::array<std::array<int, 2>, 4>& directions_of(Slider slider) {
  return slider_directions[static_cast<std::size_t>(slider)];
}

// Slider attacks by walking each ray until the first blocker (inclusive). The slow,
// obviously correct reference the tests hold the fast tables to.
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
inline constexpr std::array<Bitboard, 64> empty_board_bishop_rays =
    per_square([](Square s) { return ray_attacks(s, 0, bishop_directions); });
inline constexpr std::array<Bitboard, 64> empty_board_rook_rays =
    per_square([](Square s) { return ray_attacks(s, 0, rook_directions); });

inline constexpr std::array<Bitboard, 64> knight_table = per_square([](Square s) {
  return step_targets(s, {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
});

inline constexpr std::array<Bitboard, 64> king_table = per_square([](Square s) {
  return step_targets(s, {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}});
});

// pawn_table[color][s]: squares a pawn of that color on s attacks (the pawn core's
// set-wise attacks applied to one pawn).
inline constexpr std::array<std::array<Bitboard, 64>, 2> pawn_table = {
    per_square([](Square s) { return pawn_attacks<White>(square_bb(s)); }),
    per_square([](Square s) { return pawn_attacks<Black>(square_bb(s)); })};

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
  for (std::size_t a = 0; a < 64; ++a) {
    const int af = file_of(Square(a)), ar = rank_of(Square(a));
    for (auto [df, dr] : dirs) {
      Bitboard path = 0;
      int f = af + df, r = ar + dr;
      // The full line: walk both ways from a.
      Bitboard full = square_bb(Square(a));
      for (int k = 1; k < 8; ++k) {
        const int f1 = af + df * k, r1 = ar + dr * k;
        const int f2 = af - df * k, r2 = ar - dr * k;
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

// Magic numbers for the tables without PEXT, one per slider and square (a1 first): multiplying a
// square's relevant occupancy by its magic and keeping the top `bits` bits gives an index
// under which no two occupancies with different attack sets meet. They were found once by
// a search over sparse random numbers (xorshift64* from the seed 0x9E3779B97F4A7C15);
// tests/attacks_fallback_test.cpp checks every occupancy of every square against the ray
// walk, so a harmful collision would show there. (A scan for repeated code sees the rook
// and bishop rows as one shape: they are data.)
inline constexpr std::array<std::array<Bitboard, 64>, 2> slider_magics{
    {// Rook
     {0x1080004008801020, 0x0840092002C03000, 0x1900200010400900, 0x0880100008000480,
      0x4200100420080200, 0x8100020100080400, 0x0200040110886200, 0x0200008040220411,
      0x0404800084400220, 0x0000401000402000, 0x0086001081220440, 0x0408800800100280,
      0x000A001201040820, 0x8848800200840080, 0x4001000100040200, 0x0442000102105084,
      0x9080010020804100, 0x0040404000201009, 0x0000808010002009, 0x2200090021D00100,
      0x0008008008040080, 0x0004004002010040, 0x0011040008015042, 0x00000A0001768104,
      0x0000800080204009, 0x2010004140002001, 0x9800200280100080, 0x1000100080080080,
      0x0442000A00049020, 0x2100040080020080, 0x0800120400900148, 0x0010040A00128541,
      0x2800804000800030, 0x1010002000400041, 0x4000200011004100, 0x0610008410800800,
      0x0400802402800800, 0xC100020080800400, 0x0002000802000401, 0x0182085882000401,
      0x0220204000808000, 0x2860100040024022, 0x0001002004110040, 0x99101042000A0020,
      0x0004080004008080, 0x0010040002008080, 0x2012004881020004, 0x8300842444820011,
      0x0088403882010200, 0x0820400080210100, 0x0110910040A00300, 0x0801100280080480,
      0x0242009008200600, 0x1002000489500200, 0x0040800200010080, 0x0091800041000080,
      0x0000209300488001, 0x04C1002414824001, 0x020020000B001041, 0x7000100004200901,
      0x8002002004100802, 0x30010002084C0007, 0x0888221800813004, 0x4000002840840112},
     // Bishop
     {0x10102002004A1420, 0x8020040400584008, 0x10510800811201C8, 0x5204042080000088,
      0x2204106880000002, 0x1401042004000000, 0x0400880410042004, 0x0028208200A02020,
      0x1500241990010E00, 0x8001200182020A40, 0x40004101030B0000, 0x8002041042000100,
      0x4010011041020038, 0x0000010421044000, 0x1500210808020A00, 0x8000088400880520,
      0x0405004010040100, 0x1005823210040108, 0x2708008102040011, 0x4048200404009100,
      0x0018104101400024, 0x0003000601190101, 0x8004803108491000, 0x8014241200820800,
      0x0006E080100C3040, 0x0501044A11041800, 0x9020300008004045, 0x0894080000220040,
      0x1001010083104000, 0x5004030040900080, 0x000400422C012400, 0x0002128698404812,
      0x1010108404900440, 0x0928021182084100, 0x2006080409020024, 0x1010202020180080,
      0xA010008200202200, 0x2098015100019004, 0x0002041440810811, 0x802A02020000B098,
      0x0009015090004060, 0x4000821082081001, 0x0100210040420800, 0x0800004010488A00,
      0x2000081104004040, 0x4C8E029015000082, 0x0420340322224842, 0x1298260043400210,
      0x0000822802400008, 0x00008A0101600000, 0x3040003412080021, 0x3040290220884800,
      0x4A1500401041004A, 0x8010200282020781, 0x0020203142209091, 0x0070300600902110,
      0x0040808800B62048, 0x0000810400C44420, 0x00080400440C0441, 0x8340080020840411,
      0x0000000104208200, 0x0000800810D00080, 0x0400530411080200, 0x4040702400932244}}};

// rays[slider][i][s]: the squares from s (excluded) to the board edge along the slider's
// i-th direction.
inline constexpr auto slider_rays = [] {
  std::array<std::array<std::array<Bitboard, 64>, 4>, 2> rays{};
  for (std::size_t slider = 0; slider < 2; ++slider)
    for (std::size_t i = 0; i < 4; ++i) {
      const auto [df, dr] = slider_directions[slider][i];
      for (std::size_t s = 0; s < 64; ++s)
        for (int f = file_of(Square(s)) + df, r = rank_of(Square(s)) + dr;
             f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr)
          rays[slider][i][s] |= square_bb(make_square(f, r));
    }
  return rays;
}();

// The attack set ray_attacks() walks to, computed ray by ray without the walk: a ray going
// up the board (towards h8) ends at its lowest occupied square, which b ^ (b - 1) keeps
// with the squares below it (all of them when the ray is clear); a ray going down ends at
// its highest, kept with the squares above it by a shift (a1 stands in as the blocker of
// a clear ray).
template <Slider S>
constexpr Bitboard sliding_attacks(Square s, Bitboard occupied) {
  constexpr auto& rays = slider_rays[static_cast<std::size_t>(S)];
  Bitboard attacks = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    const auto [df, dr] = directions_of(S)[i];
    const Bitboard ray = rays[i][s], blockers = ray & occupied;
    if (dr > 0 || (dr == 0 && df > 0))
      attacks |= ray & (blockers ^ (blockers - 1));
    else
      attacks |= ray & (~Bitboard{0} << msb(blockers | 1));
  }
  return attacks;
}
static_assert(sliding_attacks<Slider::Rook>(D4, square_bb(D6) | square_bb(B4)) ==
              ray_attacks(D4, square_bb(D6) | square_bb(B4), rook_directions));
static_assert(sliding_attacks<Slider::Bishop>(H8, 0) == ray_attacks(H8, 0, bishop_directions));

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

// Where each square's attack sets sit in the shared table: its relevant mask, magic, shift
// and offset, computed at compile time (rooks first, then bishops).
inline constexpr auto slider_squares = [] {
  std::array<std::array<SliderSquare, 64>, 2> squares{};
  std::uint32_t offset = 0;
  for (std::size_t slider = 0; slider < 2; ++slider)
    for (std::size_t s = 0; s < 64; ++s) {
      SliderSquare& sq = squares[slider][s];
      sq.mask = relevant_mask(Square(s), slider_directions[slider]);
      sq.magic = slider_magics[slider][s];
      const int bits = popcount(sq.mask);
      sq.shift = static_cast<std::uint8_t>(64 - bits);
      sq.offset = offset;
      offset += std::uint32_t{1} << bits;
    }
  return squares;
}();
static_assert(slider_squares[1][63].offset +
                  (std::size_t{1} << (64 - slider_squares[1][63].shift)) ==
              rook_table_size + bishop_table_size);

// The attack sets of both sliders. An entry is computed by the ray walk the first time it
// is asked for and kept (0 marks one not computed yet: a slider always attacks something),
// so nothing runs at start-up and a program touches only the pages it uses: filling all
// 840 KB before main() cost a short-lived program about 4 ms, mostly page faults. Relaxed
// atomic accesses (plain loads and stores on x86-64) let threads fill entries
// concurrently: they can only ever write the same value.
struct SliderTable {
  std::array<Bitboard, rook_table_size + bishop_table_size> attacks{};

  template <Slider S>
  Bitboard attacks_from(Square s, Bitboard occupied) {
    const SliderSquare& sq = slider_squares[static_cast<std::size_t>(S)][s];
    Bitboard& slot = attacks[slider_index(sq, occupied)];
#ifdef __cpp_lib_atomic_ref
    const std::atomic_ref<Bitboard> entry(slot);
    Bitboard a = entry.load(std::memory_order_relaxed);
#else  // older standard libraries (emscripten 3.1's libc++): the compiler's own builtins
    Bitboard a = __atomic_load_n(&slot, __ATOMIC_RELAXED);
#endif
    if (a == 0) [[unlikely]] {
      a = sliding_attacks<S>(s, occupied);
#ifdef __cpp_lib_atomic_ref
      entry.store(a, std::memory_order_relaxed);
#else
      __atomic_store_n(&slot, a, __ATOMIC_RELAXED);
#endif
    }
    return a;
  }
};

// Zero-initialized at compile time (no constructor runs), so slider attacks work from any
// static initializer too.
inline SliderTable slider_table;

// A second table of the same layout for long runs such as perft: filled whole, once, by
// fill_slider_table(), and only read after that, so its reads are plain loads, without the
// test of the entry and scheduled freely by the compiler (the on-demand table's atomic
// loads are not). Until then it is 840 KB of zeros in .bss, of which no page is touched.
inline std::array<Bitboard, rook_table_size + bishop_table_size> full_slider_table{};

// Computes every entry of the table (each square's occupancies enumerated by the
// carry-rippler trick).
template <Slider S>
void fill_slider_attacks(std::array<Bitboard, rook_table_size + bishop_table_size>& table) {
  for (std::size_t s = 0; s < 64; ++s) {
    const SliderSquare& sq = slider_squares[static_cast<std::size_t>(S)][s];
    Bitboard occupied = 0;
    do {
      table[slider_index(sq, occupied)] = sliding_attacks<S>(Square(s), occupied);
      occupied = (occupied - sq.mask) & sq.mask;
    } while (occupied);
  }
}

template <Slider S>
Bitboard full_table_attacks(Square s, Bitboard occupied) {
  return full_slider_table[slider_index(slider_squares[static_cast<std::size_t>(S)][s], occupied)];
}

}  // namespace PAWNKIT_SLIDER_NAMESPACE
}  // namespace detail

constexpr Bitboard knight_attacks(Square s) { return detail::knight_table[s]; }
constexpr Bitboard king_attacks(Square s) { return detail::king_table[s]; }
// Squares a pawn of color c on s attacks.
constexpr Bitboard pawn_attacks_from(Color c, Square s) { return detail::pawn_table[index(c)][s]; }

// What a bishop or rook on s attacks on an empty board.
constexpr Bitboard bishop_rays(Square s) { return detail::empty_board_bishop_rays[s]; }
constexpr Bitboard rook_rays(Square s) { return detail::empty_board_rook_rays[s]; }

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  return detail::slider_table.attacks_from<detail::Slider::Rook>(s, occupied);
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return detail::slider_table.attacks_from<detail::Slider::Bishop>(s, occupied);
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}

// Fills the full slider table (detail::full_slider_table), once per program: later calls
// return at once, and threads that call it together wait for the one that fills (a
// function-local static). It costs about 4 ms, mostly page faults, which only a long run
// such as a deep perft wins back.
inline void fill_slider_table() {
  static const bool filled = [] {
    detail::fill_slider_attacks<detail::Slider::Rook>(detail::full_slider_table);
    detail::fill_slider_attacks<detail::Slider::Bishop>(detail::full_slider_table);
    return true;
  }();
  (void)filled;
}

// How the move generator looks slider attacks up (its template parameter): SlidersOnDemand
// through the functions above, each lookup testing its entry of the on-demand table;
// SlidersFilled straight from the full table, for code that has called
// fill_slider_table() first (perft, 5-10 % faster so).
struct SlidersOnDemand {
  static Bitboard rook(Square s, Bitboard occupied) { return rook_attacks(s, occupied); }
  static Bitboard bishop(Square s, Bitboard occupied) { return bishop_attacks(s, occupied); }
};
struct SlidersFilled {
  static Bitboard rook(Square s, Bitboard occupied) {
    return detail::full_table_attacks<detail::Slider::Rook>(s, occupied);
  }
  static Bitboard bishop(Square s, Bitboard occupied) {
    return detail::full_table_attacks<detail::Slider::Bishop>(s, occupied);
  }
};

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
static_assert(line_bb(C1, C5) == file_bb(File::C));
static_assert(popcount(bishop_rays(A1)) == 7 && popcount(rook_rays(D4)) == 14);

}  // namespace pawnkit
