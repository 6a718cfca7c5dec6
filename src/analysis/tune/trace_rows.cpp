#include "analysis/tune/trace_rows.hpp"

#include <bit>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/decimal.hpp>

namespace pawnkit::analysis {

TraceRow trace_row(const Position& pos, const eval::PawnWeights& weights) {
  TraceRow row;
  row.pawns = eval::trace(pos, weights);
  for (int pt = 0; pt < 5; ++pt) {
    const PieceType type = PieceType(pt);
    row.material[std::size_t(pt)] =
        std::popcount(pos.pieces(White, type)) - std::popcount(pos.pieces(Black, type));
  }
  row.side_to_move = pos.side_to_move() == White ? 1 : -1;
  row.shelter = {king_shelter_trace(pos, White), king_shelter_trace(pos, Black)};
  return row;
}

eval::KingShelterTrace king_shelter_trace(const Position& pos, Color c) {
  const Square king = pos.king_square(c);
  if (king == NoSquare) return {};
  const bool king_side = pos.can_castle(c, CastlingSide::King);
  const bool queen_side = pos.can_castle(c, CastlingSide::Queen);
  const Bitboard white = pos.pawns(White), black = pos.pawns(Black);
  return c == White ? eval::king_shelter_trace<White>(white, black, king, king_side, queen_side)
                    : eval::king_shelter_trace<Black>(black, white, king, king_side, queen_side);
}

std::optional<double> result_label(std::string_view result) {
  if (result == "1-0") return 1.0;
  if (result == "0-1") return 0.0;
  if (result == "1/2-1/2") return 0.5;
  return std::nullopt;
}

std::optional<double> epd_label(std::string_view operations) {
  if (const auto c9 = epd_operation(operations, "c9")) {
    std::string_view text = *c9;
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
      text = text.substr(1, text.size() - 2);
    return result_label(text);
  }
  const std::size_t open = operations.rfind('[');
  if (open == std::string_view::npos) return std::nullopt;
  const std::size_t close = operations.find(']', open);
  if (close == std::string_view::npos) return std::nullopt;
  const std::string_view value = operations.substr(open + 1, close - open - 1);
  // Any fraction from 0 to 1 (a result averaged over games, or a search's expectation).
  const std::optional<double> label = parse_decimal(value);
  if (!label || !(*label >= 0 && *label <= 1)) return std::nullopt;
  return label;
}

}  // namespace pawnkit::analysis
