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
#include <functional>
#include <thread>

#include "index/keys.hpp"
#include "index/lean_chunks.hpp"
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
  // Level 1. On games without comments (the bench's plain file), with the lean values in
  // chunks (format 6): 4.65 MB against 4.50 at level 2, for about 3% less CPU time in
  // `index add`. Format 5 (a RocksDB entry per lean value) took level 2 to stay under
  // twice the zstd PGN's bytes (4.90 MB; level -1 5.44, level 1 5.05, level 3 4.83).
  options.compression_opts.level = 1;
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
  // The numbers of the tables that have chunks of lean values (lean_chunks.hpp), in order;
  // a table written next takes the number after the last.
  std::vector<std::uint32_t> lean_tables_;
  std::string list_lean_tables();
  std::string merge_lean_tables();

 private:
  std::string scan_impl(std::string_view prefix,
                        void (*callback)(void*, std::string_view, std::string_view),
                        void* context) const override;
  std::string summed_scan(
      std::string_view prefix, bool stored_keys,
      const std::function<void(std::string_view, std::string_view)>& on_key) const;
  // Sums into `value` (found or not) what every table's chunks hold for `key`.
  bool add_lean_values(std::string_view key, std::string& value, bool found,
                       std::string& error) const;
};

// A table written key by key that RocksDB then ingests whole: two files, one of the
// chunks of lean values ('B' keys), one of the other keys, ingested in one step.
class RocksTable final : public Store::Table {
 public:
  RocksTable(RocksStore& store, bool compressed);
  void put(std::string_view key, std::string_view value) override;
  void merge(std::string_view key, std::string_view value) override;
  std::string ingest() override;
  // Deletes the keys in [begin, end) that the index held before this table.
  void delete_range(std::string_view begin, std::string_view end);
  std::uint32_t lean_table() const { return lean_table_; }

 private:
  void add_lean(std::string_view key, std::string_view value);
  void write_chunk();
  std::unique_ptr<rocksdb::SstFileWriter> open_file(const std::string& file);

  RocksStore& store_;
  bool compressed_;
  std::string file_, lean_file_;
  std::unique_ptr<rocksdb::SstFileWriter> writer_, lean_writer_;
  std::size_t entries_ = 0;  // in writer_
  std::uint32_t lean_table_;
  LeanChunkWriter chunk_;
  std::string error_;
};

// The entries of one table's chunks whose keys start with a prefix, in key order.
class LeanCursor {
 public:
  LeanCursor(rocksdb::DB& db, std::uint32_t table, std::string_view prefix);
  bool valid() const { return valid_; }
  std::string_view key() const { return reader_.key(); }
  std::string_view value() const { return reader_.value(); }
  void next();
  bool corrupt() const { return corrupt_; }
  rocksdb::Status status() const { return it_->status(); }

 private:
  bool load_chunk();

  std::unique_ptr<rocksdb::Iterator> it_;
  std::string table_prefix_, prefix_, chunk_;
  LeanChunkReader reader_{{}};
  bool valid_ = false, corrupt_ = false;
};

rocksdb::ReadOptions total_order() {
  // In key order, whatever the filter's prefixes (a scan's prefix is not one of them).
  rocksdb::ReadOptions read;
  read.total_order_seek = true;
  return read;
}

LeanCursor::LeanCursor(rocksdb::DB& db, std::uint32_t table, std::string_view prefix)
    : it_(db.NewIterator(total_order())),
      table_prefix_(lean_chunk_table_prefix(table)),
      prefix_(prefix) {
  // The first key with the prefix is in the table's last chunk that starts at or before
  // it, or in the next one.
  const std::string start = table_prefix_ + prefix_;
  it_->SeekForPrev(start);
  if (!it_->Valid() || !it_->key().starts_with(table_prefix_)) it_->Seek(start);
  if (load_chunk()) next();
}

bool LeanCursor::load_chunk() {
  if (!it_->Valid() || !it_->key().starts_with(table_prefix_)) return false;
  chunk_.assign(it_->value().data(), it_->value().size());
  reader_ = LeanChunkReader(chunk_);
  return true;
}

void LeanCursor::next() {
  valid_ = false;
  for (;;) {
    if (reader_.next()) {
      if (reader_.key() < prefix_) continue;
      valid_ = reader_.key().starts_with(prefix_);
      return;  // past the prefix: the end
    }
    if (!reader_.ok()) {
      corrupt_ = true;
      return;
    }
    it_->Next();
    if (!load_chunk()) return;
  }
}

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
  error = store->list_lean_tables();
  if (!error.empty()) return nullptr;
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

std::string RocksStore::list_lean_tables() {
  // One seek per table: each table's first chunk, then past its number.
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(total_order()));
  for (it->Seek(std::string(1, lean_chunk_prefix)); it->Valid();) {
    const rocksdb::Slice key = it->key();
    if (key.size() < lean_chunk_table_prefix_size || key[0] != lean_chunk_prefix) break;
    ByteReader in({key.data() + 1, 4});
    const std::uint32_t table = in.fixed32();
    lean_tables_.push_back(table);
    if (table == UINT32_MAX) break;
    it->Seek(lean_chunk_table_prefix(table + 1));
  }
  return it->status().ok() ? std::string() : one_line(it->status().ToString());
}

bool RocksStore::get_into(std::string_view key, std::string& value, std::string& error) const {
  const rocksdb::Status status =
      db_->Get(rocksdb::ReadOptions(), rocksdb::Slice(key.data(), key.size()), &value);
  const bool found = status.ok();
  if (!found && !status.IsNotFound()) {
    error = one_line(status.ToString());
    return false;
  }
  if (lean_tables_.empty() || !is_chunked_kind(key)) return found;
  return add_lean_values(key, value, found, error);
}

bool RocksStore::add_lean_values(std::string_view key, std::string& value, bool found,
                                 std::string& error) const {
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(total_order()));
  std::string sum;
  for (const std::uint32_t table : lean_tables_) {
    // The table's chunk of this kind of key that starts last at or before the key.
    const std::string target = lean_chunk_key(table, key);
    it->SeekForPrev(target);
    if (!it->Valid()) {  // no key before: an error, or none in this table (nor before it)
      if (!it->status().ok()) break;
      continue;
    }
    const std::size_t same = lean_chunk_table_prefix_size + 1;  // the table and the kind
    if (!it->key().starts_with(rocksdb::Slice(target.data(), same))) continue;
    std::string_view lean;
    const ChunkLookup lookup = find_in_chunk({it->value().data(), it->value().size()}, key, lean);
    if (lookup == ChunkLookup::Absent) continue;
    if (lookup == ChunkLookup::Corrupt || (found && !merge_encoded(value, lean, sum))) {
      error = "corrupt index: an unreadable chunk of lean values";
      return false;
    }
    if (found) {
      value.swap(sum);
    } else {
      value.assign(lean);
      found = true;
    }
  }
  if (!it->status().ok()) {
    error = one_line(it->status().ToString());
    return false;
  }
  return found;
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
      compressed_(compressed),
      file_(store.path() + "/pending.sst"),  // files left by a crash are overwritten
      lean_file_(store.path() + "/pending-lean.sst"),
      lean_table_(store.lean_tables_.empty() ? 0 : store.lean_tables_.back() + 1) {
  writer_ = open_file(file_);
  // The lean file's name goes now too (its writer opens at the first chunk).
  std::error_code ec;
  std::filesystem::remove(lean_file_, ec);
}

std::unique_ptr<rocksdb::SstFileWriter> RocksTable::open_file(const std::string& file) {
  // The file's pages stay cached: ingestion and compaction read it back at once.
  auto writer = std::make_unique<rocksdb::SstFileWriter>(rocksdb::EnvOptions(),
                                                         table_options(compressed_), nullptr,
                                                         /*invalidate_page_cache=*/false);
  // Unlink, never truncate, a file left by a crash: ingestion hard-links this file into
  // the index and unlinks the name only at its end, so after a kill in between the name
  // may still share its inode with a live table file, and opening it for writing would
  // truncate that table (seen: "Corruption" on the next open).
  std::error_code ec;
  std::filesystem::remove(file, ec);
  const rocksdb::Status status = writer->Open(file);
  if (!status.ok() && error_.empty()) error_ = one_line(status.ToString());
  return writer;
}

void RocksTable::put(std::string_view key, std::string_view value) {
  if (!error_.empty()) return;
  if (is_lean_entry(key, value)) return add_lean(key, value);
  const rocksdb::Status status =
      writer_->Put({key.data(), key.size()}, {value.data(), value.size()});
  if (!status.ok()) error_ = one_line(status.ToString());
  ++entries_;
}

void RocksTable::merge(std::string_view key, std::string_view value) {
  if (!error_.empty()) return;
  if (is_lean_entry(key, value)) return add_lean(key, value);
  const rocksdb::Status status =
      writer_->Merge({key.data(), key.size()}, {value.data(), value.size()});
  if (!status.ok()) error_ = one_line(status.ToString());
  ++entries_;
}

void RocksTable::delete_range(std::string_view begin, std::string_view end) {
  if (!error_.empty()) return;
  const rocksdb::Status status =
      writer_->DeleteRange({begin.data(), begin.size()}, {end.data(), end.size()});
  if (!status.ok()) error_ = one_line(status.ToString());
  ++entries_;
}

// A lean value is summed with the key's others when read, whether put or merged: the
// first table of an index has nothing under it to replace.
void RocksTable::add_lean(std::string_view key, std::string_view value) {
  if (!chunk_.takes(key)) write_chunk();
  chunk_.add(key, value);
}

void RocksTable::write_chunk() {
  if (chunk_.empty() || !error_.empty()) return;
  if (!lean_writer_) lean_writer_ = open_file(lean_file_);
  if (!error_.empty()) return;
  const std::string key = lean_chunk_key(lean_table_, chunk_.first_key());
  const rocksdb::Status status = lean_writer_->Put(key, chunk_.bytes());
  if (!status.ok()) error_ = one_line(status.ToString());
  chunk_.clear();
}

std::string RocksTable::ingest() {
  write_chunk();
  if (!error_.empty()) return error_;
  std::vector<std::string> files;
  rocksdb::Status status;
  if (entries_ > 0 || !lean_writer_) {  // (a table of no key at all is an error, as before)
    status = writer_->Finish();
    files.push_back(file_);
  }
  if (status.ok() && lean_writer_) {
    status = lean_writer_->Finish();
    files.push_back(lean_file_);
  }
  if (status.ok()) {
    // Both files or neither: one ingestion is one change of the index's MANIFEST.
    rocksdb::IngestExternalFileOptions options;
    options.move_files = true;
    status = store_.db_->IngestExternalFile(files, options);
  }
  if (status.ok() && lean_writer_) store_.lean_tables_.push_back(lean_table_);
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
  return summed_scan(
      prefix, /*stored_keys=*/true,
      [&](std::string_view key, std::string_view value) { callback(context, key, value); });
}

// The keys as the index holds them, in order: the chunks' entries among the stored keys
// (or alone), each key once with its values summed (as get_into reads it), the chunks' own
// keys left out.
std::string RocksStore::summed_scan(
    std::string_view prefix, bool stored_keys,
    const std::function<void(std::string_view, std::string_view)>& on_key) const {
  const rocksdb::Slice wanted(prefix.data(), prefix.size());
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(total_order()));
  std::vector<std::unique_ptr<LeanCursor>> chunks;
  const bool placements =
      prefix.empty() || prefix[0] == char(MatchKind::Exact) || prefix[0] == char(MatchKind::Center);
  if (placements)
    for (const std::uint32_t table : lean_tables_)
      chunks.push_back(std::make_unique<LeanCursor>(*db_, table, prefix));
  const bool hide_chunks = prefix.empty();
  const std::string past_chunks(1, char(lean_chunk_prefix + 1));
  std::string key, value, sum;
  if (stored_keys) it->Seek(wanted);
  for (;;) {
    if (hide_chunks && it->Valid() && it->key()[0] == lean_chunk_prefix) it->Seek(past_chunks);
    const bool stored = it->Valid() && it->key().starts_with(wanted);
    // The least key at hand, and the sum of its values.
    bool any = stored;
    if (stored) key.assign(it->key().data(), it->key().size());
    for (const auto& chunk : chunks)
      if (chunk->valid() && (!any || chunk->key() < key)) {
        key.assign(chunk->key());
        any = true;
      }
    if (!any) break;
    bool found = false;
    auto add = [&](std::string_view part) {
      if (!found) {
        value.assign(part);
        found = true;
        return true;
      }
      if (!merge_encoded(value, part, sum)) return false;
      value.swap(sum);
      return true;
    };
    if (stored && it->key() == rocksdb::Slice(key)) {
      add({it->value().data(), it->value().size()});
      it->Next();
    }
    for (const auto& chunk : chunks)
      if (chunk->valid() && chunk->key() == key) {
        if (!add(chunk->value()))
          return "corrupt index: an unreadable '" + key.substr(0, 1) + "' value";
        chunk->next();
      }
    on_key(key, value);
  }
  for (const auto& chunk : chunks) {
    if (chunk->corrupt()) return "corrupt index: an unreadable chunk of lean values";
    if (!chunk->status().ok()) return one_line(chunk->status().ToString());
  }
  return it->status().ok() ? std::string() : one_line(it->status().ToString());
}

// The chunks of every table merged into chunks of one, so that a read looks in one table's
// chunks whatever the builds and merges before (each `index add` of more than 16 batches,
// each Dask partial, adds a table): each key's entries summed, written under a new table
// number, and the old chunks deleted by a range tombstone in the same ingestion (both or
// neither: a kill between them cannot count a game twice). The compaction then drops them.
std::string RocksStore::merge_lean_tables() {
  RocksTable table(*this, /*compressed=*/false);  // the compaction compresses
  table.delete_range(lean_chunk_table_prefix(lean_tables_.front()),
                     lean_chunk_table_prefix(lean_tables_.back() + 1));
  std::string error =
      summed_scan("", /*stored_keys=*/false,
                  [&](std::string_view key, std::string_view value) { table.put(key, value); });
  if (error.empty()) error = table.ingest();
  if (error.empty()) lean_tables_.assign(1, table.lean_table());
  return error;
}

std::string RocksStore::compact() {
  if (lean_tables_.size() > 1) {
    const std::string error = merge_lean_tables();
    if (!error.empty()) return error;
  }
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
