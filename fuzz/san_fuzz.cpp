// libFuzzer target for SAN and UCI parsing. The first byte picks a position (ordinary,
// tactical, promotion-heavy, en passant, Chess960), the rest is the move text. A parsed
// move must be legal and print back to SAN that parses to the same move.
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/movegen.hpp>
#include <pawnkit/chess/notation.hpp>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace pawnkit;

namespace {

const std::array<Position, 7>& positions() {
  static const std::array<Position, 7> all = [] {
    constexpr std::array<std::string_view, 7> fens = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    };
    std::array<Position, 7> out{};
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
  }
  return 0;
}
