// The pawn evaluation of pawn_eval.hpp computed pawn by pawn, the way a classical engine's
// loop reads (Stockfish's among them): for each pawn, look up masks around its square
// and decide which terms apply. It shares no code with pawn_terms.hpp or the pawn
// headers, so the tests can hold the set-wise version to it, and the benchmark measures
// the two side by side. The extended terms (extended_terms.hpp) are counted the same way.
#pragma once

#include <array>
#include <cstddef>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/chess/position.hpp"
#include "pawnkit/eval/extended_terms.hpp"
#include "pawnkit/eval/pawn_eval.hpp"
#include "pawnkit/eval/pawn_weights.hpp"
#include "pawnkit/eval/score.hpp"

namespace pawnkit::eval::reference {

namespace detail {

// Per-square masks, built by walking the board one square at a time.
struct Masks {
  std::array<Bitboard, 8> rank{};
  std::array<Bitboard, 8> neighbor_files{};                // both neighbouring files
  std::array<std::array<Bitboard, 64>, 2> forward_file{};  // [colour][square], strictly ahead
  std::array<std::array<Bitboard, 64>, 2> pawn_attack{};   // [colour][square]
  std::array<std::array<Bitboard, 8>, 2> ranks_ahead{};    // [colour][rank], strictly ahead
};

inline constexpr Masks masks = [] {
  Masks m;
  const auto bit = [](int file, int rank) { return Bitboard{1} << (8 * rank + file); };
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f) {
      m.rank[std::size_t(r)] |= bit(f, r);
      if (f > 0) m.neighbor_files[std::size_t(f)] |= bit(f - 1, r);
      if (f < 7) m.neighbor_files[std::size_t(f)] |= bit(f + 1, r);
    }
  for (int c = 0; c < 2; ++c) {
    const int up = c == 0 ? 1 : -1;
    for (int s = 0; s < 64; ++s) {
      const int f = s % 8, r = s / 8;
      const auto cs = std::size_t(c), ss = std::size_t(s);
      for (int rr = r + up; rr >= 0 && rr < 8; rr += up) m.forward_file[cs][ss] |= bit(f, rr);
      if (r + up >= 0 && r + up < 8) {
        if (f > 0) m.pawn_attack[cs][ss] |= bit(f - 1, r + up);
        if (f < 7) m.pawn_attack[cs][ss] |= bit(f + 1, r + up);
      }
    }
    for (int r = 0; r < 8; ++r)
      for (int rr = r + up; rr >= 0 && rr < 8; rr += up)
        m.ranks_ahead[std::size_t(c)][std::size_t(r)] |= m.rank[std::size_t(rr)];
  }
  return m;
}();

}  // namespace detail

// The extended terms of extended_terms.hpp, pawn by pawn.
// The counts of side C: `occupied` is every piece and pawn, `enemy_attacks` every square
// the enemy attacks. With `with_pieces` false, the pawn-only terms alone.
template <Color C>
constexpr ExtendedCounts count_extended_terms(Bitboard own, Bitboard enemy, Bitboard occupied,
                                              Bitboard enemy_attacks, bool with_pieces = true) {
  using detail::masks;
  constexpr std::size_t us = C == White ? 0 : 1;
  constexpr int up = C == White ? 8 : -8;
  const Bitboard pieces_not_pawns = occupied & ~(own | enemy);
  ExtendedCounts n{};
  for (Bitboard b = own; b; b &= b - 1) {
    const int s = std::countr_zero(b), f = s % 8, r = s / 8;
    const int rank = C == White ? r : 7 - r;
    const int stop = s + up;
    const Bitboard stop_bit = stop >= 0 && stop < 64 ? Bitboard{1} << stop : 0;
    const auto ss = std::size_t(s);
    const Bitboard beside_files = masks.neighbor_files[std::size_t(f)];

    const Bitboard neighbours = own & beside_files;
    const bool opposed = enemy & masks.forward_file[us][ss];
    // Enemy pawns in front on a neighbouring file, own pawns beside or behind on one.
    const Bitboard sentries = enemy & beside_files & masks.ranks_ahead[us][std::size_t(r)];
    const Bitboard helpers = neighbours & ~masks.ranks_ahead[us][std::size_t(r)];
    const bool passed = !opposed && !sentries;
    const bool stop_fixed =
        stop_bit && ((enemy & stop_bit) || (enemy & masks.pawn_attack[us][std::size_t(stop)]));
    const bool backward = neighbours && !helpers && stop_fixed;
    const bool by_rank = rank >= 1 && rank <= 6;
    const std::size_t at = std::size_t(rank - 1);

    if (!neighbours) ++n[opposed ? 0 : 1];
    if (backward && !opposed) ++n[2];
    if (by_rank && (neighbours & masks.rank[std::size_t(r)])) ++n[ext_phalanx + at];
    if (by_rank && !opposed && !passed && std::popcount(helpers) >= std::popcount(sentries))
      ++n[ext_candidate_passer + at];

    if (!with_pieces) continue;
    if (pieces_not_pawns & stop_bit) ++n[ext_blocked_by_piece];
    if (passed && by_rank) {
      const bool free = !(occupied & masks.forward_file[us][ss]);
      const bool attacked = enemy_attacks & stop_bit;
      const std::size_t variant = (free ? 0u : 2u) + (attacked ? 1u : 0u);
      ++n[ext_passed + variant * pawn_rank_count + at];
    }
  }
  return n;
}

template <Color C>
constexpr Score evaluate_pawns(Bitboard own, Bitboard enemy, const PawnWeights& w = {}) {
  using detail::masks;
  constexpr std::size_t us = C == White ? 0 : 1, them = 1 - us;
  constexpr int up = C == White ? 8 : -8;  // square step towards the front
  const auto square_or_none = [](int s) { return s >= 0 && s < 64 ? Bitboard{1} << s : 0; };

  // Doubled-early applies only while no own pawn is fixed: none has an enemy pawn on its
  // stop square or attacking its stop square.
  bool any_fixed = false;
  for (Bitboard b = own; b; b &= b - 1) {
    const int s = std::countr_zero(b), stop = s + up;
    if (stop < 0 || stop >= 64) continue;
    if (enemy & ((Bitboard{1} << stop) | masks.pawn_attack[us][std::size_t(stop)]))
      any_fixed = true;
  }

  Score score;
  for (Bitboard b = own; b; b &= b - 1) {
    const int s = std::countr_zero(b), f = s % 8, r = s / 8;
    const int rank = C == White ? r : 7 - r;  // relative rank, 0 = own first rank
    const int stop = s + up, behind = s - up;

    const Bitboard opposed = enemy & masks.forward_file[us][std::size_t(s)];
    const Bitboard own_behind_on_file = own & masks.forward_file[them][std::size_t(s)];
    const Bitboard blocked = enemy & square_or_none(stop);
    const Bitboard levers = enemy & masks.pawn_attack[us][std::size_t(s)];
    const Bitboard lever_push =
        stop >= 0 && stop < 64 ? enemy & masks.pawn_attack[us][std::size_t(stop)] : 0;
    const Bitboard doubled = own & square_or_none(behind);
    const Bitboard neighbours = own & masks.neighbor_files[std::size_t(f)];
    const Bitboard phalanx = neighbours & masks.rank[std::size_t(r)];
    const Bitboard support =
        behind >= 0 && behind < 64 ? neighbours & masks.rank[std::size_t(behind / 8)] : 0;
    const bool backward =
        !(neighbours & ~masks.ranks_ahead[us][std::size_t(r)]) && (lever_push | blocked);

    if (doubled && !any_fixed) score -= w.doubled_early;

    if (support | phalanx) {
      const int v = w.connected[std::size_t(rank)] * (2 + bool(phalanx) - bool(opposed)) +
                    w.supporter * std::popcount(support);
      score += Score{v, v * (rank - 2) / 4};
    } else if (!neighbours) {
      if (opposed && own_behind_on_file && !(enemy & masks.neighbor_files[std::size_t(f)]))
        score -= w.doubled;
      else
        score -= opposed ? w.isolated : w.isolated + w.weak_unopposed;
    } else if (backward) {
      score -= w.backward;
      if (!opposed && f != 0 && f != 7) score -= w.weak_unopposed;
    }

    if (!support) {
      if (doubled) score -= w.doubled;
      if (std::popcount(levers) == 2) score -= w.weak_lever;
    }
    if (blocked && (rank == 4 || rank == 5)) score += w.blocked[std::size_t(rank - 4)];
  }
  return score + extended_score(count_extended_terms<C>(own, enemy, 0, 0, false), w.extended, 0,
                                extended_pawn_only_count);
}

// Both sides at once.
constexpr PawnEval evaluate_pawns(Bitboard white, Bitboard black, const PawnWeights& w = {}) {
  return {reference::evaluate_pawns<White>(white, black, w),
          reference::evaluate_pawns<Black>(black, white, w)};
}

// Every square side c attacks, square by square.
inline Bitboard attacked_squares(const Position& pos, Color c) {
  Bitboard attacked = 0;
  for (int s = 0; s < 64; ++s)
    if (attackers_to(pos, Square(s), c, pos.occupied())) attacked |= Bitboard{1} << s;
  return attacked;
}

// evaluate_pawns(pos, w) of pawn_eval.hpp, pawn by pawn.
inline PawnEval evaluate_pawns(const Position& pos, const PawnWeights& w = {}) {
  const Bitboard white = pos.pawns(White), black = pos.pawns(Black);
  PawnEval e = reference::evaluate_pawns(white, black, w);
  const ExtendedCounts n_white =
      count_extended_terms<White>(white, black, pos.occupied(), attacked_squares(pos, Black));
  const ExtendedCounts n_black =
      count_extended_terms<Black>(black, white, pos.occupied(), attacked_squares(pos, White));
  e.white += extended_score(n_white, w.extended, extended_pawn_only_count);
  e.black += extended_score(n_black, w.extended, extended_pawn_only_count);
  return e;
}

}  // namespace pawnkit::eval::reference
