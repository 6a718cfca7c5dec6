// The index as the server reads it: opened read-only, and opened again when `index add`
// has committed a batch since (RocksDB's MANIFEST, named by CURRENT, changed), so that
// each answer is from the state before or after a batch, never a torn one. A read-only
// RocksDB instance is a snapshot of the files at its opening; reopening (rather than a
// secondary instance) needs no directory of its own and costs one open per batch.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "explore/game_records.hpp"
#include "index/store.hpp"

namespace pawnkit::serve {

// One opening of the index: the store, the game records read from it so far, and the
// number of the opening (it grows with each reopening).
struct Snapshot {
  std::shared_ptr<const index_db::Store> store;
  std::shared_ptr<explore::GameRecords> records;
  std::uint64_t generation = 0;
};

class LiveIndex {
 public:
  // nullptr-free on success; `error` set when the index cannot be opened.
  bool open(const std::string& path, std::string& error);
  // The current opening; checks for a newer batch at most every `check_every`.
  Snapshot current();
  // Opens the index again now (after a read failed on a file a compaction removed).
  Snapshot reopen();

 private:
  std::string manifest_state() const;
  void replace(std::shared_ptr<const index_db::Store> store);  // under mutex_
  std::string path_;
  std::mutex mutex_;
  std::shared_ptr<const index_db::Store> store_;
  std::shared_ptr<explore::GameRecords> records_;
  std::string state_;
  std::uint64_t generation_ = 0;
  std::chrono::steady_clock::time_point checked_;
  static constexpr std::chrono::milliseconds check_every{250};
};

}  // namespace pawnkit::serve
