// Perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard
// correctness check for a move generator. The last ply is counted in bulk (the
// generator's count mode), so leaves are never made. The split by root move is `divide`
// in chess/divide.hpp.
#pragma once

#include <cstdint>
#include <pawnkit/chess/movegen.hpp>

namespace pawnkit {

namespace detail {
template <Color Us>
std::uint64_t perft_recursive(const Position& pos, int depth) {
  if (depth == 1) {
    CountSink counter;
    generate<Us>(pos, counter);
    return counter.count;
  }
  MoveList list;
  ListSink sink{list};
  generate<Us>(pos, sink);
  std::uint64_t nodes = 0;
  for (Move m : list) {
    Position next = pos;
    next.do_move(m);
    nodes += perft_recursive<~Us>(next, depth - 1);
  }
  return nodes;
}
}  // namespace detail

// Leaf count at `depth` (depth 0 is 1). Precondition: check_playable(pos).
inline std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  return pos.side_to_move() == White ? detail::perft_recursive<White>(pos, depth)
                                     : detail::perft_recursive<Black>(pos, depth);
}

}  // namespace pawnkit
