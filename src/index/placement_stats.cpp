#include "index/placement_stats.hpp"

#include <algorithm>
#include <functional>

#include "index/bytes.hpp"
#include "index/placement_stats_reader.hpp"

namespace pawnkit::index_db {
namespace {

void merge_candidates(std::vector<Candidate>& into, const std::vector<Candidate>& from) {
  std::vector<Candidate> both(into.size() + from.size());
  std::merge(into.begin(), into.end(), from.begin(), from.end(), both.begin());
  keep_best_candidates(both);
  into = std::move(both);
}

// Linear merges of lists sorted by their key (a value of a popular placement holds
// thousands of cells: inserting one by one would be quadratic).
void merge_moves(std::vector<MoveScore>& into, const std::vector<MoveScore>& from) {
  std::vector<MoveScore> both;
  both.reserve(into.size() + from.size());
  auto a = into.cbegin();
  auto b = from.cbegin();
  while (a != into.end() || b != from.end()) {
    if (b == from.end() || (a != into.end() && a->move < b->move)) {
      both.push_back(*a++);
    } else if (a == into.end() || b->move < a->move) {
      both.push_back(*b++);
    } else {
      both.push_back(*a++);
      both.back().score.add(b++->score);
    }
  }
  into = std::move(both);
}

// Sorts a few elements by insertion, else as std::sort does: most cells a batch sums hold
// one to three games, where std::sort's and std::partial_sort's set-up costs more than the
// sorting (tidy_appended was 3% of a build's time).
template <class T, class Less>
void sort_small(std::vector<T>& items, Less less) {
  if (items.size() > 16) {
    std::sort(items.begin(), items.end(), less);
    return;
  }
  for (std::size_t i = 1; i < items.size(); ++i) {
    T item = items[i];
    std::size_t j = i;
    for (; j > 0 && less(item, items[j - 1]); --j) items[j] = items[j - 1];
    items[j] = item;
  }
}

}  // namespace

void keep_best_candidates(std::vector<Candidate>& sorted) {
  if (sorted.size() <= candidates_per_cell) return;
  const Candidate& last = sorted[candidates_per_cell - 1];
  std::size_t keep = candidates_per_cell;
  while (keep < sorted.size() && !last.ranks_before(sorted[keep])) ++keep;
  sorted.resize(keep);
}

void PlacementStats::add_game(std::uint32_t cell, Result result, std::optional<std::uint32_t> move,
                              const Candidate& candidate) {
  auto it = std::lower_bound(cells.begin(), cells.end(), cell,
                             [](const CellStats& a, std::uint32_t b) { return a.cell < b; });
  if (it == cells.end() || it->cell != cell) {
    CellStats fresh;
    fresh.cell = cell;
    it = cells.insert(it, std::move(fresh));
  }
  it->score.add(result);
  if (move) {
    auto m = std::lower_bound(it->moves.begin(), it->moves.end(), *move,
                              [](const MoveScore& a, std::uint32_t b) { return a.move < b; });
    if (m == it->moves.end() || m->move != *move) m = it->moves.insert(m, MoveScore{*move, {}});
    m->score.add(result);
  }
  auto& best = it->candidates;  // sorted, cut by keep_best_candidates
  if (best.size() < candidates_per_cell || !best.back().ranks_before(candidate)) {
    best.insert(std::upper_bound(best.begin(), best.end(), candidate), candidate);
    keep_best_candidates(best);
  }
}

GameSummary GameSummary::of(const GameInfo& info) {
  return {info.cell().id(), model_score_of_game(info), info.tiebreak, result_of(info.result)};
}

void PlacementStats::add_visit(const LeanVisit& visit, const GameSummary& game) {
  add_game(game.cell, game.result,
           visit.move ? std::optional<std::uint32_t>(visit.move - 1u) : std::nullopt,
           game.candidate(visit));
}

std::uint64_t PlacementStats::games() const {
  std::uint64_t n = visits.size();
  for (const CellStats& c : cells) n += c.score.games;
  return n;
}

bool PlacementStats::settle(const GameSummaries* games) {
  if (!games || visits.empty() || this->games() <= lean_visits_max) return true;
  for (const LeanVisit& visit : visits) {
    const auto game = games->find(visit.game);
    if (!game) return false;
    add_visit(visit, *game);
  }
  visits.clear();
  return true;
}

void PlacementStats::resize_cells(std::size_t count) {
  for (; cells.size() > count; cells.pop_back()) spare_cells.push_back(std::move(cells.back()));
  for (; cells.size() < count && !spare_cells.empty(); spare_cells.pop_back())
    cells.push_back(std::move(spare_cells.back()));
  cells.resize(count);
}

void CellStats::tidy_appended() {
  sort_small(moves, [](const MoveScore& a, const MoveScore& b) { return a.move < b.move; });
  std::size_t n = 0;
  for (std::size_t m = 0; m < moves.size(); ++m) {
    if (n && moves[n - 1].move == moves[m].move)
      moves[n - 1].score.add(moves[m].score);
    else
      moves[n++] = moves[m];
  }
  moves.resize(n);
  if (candidates.size() <= candidates_per_cell) {
    sort_small(candidates, std::less<Candidate>());
    return;
  }
  // The best candidates_per_cell first, then those the rank cannot put below the last of
  // them, in order.
  std::partial_sort(candidates.begin(), candidates.begin() + std::ptrdiff_t(candidates_per_cell),
                    candidates.end());
  const Candidate last = candidates[candidates_per_cell - 1];
  const auto tied =
      std::partition(candidates.begin() + std::ptrdiff_t(candidates_per_cell), candidates.end(),
                     [&last](const Candidate& c) { return !last.ranks_before(c); });
  std::sort(candidates.begin() + std::ptrdiff_t(candidates_per_cell), tied);
  candidates.erase(tied, candidates.end());
}

bool PlacementStats::merge(const PlacementStats& other, const GameSummaries* games) {
  if (!other.visits.empty()) {
    std::vector<LeanVisit> all(visits.size() + other.visits.size());
    std::merge(visits.begin(), visits.end(), other.visits.begin(), other.visits.end(), all.begin());
    visits = std::move(all);
  }
  std::vector<CellStats> both;
  both.reserve(cells.size() + other.cells.size());
  auto a = cells.begin();
  auto b = other.cells.begin();
  while (a != cells.end() || b != other.cells.end()) {
    if (b == other.cells.end() || (a != cells.end() && a->cell < b->cell)) {
      both.push_back(std::move(*a++));
    } else if (a == cells.end() || b->cell < a->cell) {
      both.push_back(*b++);
    } else {
      CellStats& c = both.emplace_back(std::move(*a++));
      c.score.add(b->score);
      merge_moves(c.moves, b->moves);
      merge_candidates(c.candidates, b->candidates);
      ++b;
    }
  }
  cells = std::move(both);
  return settle(games);
}

std::string PlacementStats::encode() const {
  std::string out;
  encode_to(out);
  return out;
}

void PlacementStats::encode_to(std::string& out) const {
  if (cells.empty() && !visits.empty()) {
    encode_visits(out, visits);
    return;
  }
  // The most bytes the value can take, then written in place and cut to its size.
  std::size_t room = max_varint_bytes + detail::visits_room(visits.size());
  for (const CellStats& c : cells)
    room += 7 * max_varint_bytes + c.moves.size() * 5 * max_varint_bytes +
            c.candidates.size() * detail::candidate_room;
  const std::size_t start = out.size();
  out.resize(start + room);
  char* p = out.data() + start;
  auto score = [&p](const Score& s) {
    p = write_varint(p, s.games);
    p = write_varint(p, s.white);
    p = write_varint(p, s.draws);
    p = write_varint(p, s.black);
  };
  // Cells and whether visits follow; 0 is a lone visit's first byte (encode_visits).
  p = write_varint(p, 1 + 2 * cells.size() + !visits.empty());
  for (const CellStats& c : cells) {
    p = write_varint(p, detail::written_cell(c.cell));
    score(c.score);
    p = write_varint(p, c.moves.size());
    for (const MoveScore& m : c.moves) {
      p = write_varint(p, m.move);
      score(m.score);
    }
    p = write_varint(p, c.candidates.size());
    for (const Candidate& k : c.candidates) p = detail::write_candidate(p, k);
  }
  if (!visits.empty()) p = detail::write_visits(p, visits);
  out.resize(std::size_t(p - out.data()));
}

void PlacementStats::encode_visits(std::string& out, std::span<const LeanVisit> sorted) {
  const std::size_t start = out.size();
  out.resize(start + max_varint_bytes + detail::visits_room(sorted.size()));
  char* p = out.data() + start;
  if (sorted.size() == 1) {  // a lone visit: 0, then the visit
    p = write_varint(p, 0);
    p = detail::write_visit(p, sorted.front(), 0);
  } else {  // no cells, visits: 2 (encode_to's first number), then the visits
    p = write_varint(p, 2);
    p = detail::write_visits(p, sorted);
  }
  out.resize(std::size_t(p - out.data()));
}

std::optional<PlacementStats> PlacementStats::decode(std::string_view bytes) {
  // The value's layout is read in one place (placement_stats_reader.hpp).
  struct Cells {
    PlacementStats stats;
    bool cell(std::uint32_t cell, const Score& score) {
      stats.cells.push_back({cell, score, {}, {}});
      return true;
    }
    void move(const MoveScore& move) { stats.cells.back().moves.push_back(move); }
    void candidate(const Candidate& c) { stats.cells.back().candidates.push_back(c); }
    void visit(const LeanVisit& v) { stats.visits.push_back(v); }
  } cells;
  if (!read_placement_stats(bytes, cells)) return std::nullopt;
  // The reader gives them by game; a corrupt value may not give a game's plies in order.
  std::sort(cells.stats.visits.begin(), cells.stats.visits.end());
  return std::move(cells.stats);
}

bool merge_encoded(std::string_view a, std::string_view b, std::string& out,
                   const GameSummaries* games) {
  auto left = PlacementStats::decode(a);
  const auto right = PlacementStats::decode(b);
  if (!left || !right || !left->merge(*right, games)) return false;
  out = left->encode();
  return true;
}

}  // namespace pawnkit::index_db
