#include "explore/explorer.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/notation.hpp>

#include "index/placement_stats_reader.hpp"

namespace pawnkit::explore {

bool Filters::keeps(index_db::Cell cell) const {
  if (min_elo > 0 && cell.band * 100 < min_elo) return false;
  if (!speeds.empty() && std::find(speeds.begin(), speeds.end(), cell.speed) == speeds.end())
    return false;
  if ((since || until) && cell.month == 0) return false;  // no date: not in any range
  if (since && cell.month < since) return false;
  if (until && cell.month > until) return false;
  return true;
}

std::vector<std::string> split_speeds(std::string_view text) {
  std::vector<std::string> out;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    if (comma) out.emplace_back(text.substr(0, comma));
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return out;
}

std::string set_filters(Query& query, int min_elo, const std::vector<std::string>& speeds,
                        const std::string& since, const std::string& until,
                        const std::string& match) {
  if (min_elo < 0 || min_elo > 9900 || min_elo % 100 != 0)
    return "--min-elo takes a multiple of 100 from 0 to 9900 (the index keeps rating bands)";
  query.filters = Filters{};
  query.filters.min_elo = min_elo;
  for (const std::string& s : speeds) {
    const auto speed = index_db::parse_speed(s);
    if (!speed)
      return "--speeds takes ultraBullet, bullet, blitz, rapid, classical, correspondence, "
             "unknown; not '" +
             s + "'";
    query.filters.speeds.push_back(*speed);
  }
  for (auto [text, month, name] : {std::tuple{&since, &query.filters.since, "--since"},
                                   std::tuple{&until, &query.filters.until, "--until"}}) {
    if (text->empty()) continue;
    const auto parsed = index_db::parse_month(*text);
    if (!parsed) return std::string(name) + " takes a year and month, YYYY-MM; not '" + *text + "'";
    *month = *parsed;
  }
  if (match == "exact")
    query.match = index_db::MatchKind::Exact;
  else if (match == "center")
    query.match = index_db::MatchKind::Center;
  else if (match == "structure")
    query.match = index_db::MatchKind::Structure;
  else
    return "--match takes exact, center or structure; not '" + match + "'";
  return {};
}

std::string set_pawns(Query& query, std::string_view fen) {
  const Parsed<Position> pos = parse_fen(fen);
  if (!pos) return "FEN: " + std::string(pos.error().what);
  query.white = pos->pawns(White);
  query.black = pos->pawns(Black);
  if ((query.white | query.black) & (rank_bb(Rank::First) | rank_bb(Rank::Eighth)))
    return "FEN: a pawn on the first or last rank";
  return {};
}

std::string move_uci(std::uint32_t code) {
  std::string uci;
  uci += square_name(Square(code & 63));
  uci += square_name(Square((code >> 6) & 63));
  if (const std::uint32_t promotion = code >> 12) uci += "pnbrqk"[promotion];
  return uci;
}

std::string query_key(const Query& query, index_db::PackedKey& key) {
  if (query.match != index_db::MatchKind::Structure) {
    if ((query.white | query.black) & index_db::back_ranks)
      return "a pawn on the first or last rank is not a position";
    key = index_db::packed_placement_key(query.match, query.white, query.black);
    return {};
  }
  const auto structure = classify_structure(query.white, query.black, false);
  if (!structure)
    return "these pawns make no named structure (docs/structures.md); try --match exact";
  key = index_db::packed_structure_key(structure->id, structure->side);
  return {};
}

namespace {

// The model games: the candidates of the kept cells, best first, skipping a game whose two
// players (either colour) were already chosen. A heap, not a sort: a popular placement has
// thousands of candidates and a query wants a handful. Candidates the value ranks alike (the
// same score and tiebreak prefix: rare) come off the heap together and are ordered by the
// full tiebreaks their game records hold.
std::string choose_models(const index_db::Store& store,
                          std::vector<index_db::Candidate>& candidates, std::size_t wanted,
                          GameRecords& records, Answer& answer) {
  const auto worse = [](const index_db::Candidate& a, const index_db::Candidate& b) {
    return b < a;
  };
  struct Ranked {
    index_db::Candidate candidate;
    std::shared_ptr<const index_db::GameInfo> info;
  };
  std::vector<Ranked> alike;
  std::make_heap(candidates.begin(), candidates.end(), worse);
  for (auto end = candidates.end();
       answer.model_games.size() < wanted && end != candidates.begin();) {
    alike.clear();
    do {
      std::pop_heap(candidates.begin(), end, worse);
      alike.push_back({*--end, nullptr});
    } while (end != candidates.begin() &&
             !alike.front().candidate.ranks_before(candidates.front()));
    for (Ranked& r : alike) {
      std::string error;
      r.info = records.find(store, r.candidate.game, error);
      if (!r.info) return error;
    }
    if (alike.size() > 1)
      std::stable_sort(alike.begin(), alike.end(), [](const Ranked& a, const Ranked& b) {
        return a.info->tiebreak < b.info->tiebreak;
      });
    for (const Ranked& r : alike) {
      if (answer.model_games.size() == wanted) break;
      const auto pair = std::minmax(r.info->white, r.info->black);
      const auto same_players = [&pair](const ModelGame& g) {
        return std::minmax(g.info.white, g.info.black) == pair;
      };
      if (std::any_of(answer.model_games.begin(), answer.model_games.end(), same_players)) continue;
      answer.model_games.push_back({*r.info, r.candidate.first_ply, r.candidate.game});
    }
  }
  return {};
}

// The moves of the kept cells, summed by move: most games first, then by UCI.
void add_moves(std::vector<index_db::MoveScore>& moves, Answer& answer) {
  std::sort(
      moves.begin(), moves.end(),
      [](const index_db::MoveScore& a, const index_db::MoveScore& b) { return a.move < b.move; });
  for (std::size_t i = 0; i < moves.size();) {
    index_db::Score score;
    const std::uint32_t code = moves[i].move;
    for (; i < moves.size() && moves[i].move == code; ++i) score.add(moves[i].score);
    answer.moves.push_back({move_uci(code), score});
  }
  std::stable_sort(
      answer.moves.begin(), answer.moves.end(), [](const MoveRow& a, const MoveRow& b) {
        return a.score.games != b.score.games ? a.score.games > b.score.games : a.uci < b.uci;
      });
}

}  // namespace

std::string explore(const index_db::Store& store, const Query& query, Answer& answer,
                    GameRecords* records) {
  answer = Answer{};
  answer.white = query.white;
  answer.black = query.black;
  answer.structure = classify_structure(query.white, query.black, false);
  index_db::PackedKey key;
  if (std::string e = query_key(query, key); !e.empty()) return e;
  std::string error;
  thread_local std::string value;  // the thread's own, its memory kept between queries
  const bool found = store.get_into(key.view(), value, error);
  if (!error.empty()) return error;
  if (!found) return {};  // no game reached it
  // The kept cells' counts, moves and candidates, read straight from the value: no
  // vectors per cell (index/placement_stats_reader.hpp). The lists are the thread's own,
  // reused from query to query.
  struct KeptCells {
    const Filters& filters;
    Answer& answer;
    std::vector<index_db::MoveScore>& moves;
    std::vector<index_db::Candidate>& candidates;
    bool cell(std::uint32_t cell, const index_db::Score& score) {
      if (!filters.keeps(index_db::Cell::from_id(cell))) return false;
      answer.score.add(score);
      return true;
    }
    void move(const index_db::MoveScore& m) { moves.push_back(m); }
    void candidate(const index_db::Candidate& c) { candidates.push_back(c); }
    void visit(const index_db::LeanVisit& v) { visits.push_back(v); }
    std::vector<index_db::LeanVisit>& visits;
  };
  thread_local std::vector<index_db::MoveScore> moves;
  thread_local std::vector<index_db::Candidate> candidates;
  thread_local std::vector<index_db::LeanVisit> visits;
  moves.clear();
  candidates.clear();
  visits.clear();
  KeptCells kept{query.filters, answer, moves, candidates, visits};
  if (!index_db::read_placement_stats(value, kept))
    return "corrupt index: a placement's counts are unreadable";
  std::optional<GameRecords> these;  // a query's own, when the caller keeps none
  GameRecords& games = records ? *records : these.emplace(64);
  // A lean visit counts as a cell of one game, the game's cell, result and score read from
  // its record (the model games' records are read from the same GameRecords).
  for (const index_db::LeanVisit& v : visits) {
    const auto record = games.find(store, v.game, error);
    if (!record) return error;
    const index_db::GameSummary game = index_db::GameSummary::of(*record);
    index_db::Score score;
    score.add(game.result);
    if (!kept.cell(game.cell, score)) continue;
    if (v.move) kept.move({v.move - 1u, score});
    kept.candidate(game.candidate(v));
  }
  add_moves(moves, answer);
  return choose_models(store, candidates, query.games, games, answer);
}

}  // namespace pawnkit::explore
