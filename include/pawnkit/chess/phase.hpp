// Game phase: opening, middlegame or endgame, from the material on the board and the
// move number, by the common 24-point phase count (as in Stockfish's and Fruit's tapered
// evaluation: a knight or bishop counts 1, a rook 2, a queen 4, so the start position has
// 24 points). docs/patterns.md states the rule for users.
//
//   endgame     at most 8 points left: queens off with up to two rooks or a rook and two
//               minor pieces each, or a queen each and nothing else, or less;
//   opening     otherwise, during the first 10 moves of each side (ply < 20) while at
//               least 20 points remain (no more than two minor-piece pairs or one
//               rook pair traded);
//   middlegame  everything else.
//
// A position read from FEN/EPD counts its plies from the FEN's move number and side to
// move, so a diagram with move number 1 and full material is in the opening.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "pawnkit/chess/position.hpp"

namespace pawnkit {

enum class GamePhase : std::uint8_t { Opening, Middlegame, Endgame };

inline constexpr int phase_points_max = 24;
inline constexpr int endgame_max_points = 8;
inline constexpr int opening_min_points = 20;
inline constexpr int opening_plies = 20;

// Non-pawn material of both sides in phase points (knight, bishop 1, rook 2, queen 4),
// capped at 24 so that promoted pieces do not push a position past the start.
inline int phase_points(const Position& pos) {
  using enum PieceType;
  const int points = std::popcount(pos.pieces(Knight) | pos.pieces(Bishop)) +
                     2 * std::popcount(pos.pieces(Rook)) + 4 * std::popcount(pos.pieces(Queen));
  return std::min(points, phase_points_max);
}

// Plies played before this position, from the move number and the side to move
// (the start position is ply 0; "... b - - 0 10" is ply 19).
inline int game_ply(const Position& pos) {
  return 2 * (std::max(pos.fullmove_number(), 1) - 1) + (pos.side_to_move() == Black ? 1 : 0);
}

constexpr GamePhase game_phase(int points, int ply) {
  if (points <= endgame_max_points) return GamePhase::Endgame;
  if (ply < opening_plies && points >= opening_min_points) return GamePhase::Opening;
  return GamePhase::Middlegame;
}

inline GamePhase game_phase(const Position& pos) {
  return game_phase(phase_points(pos), game_ply(pos));
}

// "opening", "middlegame" or "endgame", as the records and the query language write it.
constexpr std::string_view phase_name(GamePhase phase) {
  switch (phase) {
    case GamePhase::Opening:
      return "opening";
    case GamePhase::Middlegame:
      return "middlegame";
    case GamePhase::Endgame:
      return "endgame";
  }
  return "";
}

inline constexpr std::array<std::string_view, 3> phase_names = {phase_name(GamePhase::Opening),
                                                                phase_name(GamePhase::Middlegame),
                                                                phase_name(GamePhase::Endgame)};

// The phase named "opening", "middlegame" or "endgame"; nullopt for any other text.
constexpr std::optional<GamePhase> parse_phase(std::string_view name) {
  for (std::size_t i = 0; i < phase_names.size(); ++i)
    if (phase_names[i] == name) return GamePhase(i);
  return std::nullopt;
}

static_assert(game_phase(24, 0) == GamePhase::Opening);
static_assert(game_phase(24, 20) == GamePhase::Middlegame);
static_assert(game_phase(16, 10) == GamePhase::Middlegame);  // queens traded early
static_assert(game_phase(8, 10) == GamePhase::Endgame);
static_assert(game_phase(4, 90) == GamePhase::Endgame);  // a rook ending

}  // namespace pawnkit
