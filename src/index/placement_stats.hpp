// The value of a placement key (exact, centre or structure): per cell (speed, rating
// band, month) the games that reached it and their results, the moves that left it with
// theirs, and the best model-game candidates; or, for a key that at most
// lean_visits_max games reached (most keys: a game's own late placements), the visits
// themselves, whose cell, result and score the reader takes from the games' records.
// Values are summed by RocksDB's merge operator (index/store.cpp) with merge() below, so
// a batch only adds.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "index/game_info.hpp"

namespace pawnkit::index_db {

struct Score {
  std::uint64_t games = 0, white = 0, draws = 0, black = 0;
  void add(Result r) {
    ++games;
    white += r == Result::WhiteWins;
    draws += r == Result::Draw;
    black += r == Result::BlackWins;
  }
  void add(const Score& o) {
    games += o.games;
    white += o.white;
    draws += o.draws;
    black += o.black;
  }
};

// A move that left the placement, as from (6 bits), to (6 bits) and the promotion piece
// (3 bits: 0 none, else the PieceType), the way the game played it.
struct MoveScore {
  std::uint32_t move = 0;
  Score score;
};

// A model-game candidate. Its rank (better first): higher score, then lower tiebreak, the
// game's content hash's high word, which its game record holds ('G', GameInfo::tiebreak):
// a total order that does not depend on the order of adding. A value keeps the tiebreak's
// top 16 bits alone (the whole word, 8 bytes a candidate, made the index 16% larger);
// candidates whose score and tiebreak_prefix are equal are ranked by the answer, which
// reads their full tiebreaks (explore::choose_models).
struct Candidate {
  std::uint32_t score = 0;
  std::uint16_t tiebreak_prefix = 0;
  std::uint32_t game = 0;       // the game's number ('G' key)
  std::uint32_t first_ply = 0;  // the ply where the game reached the placement
  // The order of a value's candidates: by rank as far as it is known, then by game and
  // ply, so that the same games give the same bytes.
  bool operator<(const Candidate& o) const {
    if (score != o.score) return score > o.score;
    if (tiebreak_prefix != o.tiebreak_prefix) return tiebreak_prefix < o.tiebreak_prefix;
    return game != o.game ? game < o.game : first_ply < o.first_ply;
  }
  // Whether the rank alone can tell them apart (else their full tiebreaks do).
  bool ranks_before(const Candidate& o) const {
    return score != o.score ? score > o.score : tiebreak_prefix < o.tiebreak_prefix;
  }
  static std::uint16_t prefix_of(std::uint64_t tiebreak) { return std::uint16_t(tiebreak >> 48); }
};

// Candidates kept per cell: enough for --games up to this many. A cell keeps its best
// candidates_per_cell and those after them that the value cannot rank below the last
// kept one (the same score and tiebreak_prefix): one of them may be better by the full
// tiebreak. A game is dropped only when candidates_per_cell others rank before it, so
// the kept ones hold the best games of every sum of cells.
inline constexpr std::size_t candidates_per_cell = 10;
// Cuts a list sorted by Candidate's order to the candidates a cell keeps.
void keep_best_candidates(std::vector<Candidate>& sorted);

// One game's visit of a placement as the game made it: what a value keeps of each game
// when at most lean_visits_max games reached the key. The rest of what the cells hold
// (the cell, the result, the model score and tiebreak) is the game's and is in its record
// ('G'): keeping it in the value too made the index 15-20% larger (docs/explorer.md).
struct LeanVisit {
  std::uint32_t game = 0;       // the game's number ('G' key)
  std::uint32_t first_ply = 0;  // the ply where the game reached the placement
  std::uint16_t move = 0;       // the move that left: code + 1; 0: the game ended there
  std::uint8_t held = 0;        // plies the placement held, at most 40 (as model_score counts)
  // By game and ply (the rest only makes the order total: a game reaches a key once).
  bool operator<(const LeanVisit& o) const {
    if (game != o.game) return game < o.game;
    if (first_ply != o.first_ply) return first_ply < o.first_ply;
    return move != o.move ? move < o.move : held < o.held;
  }
  bool operator==(const LeanVisit&) const = default;
};
// Keys reached by at most this many games keep lean visits; beyond, cells. An answer
// reads the records of its model games (five by default) anyway, most of them those of
// a lean key's games. Measured on plain PGN (10k games): 4 keeps 2.9% more bytes than 8.
inline constexpr std::size_t lean_visits_max = 8;

// What a lean visit takes from its game's record to be counted as a cell counts it.
struct GameSummary {
  std::uint32_t cell = 0;  // Cell::id
  int score_of_game = 0;   // model_score_of_game
  std::uint64_t tiebreak = 0;
  Result result = Result::Unfinished;
  static GameSummary of(const GameInfo& info);
  // The model-game candidate of this game's visit, as a cell keeps it.
  Candidate candidate(const LeanVisit& visit) const {
    return {model_score(score_of_game, visit.held), Candidate::prefix_of(tiebreak), visit.game,
            visit.first_ply};
  }
};
// The summaries of the games a sum may meet (the builder's run, the memory store's
// records); nullopt for a game it does not know.
class GameSummaries {
 public:
  virtual ~GameSummaries() = default;
  virtual std::optional<GameSummary> find(std::uint32_t game) const = 0;
};

struct CellStats {
  std::uint32_t cell = 0;
  Score score;
  std::vector<MoveScore> moves;       // by move
  std::vector<Candidate> candidates;  // best first, at most candidates_per_cell

  // Empty again, for `cell`, the vectors' memory kept: summing a batch or batch files
  // reuses one PlacementStats for thousands of keys.
  void restart(std::uint32_t new_cell) {
    cell = new_cell;
    score = {};
    moves.clear();
    candidates.clear();
  }
  // After moves and candidates were appended one game at a time in any order (a batch's
  // rows, IndexBuilder::sum_rows): one entry per move with the scores summed, and the best
  // candidates first, at most candidates_per_cell, as add_game keeps them.
  void tidy_appended();
};

struct PlacementStats {
  std::vector<CellStats> cells;  // by cell id
  // Lean visits, by game then ply: a value of at most lean_visits_max games holds these
  // alone; a value summed without the games' summaries (RocksDB's merge operator) may
  // hold both, and reads as the sum of the two.
  std::vector<LeanVisit> visits;
  // Cells taken off `cells` by resize_cells, their vectors' memory kept for the next key.
  std::vector<CellStats> spare_cells;

  // `cells` made `count` long, each to be restart()ed by the caller: cells past `count` go
  // to spare_cells and come back from there. Summing a batch reuses one PlacementStats for
  // keys of one cell and keys of hundreds, and resizing `cells` freed the vectors of every
  // cell past the new size, to allocate them again for the next key (47,818 allocations
  // for a 3,000-game batch).
  void resize_cells(std::size_t count);

  // One game that reached the placement: its cell, result, the move that left (none when
  // the game ended there) and its model-game candidate entry.
  void add_game(std::uint32_t cell, Result result, std::optional<std::uint32_t> move,
                const Candidate& candidate);
  // A lean visit counted into the cells as add_game counts its game.
  void add_visit(const LeanVisit& visit, const GameSummary& game);
  // The games counted: the cells' and the visits'.
  std::uint64_t games() const;
  // The sum of both (cells and visits); with `games` (the summaries of every game of the
  // visits), in the one form a value of these games has whatever the batches were: over
  // lean_visits_max games, every visit counted into the cells. False when a visit's game
  // is not in `games`.
  bool merge(const PlacementStats& other, const GameSummaries* games = nullptr);
  // The one form (as merge), the sum already made.
  bool settle(const GameSummaries* games);
  std::string encode() const;
  void encode_to(std::string& out) const;  // appends
  // Appends lean visits (sorted, at least one) as their value: the value of those games
  // alone when at most lean_visits_max.
  static void encode_visits(std::string& out, std::span<const LeanVisit> sorted);
  static std::optional<PlacementStats> decode(std::string_view bytes);
};

// Sums two encoded values (the merge operator's work, and the memory store's, with the
// games' summaries); false when one is corrupt or a visit's game is not in `games`.
bool merge_encoded(std::string_view a, std::string_view b, std::string& out,
                   const GameSummaries* games = nullptr);

}  // namespace pawnkit::index_db
