// The chunks of lean values (index/lean_chunks.hpp): read back as written, damaged ones
// refused without a read past their end, and the RocksDB store's sum of a key over its
// tables' chunks and its other values, by get and by scan.
#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "index/keys.hpp"
#include "index/lean_chunks.hpp"
#include "index/placement_stats.hpp"
#include "index/store.hpp"

namespace pawnkit::index_db {
namespace {

namespace fs = std::filesystem;

std::string lean_value(std::uint32_t game, std::uint32_t ply) {
  std::string value;
  const LeanVisit visit{game, ply, std::uint16_t(ply % 7), std::uint8_t(ply % 40)};
  PlacementStats::encode_visits(value, std::span(&visit, 1));
  return value;
}

// A value of cells: a key of a game counted as more than lean_visits_max make it.
std::string cells_value(std::uint32_t game) {
  PlacementStats stats;
  stats.add_visit({game, 3, 5, 2}, {7, 100, 12345, Result::WhiteWins});
  return stats.encode();
}

std::string random_key(std::mt19937_64& random, char kind) {
  std::string key(placement_key_size, '\0');
  key[0] = kind;
  const std::uint64_t bits = random();
  // Few distinct high bytes, so that neighbouring keys share a prefix as real ones do.
  for (std::size_t i = 1; i < key.size(); ++i)
    key[i] = char(i < 6 ? bits >> (8 * i) & 3 : bits >> (4 * i) & 0xff);
  return key;
}

// 1,000 'C' and 'E' keys with lean values, in key order.
std::map<std::string, std::string> some_entries() {
  std::mt19937_64 random(11);
  std::map<std::string, std::string> entries;
  for (std::uint32_t i = 0; entries.size() < 1000; ++i)
    entries.emplace(random_key(random, i % 3 ? 'E' : 'C'), lean_value(i + 1, i % 90));
  return entries;
}

// The entries cut into chunks as the store cuts them.
std::vector<std::string> chunks_of(const std::map<std::string, std::string>& entries) {
  std::vector<std::string> chunks;
  LeanChunkWriter writer;
  for (const auto& [key, value] : entries) {
    if (!writer.takes(key)) {
      chunks.push_back(writer.bytes());
      writer.clear();
    }
    writer.add(key, value);
  }
  chunks.push_back(writer.bytes());
  return chunks;
}

TEST(LeanChunks, EntriesReadBackInOrderAndAreFound) {
  const auto entries = some_entries();
  const auto chunks = chunks_of(entries);
  EXPECT_GE(chunks.size(), entries.size() / lean_chunk_entries);
  std::vector<std::pair<std::string, std::string>> read;
  for (const std::string& chunk : chunks) {
    LeanChunkReader reader(chunk);
    std::size_t in_chunk = 0;
    char kind = 0;
    while (reader.next()) {
      read.emplace_back(reader.key(), reader.value());
      if (in_chunk++ == 0) kind = reader.key()[0];
      EXPECT_EQ(reader.key()[0], kind);  // one kind of key to a chunk
    }
    EXPECT_TRUE(reader.ok());
    EXPECT_LE(in_chunk, lean_chunk_entries);
    // Each of its keys is found, with its value; keys between and around are not.
    LeanChunkReader again(chunk);
    while (again.next()) {
      std::string_view value;
      ASSERT_EQ(find_in_chunk(chunk, again.key(), value), ChunkLookup::Found);
      EXPECT_EQ(value, entries.at(std::string(again.key())));
      std::string other(again.key());
      other.back() = char(other.back() ^ 0x40);
      if (!entries.contains(other)) {
        EXPECT_EQ(find_in_chunk(chunk, other, value), ChunkLookup::Absent);
      }
    }
  }
  EXPECT_EQ(read,
            (std::vector<std::pair<std::string, std::string>>(entries.begin(), entries.end())));
}

TEST(LeanChunks, ADamagedChunkIsRefusedWithoutAReadPastItsEnd) {
  const auto chunks = chunks_of(some_entries());
  const std::string& whole = chunks.front();
  std::vector<std::string> keys;
  for (LeanChunkReader reader(whole); reader.next();) keys.emplace_back(reader.key());
  // Every cut: a prefix of the entries, then the end (at an entry's end) or a refusal.
  for (std::size_t n = 0; n < whole.size(); ++n) {
    const std::string cut = whole.substr(0, n);  // its own buffer: ASan sees a read past it
    LeanChunkReader reader(cut);
    std::size_t i = 0;
    while (reader.next()) ASSERT_EQ(reader.key(), keys[i++]) << n;
    std::string_view value;
    const ChunkLookup last = find_in_chunk(cut, keys.back(), value);
    if (reader.ok()) {
      EXPECT_EQ(last, ChunkLookup::Absent) << n;
    } else {
      EXPECT_EQ(last, ChunkLookup::Corrupt) << n;
    }
  }
  // An entry sharing more bytes than the key before it has, and a key of absurd length.
  for (const std::string& bad : {std::string("\x05\x01x\x01y", 5), std::string("\x00\x7fkey", 5)}) {
    LeanChunkReader reader(bad);
    EXPECT_FALSE(reader.next());
    EXPECT_FALSE(reader.ok());
  }
}

TEST(LeanChunks, OnlyLeanPlacementValuesGoIntoChunks) {
  std::mt19937_64 random(3);
  const std::string exact = random_key(random, 'E'), center = random_key(random, 'C');
  EXPECT_TRUE(is_lean_entry(exact, lean_value(1, 2)));
  EXPECT_TRUE(is_lean_entry(center, lean_value(1, 2)));
  std::string two;
  const LeanVisit visits[] = {{1, 2, 0, 1}, {4, 2, 0, 1}};
  PlacementStats::encode_visits(two, visits);
  EXPECT_TRUE(is_lean_entry(exact, two));
  EXPECT_FALSE(is_lean_entry(exact, cells_value(1)));
  EXPECT_FALSE(is_lean_entry(exact, ""));
  EXPECT_FALSE(is_lean_entry(structure_key(StructureId(1), White), lean_value(1, 2)));
  EXPECT_FALSE(is_lean_entry("M", std::string(1, '\0')));
  EXPECT_FALSE(is_lean_entry(exact.substr(0, 12), lean_value(1, 2)));
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("pawnkit-lean-chunks-" + std::to_string(getpid()));
  TempDir() { fs::remove_all(path); }
  ~TempDir() { fs::remove_all(path); }
};

std::map<std::string, std::string> scan_all(const Store& store, std::string_view prefix) {
  std::map<std::string, std::string> out;
  std::size_t calls = 0;
  EXPECT_EQ(store.scan(prefix,
                       [&](std::string_view k, std::string_view v) {
                         out.emplace(k, v);
                         ++calls;
                       }),
            "");
  EXPECT_EQ(calls, out.size());  // each key once
  return out;
}

// The tables whose chunks the index holds, read with RocksDB itself.
std::set<std::string> chunk_tables(const fs::path& db) {
  rocksdb::DB* raw = nullptr;
  EXPECT_TRUE(rocksdb::DB::OpenForReadOnly(rocksdb::Options(), db.string(), &raw).ok());
  std::set<std::string> tables;
  std::unique_ptr<rocksdb::Iterator> it(raw->NewIterator({}));
  for (it->Seek("B"); it->Valid() && it->key()[0] == lean_chunk_prefix; it->Next())
    tables.insert(it->key().ToString().substr(0, lean_chunk_table_prefix_size));
  it.reset();
  delete raw;
  return tables;
}

// Three tables: lean values of the same keys in two, a value of cells in another; the
// store reads each key as the sum of all of them, as RocksDB's merge operator sums them.
TEST(LeanChunks, TheStoreSumsAKeysValuesOverItsTables) {
  TempDir dir;
  const auto entries = some_entries();
  const std::string cells_key = entries.rbegin()->first;  // an 'E' key, the last
  std::map<std::string, std::string> expected;
  {
    std::string error;
    auto store = Store::open(dir.path.string(), Store::Mode::Write, error);
    ASSERT_TRUE(store) << error;
    // Table 1: every key; table 2: every third key again; table 3: cells for one key.
    auto first = store->table(true);
    for (const auto& [key, value] : entries) first->put(key, value);
    first->put("M", "\x01");
    ASSERT_EQ(first->ingest(), "");
    auto second = store->table(false);
    // A key before every key of the first table, and one after: in the second alone.
    std::string before(placement_key_size, '\0'), after(placement_key_size, '\xff');
    before[0] = 'C';
    after[0] = 'E';
    ASSERT_FALSE(entries.contains(before) || entries.contains(after));
    second->merge(before, expected[before] = lean_value(7000, 3));
    std::size_t i = 0;
    for (const auto& [key, value] : entries) {
      std::string more = lean_value(5000 + std::uint32_t(i), 1), sum;
      expected[key] = value;
      if (i++ % 3) continue;
      second->merge(key, more);
      ASSERT_TRUE(merge_encoded(value, more, sum));
      expected[key] = sum;
    }
    second->merge(after, expected[after] = lean_value(7001, 3));
    second->put("M", "\x02");
    ASSERT_EQ(second->ingest(), "");
    auto third = store->table(false);
    third->merge(cells_key, cells_value(9000));
    third->put("M", "\x03");
    ASSERT_EQ(third->ingest(), "");
    std::string sum;
    ASSERT_TRUE(merge_encoded(expected[cells_key], cells_value(9000), sum));
    expected[cells_key] = sum;
    // Read by the store that wrote them, then by a reader opened afresh.
    for (const auto& [key, value] : expected) {
      const auto got = store->get(key, error);
      ASSERT_TRUE(got) << error;
      EXPECT_EQ(*got, value);
    }
  }
  EXPECT_EQ(chunk_tables(dir.path).size(), 2u);  // the first two tables'
  // The end of a build merges the tables' chunks into one table's: the same values.
  {
    std::string error;
    auto store = Store::open(dir.path.string(), Store::Mode::Write, error);
    ASSERT_TRUE(store) << error;
    ASSERT_EQ(store->compact(), "");
    std::size_t different = 0;
    for (const auto& [key, value] : expected) different += store->get(key, error) != value;
    EXPECT_EQ(different, 0u);
  }
  EXPECT_EQ(chunk_tables(dir.path), std::set{lean_chunk_table_prefix(2)});
  std::string error;
  auto reader = Store::open(dir.path.string(), Store::Mode::ReadOnly, error);
  ASSERT_TRUE(reader) << error;
  std::size_t different = 0;
  for (const auto& [key, value] : expected) different += reader->get(key, error) != value;
  EXPECT_EQ(different, 0u);
  EXPECT_EQ(error, "");
  std::mt19937_64 random(99);
  EXPECT_FALSE(reader->get(random_key(random, 'E'), error));  // a key of no table
  // A scan: the same keys and sums, each key once, the chunks' own keys unseen.
  std::map<std::string, std::string> exact, center;
  for (const auto& [key, value] : expected) (key[0] == 'E' ? exact : center)[key] = value;
  EXPECT_EQ(scan_all(*reader, "E"), exact);
  EXPECT_EQ(scan_all(*reader, "C"), center);
  const auto every = scan_all(*reader, "");
  for (const auto& [key, value] : every) EXPECT_NE(key[0], lean_chunk_prefix);
  EXPECT_EQ(every.size(), expected.size() + 2);  // and 'M', 'V'
}

TEST(LeanChunks, AnUnreadableChunkIsAnErrorOfTheRead) {
  TempDir dir;
  std::mt19937_64 random(5);
  const std::string key = random_key(random, 'E');
  std::string error;
  {
    auto store = Store::open(dir.path.string(), Store::Mode::Write, error);
    ASSERT_TRUE(store) << error;
    auto table = store->table(true);
    table->put(lean_chunk_key(0, key), std::string("\x00\x0d", 2));  // an entry cut short
    table->put("M", "\x01");
    ASSERT_EQ(table->ingest(), "");
  }
  auto reader = Store::open(dir.path.string(), Store::Mode::ReadOnly, error);
  ASSERT_TRUE(reader) << error;
  EXPECT_FALSE(reader->get(key, error));
  EXPECT_NE(error.find("corrupt index"), std::string::npos) << error;
  EXPECT_NE(reader->scan("E", [](std::string_view, std::string_view) {}), "");
}

}  // namespace
}  // namespace pawnkit::index_db
