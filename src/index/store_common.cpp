// What both backends of the Store share (store.hpp): reads through get_into.
#include "index/bytes.hpp"
#include "index/store.hpp"

namespace pawnkit::index_db {

Store::~Store() = default;
Store::Table::~Table() = default;

std::string Store::batch_dir(bool, std::string&) { return {}; }

std::optional<std::string> Store::get(std::string_view key, std::string& error) const {
  std::string value;
  if (!get_into(key, value, error)) return std::nullopt;
  return value;
}

std::uint64_t Store::games(std::string& error) const {
  const auto value = get("M", error);
  if (!value) return 0;
  ByteReader in(*value);
  const std::uint64_t games = in.varint();
  if (!in.ok()) error = "corrupt index: the totals key is unreadable";
  return games;
}

}  // namespace pawnkit::index_db
