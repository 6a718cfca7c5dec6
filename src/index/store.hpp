// The index on disk: a RocksDB database (a directory) opened for writing (`index add`,
// one writer at a time: RocksDB's lock file) or read-only (explore, serve, index info).
// Every error comes back as a one-line message, never an exception or a crash.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocksdb {
class DB;
class SstFileWriter;
}  // namespace rocksdb

namespace pawnkit::index_db {

class Store {
 public:
  enum class Mode { Write, ReadOnly };
  // The index at `path` (created for Write when missing), or nullptr with `error` set
  // (no index there, a corrupt one, one of another format version, locked by a writer).
  static std::unique_ptr<Store> open(const std::string& path, Mode mode, std::string& error);
  ~Store();

  // The value of `key`; nullopt when absent. `error` is set when the read failed.
  std::optional<std::string> get(std::string_view key, std::string& error) const;
  // The same into `value`, reusing its memory (a server's thread asks thousands of times);
  // false when absent or on error.
  bool get_into(std::string_view key, std::string& value, std::string& error) const;
  // A table file written key by key (in key order, each key once) that RocksDB then
  // ingests whole: a crash keeps the whole file or none of it.
  class Table {
   public:
    ~Table();
    void put(std::string_view key, std::string_view value);
    void merge(std::string_view key, std::string_view value);  // a PlacementStats value
    // Ingests the file; empty on success, else the first error (keys out of order are one).
    std::string ingest();

   private:
    friend class Store;
    Table(Store& store, bool compressed);
    Store& store_;
    std::string file_;
    std::unique_ptr<rocksdb::SstFileWriter> writer_;
    std::string error_;
  };
  // `compressed`: zstd, as compact() writes (for a file that no compaction will rewrite).
  std::unique_ptr<Table> table(bool compressed) {
    return std::unique_ptr<Table>(new Table(*this, compressed));
  }
  // Calls on_key(key, value) for every key starting with `prefix`, in key order.
  template <class OnKey>
  std::string scan(std::string_view prefix, OnKey&& on_key) const;

  // Merges the table files of the batches (the end of `index add`), so that the index
  // is at its size and a read looks in one file. Empty on success, else the error.
  std::string compact();

  std::uint64_t games(std::string& error) const;  // the 'M' total
  const std::string& path() const { return path_; }
  // The bytes of the index's files.
  std::uint64_t bytes() const;
  rocksdb::DB& db() { return *db_; }
  const rocksdb::DB& db() const { return *db_; }

 private:
  Store() = default;
  std::string scan_impl(std::string_view prefix,
                        void (*callback)(void*, std::string_view, std::string_view),
                        void* context) const;
  std::string path_;
  std::unique_ptr<rocksdb::DB> db_;
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
