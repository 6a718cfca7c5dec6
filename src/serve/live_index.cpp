#include "serve/live_index.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace pawnkit::serve {

bool LiveIndex::open(const std::string& path, std::string& error) {
  path_ = path;
  state_ = manifest_state();
  auto store = index_db::Store::open(path, index_db::Store::Mode::ReadOnly, error);
  if (!store) return false;
  replace(std::move(store));
  generation_ = 0;
  checked_ = std::chrono::steady_clock::now();
  return true;
}

void LiveIndex::replace(std::shared_ptr<const index_db::Store> store) {
  store_ = std::move(store);
  records_ = std::make_shared<explore::GameRecords>();
  ++generation_;
}

// CURRENT names the MANIFEST; each committed batch appends to it (or a new one is named).
std::string LiveIndex::manifest_state() const {
  std::ifstream current(std::filesystem::path(path_) / "CURRENT");
  std::string name;
  std::getline(current, name);
  std::error_code ec;
  const auto manifest = std::filesystem::path(path_) / name;
  const auto size = std::filesystem::file_size(manifest, ec);
  const auto time = std::filesystem::last_write_time(manifest, ec);
  std::ostringstream state;
  state << name << ' ' << size << ' ' << time.time_since_epoch().count();
  return state.str();
}

Snapshot LiveIndex::current() {
  std::unique_lock lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (now - checked_ < check_every) return {store_, records_, generation_};
  checked_ = now;
  std::string state = manifest_state();
  if (state == state_) return {store_, records_, generation_};
  lock.unlock();
  // Opened outside the lock: requests go on with the old store meanwhile.
  std::string error;
  std::shared_ptr<const index_db::Store> fresh =
      index_db::Store::open(path_, index_db::Store::Mode::ReadOnly, error);
  lock.lock();
  if (fresh) {  // else: the writer is mid-way; the old store stays and the next check tries again
    replace(std::move(fresh));
    state_ = std::move(state);
  }
  return {store_, records_, generation_};
}

Snapshot LiveIndex::reopen() {
  std::string error;
  std::shared_ptr<const index_db::Store> fresh =
      index_db::Store::open(path_, index_db::Store::Mode::ReadOnly, error);
  std::lock_guard lock(mutex_);
  if (fresh) replace(std::move(fresh));
  return {store_, records_, generation_};
}

}  // namespace pawnkit::serve
