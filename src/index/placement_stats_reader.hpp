// Reads an encoded PlacementStats value (index/placement_stats.hpp) cell by cell, handing
// each part to a visitor, with no allocation: a query over a popular placement reads
// thousands of cells and keeps a few of their moves and candidates, and building a vector
// per cell (PlacementStats::decode) was about 40% of such a query (perf, docs/serve.md).
//
// The visitor has
//   bool cell(std::uint32_t cell, const Score& score);  // true: visit its moves, candidates
//   void move(const MoveScore& move);
//   void candidate(const Candidate& candidate);
//   void visit(const LeanVisit& visit);  // a lean visit (its game's record has the rest)
// A value is read whole even when the visitor wants no cell, so that a corrupt value is
// found as PlacementStats::decode finds it (the visitor may have seen part of it then).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "index/bytes.hpp"
#include "index/placement_stats.hpp"

namespace pawnkit::index_db {

namespace detail {

// A cell id as a value writes it: its fields reordered so that its varint takes 3 bytes
// for the months of 1957 to 2042 (as an id, band on top, it took 4), and a low bit of 1
// for an id that does not fit that form (written whole).
inline constexpr std::uint32_t january_2000 = 2000 * 12;
inline std::uint64_t written_cell(std::uint32_t id) {
  const std::uint32_t band = id >> 20, speed = (id >> 16) & 15, month = id & 0xffff;
  if (band >= 128 || speed >= 8) return std::uint64_t(id) << 1 | 1;
  // Months from January 2000 outwards: 1 for January 2000, 2 for December 1999, ...
  const std::uint64_t from_2000 = month == 0              ? 0
                                  : month >= january_2000 ? 2 * (month - january_2000) + 1
                                                          : 2 * (january_2000 - month);
  return (from_2000 << 10 | band << 3 | speed) << 1;
}
inline bool cell_of_written(std::uint64_t v, std::uint32_t& id) {
  if (v & 1) {
    if ((v >> 1) > 0xffffffffu) return false;
    id = std::uint32_t(v >> 1);
    return true;
  }
  v >>= 1;
  const std::uint64_t from_2000 = v >> 10;
  std::uint64_t month = 0;
  if (from_2000 & 1)
    month = january_2000 + from_2000 / 2;
  else if (from_2000 != 0 && from_2000 / 2 < january_2000)
    month = january_2000 - from_2000 / 2;
  if (month > 0xffff || (from_2000 != 0 && month == 0)) return false;
  id = std::uint32_t((v >> 3 & 127) << 20 | (v & 7) << 16 | month);
  return true;
}

// A model score as its distance from model_score_base, zigzagged: 2 bytes, not 3.
inline std::uint64_t written_score(std::uint32_t score) {
  const std::int64_t d = std::int64_t(score) - model_score_base;
  return d >= 0 ? std::uint64_t(d) << 1 : (std::uint64_t(-d) << 1) - 1;
}
inline bool score_of_written(std::uint64_t v, std::uint32_t& score) {
  if (v >> 34) return false;  // no 32-bit score is that far from the base
  const std::int64_t d = v & 1 ? -std::int64_t((v + 1) >> 1) : std::int64_t(v >> 1);
  if (d + model_score_base < 0 || d + model_score_base > 0xffffffffLL) return false;
  score = std::uint32_t(d + model_score_base);
  return true;
}

// A candidate: its score, its tiebreak's prefix (2 bytes), game and first ply.
inline char* write_candidate(char* p, const Candidate& c) {
  p = write_varint(p, written_score(c.score));
  p = write_fixed16(p, c.tiebreak_prefix);
  p = write_varint(p, c.game);
  return write_varint(p, c.first_ply);
}
inline constexpr std::size_t candidate_room = 3 * max_varint_bytes + 2;

inline std::uint32_t read_cell(ByteReader& in, bool& ok) {
  std::uint32_t id = 0;
  if (!cell_of_written(in.varint(), id)) ok = false;
  return id;
}

inline Score read_score(ByteReader& in) {
  Score s;
  s.games = in.varint();
  s.white = in.varint();
  s.draws = in.varint();
  s.black = in.varint();
  return s;
}

inline Candidate read_candidate(ByteReader& in, bool& ok) {
  Candidate candidate;
  if (!score_of_written(in.varint(), candidate.score)) ok = false;
  candidate.tiebreak_prefix = in.fixed16();
  candidate.game = std::uint32_t(in.varint());
  candidate.first_ply = std::uint32_t(in.varint());
  return candidate;
}

// A lean visit: its game (as the distance from `previous`, the game of the visit before
// it in the list, 0 for the first), first ply, plies held and move (code + 1, 0: none).
inline char* write_visit(char* p, const LeanVisit& v, std::uint32_t previous) {
  p = write_varint(p, v.game - previous);
  p = write_varint(p, v.first_ply);
  p = write_varint(p, v.held);
  return write_varint(p, v.move);
}
inline std::size_t visits_room(std::size_t visits) { return (visits + 1) * 4 * max_varint_bytes; }
// A list of lean visits (sorted): their count, then each.
inline char* write_visits(char* p, std::span<const LeanVisit> sorted) {
  p = write_varint(p, sorted.size());
  std::uint32_t previous = 0;
  for (const LeanVisit& v : sorted) {
    p = write_visit(p, v, previous);
    previous = v.game;
  }
  return p;
}

inline LeanVisit read_visit(ByteReader& in, std::uint32_t previous, bool& ok) {
  LeanVisit v;
  const std::uint64_t distance = in.varint(), ply = in.varint(), held = in.varint(),
                      move = in.varint();
  // Compared before adding: a corrupt distance near 2^64 must not wrap round to a game.
  if (distance > 0xffffffffu - previous || ply > 0xffffffffu || held > 0xff || move > 0xffff)
    ok = false;
  const std::uint64_t game = previous + distance;
  v.game = std::uint32_t(game);
  v.first_ply = std::uint32_t(ply);
  v.held = std::uint8_t(held);
  v.move = std::uint16_t(move);
  return v;
}

}  // namespace detail

// Whether a value holds lean visits alone, no cells: its first number is 0 (one visit) or
// 2 (no cells, a list of visits follows), as read_placement_stats reads it.
inline bool holds_visits_alone(std::string_view bytes) {
  ByteReader in(bytes);
  const std::uint64_t first = in.varint();
  return in.ok() && (first == 0 || first == 2);
}

// Calls the visitor for every cell of `bytes`; false when the value is corrupt (the same
// values PlacementStats::decode refuses).
template <class Visitor>
bool read_placement_stats(std::string_view bytes, Visitor& visitor) {
  ByteReader in(bytes);
  // 0: a lone lean visit; else 1 + 2 x cells + whether lean visits follow the cells.
  const std::uint64_t first = in.varint();
  if (!in.ok()) return false;
  bool ok = true;
  if (first == 0) {
    const LeanVisit v = detail::read_visit(in, 0, ok);
    if (!ok || !in.ok() || !in.done()) return false;
    visitor.visit(v);
    return true;
  }
  const std::uint64_t cells = (first - 1) / 2;
  if (cells > bytes.size()) return false;
  for (std::uint64_t c = 0; c < cells; ++c) {
    const std::uint32_t cell = detail::read_cell(in, ok);
    const Score score = detail::read_score(in);
    const std::uint64_t moves = in.varint();
    if (moves > bytes.size()) return false;
    // A cell's parts are read even when it is not wanted: the next cell starts after them.
    const bool wanted = ok && in.ok() && visitor.cell(cell, score);
    for (std::uint64_t m = 0; m < moves; ++m) {
      MoveScore move;
      move.move = std::uint32_t(in.varint());
      move.score = detail::read_score(in);
      if (wanted) visitor.move(move);
    }
    const std::uint64_t candidates = in.varint();
    if (candidates > bytes.size()) return false;
    for (std::uint64_t k = 0; k < candidates; ++k) {
      const Candidate candidate = detail::read_candidate(in, ok);
      if (wanted) visitor.candidate(candidate);
    }
    if (!ok || !in.ok()) return false;
  }
  if ((first - 1) % 2) {
    const std::uint64_t visits = in.varint();
    if (visits == 0 || visits > bytes.size()) return false;
    std::uint32_t previous = 0;
    for (std::uint64_t k = 0; k < visits; ++k) {
      const LeanVisit v = detail::read_visit(in, previous, ok);
      if (!ok || !in.ok()) return false;
      visitor.visit(v);
      previous = v.game;
    }
  }
  return in.ok() && in.done();
}

}  // namespace pawnkit::index_db
