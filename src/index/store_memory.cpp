// The Store kept in memory (store.hpp): a sorted map of keys to values, for the browser
// page, which indexes the files a coach opens with the builder of `index add` and answers
// with the explorer of `pawnkit explore`, without RocksDB. A merge sums PlacementStats
// values when it is applied, as RocksDB's merge operator does when it reads.
#include <functional>
#include <map>

#include "index/keys.hpp"
#include "index/placement_stats.hpp"
#include "index/store.hpp"

namespace pawnkit::index_db {
namespace {

class MemoryStore final : public Store {
 public:
  MemoryStore() {
    path_ = "<memory>";
    values_.emplace("V", std::string(format_version));
  }
  bool get_into(std::string_view key, std::string& value, std::string&) const override {
    const auto it = values_.find(key);
    if (it == values_.end()) return false;
    value.assign(it->second);
    return true;
  }
  std::unique_ptr<Table> table(bool) override;
  std::string compact() override { return {}; }  // one map: nothing to merge
  std::uint64_t bytes() const override {
    std::uint64_t total = 0;
    for (const auto& [key, value] : values_) total += key.size() + value.size();
    return total;
  }

  // Applies a batch: puts replace, merges sum with what is there. A corrupt value leaves
  // the map as it was (every merge is worked out before anything is written).
  std::string apply(std::vector<std::pair<std::string, std::string>>& puts,
                    std::vector<std::pair<std::string, std::string>>& merges) {
    const Records records(values_, puts);
    for (auto& [key, value] : merges) {
      const auto it = values_.find(key);
      if (it == values_.end()) continue;  // the first value of a key is the operand itself
      std::string sum;
      if (!merge_encoded(it->second, value, sum, &records))
        return "corrupt index: a placement's counts are unreadable";
      value = std::move(sum);
    }
    for (auto* list : {&puts, &merges})
      for (auto& [key, value] : *list) values_.insert_or_assign(std::move(key), std::move(value));
    return {};
  }

 private:
  std::string scan_impl(std::string_view prefix,
                        void (*callback)(void*, std::string_view, std::string_view),
                        void* context) const override {
    for (auto it = values_.lower_bound(prefix);
         it != values_.end() && std::string_view(it->first).starts_with(prefix); ++it)
      callback(context, it->first, it->second);
    return {};
  }
  using Values = std::map<std::string, std::string, std::less<>>;
  // The summaries of the games whose records are in the map or among a batch's puts: a
  // sum counts a key's lean visits into cells, as the builder's sum of batch files does,
  // so that both stores hold the same bytes.
  class Records final : public GameSummaries {
   public:
    Records(const Values& values, const std::vector<std::pair<std::string, std::string>>& puts)
        : values_(values) {
      for (const auto& [key, value] : puts)
        if (!key.empty() && key[0] == 'G') batch_.emplace(key, value);
    }
    std::optional<GameSummary> find(std::uint32_t game) const override {
      const std::string key = game_key(game);
      const auto in_batch = batch_.find(key);
      std::optional<GameInfo> info;
      if (in_batch != batch_.end()) {
        info = GameInfo::decode(in_batch->second);
      } else if (const auto it = values_.find(key); it != values_.end()) {
        info = GameInfo::decode(it->second);
      }
      if (!info) return std::nullopt;
      return GameSummary::of(*info);
    }

   private:
    const Values& values_;
    std::map<std::string_view, std::string_view> batch_;
  };
  // std::less<>: found by string_view without a copy; std::string's order is the bytes'
  // (unsigned), RocksDB's bytewise order.
  Values values_;
};

// The writes of a batch, held until ingest() applies them all.
class MemoryTable final : public Store::Table {
 public:
  explicit MemoryTable(MemoryStore& store) : store_(store) {}
  void put(std::string_view key, std::string_view value) override {
    puts_.emplace_back(key, value);
  }
  void merge(std::string_view key, std::string_view value) override {
    merges_.emplace_back(key, value);
  }
  std::string ingest() override { return store_.apply(puts_, merges_); }

 private:
  MemoryStore& store_;
  std::vector<std::pair<std::string, std::string>> puts_, merges_;
};

std::unique_ptr<Store::Table> MemoryStore::table(bool) {
  return std::make_unique<MemoryTable>(*this);
}

}  // namespace

std::unique_ptr<Store> Store::in_memory() { return std::make_unique<MemoryStore>(); }

}  // namespace pawnkit::index_db
