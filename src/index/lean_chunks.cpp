#include "index/lean_chunks.hpp"

#include <algorithm>

#include "index/bytes.hpp"
#include "index/keys.hpp"
#include "index/placement_stats_reader.hpp"

namespace pawnkit::index_db {
namespace {

// Longer than any key the index has: a length past it is a corrupt chunk.
constexpr std::size_t max_key_size = 64;

}  // namespace

bool is_chunked_kind(std::string_view key) {
  return key.size() == placement_key_size &&
         (key[0] == char(MatchKind::Exact) || key[0] == char(MatchKind::Center));
}

bool is_lean_entry(std::string_view key, std::string_view value) {
  return is_chunked_kind(key) && holds_visits_alone(value);
}

std::string lean_chunk_table_prefix(std::uint32_t table) {
  std::string prefix(1, lean_chunk_prefix);
  put_fixed32(prefix, table);
  return prefix;
}

std::string lean_chunk_key(std::uint32_t table, std::string_view first_key) {
  std::string key = lean_chunk_table_prefix(table);
  key.append(first_key);
  return key;
}

void LeanChunkWriter::add(std::string_view key, std::string_view value) {
  std::size_t shared = 0;
  if (entries_ == 0) {
    first_key_.assign(key);
  } else {
    const std::size_t most = std::min(key.size(), last_key_.size());
    while (shared < most && key[shared] == last_key_[shared]) ++shared;
  }
  put_varint(bytes_, shared);
  put_string(bytes_, key.substr(shared));
  put_string(bytes_, value);
  last_key_.assign(key);
  ++entries_;
}

void LeanChunkWriter::clear() {
  bytes_.clear();
  entries_ = 0;
}

bool LeanChunkReader::next() {
  if (!ok_ || rest_.empty()) return false;
  ByteReader in(rest_);
  const std::uint64_t shared = in.varint();
  const std::string_view tail = in.string();
  const std::string_view value = in.string();
  if (!in.ok() || shared > key_.size() || shared + tail.size() > max_key_size) {
    ok_ = false;
    return false;
  }
  key_.resize(shared);
  key_.append(tail);
  value_ = value;
  rest_ = rest_.substr(std::size_t(value.data() + value.size() - rest_.data()));
  return true;
}

ChunkLookup find_in_chunk(std::string_view chunk, std::string_view key, std::string_view& value) {
  LeanChunkReader reader(chunk);
  while (reader.next()) {
    if (reader.key() == key) {
      value = reader.value();
      return ChunkLookup::Found;
    }
    if (reader.key() > key) return ChunkLookup::Absent;  // in key order
  }
  return reader.ok() ? ChunkLookup::Absent : ChunkLookup::Corrupt;
}

}  // namespace pawnkit::index_db
