// The batches of one `index add` run kept as files of their own ("runs") until the run
// merges them, key by key, into one table file that the index ingests: each batch's keys
// are written once by RocksDB, not written into a table, ingested and rewritten by a
// compaction (measured: that compaction was 25 to 47% of a multi-batch build's CPU time).
// A run file is a plain list of (key, value) records in key order, each key once; the
// merge sums the counts values of a key found in several runs (PlacementStats), and for
// any other key keeps the value of the last run that has it (the 'F' and 'M' totals grow
// from batch to batch; a game's 'G' and 'H' keys are in one run only).
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "index/placement_stats.hpp"
#include "index/store.hpp"

namespace pawnkit::index_db {

// Writes one run file: the builder writes a batch to it as to a table (put and merge are
// the same record: the merge tells counts by their key).
class RunWriter final : public Store::Table {
 public:
  explicit RunWriter(std::string file);
  ~RunWriter() override;
  void put(std::string_view key, std::string_view value) override { append(key, value); }
  void merge(std::string_view key, std::string_view value) override { append(key, value); }
  // Writes out what is buffered and closes the file; empty on success, else the error.
  std::string ingest() override;

 private:
  void append(std::string_view key, std::string_view value);
  std::string file_, buffer_, error_;
  std::FILE* out_ = nullptr;
};

// Merges the run files (oldest first) into `out`: counts as puts when `put_counts` (an
// index that had no counts before), else as merge operands; the other keys as puts.
// `games` has the summaries of the runs' games (a key's lean visits become cells when the
// runs together have more than lean_visits_max games of it). Empty on success, else the
// error (a run file unreadable or cut short).
std::string merge_runs(const std::vector<std::string>& files, Store::Table& out, bool put_counts,
                       const GameSummaries& games);

}  // namespace pawnkit::index_db
