// The decoded records of the games an index holds ('G' keys), kept in memory for the
// model-game choice of many queries: a query reads up to a dozen of them (more when the
// same two players met often), and the same strong games are the models of many
// placements. Records never change once `index add` wrote them, but an index rebuilt at
// the same path reuses numbers: keep one GameRecords per opened Store.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "index/game_info.hpp"
#include "index/store.hpp"

namespace pawnkit::explore {

class GameRecords {
 public:
  // `capacity` slots: game N is kept in slot N % capacity (game numbers are dense, so an
  // index of up to `capacity` games is kept whole; beyond, a game pushes out another).
  explicit GameRecords(std::size_t capacity = 1 << 17);
  // Game `number`'s record, from memory or read from `store`; nullptr with `error` set when
  // the read failed or the record is missing or unreadable (a corrupt index).
  std::shared_ptr<const index_db::GameInfo> find(const index_db::Store& store, std::uint32_t number,
                                                 std::string& error);

 private:
  struct Slot {
    std::uint32_t number = 0;
    std::shared_ptr<const index_db::GameInfo> record;  // null: empty
  };
  std::vector<Slot> slots_;
  std::array<std::mutex, 16> locks_;  // slot i under locks_[i % 16]
};

}  // namespace pawnkit::explore
