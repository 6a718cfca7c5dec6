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

#include "index/store.hpp"

namespace pawnkit::serve {

class LiveIndex {
 public:
  // nullptr-free on success; `error` set when the index cannot be opened.
  bool open(const std::string& path, std::string& error);
  // The current store; checks for a newer batch at most every `check_every`. With
  // `generation`, the number of the store's opening (it grows with each reopening).
  std::shared_ptr<const index_db::Store> current(std::uint64_t* generation = nullptr);
  // Opens the index again now (after a read failed on a file a compaction removed).
  std::shared_ptr<const index_db::Store> reopen();

 private:
  std::string manifest_state() const;
  std::string path_;
  std::mutex mutex_;
  std::shared_ptr<const index_db::Store> store_;
  std::string state_;
  std::uint64_t generation_ = 0;
  std::chrono::steady_clock::time_point checked_;
  static constexpr std::chrono::milliseconds check_every{250};
};

}  // namespace pawnkit::serve
