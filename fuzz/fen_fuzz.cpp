// libFuzzer target for FEN/EPD parsing. Invariants: an error points inside the text; a
// parsed position prints to a FEN that parses back to the same position and prints the
// same; the set-wise pawn report equals the square-by-square one; in a playable position
// every legal move prints as SAN that parses back to the same move.
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/chess/notation.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/pawns/reference.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

using namespace pawnkit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Parsed<EpdRecord> record = parse_epd(text);
  if (!record) {
    if (record.error().column > size || record.error().what.empty()) std::abort();
    return 0;
  }
  const Position& pos = record->position;
  const std::string fen = to_fen(pos);
  const Parsed<Position> again = parse_fen(fen);
  if (!again || !(*again == pos) || to_fen(*again) != fen) std::abort();

  const PawnBoard board = pawn_board(pos);
  if (!(pawn_report(board) == reference::pawn_report(board))) std::abort();

  if (check_playable(pos)) return 0;
  for (Move m : legal_moves(pos)) {
    const Parsed<Move> back = parse_san(pos, to_san(pos, m));
    if (!back || !(*back == m)) std::abort();
  }
  return 0;
}
