// libFuzzer target for the find query language (the seeds have decimals and similarity()
// with good and bad FENs). Invariants: an error points inside the text (or just past it)
// and says something; a compiled query evaluates on fixed positions, with and without a
// game's tags, gives the same answer twice, and its negation gives the other answer.
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

#include "analysis/find.hpp"
#include "analysis/query/query.hpp"

using namespace pawnkit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto compiled = analysis::Query::compile(text);
  if (const auto* error = std::get_if<analysis::QueryError>(&compiled)) {
    if (error->column > size || error->message.empty()) std::abort();
    if (analysis::format_query_error(text, *error).empty()) std::abort();
    return 0;
  }
  const analysis::Query& query = std::get<analysis::Query>(compiled);
  // Nested one level deeper it may pass the depth or size limit; then it is not compared.
  const auto negated = analysis::Query::compile("not (" + std::string(text) + ")");
  const analysis::Query* opposite = std::get_if<analysis::Query>(&negated);
  static const io::GameRecord game = [] {
    io::GameRecord g;
    g.add_tag("WhiteElo", "2450");
    g.add_tag("BlackElo", "?");
    g.add_tag("ECO", "D35");
    return g;
  }();
  for (const char* fen : {"r1bq1rk1/pp2bppp/2n1p3/3n4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 12",
                          "rnr3k1/4qpp1/p3b2p/1Bpp4/8/Q3PN2/PP3PPP/2R1K2R w K - 0 16",
                          "4k3/8/8/8/8/8/8/4K3 b - - 0 1"}) {
    const Parsed<Position> pos = parse_fen(fen);
    const PawnReport report = pawn_report(*pos);
    for (const io::GameRecord* g : {static_cast<const io::GameRecord*>(nullptr), &game}) {
      const auto ctx = analysis::query_context(query, *pos, report, 7, g);
      if (query.matches(ctx) != query.matches(ctx)) std::abort();
      if (opposite && opposite->matches(ctx) == query.matches(ctx)) std::abort();
    }
  }
  return 0;
}
