// Annotations for GUIs: the squares of chosen pattern keys as a `[%csl ...]` coloured-square
// command (read by Lichess studies, ChessBase and chessops) and the position's named
// structure, for the comment `find --games --annotate` and `similar --games --annotate`
// write at the first matching ply (docs/query.md, "Annotated games").
//
// Colours: White's squares green (G), Black's red (R), a square in both sides' sets yellow
// (Y); e.g. "pawnkit: first match at ply 24, carlsbad (held by white) [%csl Gc6,Rd4,Yd5]".
// Squares are written a1 to h8.
#pragma once

#include <optional>
#include <pawnkit/pawns/report.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "io/report_writer.hpp"

namespace pawnkit::io {

// "holes,outposts": those square-set keys of the pattern spec (report.hpp's square_set_keys),
// in the given order; nullopt with `error` set for an empty list or an unknown name.
std::optional<std::vector<SquareSetKey>> parse_annotation_keys(std::string_view text,
                                                               std::string& error);

// Appends ", " and the position's named structure ("carlsbad (held by white)", classified
// by the caller; nothing when none is named), then " [%csl ...]" with the squares of `keys` for
// both sides (nothing when all are empty): the tail of a comment.
void append_annotation(std::string& out, const PawnReport& report, const NamedStructure& structure,
                       const std::vector<SquareSetKey>& keys);

}  // namespace pawnkit::io
