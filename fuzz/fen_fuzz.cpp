// libFuzzer target for FEN/EPD parsing, strict and lenient. Invariants: an error or a
// repair points inside the text; the lenient reading accepts everything the strict one
// does, alike and with no repair, and what it accepts with no repair the strict one
// accepts too (so repairs are exactly the difference); a parsed position (leniently
// read too) prints to a FEN that parses strictly back to the same position and prints the
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

namespace {

void check_error(const ParseError& error, std::size_t size) {
  if (error.column > size || error.what.empty()) std::abort();
}

bool same(const Position& a, const Position& b) { return a == b; }
bool same(const EpdRecord& a, const EpdRecord& b) {
  return a.position == b.position && a.operations == b.operations;
}

// The strict and the lenient reading of `text` agree as the header promises.
template <class T>
void check_readings_agree(const Parsed<T>& strict, const Parsed<T>& lenient,
                          const FenRepairs& repairs, std::size_t size) {
  for (const FenRepair& repair : repairs) check_error(repair, size);
  if (!lenient) {
    if (strict) std::abort();  // lenient accepts all that strict does
    check_error(lenient.error(), size);
    return;
  }
  if (strict) {
    if (!repairs.empty() || !same(*strict, *lenient)) std::abort();
  } else {
    if (repairs.empty()) std::abort();  // a difference is always a repair
  }
}

void check_position(const Position& pos) {
  if (pos.key() != pos.compute_key()) std::abort();
  const std::string fen = to_fen(pos);
  const Parsed<Position> again = parse_fen(fen);
  if (!again || !(*again == pos) || to_fen(*again) != fen) std::abort();

  const PawnBoard board = pawn_board(pos);
  if (!(pawn_report(board) == reference::pawn_report(board))) std::abort();

  if (check_playable(pos)) return;
  for (Move m : legal_moves(pos)) {
    const Parsed<Move> back = parse_san(pos, to_san(pos, m));
    if (!back || !(*back == m)) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  FenRepairs repairs;

  const Parsed<Position> strict_fen = parse_fen(text);
  const Parsed<Position> lenient_fen = parse_fen_lenient(text, repairs);
  check_readings_agree(strict_fen, lenient_fen, repairs, size);

  const Parsed<EpdRecord> strict = parse_epd(text);
  const Parsed<EpdRecord> lenient = parse_epd_lenient(text, repairs);
  check_readings_agree(strict, lenient, repairs, size);

  if (lenient) check_position(lenient->position);
  if (lenient_fen) check_position(*lenient_fen);
  return 0;
}
