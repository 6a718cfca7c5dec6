// Where a shard of `pawnkit split` comes from, written as its first line: a PGN escape
// line (a '%' in the first column, which PGN readers ignore, pawnkit's included), so
// the shard stays plain PGN while whoever reads it can name the original file, game and
// line in messages (python/pawnkit/dask.py does):
//
//   % pawnkit split: game 1001 line 48213 file lichess_2024-01.pgn.zst
//
// `game` and `line` are the shard's first game's number and first line in the original;
// the file name, as given to split, is the rest of the line, with backslash, newline,
// carriage return and other control bytes escaped (\\, \n, \r, \xHH) so that it stays one
// line; parse_split_origin undoes that.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "io/source/byte_source.hpp"

namespace pawnkit::io {

struct SplitOrigin {
  std::string file;
  std::size_t first_game = 1;
  std::size_t first_line = 1;
};

// The header line, newline included.
std::string split_origin_line(const SplitOrigin& origin);

// The origin a line announces; nullopt for any other line.
std::optional<SplitOrigin> parse_split_origin(std::string_view line);

// The origin announced by the first line of `source` (reads that line only).
std::optional<SplitOrigin> read_split_origin(ByteSource& source);

}  // namespace pawnkit::io
