#include "analysis/tune/trace_file.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <optional>
#include <pawnkit/decimal.hpp>
#include <unordered_map>

#include "analysis/tune/trace_binary.hpp"
#include "io/source/line_reader.hpp"

namespace pawnkit::analysis {

namespace {

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = line.find(',', start);
    std::string_view field = line.substr(start, comma - start);
    while (!field.empty() && (field.front() == ' ' || field.front() == '\t'))
      field.remove_prefix(1);
    while (!field.empty() && (field.back() == ' ' || field.back() == '\t')) field.remove_suffix(1);
    fields.push_back(field);
    if (comma == std::string_view::npos) return fields;
    start = comma + 1;
  }
}

std::optional<double> number(std::string_view text) { return parse_decimal(text); }

std::optional<double> result_of(std::string_view text) {
  if (text == "1-0") return 1.0;
  if (text == "0-1") return 0.0;
  if (text == "1/2-1/2") return 0.5;
  const auto value = number(text);
  if (!value || *value < 0 || *value > 1) return std::nullopt;
  return value;
}

// Where the named columns stand in the header (npos: absent).
struct Layout {
  std::size_t result = std::string_view::npos, game = std::string_view::npos,
              eval = std::string_view::npos, offset = std::string_view::npos;
  std::vector<std::size_t> coefficient;  // header position -> coefficient index (npos: named)
  std::unordered_map<std::string, std::uint32_t> index;
};

constexpr std::size_t npos = std::string_view::npos;

// The header's columns into `layout` and table.names; an error message, or empty.
std::string_view read_header(const std::vector<std::string_view>& fields, Layout& layout,
                             TraceTable& table) {
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const std::string name(fields[i]);
    std::size_t* named = name == "result"   ? &layout.result
                         : name == "game"   ? &layout.game
                         : name == "eval"   ? &layout.eval
                         : name == "offset" ? &layout.offset
                                            : nullptr;
    layout.coefficient.push_back(named ? npos : table.names.size());
    if (named) {
      *named = i;
    } else if (name.empty() || name.find('=') != npos ||
               !layout.index.emplace(name, std::uint32_t(table.names.size())).second) {
      return "the header has an empty, repeated or '='-holding column name";
    } else {
      table.names.push_back(name);
    }
  }
  if (layout.result == npos) return "the header has no `result` column";
  table.has_game = layout.game != npos;
  table.has_eval = layout.eval != npos;
  table.data.columns = table.names.size();
  return {};
}

// One data line, dense or sparse.
struct Row {
  std::vector<std::pair<std::uint32_t, float>> entries;
  std::optional<double> result, eval = 0.0, offset = 0.0;
  std::string_view game;
};

// The fields of a data line into `row`; an error message, or empty.
std::string_view read_row(const std::vector<std::string_view>& fields, bool has_equals,
                          const Layout& layout, Row& row) {
  const std::size_t named = std::size_t(layout.result != npos) + (layout.game != npos) +
                            (layout.eval != npos) + (layout.offset != npos);
  const bool dense = fields.size() == layout.coefficient.size() && !has_equals;
  if (!dense && fields.size() < named) return "too few fields for the header";
  if (!dense && std::any_of(layout.coefficient.begin(), layout.coefficient.begin() + long(named),
                            [](std::size_t c) { return c != npos; }))
    return "a sparse line needs the header's named columns (result, game, ...) first";
  for (std::size_t i = 0; i < fields.size(); ++i) {
    const std::string_view field = fields[i];
    if (i < layout.coefficient.size() && layout.coefficient[i] == npos) {
      if (i == layout.result) row.result = result_of(field);
      if (i == layout.eval) row.eval = number(field);
      if (i == layout.offset) row.offset = number(field);
      if (i == layout.game) row.game = field;
      continue;
    }
    std::optional<double> value;
    auto column = layout.index.end();
    if (dense) {
      value = number(field);
      if (!value) return "a coefficient is not a number";
    } else {
      const std::size_t equals = field.find('=');
      if (equals != npos) {
        column = layout.index.find(std::string(field.substr(0, equals)));
        value = number(field.substr(equals + 1));
      }
      if (column == layout.index.end() || !value)
        return "a sparse field is not NAME=VALUE with a header column's name";
    }
    if (*value != 0)
      row.entries.emplace_back(dense ? std::uint32_t(layout.coefficient[i]) : column->second,
                               float(*value));
  }
  if (!row.result) return "`result` is not a number from 0 to 1 (nor 1-0, 0-1, 1/2-1/2)";
  if (!row.eval || !row.offset) return "`eval` or `offset` is not a number";
  return {};
}

// The rest of a source after the bytes already read from it.
class PrefixedSource : public io::ByteSource {
 public:
  PrefixedSource(std::string prefix, io::ByteSource& inner)
      : io::ByteSource(inner.name()), prefix_(std::move(prefix)), inner_(inner) {}
  std::size_t read(char* out, std::size_t capacity) override {
    if (pos_ < prefix_.size()) {
      const std::size_t n = std::min(capacity, prefix_.size() - pos_);
      std::memcpy(out, prefix_.data() + pos_, n);
      pos_ += n;
      return n;
    }
    const std::size_t n = inner_.read(out, capacity);
    if (n == 0 && inner_.failed()) fail(inner_.error());
    return n;
  }

 private:
  std::string prefix_;
  std::size_t pos_ = 0;
  io::ByteSource& inner_;
};

}  // namespace

TraceTable read_trace(io::ByteSource& raw,
                      const std::function<void(std::size_t, std::string_view)>& on_error) {
  TraceTable table;
  std::string prefix = io::read_prefix(raw, binary_trace_magic.size());
  if (prefix == binary_trace_magic) {
    std::string bytes, error;
    if (!io::read_all(raw, bytes, error)) on_error(0, error);
    read_binary_trace(bytes, table, on_error);
    return table;
  }
  PrefixedSource source(std::move(prefix), raw);
  io::LineReader lines(source);
  Layout layout;
  bool header = false;
  std::unordered_map<std::string, std::uint32_t> games;
  for (io::LineReader::Result line = lines.next(); line.status != io::LineReader::Status::End;
       line = lines.next()) {
    if (line.status != io::LineReader::Status::Line) {  // too long, or the source failed
      on_error(line.number, line.message);
      if (line.status == io::LineReader::Status::ReadError) break;
      continue;
    }
    if (line.text.empty() || line.text.front() == '#') continue;
    const std::vector<std::string_view> fields = split_fields(line.text);
    if (!header) {
      header = true;
      if (const std::string_view error = read_header(fields, layout, table); !error.empty()) {
        on_error(line.number, error);
        table.names.clear();
        return table;
      }
      continue;
    }
    Row row;
    if (const std::string_view error = read_row(fields, line.text.find('=') != npos, layout, row);
        !error.empty()) {
      on_error(line.number, error);
      continue;
    }
    const std::uint32_t number = std::uint32_t(table.data.rows());
    table.data.add(row.entries, float(*row.offset), float(*row.result));
    if (table.has_game)
      table.game.push_back(
          games.emplace(std::string(row.game), std::uint32_t(games.size())).first->second);
    else
      table.game.push_back(number);
    if (table.has_eval) table.eval.push_back(float(*row.eval));
  }
  if (!header) on_error(0, "no header line (it names the columns, `result` among them)");
  table.games = table.has_game ? games.size() : table.data.rows();
  return table;
}

}  // namespace pawnkit::analysis
