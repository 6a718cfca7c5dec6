// The writer of `index add`: takes the GameEntries the workers wrote (in input order, on
// the pipeline's reading thread), leaves out games already in the index or in this run
// (by content hash), numbers the new ones, and every `batch_games` games sorts the batch
// and sums the counts of every placement its games reached. A run of one batch writes it
// as one sorted table file (the games' records, their hash keys, the counts, the totals)
// that RocksDB ingests whole or not at all. A run of more batches writes each to a batch
// file of its own (batch_runs.hpp) and, at its end or every `max_runs` batches, merges
// them into one table file that is ingested: a build killed at any moment leaves the index
// as it was after some ingestion, and running the same command again adds exactly the
// games still missing.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "analysis/pipeline.hpp"
#include "index/batch_row.hpp"
#include "index/content_hash_set.hpp"
#include "index/game_visits.hpp"
#include "index/keys.hpp"
#include "index/placement_stats.hpp"
#include "index/store.hpp"

namespace pawnkit::index_db {

struct BuildCounts {
  std::uint64_t added = 0, duplicates = 0;
};

class IndexBuilder final : public EntryTarget {
 public:
  explicit IndexBuilder(Store& store, std::size_t batch_games = 32768);
  // The source file of the games added next (index info lists the games per source).
  void set_file(std::string_view file);
  // Adds the entries of a pipeline output text; empty on success, else the error (a
  // failed write: the build must stop).
  std::string add(std::string_view entries);
  // Adds one game (a worker's, handed over directly); a failed write is kept in error().
  void add_entry(const ContentHash& hash, std::string info, std::uint32_t cell, Result result,
                 int score_of_game, std::span<const Visit> visits) override;
  // The first failed write (the build must stop), else empty.
  const std::string& error() const { return error_; }
  // Writes what is pending.
  std::string flush();
  const BuildCounts& counts() const { return counts_; }
  // One game's visit of one key (batch_row.hpp: its key and cell packed in 128 bits). The
  // game's own fields are kept once, in game_fields_, not in each of its rows.
  using Row = BatchRow;
  // What the rows of a game share, once per game of the batch (Row::game): 16 bytes, so
  // that a batch's fit the cache better (the rows, read in key order, look them up at
  // random). The game's number is the batch's first plus its place.
  struct BatchGame {
    std::uint64_t tiebreak;  // the content hash's high word (a Candidate keeps its prefix_of)
    int score_of_game;       // model_score_of_game
    Result result;
  };
  static_assert(sizeof(BatchGame) == 16);
  // Sorts rows by key, then cell (the order write_keys needs; rows of the same key and
  // cell in any order).
  static void sort_rows(std::vector<Row>& rows);
  // Whether the index needs Store::compact(): more than one table file was ingested, or
  // one onto an index that had games.
  bool needs_compaction() const { return tables_ > 1 || (tables_ && !fresh_); }
  // Batch files merged into one table at most: the games a kill can make a build redo.
  static constexpr std::size_t max_runs = 16;

 private:
  void sum_rows(std::size_t i, std::size_t j, PlacementStats& stats) const;
  // The number of a row's game: the batch's first plus its place.
  std::uint32_t number(const Row& r) const {
    return std::uint32_t(games_ - game_fields_.size() + 1 + r.game());
  }
  // A row's model-game candidate, with its game's fields (game_fields_).
  Candidate candidate(const Row& r) const {
    const BatchGame& g = game_fields_[r.game()];
    return {model_score(g.score_of_game, r.held()), Candidate::prefix_of(g.tiebreak), number(r),
            r.first_ply()};
  }
  // The summaries of the games not yet ingested, for the sums of batch files (the lean
  // visits of a key that more games reached in other batches are counted into cells).
  class RunGames final : public GameSummaries {
   public:
    void add(std::uint32_t number, const GameSummary& game) {
      if (games_.empty()) first_ = number;
      games_.push_back(game);
    }
    void clear() { games_.clear(); }
    std::optional<GameSummary> find(std::uint32_t game) const override {
      if (game < first_ || game - first_ >= games_.size()) return std::nullopt;
      return games_[game - first_];
    }

   private:
    std::uint32_t first_ = 0;
    std::vector<GameSummary> games_;  // by number from first_ on (numbers are dense)
  };
  // Asks for the game fields of rows_[row] ahead of their use (none past the end).
  void prefetch_game(std::size_t row) const {
    if (row < rows_.size()) __builtin_prefetch(&game_fields_[rows_[row].game()]);
  }
  // Writes the pending batch (to a table, or to a batch file when the run has or will have
  // more than one), and ingests the batch files when `last` or when there are max_runs.
  std::string write_batch(bool last);
  // Sorts the batch and writes its keys; counts as puts when `put_counts`.
  void write_keys(Store::Table& table, bool put_counts);
  std::string ingest_runs();
  Store& store_;
  std::size_t batch_games_;
  std::uint64_t games_ = 0;        // in the index, with the pending batch
  bool fresh_ = false;             // the index had no games when the build started
  std::size_t tables_ = 0;         // table files ingested
  std::string runs_dir_;           // where batch files go; empty: none (every batch a table)
  std::vector<std::string> runs_;  // batch files not yet ingested, oldest first
  std::size_t pending_games_ = 0;
  std::vector<Row> rows_;
  struct GameKeys {
    ContentHash hash;
    std::uint32_t number;
    std::string info;
  };
  std::vector<GameKeys> games_in_batch_;
  std::vector<BatchGame> game_fields_;  // the batch's games in order of adding
  RunGames run_games_;                  // the games since the last ingestion
  std::string file_;
  ContentHashSet pending_hashes_;                 // games not yet ingested
  std::map<std::string, std::uint64_t> sources_;  // games per source file, as in the index
  std::uint64_t* file_games_ = nullptr;           // sources_[file_]
  BuildCounts counts_;
  std::string error_;
};

// The pipeline's sink for `index add`: entries go to the builder, messages and progress
// to `inner` (the command line's sink).
class IndexSink final : public analysis::PipelineSink {
 public:
  IndexSink(IndexBuilder& builder, analysis::PipelineSink& inner)
      : builder_(builder), inner_(inner) {}
  void out(const std::string& text) override {
    if (error.empty() && !text.empty()) error = builder_.add(text);
  }
  void report(std::span<const io::Diagnostic> diagnostics) override { inner_.report(diagnostics); }
  void progress(std::size_t games, std::size_t bytes) override { inner_.progress(games, bytes); }
  std::string error;  // the first write error

 private:
  IndexBuilder& builder_;
  analysis::PipelineSink& inner_;
};

}  // namespace pawnkit::index_db
