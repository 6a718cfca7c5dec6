// The binary rows of pawnkit.positions: what a worker (positions.cpp) writes for each game
// and position, and what the reader there counts and unpacks. A game record ('G') comes
// before the first row of each game, then one position record ('P') per row.
#pragma once

#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/chess/phase.hpp>
#include <pawnkit/pawns/structures.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game_key.hpp"
#include "io/game_record.hpp"
#include "positions.hpp"
#include "record_bytes.hpp"

namespace pawnkit::python {

constexpr char game_mark = 'G', position_mark = 'P';

struct Structure {
  std::int8_t id = -1, side = -1;
};

inline Structure classify(const Position& pos) {
  const auto match = classify_structure(pos);
  if (!match) return {};
  return {std::int8_t(match->id), std::int8_t(match->side == White ? 0 : 1)};
}

// The bytes of a position record after its mark: ply, islands, structure, phase, FEN size, the
// bitboards, then the FEN.
constexpr std::size_t position_fixed_bytes = 4 + 1 + 1 + 1 + 1 + 1 + 2;
constexpr std::size_t position_bitboard_bytes = 2 * bitboard_key_count * sizeof(std::uint64_t);

// The position records that follow `p` (up to the next game record or `end`).
inline std::size_t count_positions(const char* p, const char* end) {
  std::size_t rows = 0;
  while (p < end && *p == position_mark) {
    std::uint16_t fen_size;
    std::memcpy(&fen_size, p + 1 + position_fixed_bytes - 2, sizeof fen_size);
    p += 1 + position_fixed_bytes + position_bitboard_bytes + fen_size;
    ++rows;
  }
  return rows;
}

// One resize and plain stores: appending field by field checked the string's capacity a
// dozen times a row.
inline void put_position(std::string& out, int ply, const PawnReport& report, Structure structure,
                         GamePhase phase, std::string_view fen) {
  const std::size_t at = out.size();
  out.resize(at + 1 + position_fixed_bytes + position_bitboard_bytes + fen.size());
  char* p = out.data() + at;
  *p++ = position_mark;
  p = store(p, std::int32_t(ply));
  p = store(p, std::uint8_t(report.white.islands));
  p = store(p, std::uint8_t(report.black.islands));
  p = store(p, structure.id);
  p = store(p, structure.side);
  p = store(p, std::int8_t(phase));
  p = store(p, std::uint16_t(fen.size()));
  for (const SquareSetKey& key : bitboard_keys) p = store(p, report.white.*key.member);
  for (const SquareSetKey& key : bitboard_keys) p = store(p, report.black.*key.member);
  std::memcpy(p, fen.data(), fen.size());
}

// The value of tag `name` in a row: the Result column holds the result as the CLI scores
// it (the movetext's result token, repaired: "1/2" is "1/2-1/2"; the tag only without a
// token), every other tag its value.
inline std::optional<std::string_view> tag_value(const io::GameRecord& game,
                                                 const std::string& name) {
  if (name == "Result" && !game.result.empty()) return std::string_view(game.result);
  return game.tag(name);
}

// A game record: its number, its key (content hash) and its tags (size -1: absent).
inline void put_game(std::string& out, std::size_t number, const index_db::ContentHash& key,
                     const std::vector<std::string>& tags, const io::GameRecord* game) {
  out += game_mark;
  put(out, std::uint64_t(number));
  put(out, key.high);
  put(out, key.low);
  for (const std::string& name : tags) {
    const std::optional<std::string_view> value = game ? tag_value(*game, name) : std::nullopt;
    put(out, std::int32_t(value ? std::int32_t(value->size()) : -1));
    if (value) out += *value;
  }
}

}  // namespace pawnkit::python
