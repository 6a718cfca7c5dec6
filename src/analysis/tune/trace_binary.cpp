#include "analysis/tune/trace_binary.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <unordered_map>

namespace pawnkit::analysis {

namespace {

// Little-endian reads from a byte range; false once it runs out.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  template <class T>
  bool read(T& value) {
    if (bytes_.size() - pos_ < sizeof(T)) return false;
    unsigned char raw[sizeof(T)];
    std::memcpy(raw, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    std::uint64_t bits = 0;
    for (std::size_t i = sizeof(T); i-- > 0;) bits = bits << 8 | raw[i];
    if constexpr (std::is_floating_point_v<T>) {
      std::uint32_t narrow = std::uint32_t(bits);
      std::memcpy(&value, &narrow, sizeof(T));
    } else {
      value = T(bits);
    }
    return true;
  }
  bool text(std::size_t size, std::string& out) {
    if (bytes_.size() - pos_ < size) return false;
    out.assign(bytes_.substr(pos_, size));
    pos_ += size;
    return true;
  }
  bool done() const { return pos_ == bytes_.size(); }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
};

}  // namespace

void read_binary_trace(std::string_view bytes, TraceTable& table,
                       const std::function<void(std::size_t, std::string_view)>& on_error) {
  Reader in(bytes);
  std::uint32_t columns = 0, flags = 0;
  if (!in.read(columns)) return on_error(0, "the binary trace ends in its header");
  for (std::uint32_t i = 0; i < columns; ++i) {
    std::uint16_t size = 0;
    std::string name;
    if (!in.read(size) || !in.text(size, name)) {
      table.names.clear();
      return on_error(0, "the binary trace ends in its column names");
    }
    table.names.push_back(std::move(name));
  }
  if (!in.read(flags) || flags > 7) {
    table.names.clear();
    return on_error(0, "the binary trace's flags are missing or unknown");
  }
  table.has_game = flags & 1;
  table.has_eval = flags & 2;
  table.data.columns = columns;
  std::unordered_map<std::uint64_t, std::uint32_t> games;
  std::vector<std::pair<std::uint32_t, float>> entries;
  for (std::size_t record = 1; !in.done(); ++record) {
    float result = 0, eval = 0, offset = 0;
    std::uint64_t game = 0;
    std::uint32_t count = 0;
    if (!in.read(result) || ((flags & 1) && !in.read(game)) || ((flags & 2) && !in.read(eval)) ||
        ((flags & 4) && !in.read(offset)) || !in.read(count))
      return on_error(record, "the binary trace ends inside a record");
    entries.clear();
    bool bad = false;
    for (std::uint32_t i = 0; i < count; ++i) {
      std::uint32_t column = 0;
      float value = 0;
      if (!in.read(column) || !in.read(value))
        return on_error(record, "the binary trace ends inside a record");
      bad |= column >= columns || !std::isfinite(value);
      if (value != 0) entries.emplace_back(column, value);
    }
    if (bad || !(result >= 0 && result <= 1) || !std::isfinite(eval) || !std::isfinite(offset)) {
      on_error(record, "a record has a result outside 0..1, a column out of range or a NaN");
      continue;
    }
    const std::uint32_t row = std::uint32_t(table.data.rows());
    table.data.add(entries, offset, result);
    table.game.push_back(
        table.has_game ? games.emplace(game, std::uint32_t(games.size())).first->second : row);
    if (table.has_eval) table.eval.push_back(eval);
  }
  table.games = table.has_game ? games.size() : table.data.rows();
}

}  // namespace pawnkit::analysis
