#include "index/batch_runs.hpp"

#include <cerrno>
#include <cstring>

#include "index/bytes.hpp"
#include "index/keys.hpp"
#include "index/placement_stats.hpp"

namespace pawnkit::index_db {
namespace {

constexpr std::size_t buffer_bytes = std::size_t(1) << 20;

std::string file_error(const std::string& what, const std::string& file) {
  return what + " " + file + ": " + std::strerror(errno);
}

// Reads a run file record by record; key() and value() stay valid until the next next().
class RunReader {
 public:
  explicit RunReader(const std::string& file) : file_(file), in_(std::fopen(file.c_str(), "rb")) {
    if (!in_) error_ = file_error("cannot open the batch file", file);
  }
  ~RunReader() {
    if (in_) std::fclose(in_);
  }
  RunReader(const RunReader&) = delete;
  RunReader& operator=(const RunReader&) = delete;

  // Moves to the next record; false at the end or on an error (error() then says it).
  bool next() {
    live_ = false;
    if (!error_.empty()) return false;
    for (;;) {
      if (parse()) return live_ = true;
      if (!error_.empty()) return false;
      // The record runs past the bytes read: keep its start, read more behind it.
      buffer_.erase(0, pos_);
      pos_ = 0;
      const std::size_t held = buffer_.size();
      buffer_.resize(held + std::max(buffer_bytes, held));
      const std::size_t got = std::fread(buffer_.data() + held, 1, buffer_.size() - held, in_);
      buffer_.resize(held + got);
      if (got == 0) {
        if (std::ferror(in_))
          error_ = file_error("cannot read the batch file", file_);
        else if (held > 0)
          error_ = "the batch file " + file_ + " is cut short";
        return false;
      }
    }
  }
  bool live() const { return live_; }
  std::string_view key() const { return key_; }
  std::string_view value() const { return value_; }
  const std::string& error() const { return error_; }

 private:
  // The record at pos_ when the buffer holds all of it: its two sizes (varints) and bytes.
  bool parse() {
    const char* p = buffer_.data() + pos_;
    const char* const end = buffer_.data() + buffer_.size();
    std::string_view parts[2];
    for (std::string_view& part : parts) {
      std::uint64_t size = 0;
      for (int shift = 0;; shift += 7) {
        if (shift > 63) {
          error_ = "the batch file " + file_ + " is corrupt";
          return false;
        }
        if (p == end) return false;
        const auto byte = static_cast<unsigned char>(*p++);
        size |= std::uint64_t(byte & 0x7f) << shift;
        if (!(byte & 0x80)) break;
      }
      if (std::uint64_t(end - p) < size) return false;
      part = std::string_view(p, std::size_t(size));
      p += size;
    }
    key_ = parts[0];
    value_ = parts[1];
    pos_ = std::size_t(p - buffer_.data());
    return true;
  }
  std::string file_;
  std::FILE* in_;
  std::string buffer_, error_;
  std::size_t pos_ = 0;
  std::string_view key_, value_;
  bool live_ = false;
};

}  // namespace

RunWriter::RunWriter(std::string file) : file_(std::move(file)) {
  out_ = std::fopen(file_.c_str(), "wb");
  if (!out_) error_ = file_error("cannot write the batch file", file_);
}

RunWriter::~RunWriter() {
  if (out_) std::fclose(out_);
}

void RunWriter::append(std::string_view key, std::string_view value) {
  if (!error_.empty()) return;
  put_string(buffer_, key);
  put_string(buffer_, value);
  if (buffer_.size() >= buffer_bytes) {
    if (std::fwrite(buffer_.data(), 1, buffer_.size(), out_) != buffer_.size())
      error_ = file_error("cannot write the batch file", file_);
    buffer_.clear();
  }
}

std::string RunWriter::ingest() {
  if (error_.empty() && !buffer_.empty() &&
      std::fwrite(buffer_.data(), 1, buffer_.size(), out_) != buffer_.size())
    error_ = file_error("cannot write the batch file", file_);
  buffer_.clear();
  if (out_ && std::fclose(out_) != 0 && error_.empty())
    error_ = file_error("cannot write the batch file", file_);
  out_ = nullptr;
  return error_;
}

std::string merge_runs(const std::vector<std::string>& files, Store::Table& out, bool put_counts) {
  std::vector<std::unique_ptr<RunReader>> runs;
  for (const std::string& file : files) {
    runs.push_back(std::make_unique<RunReader>(file));
    runs.back()->next();
  }
  std::string key, value;
  PlacementStats sum;
  for (;;) {
    const RunReader* least = nullptr;
    for (const auto& run : runs)
      if (run->live() && (!least || run->key() < least->key())) least = run.get();
    if (!least) break;
    key.assign(least->key());
    const bool counts = is_stats_key(key);
    std::size_t found = 0;
    for (const auto& run : runs) {  // oldest first
      if (!run->live() || run->key() != key) continue;
      if (counts && found > 0) {  // the sum of the key's values in every run
        auto other = PlacementStats::decode(run->value());
        if (found == 1) {
          auto first = PlacementStats::decode(value);
          if (first) sum = std::move(*first);
          if (!first) other.reset();
        }
        if (!other) return "corrupt batch file: a placement's counts are unreadable";
        sum.merge(*other);
      } else {
        value.assign(run->value());  // counts: the first run's; else the last run's wins
      }
      ++found;
      run->next();
    }
    if (counts && found > 1) {
      value.clear();
      sum.encode_to(value);
    }
    if (counts && !put_counts)
      out.merge(key, value);
    else
      out.put(key, value);
  }
  for (const auto& run : runs)
    if (!run->error().empty()) return run->error();
  return {};
}

}  // namespace pawnkit::index_db
