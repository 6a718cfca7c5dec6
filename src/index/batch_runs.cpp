#include "index/batch_runs.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <numeric>

#include "index/bytes.hpp"
#include "index/keys.hpp"
#include "index/placement_stats.hpp"
#include "index/placement_stats_reader.hpp"

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

// Sums encoded counts values, its vectors reused from key to key: every cell of every
// value is appended as read, then the cells are put in order and each cell's moves and
// candidates tidied (CellStats::tidy_appended), which gives what PlacementStats::merge
// gives (decoding each value into vectors of its own and merging them was half of the
// merge's cost). Lean visits are kept as they are while the sum has lean_visits_max games
// at most; beyond, each is appended as its game's cell (`games`' summaries).
class CountsSum {
 public:
  void clear() {
    parts_.clear();
    moves_.clear();
    candidates_.clear();
    visits_.clear();
    games_ = 0;
  }
  bool add(std::string_view value) { return read_placement_stats(value, *this); }
  // False when a visit's game is not in `games`.
  bool encode_to(std::string& out, const GameSummaries& games);
  // read_placement_stats's visitor.
  bool cell(std::uint32_t cell, const Score& score) {
    parts_.push_back({cell, score, moves_.size(), candidates_.size()});
    games_ += score.games;
    return true;
  }
  void move(const MoveScore& move) { moves_.push_back(move); }
  void candidate(const Candidate& candidate) { candidates_.push_back(candidate); }
  void visit(const LeanVisit& visit) {
    visits_.push_back(visit);
    ++games_;
  }

 private:
  struct Part {  // a cell of one value: its moves and candidates start at these indices
    std::uint32_t cell;
    Score score;
    std::size_t moves, candidates;
  };
  std::vector<Part> parts_;
  std::vector<MoveScore> moves_;
  std::vector<Candidate> candidates_;
  std::vector<LeanVisit> visits_;
  std::uint64_t games_ = 0;
  std::vector<std::uint32_t> order_;
  PlacementStats sum_;
};

bool CountsSum::encode_to(std::string& out, const GameSummaries& games) {
  std::sort(visits_.begin(), visits_.end());
  if (games_ <= lean_visits_max && parts_.empty()) {
    PlacementStats::encode_visits(out, visits_);
    return true;
  }
  if (games_ > lean_visits_max) {  // each visit as a cell of one game of its own
    for (const LeanVisit& visit : visits_) {
      const auto game = games.find(visit.game);
      if (!game) return false;
      Score score;
      score.add(game->result);
      parts_.push_back({game->cell, score, moves_.size(), candidates_.size()});
      if (visit.move) moves_.push_back({visit.move - 1u, score});
      candidates_.push_back(game->candidate(visit));
    }
    visits_.clear();
  }
  order_.resize(parts_.size());
  std::iota(order_.begin(), order_.end(), 0u);
  std::sort(order_.begin(), order_.end(),
            [this](std::uint32_t a, std::uint32_t b) { return parts_[a].cell < parts_[b].cell; });
  std::size_t cells = 0;
  for (std::size_t k = 0; k < order_.size(); ++k)
    cells += k == 0 || parts_[order_[k]].cell != parts_[order_[k - 1]].cell;
  sum_.cells.resize(cells);
  CellStats* c = nullptr;
  for (std::size_t k = 0; k < order_.size(); ++k) {
    const std::size_t i = order_[k];
    const Part& part = parts_[i];
    if (k == 0 || part.cell != parts_[order_[k - 1]].cell) {
      c = c ? c + 1 : sum_.cells.data();
      c->restart(part.cell);
    }
    c->score.add(part.score);
    const bool last = i + 1 == parts_.size();
    c->moves.insert(c->moves.end(), moves_.begin() + std::ptrdiff_t(part.moves),
                    last ? moves_.end() : moves_.begin() + std::ptrdiff_t(parts_[i + 1].moves));
    c->candidates.insert(
        c->candidates.end(), candidates_.begin() + std::ptrdiff_t(part.candidates),
        last ? candidates_.end() : candidates_.begin() + std::ptrdiff_t(parts_[i + 1].candidates));
  }
  for (CellStats& cell : sum_.cells) cell.tidy_appended();
  sum_.visits.assign(visits_.begin(), visits_.end());
  sum_.encode_to(out);
  return true;
}

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

std::string merge_runs(const std::vector<std::string>& files, Store::Table& out, bool put_counts,
                       const GameSummaries& games) {
  std::vector<std::unique_ptr<RunReader>> runs;
  for (const std::string& file : files) {
    runs.push_back(std::make_unique<RunReader>(file));
    runs.back()->next();
  }
  std::string key, value;
  CountsSum sum;
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
        if (found == 1) sum.clear();
        if ((found == 1 && !sum.add(value)) || !sum.add(run->value()))
          return "corrupt batch file: a placement's counts are unreadable";
      } else {
        value.assign(run->value());  // counts: the first run's; else the last run's wins
      }
      ++found;
      run->next();
    }
    if (counts && found > 1) {
      value.clear();
      if (!sum.encode_to(value, games))
        return "internal error: a batch file has a visit of a game not in the run";
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
