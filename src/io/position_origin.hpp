// Where a position came from, as the record writers print it: PGN positions carry a game
// number and a ply.
#pragma once

#include <cstddef>

namespace pawnkit::io {

struct PositionOrigin {
  std::size_t game = 0;  // 1-based; 0 = not from a PGN game
  int ply = 0;
};

}  // namespace pawnkit::io
