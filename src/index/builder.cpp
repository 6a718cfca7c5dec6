#include "index/builder.hpp"

#include <algorithm>
#include <array>

#include "index/game_visits.hpp"

namespace pawnkit::index_db {

IndexBuilder::IndexBuilder(Store& store, std::size_t batch_games)
    : store_(store), batch_games_(batch_games) {
  games_ = store_.games(error_);
  fresh_ = games_ == 0;
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
  if (!error_.empty()) return error_;
  if (!file_games_) set_file("");
  GameEntry entry;
  while (!text.empty()) {
    if (!entry.read_from(text)) return error_ = "internal error: a malformed game entry";
    std::string error;
    if (pending_hashes_.contains(entry.hash) || store_.get(hash_key(entry.hash), error)) {
      ++counts_.duplicates;
      continue;
    }
    if (!error.empty()) return error_ = error;
    const auto number = std::uint32_t(++games_);
    pending_hashes_.insert(entry.hash);
    for (const Visit& v : entry.visits)
      rows_.push_back({v.key.words(), entry.cell, entry.result, v.move ? *v.move + 1 : 0,
                       Candidate{v.score, entry.hash.high, number, v.first_ply}});
    games_in_batch_.push_back({entry.hash, number, std::move(entry.info)});
    ++*file_games_;
    ++counts_.added;
    if (++pending_games_ >= batch_games_) {
      if (std::string e = flush(); !e.empty()) return e;
    }
  }
  return {};
}

std::string IndexBuilder::flush() {
  if (!error_.empty()) return error_;
  if (pending_games_ == 0) return {};
  // Rows of a key together, by cell within it: each key's value is summed in one pass.
  std::sort(rows_.begin(), rows_.end(), [](const Row& a, const Row& b) {
    if (a.order[0] != b.order[0]) return a.order[0] < b.order[0];
    if (a.order[1] != b.order[1]) return a.order[1] < b.order[1];
    if (a.order[2] != b.order[2]) return a.order[2] < b.order[2];
    return a.cell < b.cell;
  });
  std::sort(
      games_in_batch_.begin(), games_in_batch_.end(), [](const GameKeys& a, const GameKeys& b) {
        return a.hash.high != b.hash.high ? a.hash.high < b.hash.high : a.hash.low < b.hash.low;
      });
  // The first batch of a fresh index holds the whole counts: they are put (no merge at
  // read time) and compressed; when it stays the only one, no compaction rewrites it.
  const bool first = fresh_ && batches_ == 0;
  const auto table = store_.table(first);
  // The table takes its keys in order: 'C' and 'E' counts, then 'F', 'G', 'H', 'M', then
  // the 'S' counts.
  std::string value;
  bool middle_written = false;
  auto write_middle = [&] {
    for (const auto& [file, games] : sources_) {
      value.clear();
      put_varint(value, games);
      table->put("F" + file, value);
    }
    std::vector<const GameKeys*> by_number;
    for (const GameKeys& g : games_in_batch_) by_number.push_back(&g);
    std::sort(by_number.begin(), by_number.end(),
              [](const GameKeys* a, const GameKeys* b) { return a->number < b->number; });
    for (const GameKeys* g : by_number) table->put(game_key(g->number), g->info);
    for (const GameKeys& g : games_in_batch_) {
      value.clear();
      put_varint(value, g.number);
      table->put(hash_key(g.hash), value);
    }
    value.clear();
    put_varint(value, games_);
    table->put("M", value);
    middle_written = true;
  };
  PlacementStats stats;
  for (std::size_t i = 0; i < rows_.size();) {
    const PackedKey key = PackedKey::from_words(rows_[i].order);
    if (!middle_written && key.bytes[0] > 'F') write_middle();
    stats.cells.clear();
    std::size_t j = i;
    for (; j < rows_.size() && rows_[j].order == rows_[i].order; ++j) {
      const Row& r = rows_[j];
      stats.add_game(r.cell, r.result,
                     r.move ? std::optional<std::uint32_t>(r.move - 1) : std::nullopt, r.candidate);
    }
    value.clear();
    stats.encode_to(value);
    if (first)
      table->put(key.view(), value);
    else
      table->merge(key.view(), value);
    i = j;
  }
  if (!middle_written) write_middle();
  error_ = table->ingest();
  ++batches_;
  rows_.clear();
  games_in_batch_.clear();
  pending_hashes_.clear();
  pending_games_ = 0;
  return error_;
}

}  // namespace pawnkit::index_db
