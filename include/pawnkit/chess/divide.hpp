// Perft split by root move (what `pawnkit perft` prints, for comparing with another
// engine's "go perft"). Apart from perft.hpp so that perft itself needs no <vector>.
#pragma once

#include <cstdint>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/chess/perft.hpp>
#include <vector>

namespace pawnkit {

struct DivideEntry {
  Move move;
  std::uint64_t nodes;
};

// Perft split by root move, in generation order. Precondition: check_playable(pos).
inline std::vector<DivideEntry> divide(const Position& pos, int depth) {
  std::vector<DivideEntry> out;
  for (Move m : legal_moves(pos)) out.push_back({m, perft(after_move(pos, m), depth - 1)});
  return out;
}

}  // namespace pawnkit
