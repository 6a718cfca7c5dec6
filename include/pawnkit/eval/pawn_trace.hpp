// The pawn evaluation as a linear function of its weights, for tuning (Texel's method and
// external tuners): eval::trace() counts, for one position, how often each weight of
// PawnWeights applies, White's count minus Black's, and coefficients() turns the counts
// into one coefficient per weight through the taper (taper.hpp), so that
//
//   sum(coefficient[i] * parameter[i]) + rounding == tapered(white - black, phase)
//
// exactly, where parameter = to_parameters(weights) and rounding = rounding_term(trace).
//
// The extended terms (extended_terms.hpp) are counts, linear too: White's count minus
// Black's per term, split into mg and eg by the taper like the other Score terms.
//
// Every term is linear in its weight but the connected-pawn bonus's endgame part,
// v * (rank - 2) / 4 per pawn, which C++ rounds towards zero pawn by pawn. Its linear form
// is the unrounded v * (rank - 2) / 4: exact on relative ranks 2 and 6 always, and on rank
// 4 when v is even; elsewhere off by less than one internal unit a pawn. The trace keeps
// that difference, for the weights it was computed with, as `connected_rounding`: the
// tuner holds it fixed (it is not a feature), so the sum is exact for those weights.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/chess/position.hpp"
#include "pawnkit/eval/extended_terms.hpp"
#include "pawnkit/eval/pawn_eval.hpp"
#include "pawnkit/eval/position_eval.hpp"
#include "pawnkit/eval/taper.hpp"

namespace pawnkit::eval {

// The Score weights of PawnWeights in trace order (blocked[0], blocked[1] as two).
inline constexpr std::size_t score_term_count = 8;
inline constexpr std::array<std::string_view, score_term_count> score_term_names{
    "backward",   "doubled",        "doubled_early", "isolated",
    "weak_lever", "weak_unopposed", "blocked_5",     "blocked_6"};

// Every weight of PawnWeights as one parameter vector: each Score term's mg then eg, then
// connected[0..7], then supporter, then each extended term's mg and eg
// (extended_terms.hpp, extended_term_names order).
inline constexpr std::size_t connected_parameter = 2 * score_term_count;
inline constexpr std::size_t supporter_parameter = connected_parameter + 8;
inline constexpr std::size_t extended_parameter = supporter_parameter + 1;
inline constexpr std::size_t pawn_parameter_count = extended_parameter + 2 * extended_term_count;

namespace detail {

// The names of the parameters: "backward.mg", "backward.eg", ..., "connected.0", ...,
// "supporter", "isolated_opposed.mg", ...
constexpr NameList<pawn_parameter_count> make_pawn_parameter_names() {
  NameList<pawn_parameter_count> names;
  for (const std::string_view term : score_term_names) {
    names.add({term, ".mg"});
    names.add({term, ".eg"});
  }
  for (std::size_t r = 0; r < 8; ++r) names.add({"connected.", digit(r)});
  names.add({"supporter"});
  for (const std::string_view term : extended_term_names) {
    names.add({term, ".mg"});
    names.add({term, ".eg"});
  }
  return names;
}
}  // namespace detail

// Names of the parameters, in parameter order; the CLI's trace columns and the tuner's
// table use them.
inline constexpr std::array<std::string_view, pawn_parameter_count> pawn_parameter_names =
    names_made_by<detail::make_pawn_parameter_names>;

using PawnParameters = std::array<int, pawn_parameter_count>;

constexpr std::array<Score, score_term_count> score_terms(const PawnWeights& w) {
  return {w.backward,   w.doubled,        w.doubled_early, w.isolated,
          w.weak_lever, w.weak_unopposed, w.blocked[0],    w.blocked[1]};
}

constexpr PawnParameters to_parameters(const PawnWeights& w) {
  PawnParameters p{};
  const auto terms = score_terms(w);
  for (std::size_t i = 0; i < score_term_count; ++i) {
    p[2 * i] = terms[i].mg;
    p[2 * i + 1] = terms[i].eg;
  }
  for (std::size_t r = 0; r < 8; ++r) p[connected_parameter + r] = w.connected[r];
  p[supporter_parameter] = w.supporter;
  const auto extended = extended_terms(w.extended);
  for (std::size_t i = 0; i < extended_term_count; ++i) {
    p[extended_parameter + 2 * i] = extended[i].mg;
    p[extended_parameter + 2 * i + 1] = extended[i].eg;
  }
  return p;
}

constexpr PawnWeights from_parameters(const PawnParameters& p) {
  const auto score = [&](std::size_t i) { return Score{p[2 * i], p[2 * i + 1]}; };
  PawnWeights w;
  w.backward = score(0);
  w.doubled = score(1);
  w.doubled_early = score(2);
  w.isolated = score(3);
  w.weak_lever = score(4);
  w.weak_unopposed = score(5);
  w.blocked = {score(6), score(7)};
  for (std::size_t r = 0; r < 8; ++r) w.connected[r] = p[connected_parameter + r];
  w.supporter = p[supporter_parameter];
  std::array<Score, extended_term_count> extended{};
  for (std::size_t i = 0; i < extended_term_count; ++i)
    extended[i] = {p[extended_parameter + 2 * i], p[extended_parameter + 2 * i + 1]};
  w.extended = extended_weights(extended);
  return w;
}

struct PawnTrace {
  int phase = PhaseMidgame;  // 0..128, taper.hpp
  // Per Score term, its sign in the score times the number of pawns that have it, White's
  // minus Black's (penalties count -1 a pawn, the blocked terms +1).
  std::array<int, score_term_count> terms{};
  // Per relative rank, the sum over connected pawns of (2 + phalanx - opposed), and of
  // their supporters: the middlegame coefficients of connected[r] and of supporter.
  std::array<int, 8> connected{};
  std::array<int, 8> supporters{};
  // 4 * (the connected bonus's rounded endgame part - its unrounded linear form), White's
  // minus Black's, for the weights traced with (see the top of this file).
  int connected_rounding_x4 = 0;
  // Per extended term, the number of pawns that have it, White's minus Black's (every
  // extended weight is added). trace(white, black, ...) counts the pawn-only terms alone.
  std::array<int, extended_term_count> extended{};

  friend constexpr bool operator==(const PawnTrace&, const PawnTrace&) = default;
};

namespace detail {

template <Color C>
constexpr void add_side(PawnTrace& t, Bitboard own, Bitboard enemy, const PawnWeights& w,
                        int sign) {
  const Bitboard counted[score_term_count] = {fixed_behind_neighbors<C>(own, enemy),
                                              0,  // doubled: two sets, below
                                              doubled_early<C>(own, enemy),
                                              isolated_scored<C>(own, enemy),
                                              weak_lever<C>(own, enemy),
                                              weak_unopposed<C>(own, enemy),
                                              blocked_on_rank<C>(own, enemy, 4),
                                              blocked_on_rank<C>(own, enemy, 5)};
  for (std::size_t i = 0; i < score_term_count; ++i) {
    const int term_sign = i >= 6 ? 1 : -1;
    t.terms[i] += sign * term_sign * popcount(counted[i]);
  }
  t.terms[1] -=
      sign * (popcount(doubled_isolated<C>(own, enemy)) + popcount(unsupported_doubled<C>(own)));

  const Bitboard all = connected<C>(own), with_phalanx = phalanx(own);
  const Bitboard against = opposed<C>(own, enemy);
  const Bitboard from_west = supported_from_west<C>(own), from_east = supported_from_east<C>(own);
  int linear_eg_x4 = 0;
  for (int r = 1; r < 7; ++r) {
    const Bitboard on_rank = all & relative_rank_bb<C>(r);
    const int multiplier =
        2 * popcount(on_rank) + popcount(on_rank & with_phalanx) - popcount(on_rank & against);
    const int supporters = popcount(on_rank & from_west) + popcount(on_rank & from_east);
    t.connected[std::size_t(r)] += sign * multiplier;
    t.supporters[std::size_t(r)] += sign * supporters;
    linear_eg_x4 += (r - 2) * (w.connected[std::size_t(r)] * multiplier + w.supporter * supporters);
  }
  t.connected_rounding_x4 += sign * (4 * connected_bonus<C>(own, enemy, w).eg - linear_eg_x4);

  ExtendedCounts n{};
  count_pawn_terms<C>(n, own, enemy);
  for (std::size_t i = 0; i < extended_term_count; ++i) t.extended[i] += sign * n[i];
}

// The extended terms that need the pieces, of side C.
template <Color C>
inline void add_piece_terms(PawnTrace& t, const Position& pos, int sign) {
  ExtendedCounts n{};
  count_piece_terms<C>(n, pos.pawns(C), pos.pawns(~C), pos.occupied(), attacked_squares(pos, ~C));
  for (std::size_t i = 0; i < extended_term_count; ++i) t.extended[i] += sign * n[i];
}

}  // namespace detail

// The trace of the pawn evaluation of two pawn sets at a given phase (0..128), without
// the extended terms that need the pieces. The weights matter only for
// connected_rounding_x4.
constexpr PawnTrace trace(Bitboard white, Bitboard black, int phase, const PawnWeights& w = {}) {
  PawnTrace t;
  t.phase = phase;
  detail::add_side<White>(t, white, black, w, 1);
  detail::add_side<Black>(t, black, white, w, -1);
  return t;
}

// The trace of a position, at its classical phase: every term of evaluate_pawns(pos, w).
inline PawnTrace trace(const Position& pos, const PawnWeights& w = {}) {
  PawnTrace t = trace(pos.pawns(White), pos.pawns(Black), classical_phase(pos), w);
  detail::add_piece_terms<White>(t, pos, 1);
  detail::add_piece_terms<Black>(t, pos, -1);
  return t;
}

// The coefficient of each parameter (to_parameters order) in the tapered score.
constexpr std::array<double, pawn_parameter_count> coefficients(const PawnTrace& t) {
  std::array<double, pawn_parameter_count> c{};
  const double mg = t.phase / double(PhaseMidgame), eg = 1 - mg;
  for (std::size_t i = 0; i < score_term_count; ++i) {
    c[2 * i] = t.terms[i] * mg;
    c[2 * i + 1] = t.terms[i] * eg;
  }
  for (int r = 0; r < 8; ++r) {
    const double per_unit = mg + eg * (r - 2) / 4;  // v in the middlegame, v (r - 2) / 4 after
    c[connected_parameter + std::size_t(r)] = t.connected[std::size_t(r)] * per_unit;
    c[supporter_parameter] += t.supporters[std::size_t(r)] * per_unit;
  }
  for (std::size_t i = 0; i < extended_term_count; ++i) {
    c[extended_parameter + 2 * i] = t.extended[i] * mg;
    c[extended_parameter + 2 * i + 1] = t.extended[i] * eg;
  }
  return c;
}

// The part of the tapered score the coefficients leave out: the connected bonus's rounding.
constexpr double rounding_term(const PawnTrace& t) {
  return t.connected_rounding_x4 / 4.0 * (PhaseMidgame - t.phase) / double(PhaseMidgame);
}

// sum(coefficient * parameter) + rounding_term: the tapered score, White's point of view.
constexpr double linear_score(const PawnTrace& t, const PawnParameters& p) {
  const auto c = coefficients(t);
  double sum = rounding_term(t);
  for (std::size_t i = 0; i < pawn_parameter_count; ++i) sum += c[i] * p[i];
  return sum;
}

static_assert(from_parameters(to_parameters(PawnWeights{})) == PawnWeights{});

}  // namespace pawnkit::eval
