// Lean values packed many to an entry: how the RocksDB store keeps the 'C' and 'E' keys of
// at most lean_visits_max games (most keys: a game's own late placements). A value of a
// few visits is about 8 bytes, and RocksDB's work and bytes per entry (its internal key,
// the block's index, the table's properties) had come to more than the value's: measured
// on plain PGN, a build spent a fifth of its time putting them one by one.
//
// The store takes each such key and value as it comes (in key order) and appends it to a
// chunk of up to lean_chunk_entries, one kind of key to a chunk; a chunk is stored under
//   'B' + the table's number (4 bytes, big-endian) + the chunk's first key
// in a file of its own, ingested with the table's other file in one step. A reader of a
// key looks in each table's chunk whose first key is the last at or before the key, and
// sums what it finds with the key's other values, as RocksDB's merge operator sums them:
// what the store holds for a key is unchanged, only where its bytes lie.
//
// A chunk: per entry, the bytes its key shares with the previous key's (a varint; 0 for
// the first), the rest of the key (a varint length, the bytes), the value (the same).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace pawnkit::index_db {

inline constexpr char lean_chunk_prefix = 'B';
inline constexpr std::size_t lean_chunk_entries = 64;
// 'B' + the table's number: the prefix of every chunk of one table.
inline constexpr std::size_t lean_chunk_table_prefix_size = 1 + 4;

// Whether chunks may hold values of this key: a 'C' or 'E' key.
bool is_chunked_kind(std::string_view key);
// Whether the store packs this key's value in a chunk: a 'C' or 'E' key whose value is
// lean visits alone (holds_visits_alone, placement_stats_reader.hpp).
bool is_lean_entry(std::string_view key, std::string_view value);

// The prefix of a table's chunks, and a chunk's key.
std::string lean_chunk_table_prefix(std::uint32_t table);
std::string lean_chunk_key(std::uint32_t table, std::string_view first_key);

// A chunk being filled: entries appended in key order.
class LeanChunkWriter {
 public:
  // Whether `key` can join the chunk: room left and the same kind of key.
  bool takes(std::string_view key) const {
    return entries_ == 0 || (entries_ < lean_chunk_entries && key[0] == first_key_[0]);
  }
  void add(std::string_view key, std::string_view value);
  bool empty() const { return entries_ == 0; }
  const std::string& first_key() const { return first_key_; }
  const std::string& bytes() const { return bytes_; }
  void clear();

 private:
  std::string bytes_, first_key_, last_key_;
  std::size_t entries_ = 0;
};

// The entries of a chunk in order. A chunk that does not read (cut short, a length past
// its end) ends the entries with ok() false.
class LeanChunkReader {
 public:
  explicit LeanChunkReader(std::string_view chunk) : rest_(chunk) {}
  bool next();  // to the next entry; false at the end or on a corrupt chunk
  std::string_view key() const { return key_; }
  std::string_view value() const { return value_; }
  bool ok() const { return ok_; }

 private:
  std::string_view rest_, value_;
  std::string key_;
  bool ok_ = true;
};

enum class ChunkLookup { Found, Absent, Corrupt };
// `key`'s value in `chunk` (a view into it).
ChunkLookup find_in_chunk(std::string_view chunk, std::string_view key, std::string_view& value);

}  // namespace pawnkit::index_db
