#include "positions.hpp"

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/fen_write.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/chess/phase.hpp>
#include <pawnkit/pawns/structures.hpp>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <span>

#include "analysis/find.hpp"
#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "analysis/position_analysis.hpp"
#include "analysis/replay.hpp"
#include "game_key.hpp"
#include "io/diagnostic.hpp"
#include "io/source/input_format.hpp"
#include "position_records.hpp"
#include "record_bytes.hpp"
#include "stream_stores.hpp"

namespace pawnkit::python {

namespace {

// game_id = file * game_id_stride + game (python/pawnkit/_frames.py says so to users).
constexpr std::int64_t game_id_stride = std::int64_t(1) << 32;

// One per pipeline thread: every position of every game (or the ones where the query
// holds for min_plies consecutive plies), as binary rows.
class PositionsWorker {
 public:
  explicit PositionsWorker(const PositionRequest& request) : request_(&request) {}

  void game(const io::GameRecord& game, std::string& out,
            std::vector<io::Diagnostic>& diagnostics) {
    const PositionRequest& request = *request_;
    bool header_written = false;
    int run = 0;
    std::array<Bitboard, 2> classified_pawns{~Bitboard{0}, ~Bitboard{0}};
    bool classified_ending = false;
    Structure structure;
    const analysis::ReplayResult result = analysis::replay(game, [&](const Position& pos, int ply) {
      ++counts_.positions;
      const PawnReport report = pawn_report(pos);
      if (request.where) {
        const analysis::QueryContext ctx =
            analysis::query_context(*request.where, pos, report, ply, &game);
        run = request.where->matches(ctx) ? run + 1 : 0;
        if (run < request.min_plies) return;
      }
      // The named structure depends on the pawns and on whether the game reached its
      // ending: classified again when either changes (and only when a column shows it).
      const WantedColumns& wanted = request.wanted;
      if (wanted.structure || wanted.structure_side) {
        const bool ending = in_ending(pos);
        if (report.white.pawns != classified_pawns[0] ||
            report.black.pawns != classified_pawns[1] || ending != classified_ending) {
          classified_pawns = {report.white.pawns, report.black.pawns};
          classified_ending = ending;
          structure = classify(pos);
        }
      }
      if (!header_written) {
        const index_db::ContentHash key =
            wanted.game_key ? index_db::content_hash(game) : index_db::ContentHash{};
        put_game(out, game.number, key, request.tags, &game);
        header_written = true;
      }
      fen_.clear();
      if (request.fen) fen_writer_.append(fen_, pos);
      const GamePhase phase = wanted.phase ? game_phase(pos) : GamePhase{};
      put_position(out, ply, report, structure, phase, fen_);
    });
    analysis::note_outcome(result, counts_, diagnostics);
  }

  const analysis::GameCounts& counts() const { return counts_; }

 private:
  const PositionRequest* request_;
  analysis::GameCounts counts_;
  std::string fen_;
  FenWriter fen_writer_;  // the FEN of a ply rewrites only the ranks its move changed
};

}  // namespace

// Unpacks the workers' binary rows into the current chunk, handing full chunks on.
class PositionStream::Sink : public analysis::PipelineSink {
 public:
  explicit Sink(PositionStream& stream)
      : stream_(stream), wanted_(stream.request_.wanted), with_slot_(stream.with_game_slot()) {
    for (std::size_t k = 0; k < PositionColumns::bitboard_columns; ++k)
      if (wanted_.bitboards[k]) bitboard_columns_.push_back(k);
    start_chunk();
  }

  void out(const std::string& text) override {
    const char* p = text.data();
    const char* const end = p + text.size();
    while (p < end) {
      const char mark = *p++;
      if (mark == game_mark) {
        game_number_ = std::int64_t(take<std::uint64_t>(p));
        game_key_.high = take<std::uint64_t>(p);
        game_key_.low = take<std::uint64_t>(p);
        tags_.clear();
        for (std::size_t t = 0; t < stream_.request_.tags.size(); ++t) {
          const std::int32_t size = take<std::int32_t>(p);
          if (size < 0) {
            tags_.emplace_back();
          } else {
            tags_.emplace_back(std::string(p, std::size_t(size)));
            p += size;
          }
        }
        slot_open_ = false;
        // Chunks end between games: this one goes to the next chunk when it would take the
        // current one over the bound (a workers' batch holds whole games, so all its rows
        // are in `text`).
        const std::size_t bound = stream_.request_.chunk_rows;
        if (bound && rows_ && rows_ + count_positions(p, end) > bound) {
          hand_over();
          start_chunk();
        }
        continue;
      }
      add_position(p);
    }
    flush_bitboards();  // before `text` is gone
  }

  void report(std::span<const io::Diagnostic> diagnostics) override {
    if (diagnostics.empty()) return;
    std::lock_guard lock(stream_.mutex_);
    PositionProblems& problems = stream_.problems_;
    for (const io::Diagnostic& d : diagnostics) {
      std::string line = io::format_diagnostic(d);
      line.pop_back();  // the newline
      if (d.severity == io::Severity::Warning) {
        ++problems.warnings;
        problems.warning_messages.push_back(std::move(line));
      } else {
        problems.messages.push_back(std::move(line));
      }
    }
  }

  void progress(std::size_t games, std::size_t bytes) override {
    stream_.progress_.update(games, bytes);
  }

  // The rows that follow come from input `index` of the request.
  void start_input(std::int32_t index) { file_index_ = index; }

  // Hands over what is left.
  void finish() {
    if (chunk_ && rows_) hand_over();
    chunk_.reset();
  }

 private:
  // The columns grow with the rows, a step at a time, even when the chunk's size is known:
  // a chunk still being filled holds no more memory than its rows need (the peak RSS of
  // iter_positions, which has a few chunks alive at once).
  void start_chunk() {
    chunk_ = std::make_unique<PositionColumns>();
    rows_ = 0;
    slot_open_ = false;
    row_capacity_ = 0;
  }

  // The columns of one value a row grow together: one capacity check a row, then plain
  // stores (through the columns, with their sizes set when the chunk is handed over: a
  // size_t may alias the values stored, so keeping sizes up to date row by row reloads
  // them after every store).
  void grow_columns(std::size_t wanted) {
    // A chunk of known size populates no page past its bound (a longer game goes on).
    const std::size_t bound = stream_.request_.chunk_rows;
    const std::size_t most = bound ? std::max(bound, wanted) : std::size_t(-1);
    row_capacity_ = std::size_t(-1);
    chunk_->for_each_row_column(wanted_, stream_.request_.fen, with_slot_, [&](auto& column) {
      column.set_size(rows_);  // what reserve keeps when the block moves
      column.reserve(wanted, most);
      row_capacity_ = std::min(row_capacity_, column.capacity());
    });
    if (row_capacity_ == std::size_t(-1)) row_capacity_ = std::max(wanted, 2 * rows_);  // none
    for (const std::size_t k : bitboard_columns_) bitboard_out_[k] = chunk_->bitboards[k].data();
  }

  // Copies the bitboards of the rows added since the last flush (still in the text being
  // unpacked) into their (wanted) columns, a tile of 8 rows (one cache line of each column) at a
  // time, with streaming stores. Why: ordinary stores into 58 columns at once read every
  // line of every column from memory before writing it (the hardware prefetchers follow a
  // few streams, not 58), which made the columns 2-3x slower to fill than one row-major
  // block; streaming stores write whole lines without reading them.
  void flush_bitboards() {
    constexpr std::size_t line_rows = 64 / sizeof(std::uint64_t);
    const std::size_t rows = pending_.size();
    std::size_t done = 0;
    while (done < rows) {
      // Tiles end on line boundaries of the columns (which start on a page).
      const std::size_t row = pending_first_row_ + done;
      const std::size_t n = std::min(line_rows - row % line_rows, rows - done);
      const char* const* tile = pending_.data() + done;
      std::size_t w = 0;  // index into bitboard_columns_
#if defined(__AVX512F__)
      // Eight neighbouring columns at once: with every column wanted, bitboard_columns_[w] == w.
      if (n == line_rows && bitboard_columns_.size() == PositionColumns::bitboard_columns) {
        std::array<std::uint64_t*, line_rows> lines;
        for (; w + line_rows <= bitboard_columns_.size(); w += line_rows) {
          for (std::size_t j = 0; j < line_rows; ++j) lines[j] = bitboard_out_[w + j] + row;
          stream_transposed_8x8(tile, w * sizeof(std::uint64_t), lines.data());
        }
      }
#endif
      for (; w < bitboard_columns_.size(); ++w) {
        const std::size_t k = bitboard_columns_[w];
        std::uint64_t* out = bitboard_out_[k] + row;
        const std::size_t offset = k * sizeof(std::uint64_t);
        if (n == line_rows) {  // a whole line, 16-byte aligned
          for (std::size_t i = 0; i < n; i += 2)
            stream_store_pair(out + i, load<std::uint64_t>(tile[i] + offset),
                              load<std::uint64_t>(tile[i + 1] + offset));
          continue;
        }
        for (std::size_t i = 0; i < n; ++i)
          stream_store(out + i, load<std::uint64_t>(tile[i] + offset));
      }
      done += n;
    }
    stream_fence();  // the columns are complete before anything reads or hands them on
    pending_.clear();
  }

  void hand_over() {
    flush_bitboards();
    chunk_->for_each_row_column(wanted_, stream_.request_.fen, with_slot_,
                                [&](auto& column) { column.set_size(rows_); });
    chunk_->row_count = rows_;
    stream_.deliver(std::move(chunk_));
  }

  void add_position(const char*& p) {
    PositionColumns& c = *chunk_;
    const std::size_t row = rows_;
    if (row == row_capacity_) {
      flush_bitboards();
      grow_columns(row + 1);  // the columns add a step of rows at least
    }
    if (!slot_open_) {
      c.game_tags.push_back(tags_);
      c.game_keys.push_back({game_key_.high, game_key_.low});
      slot_open_ = true;
    }
    // Only the wanted columns: the tests are the same for every row (predicted), and each
    // column left out is a store and its memory saved.
    const WantedColumns& w = wanted_;
    if (w.file) c.file.data()[row] = file_index_;
    if (w.game) c.game.data()[row] = game_number_;
    if (w.game_id)
      c.game_id.data()[row] = std::int64_t(file_index_) * game_id_stride + game_number_;
    if (with_slot_) c.game_slot.data()[row] = std::uint32_t(c.game_tags.size() - 1);
    const auto ply = take<std::int32_t>(p);
    const auto white_islands = take<std::uint8_t>(p), black_islands = take<std::uint8_t>(p);
    const auto structure = take<std::int8_t>(p), structure_side = take<std::int8_t>(p);
    const auto phase = take<std::int8_t>(p);
    if (w.ply) c.ply.data()[row] = ply;
    if (w.islands[0]) c.islands[0].data()[row] = white_islands;
    if (w.islands[1]) c.islands[1].data()[row] = black_islands;
    if (w.structure) c.structure.data()[row] = structure;
    if (w.structure_side) c.structure_side.data()[row] = structure_side;
    if (w.phase) c.phase.data()[row] = phase;
    const std::uint16_t fen_size = take<std::uint16_t>(p);
    constexpr std::size_t row_bytes = PositionColumns::bitboard_columns * sizeof(std::uint64_t);
    if (!bitboard_columns_.empty()) {
      if (pending_.empty()) pending_first_row_ = row;
      pending_.push_back(p);
    }
    p += row_bytes;
    if (stream_.request_.fen) {
      std::memcpy(c.fen_text.extend(fen_size), p, fen_size);
      c.fen_end.data()[row] = c.fen_text.size();
    }
    p += fen_size;
    rows_ = row + 1;
  }

  PositionStream& stream_;
  const WantedColumns wanted_;
  const bool with_slot_;                       // game_slot is filled
  std::vector<std::size_t> bitboard_columns_;  // the wanted ones, in order
  std::unique_ptr<PositionColumns> chunk_;
  std::array<std::uint64_t*, PositionColumns::bitboard_columns> bitboard_out_{};
  std::size_t rows_ = 0;              // in the current chunk
  std::size_t row_capacity_ = 0;      // rows every column of one value a row has room for
  std::vector<const char*> pending_;  // the bitboards of each row not yet in the columns
  std::size_t pending_first_row_ = 0;
  std::int32_t file_index_ = 0;
  std::int64_t game_number_ = 0;
  index_db::ContentHash game_key_;
  std::vector<std::optional<std::string>> tags_;
  bool slot_open_ = false;
};

PositionStream::PositionStream(PositionRequest request) : request_(std::move(request)) {
  thread_ = std::thread([this] { produce(); });
}

PositionStream::~PositionStream() { stop(); }

void PositionStream::stop() {
  cancel();
  if (thread_.joinable()) thread_.join();
}

bool PositionStream::wait_ready(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, timeout, [&] { return !ready_.empty() || finished_; });
}

void PositionStream::cancel() {
  std::lock_guard lock(mutex_);
  cancelled_ = true;
  changed_.notify_all();
}

bool PositionStream::deliver(std::unique_ptr<PositionColumns> chunk) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return cancelled_ || ready_.size() < 2; });
  if (cancelled_) return false;
  ready_.push_back(std::move(chunk));
  changed_.notify_all();
  return true;
}

std::unique_ptr<PositionColumns> PositionStream::next() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return !ready_.empty() || finished_; });
  if (ready_.empty()) return nullptr;
  std::unique_ptr<PositionColumns> chunk = std::move(ready_.front());
  ready_.pop_front();
  changed_.notify_all();
  return chunk;
}

PositionProblems PositionStream::problems() {
  std::lock_guard lock(mutex_);
  return problems_;
}

void PositionStream::produce() {
  std::atomic<bool> stop{false};
  // Watches `cancelled_` so that the reading ends soon after a cancel.
  std::thread watcher([&] {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return cancelled_ || finished_; });
    stop = true;
  });
  Sink sink(*this);
  std::vector<PositionsWorker> workers(std::size_t(std::max(1, request_.threads)),
                                       PositionsWorker(request_));
  std::size_t epd_bad = 0;
  const analysis::PipelineOptions options = analysis::strict_pipeline_options(request_.strict);
  for (std::size_t index = 0; index < request_.inputs.size(); ++index) {
    if (stop) break;
    io::OpenedInput opened = open_input(request_.inputs[index]);
    if (!opened.ok()) {
      std::lock_guard lock(mutex_);
      problems_.fatal = opened.error;
      break;
    }
    sink.start_input(std::int32_t(request_.first_file + int(index)));
    progress_.next_input();
    StoppableSource source(*opened.source, stop);
    if (opened.format == io::InputFormat::Pgn) {
      analysis::run_pipeline(static_cast<io::ByteSource&>(source), std::span(workers), sink,
                             options);
      continue;
    }
    // FEN/EPD: one record a line, each its own row and "game" (numbered by record), read
    // as the CLI reads them.
    std::string rows, fen;
    rows.reserve(1 << 16);
    std::size_t records = 0;
    analysis::CountingSource counted(source);
    auto on_record = [&](const EpdRecord& record) {
      const Position& pos = record.position;
      const PawnReport report = pawn_report(pos);
      int ply = 2 * (pos.fullmove_number() - 1) + (pos.side_to_move() == Black ? 1 : 0);
      ++records;
      if (request_.where) {
        const analysis::QueryContext ctx =
            analysis::query_context(*request_.where, pos, report, -1, nullptr);
        if (!request_.where->matches(ctx)) return;
        ply = ctx.ply;
      }
      fen.clear();
      append_fen(fen, pos);
      put_game(rows, records, record_key(fen), request_.tags, nullptr);
      if (!request_.fen) fen.clear();
      put_position(rows, ply, report, classify(pos), game_phase(pos), fen);
      if (rows.size() >= (1 << 16)) {
        sink.out(rows);
        rows.clear();
        sink.progress(records, counted.bytes());
      }
    };
    auto diagnose = [&](io::Severity severity) {
      return [&, severity](std::size_t line, std::string_view message) {
        epd_bad += severity == io::Severity::Error;
        const io::Diagnostic d{.file = source.name(),
                               .line = line,
                               .message = std::string(message),
                               .severity = severity};
        sink.report({&d, 1});
      };
    };
    analysis::for_each_epd_record(counted, {.strict = request_.strict}, on_record,
                                  diagnose(io::Severity::Error), diagnose(io::Severity::Warning));
    sink.out(rows);
  }
  sink.finish();
  {
    std::lock_guard lock(mutex_);
    problems_.bad = epd_bad;
    for (const PositionsWorker& w : workers) {
      problems_.bad += w.counts().bad;
      problems_.skipped += w.counts().skipped;
    }
    finished_ = true;
    changed_.notify_all();
  }
  watcher.join();
}

}  // namespace pawnkit::python
