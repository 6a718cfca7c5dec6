// Reads an encoded PlacementStats value (index/placement_stats.hpp) cell by cell, handing
// each part to a visitor, with no allocation: a query over a popular placement reads
// thousands of cells and keeps a few of their moves and candidates, and building a vector
// per cell (PlacementStats::decode) was about 40% of such a query (perf, docs/serve.md).
//
// The visitor has
//   bool cell(std::uint32_t cell, const Score& score);  // true: visit its moves, candidates
//   void move(const MoveScore& move);
//   void candidate(const Candidate& candidate);
// A value is read whole even when the visitor wants no cell, so that a corrupt value is
// found as PlacementStats::decode finds it (the visitor may have seen part of it then).
#pragma once

#include <cstdint>
#include <string_view>

#include "index/bytes.hpp"
#include "index/placement_stats.hpp"

namespace pawnkit::index_db {

namespace detail {

inline Score read_score(ByteReader& in) {
  Score s;
  s.games = in.varint();
  s.white = in.varint();
  s.draws = in.varint();
  s.black = in.varint();
  return s;
}

inline Candidate read_candidate(ByteReader& in) {
  Candidate candidate;
  candidate.score = std::uint32_t(in.varint());
  candidate.tiebreak = in.fixed64();
  candidate.game = std::uint32_t(in.varint());
  candidate.first_ply = std::uint32_t(in.varint());
  return candidate;
}

// The one-game form (PlacementStats::encode_one_game), after its zero cell count.
template <class Visitor>
bool read_one_game(ByteReader& in, Visitor& visitor) {
  const auto cell = std::uint32_t(in.varint());
  const std::uint64_t flags = in.varint();
  if (flags > 7) return false;
  Score score;
  score.add(static_cast<Result>(flags & 3));
  MoveScore move{0, score};
  if (flags & 4) move.move = std::uint32_t(in.varint());
  const Candidate candidate = read_candidate(in);
  if (!in.ok() || !in.done()) return false;
  if (visitor.cell(cell, score)) {
    if (flags & 4) visitor.move(move);
    visitor.candidate(candidate);
  }
  return true;
}

}  // namespace detail

// Calls the visitor for every cell of `bytes`; false when the value is corrupt (the same
// values PlacementStats::decode refuses).
template <class Visitor>
bool read_placement_stats(std::string_view bytes, Visitor& visitor) {
  ByteReader in(bytes);
  const std::uint64_t cells = in.varint();
  if (cells == 0 && in.ok() && !in.done()) return detail::read_one_game(in, visitor);
  if (cells > bytes.size()) return false;
  for (std::uint64_t c = 0; c < cells; ++c) {
    const auto cell = std::uint32_t(in.varint());
    const Score score = detail::read_score(in);
    const std::uint64_t moves = in.varint();
    if (moves > bytes.size()) return false;
    // A cell's parts are read even when it is not wanted: the next cell starts after them.
    const bool wanted = in.ok() && visitor.cell(cell, score);
    for (std::uint64_t m = 0; m < moves; ++m) {
      MoveScore move;
      move.move = std::uint32_t(in.varint());
      move.score = detail::read_score(in);
      if (wanted) visitor.move(move);
    }
    const std::uint64_t candidates = in.varint();
    if (candidates > bytes.size()) return false;
    for (std::uint64_t k = 0; k < candidates; ++k) {
      const Candidate candidate = detail::read_candidate(in);
      if (wanted) visitor.candidate(candidate);
    }
    if (!in.ok()) return false;
  }
  return in.ok() && in.done();
}

}  // namespace pawnkit::index_db
