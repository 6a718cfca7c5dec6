// Pawn-evaluation weights unlike Stockfish's, drawn at random, so that each term shows in
// the sum on its own (property tests of the evaluation and of its trace), the extended
// terms' included.
#pragma once

#include <pawnkit/eval/pawn_weights.hpp>
#include <random>

namespace pawnkit::testing {

inline eval::PawnWeights odd_weights(std::mt19937_64& rng) {
  const auto n = [&] { return int(rng() % 201) - 100; };
  eval::PawnWeights w;
  for (eval::Score* s : {&w.backward, &w.doubled, &w.doubled_early, &w.isolated, &w.weak_lever,
                         &w.weak_unopposed, &w.blocked[0], &w.blocked[1]})
    *s = {n(), n()};
  for (int& c : w.connected) c = n();
  w.supporter = n();
  eval::ExtendedWeights& x = w.extended;
  for (eval::Score* s :
       {&x.isolated_opposed, &x.isolated_open, &x.backward_half_open, &x.blocked_by_piece})
    *s = {n(), n()};
  for (eval::ByPawnRank* table :
       {&x.phalanx, &x.candidate_passer, &x.passed_free_safe, &x.passed_free_attacked,
        &x.passed_blocked_safe, &x.passed_blocked_attacked})
    for (eval::Score& s : *table) s = {n(), n()};
  return w;
}

}  // namespace pawnkit::testing
