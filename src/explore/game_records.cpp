#include "explore/game_records.hpp"

#include <algorithm>

#include "index/keys.hpp"

namespace pawnkit::explore {

GameRecords::GameRecords(std::size_t capacity) : slots_(std::max<std::size_t>(1, capacity)) {}

std::shared_ptr<const index_db::GameInfo> GameRecords::find(const index_db::Store& store,
                                                            std::uint32_t number,
                                                            std::string& error) {
  const std::size_t i = number % slots_.size();
  Slot& slot = slots_[i];
  std::mutex& lock = locks_[i % locks_.size()];
  {
    std::lock_guard guard(lock);
    if (slot.record && slot.number == number) return slot.record;
  }
  const auto value = store.get(index_db::game_key(number), error);
  if (!error.empty()) return nullptr;
  auto info = value ? index_db::GameInfo::decode(*value) : std::nullopt;
  if (!info) {
    error = "corrupt index: game " + std::to_string(number) + " is unreadable";
    return nullptr;
  }
  auto record = std::make_shared<const index_db::GameInfo>(std::move(*info));
  std::lock_guard guard(lock);
  slot = {number, record};
  return record;
}

}  // namespace pawnkit::explore
