// The king shelter (king_shelter.hpp) as a function of its weights, for tuning. The shelter
// is the best of up to three squares' scores (the king's own square, then the castled
// squares its rights allow), compared by their middlegame value, less the pawn distance:
// not linear in the weights, but each square's score is. king_shelter_trace() records, per
// square, which weights its score reads; shelter_score() takes the best square again with
// any weights, so that
//
//   shelter_score(king_shelter_trace<C>(own, enemy, king, ks, qs), to_shelter_parameters(w))
//       == king_shelter<C>(own, enemy, king, ks, qs, w)
//
// for every w. A tuner re-chooses the square with the weights of each step and fits the
// chosen square's weights, which are linear (analysis/tune/tuner.hpp).
#pragma once

#include "pawnkit/version.hpp"  // first: the C++20 check

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "pawnkit/bitboard.hpp"
#include "pawnkit/eval/king_shelter.hpp"
#include "pawnkit/eval/score.hpp"

namespace pawnkit::eval {

// Every weight of KingShelterWeights as one parameter vector: shelter[d][r] (d = 0..3,
// r = 0..6, row by row), unblocked_storm[d][r], blocked_storm[r] mg and eg,
// king_on_file[us][them] mg and eg, base mg and eg, pawn_distance_eg.
inline constexpr std::size_t shelter_table_parameter = 0;
inline constexpr std::size_t unblocked_storm_parameter = 28;
inline constexpr std::size_t blocked_storm_parameter = 56;
inline constexpr std::size_t king_on_file_parameter = 70;
inline constexpr std::size_t king_base_parameter = 78;
inline constexpr std::size_t pawn_distance_parameter = 80;
inline constexpr std::size_t shelter_parameter_count = 81;

using ShelterParameters = std::array<int, shelter_parameter_count>;

constexpr ShelterParameters to_shelter_parameters(const KingShelterWeights& w) {
  ShelterParameters p{};
  for (std::size_t d = 0; d < 4; ++d)
    for (std::size_t r = 0; r < 7; ++r) {
      p[shelter_table_parameter + 7 * d + r] = w.shelter[d][r];
      p[unblocked_storm_parameter + 7 * d + r] = w.unblocked_storm[d][r];
    }
  for (std::size_t r = 0; r < 7; ++r) {
    p[blocked_storm_parameter + 2 * r] = w.blocked_storm[r].mg;
    p[blocked_storm_parameter + 2 * r + 1] = w.blocked_storm[r].eg;
  }
  for (std::size_t i = 0; i < 4; ++i) {
    p[king_on_file_parameter + 2 * i] = w.king_on_file[i / 2][i % 2].mg;
    p[king_on_file_parameter + 2 * i + 1] = w.king_on_file[i / 2][i % 2].eg;
  }
  p[king_base_parameter] = w.base.mg;
  p[king_base_parameter + 1] = w.base.eg;
  p[pawn_distance_parameter] = w.pawn_distance_eg;
  return p;
}

constexpr KingShelterWeights from_shelter_parameters(const ShelterParameters& p) {
  KingShelterWeights w;
  for (std::size_t d = 0; d < 4; ++d)
    for (std::size_t r = 0; r < 7; ++r) {
      w.shelter[d][r] = p[shelter_table_parameter + 7 * d + r];
      w.unblocked_storm[d][r] = p[unblocked_storm_parameter + 7 * d + r];
    }
  for (std::size_t r = 0; r < 7; ++r)
    w.blocked_storm[r] = {p[blocked_storm_parameter + 2 * r],
                          p[blocked_storm_parameter + 2 * r + 1]};
  for (std::size_t i = 0; i < 4; ++i)
    w.king_on_file[i / 2][i % 2] = {p[king_on_file_parameter + 2 * i],
                                    p[king_on_file_parameter + 2 * i + 1]};
  w.base = {p[king_base_parameter], p[king_base_parameter + 1]};
  w.pawn_distance_eg = p[pawn_distance_parameter];
  return w;
}

// Whether parameter i is a middlegame value (else an endgame one): the shelter and the
// unblocked storm tables are middlegame only, the rest pairs, the pawn distance endgame.
constexpr bool is_midgame_shelter_parameter(std::size_t i) {
  if (i < blocked_storm_parameter) return true;
  if (i < pawn_distance_parameter) return (i - blocked_storm_parameter) % 2 == 0;
  return false;
}

// The sign a parameter enters the score with: the shelter and the base are added, the
// storms, king_on_file and the pawn distance subtracted.
constexpr int shelter_parameter_sign(std::size_t i) {
  const bool added =
      i < unblocked_storm_parameter || i == king_base_parameter || i == king_base_parameter + 1;
  return added ? 1 : -1;
}

// "shelter.D.R", "unblocked_storm.D.R", "blocked_storm.R.mg", "king_on_file.U.T.mg" (U, T:
// the file half-open for us, for them), "king_base.mg", "king_pawn_distance.eg".
inline std::string shelter_parameter_name(std::size_t i) {
  const auto two = [](const char* name, std::size_t a, std::size_t b) {
    return std::string(name) + "." + std::to_string(a) + "." + std::to_string(b);
  };
  const std::string phase = is_midgame_shelter_parameter(i) ? ".mg" : ".eg";
  if (i < unblocked_storm_parameter) return two("shelter", i / 7, i % 7);
  if (i < blocked_storm_parameter)
    return two("unblocked_storm", (i - unblocked_storm_parameter) / 7,
               (i - unblocked_storm_parameter) % 7);
  if (i < king_on_file_parameter)
    return "blocked_storm." + std::to_string((i - blocked_storm_parameter) / 2) + phase;
  if (i < king_base_parameter) {
    const std::size_t pair = (i - king_on_file_parameter) / 2;
    return two("king_on_file", pair / 2, pair % 2) + phase;
  }
  if (i < pawn_distance_parameter) return "king_base" + phase;
  return "king_pawn_distance.eg";
}

// The parameters one square's score reads, each once per use (at most: base 2,
// king_on_file 2, and per file the shelter and one or two storm values).
struct ShelterSquareTrace {
  std::uint8_t count = 0;
  std::array<std::uint8_t, 13> parameters{};
  friend constexpr bool operator==(const ShelterSquareTrace&, const ShelterSquareTrace&) = default;
};

// The squares a king may take, its own first, and its distance to its nearest own pawn.
// No squares: no king (its shelter is 0).
struct KingShelterTrace {
  std::uint8_t candidate_count = 0;
  std::array<ShelterSquareTrace, 3> candidates{};
  std::uint8_t pawn_distance = 0;
  friend constexpr bool operator==(const KingShelterTrace&, const KingShelterTrace&) = default;
};

namespace detail {

template <Color C>
constexpr ShelterSquareTrace shelter_square_trace(Bitboard own, Bitboard enemy, Square king) {
  ShelterSquareTrace t;
  const auto add = [&t](std::size_t parameter) {
    t.parameters[t.count++] = std::uint8_t(parameter);
  };
  add(king_base_parameter);
  add(king_base_parameter + 1);
  const std::size_t half_open_us = (own & file_bb(king)) ? 0 : 1;
  const std::size_t half_open_them = (enemy & file_bb(king)) ? 0 : 1;
  const std::size_t on_file = king_on_file_parameter + 2 * (2 * half_open_us + half_open_them);
  add(on_file);
  add(on_file + 1);
  const int king_rank = relative_rank<C>(rank_of(king)), first = first_shelter_file(file_of(king));
  for (int f = first; f < first + 3; ++f) {
    const ShelterInputs in = shelter_inputs<C>(own, enemy, king_rank, f);
    const auto d = std::size_t(edge_distance(f));
    const auto ours = std::size_t(in.ours), theirs = std::size_t(in.theirs);
    add(shelter_table_parameter + 7 * d + ours);
    if (ours != 0 && theirs == ours + 1) {
      add(blocked_storm_parameter + 2 * theirs);
      add(blocked_storm_parameter + 2 * theirs + 1);
    } else {
      add(unblocked_storm_parameter + 7 * d + theirs);
    }
  }
  return t;
}

}  // namespace detail

// The trace of color C's king on `king` with the given castling rights.
template <Color C>
constexpr KingShelterTrace king_shelter_trace(Bitboard own, Bitboard enemy, Square king,
                                              bool can_castle_king_side,
                                              bool can_castle_queen_side) {
  KingShelterTrace t;
  t.candidates[t.candidate_count++] = detail::shelter_square_trace<C>(own, enemy, king);
  if (can_castle_king_side)
    t.candidates[t.candidate_count++] =
        detail::shelter_square_trace<C>(own, enemy, relative_square(C, File::G, 0));
  if (can_castle_queen_side)
    t.candidates[t.candidate_count++] =
        detail::shelter_square_trace<C>(own, enemy, relative_square(C, File::C, 0));
  t.pawn_distance = std::uint8_t(nearest_pawn_distance(own, king));
  return t;
}

// The middlegame value of one square with parameters p (any numbers: p[i] for i <
// shelter_parameter_count), by which the king chooses.
template <class Parameters>
constexpr auto candidate_midgame(const ShelterSquareTrace& s, const Parameters& p) {
  decltype(p[0] + 0) sum = 0;
  for (std::size_t i = 0; i < s.count; ++i)
    if (is_midgame_shelter_parameter(s.parameters[i]))
      sum += shelter_parameter_sign(s.parameters[i]) * p[s.parameters[i]];
  return sum;
}

// The square the king takes with parameters p: the first of the best middlegame value.
template <class Parameters>
constexpr std::size_t chosen_candidate(const KingShelterTrace& t, const Parameters& p) {
  std::size_t best = 0;
  auto best_value = candidate_midgame(t.candidates[0], p);
  for (std::size_t c = 1; c < t.candidate_count; ++c) {
    const auto value = candidate_midgame(t.candidates[c], p);
    if (best_value < value) {
      best = c;
      best_value = value;
    }
  }
  return best;
}

// The shelter with parameters p: king_shelter<C>(...) with from_shelter_parameters(p).
constexpr Score shelter_score(const KingShelterTrace& t, const ShelterParameters& p) {
  if (t.candidate_count == 0) return {};
  const ShelterSquareTrace& chosen = t.candidates[chosen_candidate(t, p)];
  Score s{0, -p[pawn_distance_parameter] * t.pawn_distance};
  for (std::size_t i = 0; i < chosen.count; ++i) {
    const std::size_t parameter = chosen.parameters[i];
    const int value = shelter_parameter_sign(parameter) * p[parameter];
    (is_midgame_shelter_parameter(parameter) ? s.mg : s.eg) += value;
  }
  return s;
}

static_assert(from_shelter_parameters(to_shelter_parameters(stockfish_king_shelter)) ==
              stockfish_king_shelter);

}  // namespace pawnkit::eval
