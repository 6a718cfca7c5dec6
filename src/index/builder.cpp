#include "index/builder.hpp"

#include <algorithm>
#include <array>

// The page's wasm build has no Boost (its sysroot is Emscripten's): std::sort there. Rows
// of one key and cell may come in either order: CellStats::tidy_appended orders them.
#if __has_include(<boost/sort/pdqsort/pdqsort.hpp>)
#include <boost/sort/pdqsort/pdqsort.hpp>
#define PAWNKIT_PDQSORT 1
#endif

#include "index/batch_runs.hpp"
#include "index/game_visits.hpp"

namespace pawnkit::index_db {
namespace {

// How far ahead of the row being summed its game's fields are fetched: the rows come in
// key order, their games at random (measured: without it, summing the rows took 3x longer
// than with 48-byte rows that held those fields).
constexpr std::size_t prefetch_rows = 16;

}  // namespace

IndexBuilder::IndexBuilder(Store& store, std::size_t batch_games)
    : store_(store), batch_games_(batch_games) {
  games_ = store_.games(error_);
  fresh_ = games_ == 0;
  // Batch files a killed build left are not in the index: they go.
  if (error_.empty()) runs_dir_ = store_.batch_dir(false, error_);
}

void IndexBuilder::set_file(std::string_view file) {
  file_ = std::string(file);
  auto source = sources_.find(file_);
  if (source == sources_.end()) {
    std::uint64_t before = 0;
    std::string error;
    if (const auto value = store_.get("F" + file_, error)) {
      ByteReader in(*value);
      before = in.varint();
    }
    if (!error.empty() && error_.empty()) error_ = error;
    source = sources_.emplace(file_, before).first;
  }
  file_games_ = &source->second;
}

std::string IndexBuilder::add(std::string_view text) {
  GameEntry entry;
  while (error_.empty() && !text.empty()) {
    if (!entry.read_from(text)) return error_ = "internal error: a malformed game entry";
    add_entry(entry.hash, std::move(entry.info), entry.cell, entry.result, entry.score_of_game,
              entry.visits);
  }
  return error_;
}

void IndexBuilder::add_entry(const ContentHash& hash, std::string info, std::uint32_t cell,
                             Result result, int score_of_game, std::span<const Visit> visits) {
  if (!error_.empty()) return;
  if (!file_games_) set_file("");
  std::string error;
  // An index that was empty has no game of its own before its first batch is written.
  const bool in_store = !(fresh_ && tables_ == 0) && store_.get(hash_key(hash), error);
  if (pending_hashes_.contains(hash) || in_store) {
    ++counts_.duplicates;
    return;
  }
  if (!error.empty()) {
    error_ = error;
    return;
  }
  const auto number = std::uint32_t(++games_);
  pending_hashes_.insert(hash);
  if (rows_.empty()) {
    // Room for a batch of long games up front (address space: only the pages written
    // are taken), so that the rows are not copied over and over as they grow.
    rows_.reserve(std::min<std::size_t>(batch_games_ * 96, std::size_t(1) << 22));
    games_in_batch_.reserve(batch_games_);
    game_fields_.reserve(batch_games_);
  }
  const auto in_batch = std::uint32_t(game_fields_.size());
  for (const Visit& v : visits) {
    Row& row = rows_.emplace_back();
    if (!row.set_key(v.key, cell) ||
        !row.set_visit(in_batch, v.first_ply, v.move, std::min<std::uint32_t>(v.plies, 40))) {
      error_ = "internal error: a key, cell or visit the batch rows cannot hold";
      return;
    }
  }
  game_fields_.push_back({hash.high, score_of_game, result});
  run_games_.add(number, {cell, score_of_game, hash.high, result});
  games_in_batch_.push_back({hash, number, std::move(info)});
  ++*file_games_;
  ++counts_.added;
  if (++pending_games_ >= batch_games_) write_batch(false);
}

// The stats of one key's rows [i, j), sorted by cell: what add_game would make of them, in
// `stats`' vectors of the key before (their memory reused: a batch has thousands of such
// keys, and add_game's vectors per cell were most of their cost). Each cell's rows are
// appended, then put in add_game's order by CellStats::tidy_appended.
void IndexBuilder::sum_rows(std::size_t i, std::size_t j, PlacementStats& stats) const {
  std::size_t cells = 0;
  for (std::size_t k = i; k < j; ++k) cells += k == i || rows_[k].cell() != rows_[k - 1].cell();
  stats.resize_cells(cells);
  CellStats* c = nullptr;
  for (std::size_t k = i; k < j; ++k) {
    const Row& r = rows_[k];
    prefetch_game(k + prefetch_rows);
    const BatchGame& g = game_fields_[r.game()];
    if (k == i || r.cell() != rows_[k - 1].cell()) {
      c = c ? c + 1 : stats.cells.data();
      c->restart(r.cell());
    }
    c->score.add(g.result);
    if (r.move()) {
      c->moves.push_back({r.move() - 1u, {}});
      c->moves.back().score.add(g.result);
    }
    c->candidates.push_back(candidate(r));
  }
  for (CellStats& cell : stats.cells) cell.tidy_appended();
}

void IndexBuilder::sort_rows(std::vector<Row>& rows) {
#ifdef PAWNKIT_PDQSORT
  boost::sort::pdqsort_branchless(rows.begin(), rows.end());
#else
  std::sort(rows.begin(), rows.end());
#endif
}

std::string IndexBuilder::flush() { return write_batch(true); }

std::string IndexBuilder::write_batch(bool last) {
  if (!error_.empty()) return error_;
  if (pending_games_ > 0) {
    if (runs_dir_.empty() || (last && runs_.empty())) {
      // The first table of a fresh index holds the whole counts: they are put (no merge
      // at read time) and compressed; when it stays the only one, no compaction rewrites it.
      const bool first = fresh_ && tables_ == 0;
      const auto table = store_.table(first);
      write_keys(*table, first);
      error_ = table->ingest();
      ++tables_;
      pending_hashes_.clear();
      run_games_.clear();
    } else {
      if (runs_.empty()) store_.batch_dir(true, error_);
      runs_.push_back(runs_dir_ + "/" + std::to_string(runs_.size()) + ".batch");
      RunWriter run(runs_.back());
      write_keys(run, false);
      if (error_.empty()) error_ = run.ingest();
    }
    rows_.clear();
    games_in_batch_.clear();
    game_fields_.clear();
    pending_games_ = 0;
  }
  if (error_.empty() && !runs_.empty() && (last || runs_.size() >= max_runs))
    error_ = ingest_runs();
  return error_;
}

// The batch files merged into one table and ingested; the batch files then go.
std::string IndexBuilder::ingest_runs() {
  const bool first = fresh_ && tables_ == 0;
  const auto table = store_.table(first);
  std::string error = merge_runs(runs_, *table, first, run_games_);
  if (error.empty()) error = table->ingest();
  if (error.empty()) {
    ++tables_;
    pending_hashes_.clear();
    run_games_.clear();
    runs_.clear();
    store_.batch_dir(false, error);
  }
  return error;
}

void IndexBuilder::write_keys(Store::Table& table, bool first) {
  // Rows of a key together, by cell within it: each key's value is summed in one pass.
  sort_rows(rows_);
  std::sort(
      games_in_batch_.begin(), games_in_batch_.end(), [](const GameKeys& a, const GameKeys& b) {
        return a.hash.high != b.hash.high ? a.hash.high < b.hash.high : a.hash.low < b.hash.low;
      });
  // The table takes its keys in order: 'C' and 'E' counts, then 'F', 'G', 'H', 'M', then
  // the 'S' counts.
  std::string value;
  bool middle_written = false;
  auto write_middle = [&] {
    for (const auto& [file, games] : sources_) {
      value.clear();
      put_varint(value, games);
      table.put("F" + file, value);
    }
    std::vector<const GameKeys*> by_number;
    for (const GameKeys& g : games_in_batch_) by_number.push_back(&g);
    std::sort(by_number.begin(), by_number.end(),
              [](const GameKeys* a, const GameKeys* b) { return a->number < b->number; });
    for (const GameKeys* g : by_number) table.put(game_key(g->number), g->info);
    for (const GameKeys& g : games_in_batch_) {
      value.clear();
      put_varint(value, g.number);
      table.put(hash_key(g.hash), value);
    }
    value.clear();
    put_varint(value, games_);
    table.put("M", value);
    middle_written = true;
  };
  PlacementStats stats;
  std::vector<LeanVisit> visits;
  for (std::size_t i = 0; i < rows_.size();) {
    prefetch_game(i + prefetch_rows);
    const PackedKey key = rows_[i].key().packed();
    if (!middle_written && key.bytes[0] > 'F') write_middle();
    std::size_t j = i + 1;
    while (j < rows_.size() && rows_[j].same_key(rows_[i])) ++j;
    value.clear();
    if (j - i <= lean_visits_max) {  // a key of a few games (most of them): their visits
      visits.clear();
      for (std::size_t k = i; k < j; ++k) {
        const Row& r = rows_[k];
        visits.push_back({number(r), r.first_ply(), r.move(), r.held()});
      }
      std::sort(visits.begin(), visits.end());
      PlacementStats::encode_visits(value, visits);
    } else {
      sum_rows(i, j, stats);
      stats.encode_to(value);
    }
    if (first)
      table.put(key.view(), value);
    else
      table.merge(key.view(), value);
    i = j;
  }
  if (!middle_written) write_middle();
}

}  // namespace pawnkit::index_db
