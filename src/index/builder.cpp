#include "index/builder.hpp"

#include <rocksdb/write_batch.h>

#include "index/game_visits.hpp"
#include "index/keys.hpp"

namespace pawnkit::index_db {

IndexBuilder::IndexBuilder(Store& store, std::size_t batch_games)
    : store_(store), batch_games_(batch_games), batch_(std::make_unique<rocksdb::WriteBatch>()) {
  games_ = store_.games(error_);
}

IndexBuilder::~IndexBuilder() = default;

std::string IndexBuilder::add(std::string_view entries) {
  if (!error_.empty()) return error_;
  GameEntry entry;
  while (!entries.empty()) {
    if (!entry.read_from(entries)) return error_ = "internal error: a malformed game entry";
    std::string error;
    if (pending_hashes_.contains(entry.hash) || store_.get(hash_key(entry.hash), error)) {
      ++counts_.duplicates;
      continue;
    }
    if (!error.empty()) return error_ = error;
    const auto number = std::uint32_t(++games_);
    std::string number_bytes;
    put_varint(number_bytes, number);
    batch_->Put(hash_key(entry.hash), number_bytes);
    batch_->Put(game_key(number), entry.info);
    pending_hashes_.insert(entry.hash);
    for (const Visit& v : entry.visits)
      pending_[v.key].add_game(entry.cell, entry.result, v.move,
                               Candidate{v.score, entry.hash.high, number, v.first_ply});
    const auto info = GameInfo::decode(entry.info);
    const std::string file = info ? info->file : std::string();
    auto source = sources_.find(file);
    if (source == sources_.end()) {
      std::uint64_t before = 0;
      if (const auto value = store_.get("F" + file, error)) {
        ByteReader in(*value);
        before = in.varint();
      }
      source = sources_.emplace(file, before).first;
    }
    ++source->second;
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
  for (const auto& [key, stats] : pending_) batch_->Merge(key, stats.encode());
  std::string totals;
  put_varint(totals, games_);
  batch_->Put("M", totals);
  for (const auto& [file, games] : sources_) {
    std::string value;
    put_varint(value, games);
    batch_->Put("F" + file, value);
  }
  error_ = store_.write(*batch_);
  batch_->Clear();
  pending_.clear();
  pending_hashes_.clear();
  pending_games_ = 0;
  return error_;
}

}  // namespace pawnkit::index_db
