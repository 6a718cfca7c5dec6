// Search by pawns for the page (web/site/search.js): the games of the opened files where
// some position had the pawns of a search mask, matched as `pawnkit explore --match
// exact|center|structure` matches them (docs/explorer.md), with the index's own keys
// (index/keys.hpp): the same pawns, the same pawns on the c- to f-files, or the named
// structure the mask's pawns make (as in a middlegame), held by the same side (the
// position's structure is none in an ending). Each game counts once, at its first such
// position, as the index counts it; a game that does not replay to its end is reported
// and left out, as `index add` leaves it out.
#include <emscripten/bind.h>

#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/pawns/structures.hpp>

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "analysis/replay.hpp"
#include "error_json.hpp"
#include "explore/explorer.hpp"
#include "index/keys.hpp"
#include "io/json.hpp"
#include "page_input.hpp"

namespace pawnkit::web {

namespace {

using index_db::MatchKind;
using index_db::PackedKey;

// The key a position has for `kind`, as the index's builder keys it (index/game_visits.cpp):
// its placement, or its named structure (none in an ending: an empty key).
PackedKey key_of(MatchKind kind, const Position& pos) {
  const Bitboard white = pos.pawns(White), black = pos.pawns(Black);
  if (kind != MatchKind::Structure) return index_db::packed_placement_key(kind, white, black);
  const auto named = classify_structure(white, black, in_ending(pos));
  return named ? index_db::packed_structure_key(named->id, named->side) : PackedKey{};
}

// One JSON line per game that reached the key: {"game", "ply" (its first position with
// it), "plies" (how long that first visit lasted), "structure", "structure_side" (the
// named structure of that position, "" for none)}.
class SearchWorker {
 public:
  SearchWorker(MatchKind kind, PackedKey key) : kind_(kind), key_(key) {}
  void game(const io::GameRecord& game, std::string& out,
            std::vector<io::Diagnostic>& diagnostics) {
    int first = -1, plies = 0;
    bool left = false;  // the first visit is over
    std::optional<StructureMatch> named;
    const analysis::ReplayResult result = analysis::replay(game, [&](const Position& pos, int ply) {
      if (left) return;
      if (key_of(kind_, pos) != key_) {
        left = first >= 0;
        return;
      }
      if (first < 0) {
        first = ply;
        named = classify_structure(pos);
      }
      ++plies;
    });
    analysis::note_outcome(result, counts_, diagnostics);
    if (result.outcome != analysis::ReplayOutcome::Complete || first < 0) return;
    out += "{\"game\": " + std::to_string(game.number) + ", \"ply\": " + std::to_string(first) +
           ", \"plies\": " + std::to_string(plies) + ", \"structure\": ";
    io::append_json_string(out, named ? structure_names[std::size_t(named->id)] : "");
    out += ", \"structure_side\": ";
    io::append_json_string(out, named ? (named->side == White ? "white" : "black") : "");
    out += "}\n";
  }

 private:
  MatchKind kind_;
  PackedKey key_;
  analysis::GameCounts counts_;
};

// The games whose positions match the pawns of `fen` (pieces, side to move and castling
// are ignored, as explore ignores them) by `match`: "exact", "center" or "structure".
Result search_games(const Input& input, const std::string& fen, const std::string& match,
                    emscripten::val on_progress) {
  // The match mode, the pawns and the key as `explore` reads and keys them: the same
  // messages for a bad mode and for pawns that make no named structure.
  explore::Query query;
  if (std::string e = explore::set_filters(query, 0, {}, {}, {}, match); !e.empty())
    return failure(e);
  if (std::string e = explore::set_pawns(query, fen); !e.empty()) return failure(e);
  PackedKey key;
  if (std::string e = explore::query_key(query, key); !e.empty()) return failure(e);
  if (std::string why = input.unreadable(); !why.empty()) return failure(why);
  std::vector<SearchWorker> workers{SearchWorker{query.match, key}};
  PageSink sink(std::move(on_progress));
  const auto source = input.source();
  analysis::run_pipeline(*source, std::span(workers), sink);
  return {sink.output, {}, sink.warnings, {}};
}

// The named structure of a FEN's pawns as a search names it: as in a middlegame, whatever
// the pieces ({"structure": "iqp", "structure_side": "white"}, "" for none), as explore
// names its query's pawns.
std::string mask_structure(const std::string& fen) {
  std::string error;
  const std::optional<Position> mask = parse_position(fen, error);
  if (!mask) return error_json(error);
  const auto named = classify_structure(mask->pawns(White), mask->pawns(Black), false);
  std::string out = "{\"structure\": ";
  io::append_json_string(out, named ? structure_names[std::size_t(named->id)] : "");
  out += ", \"structure_side\": ";
  io::append_json_string(out, named ? (named->side == White ? "white" : "black") : "");
  return out + '}';
}

}  // namespace

}  // namespace pawnkit::web

EMSCRIPTEN_BINDINGS(pawnkit_search) {
  emscripten::function("searchGames", &pawnkit::web::search_games);
  emscripten::function("maskStructure", &pawnkit::web::mask_structure);
}
