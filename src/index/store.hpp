// The index's key-value store, behind one interface with two backends:
// - RocksDB on disk (store.cpp): a directory opened for writing (`index add`, one writer at
//   a time: RocksDB's lock file) or read-only (explore, serve, index info);
// - memory (store_memory.cpp): a sorted map, for the browser page, which indexes the files
//   a coach opens and answers with the same builder and explorer code (no RocksDB there).
// Both sum PlacementStats values on merge, so a key reads the same from either.
// Every error comes back as a one-line message, never an exception or a crash.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace pawnkit::index_db {

class Store {
 public:
  enum class Mode { Write, ReadOnly };
  // The RocksDB index at `path` (created for Write when missing), or nullptr with `error`
  // set (no index there, a corrupt one, one of another format version, locked by a writer).
  static std::unique_ptr<Store> open(const std::string& path, Mode mode, std::string& error);
  // An empty index in memory, writable, with the format version key.
  static std::unique_ptr<Store> in_memory();
  virtual ~Store();

  // The value of `key`; nullopt when absent. `error` is set when the read failed.
  std::optional<std::string> get(std::string_view key, std::string& error) const;
  // The same into `value`, reusing its memory (a server's thread asks thousands of times);
  // false when absent or on error.
  virtual bool get_into(std::string_view key, std::string& value, std::string& error) const = 0;
  // A batch of writes taken key by key (in key order, each key once) and applied whole:
  // RocksDB writes a table file and ingests it, so a crash keeps all of it or none.
  class Table {
   public:
    virtual ~Table();
    virtual void put(std::string_view key, std::string_view value) = 0;
    virtual void merge(std::string_view key, std::string_view value) = 0;  // PlacementStats
    // Applies the batch; empty on success, else the first error (keys out of order are one).
    virtual std::string ingest() = 0;
  };
  // `compressed`: zstd, as compact() writes (for a file that no compaction will rewrite).
  virtual std::unique_ptr<Table> table(bool compressed) = 0;
  // Calls on_key(key, value) for every key starting with `prefix`, in key order.
  template <class OnKey>
  std::string scan(std::string_view prefix, OnKey&& on_key) const;

  // The directory of the builder's batch files (index/batch_runs.hpp), emptied: created
  // when `create`, else removed. Empty for a store without files (in memory): the builder
  // then writes every batch as a table of its own.
  virtual std::string batch_dir(bool create, std::string& error);

  // Merges the table files of the batches (the end of `index add`), so that the index
  // is at its size and a read looks in one file. Empty on success, else the error.
  virtual std::string compact() = 0;

  std::uint64_t games(std::string& error) const;  // the 'M' total
  const std::string& path() const { return path_; }
  // The bytes of the index's files (in memory: of its keys and values).
  virtual std::uint64_t bytes() const = 0;

 protected:
  Store() = default;
  virtual std::string scan_impl(std::string_view prefix,
                                void (*callback)(void*, std::string_view, std::string_view),
                                void* context) const = 0;
  std::string path_;
};

template <class OnKey>
std::string Store::scan(std::string_view prefix, OnKey&& on_key) const {
  return scan_impl(
      prefix,
      [](void* context, std::string_view key, std::string_view value) {
        (*static_cast<OnKey*>(context))(key, value);
      },
      &on_key);
}

}  // namespace pawnkit::index_db
