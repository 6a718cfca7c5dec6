// The questions asked of an index: for a pawn placement (exact, its centre, or the named
// structure it makes), the games that reached it and their score, the moves that left it
// and theirs, and the model games, over the games the filters keep. The CLI (explore),
// the server and the Python binding all answer through here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <pawnkit/bitboard.hpp>
#include <pawnkit/pawns/structures.hpp>

#include "explore/game_records.hpp"
#include "index/game_info.hpp"
#include "index/keys.hpp"
#include "index/placement_stats.hpp"
#include "index/store.hpp"

namespace pawnkit::explore {

// Which games the counts are over. Every filter is a set of cells (index/game_info.hpp),
// so the answer is exact.
struct Filters {
  int min_elo = 0;  // both players rated at least this; a multiple of 100 (0: every game)
  std::vector<index_db::Speed> speeds;  // empty: every speed
  std::uint32_t since = 0, until = 0;   // months (index_db::parse_month), 0: open
  bool keeps(index_db::Cell cell) const;
};

struct Query {
  Bitboard white = 0, black = 0;  // the pawns asked about
  index_db::MatchKind match = index_db::MatchKind::Exact;
  Filters filters;
  std::size_t games = 5;  // model games wanted, at most index_db::candidates_per_cell
};

// The filters and the match mode as their option texts give them (explore's options,
// serve's query parameters, the Python keywords): min_elo a multiple of 100 (0: none),
// speeds by Lichess name, since/until "YYYY-MM" or empty, match "exact", "center" or
// "structure". Sets `query`'s filters and match; the error for a bad one.
std::string set_filters(Query& query, int min_elo, const std::vector<std::string>& speeds,
                        const std::string& since, const std::string& until,
                        const std::string& match);

// Speed names written as serve's `speeds` parameter and the page give them: "bullet,blitz"
// (empty parts skipped), for set_filters.
std::vector<std::string> split_speeds(std::string_view text);

// Reads "FEN" (pieces, side to move and castling ignored; 4 or 6 fields) into the query's
// pawns; the error when it is not a position.
std::string set_pawns(Query& query, std::string_view fen);

// The index key `query` is answered from: its exact or centre placement, or the named
// structure its pawns make (as in a middlegame) with the side holding it; the error when
// the match is by structure and the pawns make none.
std::string query_key(const Query& query, index_db::PackedKey& key);

struct MoveRow {
  std::string uci;
  index_db::Score score;
};

struct ModelGame {
  index_db::GameInfo info;
  std::uint32_t first_ply = 0;
  std::uint32_t number = 0;  // the game's number in the index
};

struct Answer {
  std::string fen;
  Bitboard white = 0, black = 0;
  std::optional<StructureMatch> structure;  // of the pawns (not as an ending)
  index_db::Score score;
  std::vector<MoveRow> moves;  // most games first, then by UCI
  std::vector<ModelGame> model_games;
};

// Answers `query` from `store`; empty error on success. `records`: the game records of
// `store` kept across queries (a server's); null: read for this query alone.
std::string explore(const index_db::Store& store, const Query& query, Answer& answer,
                    GameRecords* records = nullptr);

// The UCI text of a PlacementStats move code.
std::string move_uci(std::uint32_t code);

}  // namespace pawnkit::explore
