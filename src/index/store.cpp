#include "index/store.hpp"

#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/env.h>
#include <rocksdb/file_system.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/merge_operator.h>
#include <rocksdb/slice_transform.h>
#include <rocksdb/sst_file_writer.h>
#include <rocksdb/table.h>

#include <algorithm>
#include <cstdarg>
#include <filesystem>
#include <thread>

#include "index/keys.hpp"
#include "index/placement_stats.hpp"

namespace pawnkit::index_db {
namespace {

// Sums PlacementStats values: what makes a batch's counts an addition, not a rewrite.
// All the operands of a key are decoded and summed at once, then encoded once.
class PlacementStatsSum final : public rocksdb::MergeOperator {
 public:
  bool FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const override {
    // A placement of one batch alone (most of them: a game's own late placements) needs
    // no summing: its one operand is the value.
    if (!in.existing_value && in.operand_list.size() == 1) {
      out->existing_operand = in.operand_list.front();
      return true;
    }
    PlacementStats sum;
    if (in.existing_value && !add(sum, *in.existing_value)) return false;
    for (const rocksdb::Slice& operand : in.operand_list)
      if (!add(sum, operand)) return false;
    out->new_value = sum.encode();
    return true;
  }
  bool PartialMergeMulti(const rocksdb::Slice& /*key*/, const std::deque<rocksdb::Slice>& operands,
                         std::string* new_value, rocksdb::Logger* /*logger*/) const override {
    PlacementStats sum;
    for (const rocksdb::Slice& operand : operands)
      if (!add(sum, operand)) return false;
    *new_value = sum.encode();
    return true;
  }
  const char* Name() const override { return "pawnkit.PlacementStatsSum"; }

 private:
  static bool add(PlacementStats& sum, const rocksdb::Slice& value) {
    const auto stats = PlacementStats::decode({value.data(), value.size()});
    if (!stats) return false;
    // Without the games' records at hand, lean visits are summed as they are (a reader
    // counts them from the records): exact, but not the one form a run of the builder
    // writes, which counts the visits of a key over lean_visits_max games into cells.
    if (sum.cells.empty() && sum.visits.empty())
      sum = *stats;
    else
      sum.merge(*stats);
    return true;
  }
};

// The table files' filter holds the 'H' keys alone. `index add` looks up each new game's
// content hash in every table file of the index, and most are absent (a new game): the
// filter answers those without reading a block. The other keys are read when present (a
// query's placement, a model game's record), where a filter saves nothing; a whole-key
// Bloom filter over them cost a quarter of RocksDB's work per key and 5% of the index's
// bytes (docs/explorer.md). A table records the filter it was built with, and a reader
// of another setting leaves that filter unused: older indexes read the same.
class HashKeyFilter final : public rocksdb::SliceTransform {
 public:
  const char* Name() const override { return "pawnkit.HashKeyFilter"; }
  rocksdb::Slice Transform(const rocksdb::Slice& key) const override { return key; }
  bool InDomain(const rocksdb::Slice& key) const override {
    return key.size() == 1 + 16 && key[0] == 'H';  // hash_key()
  }
};

// RocksDB's info log: nothing an index needs (errors come back as statuses); the default
// one is a LOG file created, and renamed aside at each open, at every run.
class NoInfoLog final : public rocksdb::Logger {
 public:
  using rocksdb::Logger::Logv;
  void Logv(const char* /*format*/, va_list /*ap*/) override {}
};

// The files a batch's table is written through: as RocksDB's, except that the table's
// own syncs are left out. Ingestion syncs the file again under its final name before the
// MANIFEST names it (a file of a killed build is never read: the next build unlinks it),
// so the first sync was the same bytes made durable twice.
class TableFileSystem final : public rocksdb::FileSystemWrapper {
 public:
  TableFileSystem() : FileSystemWrapper(rocksdb::FileSystem::Default()) {}
  const char* Name() const override { return "pawnkit.TableFileSystem"; }
  rocksdb::IOStatus NewWritableFile(const std::string& name, const rocksdb::FileOptions& options,
                                    std::unique_ptr<rocksdb::FSWritableFile>* file,
                                    rocksdb::IODebugContext* debug) override {
    rocksdb::IOStatus status = target()->NewWritableFile(name, options, file, debug);
    if (status.ok()) *file = std::make_unique<UnsyncedFile>(std::move(*file));
    return status;
  }

 private:
  class UnsyncedFile final : public rocksdb::FSWritableFileOwnerWrapper {
   public:
    using FSWritableFileOwnerWrapper::FSWritableFileOwnerWrapper;
    rocksdb::IOStatus Sync(const rocksdb::IOOptions&, rocksdb::IODebugContext*) override {
      return rocksdb::IOStatus::OK();
    }
    rocksdb::IOStatus Fsync(const rocksdb::IOOptions&, rocksdb::IODebugContext*) override {
      return rocksdb::IOStatus::OK();
    }
    rocksdb::IOStatus RangeSync(std::uint64_t, std::uint64_t, const rocksdb::IOOptions&,
                                rocksdb::IODebugContext*) override {
      return rocksdb::IOStatus::OK();
    }
  };
};

rocksdb::Env* table_env() {
  static const std::unique_ptr<rocksdb::Env> env =
      rocksdb::NewCompositeEnv(std::make_shared<TableFileSystem>());
  return env.get();
}

rocksdb::Options store_options(Store::Mode mode) {
  rocksdb::Options options;
  options.create_if_missing = mode == Store::Mode::Write;
  options.merge_operator = std::make_shared<PlacementStatsSum>();
  options.compression = rocksdb::kZSTD;
  options.bottommost_compression = rocksdb::kZSTD;
  // Level 2: on games without comments (the bench's plain file) 10% fewer bytes than
  // level -1 (4.90 MB against 5.44; level 1 5.05, level 3 4.83) for about 5% more CPU
  // time in `index add`. Level -1 had been chosen for its speed (2.2% fewer instructions
  // than level 1) when the values held every game's cell and score; with lean visits
  // (format 5) the index of plain PGN was still 2.2x its zstd PGN at level -1.
  options.compression_opts.level = 2;
  options.info_log = std::make_shared<NoInfoLog>();
  options.write_buffer_size = 64 << 20;
  // Opening an index starts this many threads to open its table files (default 16: seen
  // starting and ending 16 threads at every open, a third of the fixed cost of an
  // `index add` of a small file); an index has a few files after its compaction.
  options.max_file_opening_threads = 1;
  options.stats_dump_period_sec = 0;
  options.stats_persist_period_sec = 0;
  if (mode == Store::Mode::Write) {
    // The batches' table files pile up unmerged while a build runs and are merged once at
    // its end (compact()): each byte is rewritten once, not at every level (measured:
    // background compaction was half of the build's CPU time).
    options.disable_auto_compactions = true;
    options.level0_slowdown_writes_trigger = 1 << 20;
    options.level0_stop_writes_trigger = 1 << 20;
  }
  rocksdb::BlockBasedTableOptions table;
  // 64 KiB: measured on 100k games, 6% fewer bytes than 16 KiB, the same query time.
  table.block_size = 64 << 10;
  table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
  table.whole_key_filtering = false;
  options.prefix_extractor = std::make_shared<HashKeyFilter>();
  // A popular placement's value spans many blocks; RocksDB's default cache (8 MiB) made
  // queries on a 45 MB index 4x slower than on a 9 MB one (measured). Pages are taken
  // only as blocks are read.
  table.block_cache = rocksdb::NewLRUCache(std::size_t(512) << 20);
  options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  return options;
}

// RocksDB's messages can run over lines; the CLI prints one.
std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

// The RocksDB backend: the index on disk.
class RocksStore final : public Store {
 public:
  explicit RocksStore(const std::string& path) { path_ = path; }
  bool get_into(std::string_view key, std::string& value, std::string& error) const override;
  std::unique_ptr<Table> table(bool compressed) override;
  std::string batch_dir(bool create, std::string& error) override;
  std::string compact() override;
  std::uint64_t bytes() const override;
  std::unique_ptr<rocksdb::DB> db_;

 private:
  std::string scan_impl(std::string_view prefix,
                        void (*callback)(void*, std::string_view, std::string_view),
                        void* context) const override;
};

// A table file written key by key that RocksDB then ingests whole.
class RocksTable final : public Store::Table {
 public:
  RocksTable(RocksStore& store, bool compressed);
  void put(std::string_view key, std::string_view value) override;
  void merge(std::string_view key, std::string_view value) override;
  std::string ingest() override;

 private:
  RocksStore& store_;
  std::string file_;
  std::unique_ptr<rocksdb::SstFileWriter> writer_;
  std::string error_;
};

}  // namespace

std::unique_ptr<Store> Store::open(const std::string& path, Mode mode, std::string& error) {
  std::error_code ec;
  if (mode == Mode::ReadOnly &&
      !std::filesystem::exists(std::filesystem::path(path) / "CURRENT", ec)) {
    error = std::filesystem::exists(path, ec) ? "not a pawnkit index (no RocksDB CURRENT file)"
                                              : "no index here";
    return nullptr;
  }
  auto store = std::make_unique<RocksStore>(path);
  rocksdb::DB* db = nullptr;
  const rocksdb::Options options = store_options(mode);
  const rocksdb::Status status = mode == Mode::Write
                                     ? rocksdb::DB::Open(options, path, &db)
                                     : rocksdb::DB::OpenForReadOnly(options, path, &db);
  if (!status.ok()) {
    error = one_line(status.ToString());
    return nullptr;
  }
  store->db_.reset(db);
  auto version = store->get("V", error);
  if (!error.empty()) return nullptr;
  if (!version && mode == Mode::Write) {
    const rocksdb::Status put = db->Put(rocksdb::WriteOptions(), "V", std::string(format_version));
    if (!put.ok()) {
      error = one_line(put.ToString());
      return nullptr;
    }
    version = std::string(format_version);
  }
  if (version != format_version) {
    error = version ? "index of another version ('" + *version + "'; this pawnkit reads '" +
                          std::string(format_version) + "')"
                    : "not a pawnkit index (no version key)";
    return nullptr;
  }
  return store;
}

bool RocksStore::get_into(std::string_view key, std::string& value, std::string& error) const {
  const rocksdb::Status status =
      db_->Get(rocksdb::ReadOptions(), rocksdb::Slice(key.data(), key.size()), &value);
  if (status.IsNotFound()) return false;
  if (!status.ok()) {
    error = one_line(status.ToString());
    return false;
  }
  return true;
}

// A batch's table file that compact() will merge with others is written uncompressed:
// its bytes are compressed once, there.
rocksdb::Options table_options(bool compressed) {
  rocksdb::Options options = store_options(Store::Mode::Write);
  if (!compressed) {
    options.compression = rocksdb::kNoCompression;
    options.bottommost_compression = rocksdb::kNoCompression;
  }
  options.env = table_env();
  return options;
}

std::unique_ptr<Store::Table> RocksStore::table(bool compressed) {
  return std::make_unique<RocksTable>(*this, compressed);
}

RocksTable::RocksTable(RocksStore& store, bool compressed)
    : store_(store),
      file_(store.path() + "/pending.sst"),  // a file left by a crash is overwritten
      // The file's pages stay cached: ingestion and compaction read it back at once.
      writer_(std::make_unique<rocksdb::SstFileWriter>(rocksdb::EnvOptions(),
                                                       table_options(compressed), nullptr,
                                                       /*invalidate_page_cache=*/false)) {
  // Unlink, never truncate, a file left by a crash: ingestion hard-links this file into
  // the index and unlinks the name only at its end, so after a kill in between the name
  // may still share its inode with a live table file, and opening it for writing would
  // truncate that table (seen: "Corruption" on the next open).
  std::error_code ec;
  std::filesystem::remove(file_, ec);
  const rocksdb::Status status = writer_->Open(file_);
  if (!status.ok()) error_ = one_line(status.ToString());
}

void RocksTable::put(std::string_view key, std::string_view value) {
  if (!error_.empty()) return;
  const rocksdb::Status status =
      writer_->Put({key.data(), key.size()}, {value.data(), value.size()});
  if (!status.ok()) error_ = one_line(status.ToString());
}

void RocksTable::merge(std::string_view key, std::string_view value) {
  if (!error_.empty()) return;
  const rocksdb::Status status =
      writer_->Merge({key.data(), key.size()}, {value.data(), value.size()});
  if (!status.ok()) error_ = one_line(status.ToString());
}

std::string RocksTable::ingest() {
  if (!error_.empty()) return error_;
  rocksdb::Status status = writer_->Finish();
  if (status.ok()) {
    rocksdb::IngestExternalFileOptions options;
    options.move_files = true;
    status = store_.db_->IngestExternalFile({file_}, options);
  }
  return status.ok() ? std::string() : one_line(status.ToString());
}

std::string RocksStore::batch_dir(bool create, std::string& error) {
  // Inside the index, so that a build killed mid-way leaves its batch files where the next
  // build (which holds the index's lock, as the only writer) removes them. RocksDB keeps
  // to the files it names and leaves a directory of its own alone.
  const std::filesystem::path dir = std::filesystem::path(path_) / "batches";
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  if (!ec && create) std::filesystem::create_directory(dir, ec);
  if (ec) error = one_line(dir.string() + ": " + ec.message());
  return dir.string();
}

std::string RocksStore::scan_impl(std::string_view prefix,
                                  void (*callback)(void*, std::string_view, std::string_view),
                                  void* context) const {
  // In key order, whatever the filter's prefixes (a scan's prefix is not one of them).
  rocksdb::ReadOptions read;
  read.total_order_seek = true;
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(read));
  for (it->Seek(rocksdb::Slice(prefix.data(), prefix.size())); it->Valid(); it->Next()) {
    const rocksdb::Slice key = it->key();
    if (!key.starts_with(rocksdb::Slice(prefix.data(), prefix.size()))) break;
    callback(context, {key.data(), key.size()}, {it->value().data(), it->value().size()});
  }
  return it->status().ok() ? std::string() : one_line(it->status().ToString());
}

std::string RocksStore::compact() {
  // Ingestion puts each batch's file on the deepest level it does not overlap: the
  // batches stack up one level each (L6, L5, ... then L0), and a CompactRange would
  // rewrite them level by level (measured: 2x the CPU of one pass). One CompactFiles job
  // merges every file at once into the last level, each byte read and written once.
  rocksdb::ColumnFamilyMetaData meta;
  db_->GetColumnFamilyMetaData(&meta);
  std::vector<std::string> files;
  for (const rocksdb::LevelMetaData& level : meta.levels)
    for (const rocksdb::SstFileMetaData& file : level.files) files.push_back(file.name);
  if (files.size() < 2) return {};
  rocksdb::CompactionOptions options;
  options.compression = rocksdb::kZSTD;
  options.output_file_size_limit = std::uint64_t(256) << 20;
  // Cut by key range over the cores (wall time; the CPU time stays the same).
  options.max_subcompactions = std::max(1u, std::thread::hardware_concurrency());
  const rocksdb::Status status = db_->CompactFiles(options, files, int(meta.levels.size()) - 1);
  return status.ok() ? std::string() : one_line(status.ToString());
}

std::uint64_t RocksStore::bytes() const {
  std::uint64_t total = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(path_, ec))
    if (entry.is_regular_file(ec)) total += entry.file_size(ec);
  return total;
}

}  // namespace pawnkit::index_db
