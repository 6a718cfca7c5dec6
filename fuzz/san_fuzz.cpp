// libFuzzer target for SAN and UCI parsing and the lenient move reader. The first byte
// picks a position (ordinary, tactical, promotion-heavy, en passant, Chess960, in check),
// the rest is the move text. A parsed move must be legal and print back to SAN that parses
// to the same move; the lenient reader agrees with parse_san whenever that reads the text,
// and a null move it reads is never made in check and keeps the pawn key.
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/chess/notation.hpp>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace pawnkit;

namespace {

const std::array<Position, 8>& positions() {
  static const std::array<Position, 8> all = [] {
    constexpr std::array<std::string_view, 8> fens = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3",
    };
    std::array<Position, 8> out{};
    for (std::size_t i = 0; i < fens.size(); ++i) out[i] = *parse_fen(fens[i]);
    return out;
  }();
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const Position& pos = positions()[data[0] % positions().size()];
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const MoveList legal = legal_moves(pos);

  const Parsed<Move> san = parse_san(pos, text);
  if (san) {
    if (!legal.contains(*san)) std::abort();
    const Parsed<Move> back = parse_san(pos, to_san(pos, *san));
    if (!back || !(*back == *san)) std::abort();
  } else if (san.error().what.empty()) {
    std::abort();
  }
  for (bool chess960 : {false, true}) {
    const Parsed<Move> uci = parse_uci(pos, text, chess960);
    if (uci && !legal.contains(*uci)) std::abort();

    const Parsed<LenientMove> lenient = parse_move_leniently(pos, text, chess960);
    if (san && (!lenient || lenient->spelling != MoveSpelling::San || !(lenient->move == *san)))
      std::abort();  // correctly spelled SAN is read as parse_san reads it
    if (!lenient) {
      if (lenient.error().what.empty()) std::abort();
      continue;
    }
    if (lenient->spelling == MoveSpelling::Null) {
      if (in_check(pos) || !lenient->move.is_null()) std::abort();
      Position passed = pos;
      passed.do_null_move();
      if (passed.pawn_key() != pos.pawn_key() || passed.key() != passed.compute_key() ||
          passed.side_to_move() == pos.side_to_move() || passed.en_passant() != NoSquare)
        std::abort();
      continue;
    }
    if (!legal.contains(lenient->move)) std::abort();
    const Parsed<Move> back = parse_san(pos, to_san(pos, lenient->move));
    if (!back || !(*back == lenient->move)) std::abort();
  }
  return 0;
}
