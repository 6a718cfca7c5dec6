// Pawn-evaluation weights unlike Stockfish's, drawn at random, so that each term shows in
// the sum on its own (property tests of the evaluation and of its trace).
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
  return w;
}

}  // namespace pawnkit::testing
