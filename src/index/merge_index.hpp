// Adds a partial index (one `index add` of a shard, built elsewhere, e.g. on a Dask
// worker) to an index, so that the result answers as one `index add` of the shards in
// the order they are merged: the partial's games are renumbered after the index's, and
// its counts are added through the merge operator, all in one table file that RocksDB
// ingests whole or not at all.
#pragma once

#include <string>

#include "index/store.hpp"

namespace pawnkit::index_db {

enum class MergeOutcome { Merged, HasDuplicates };

// Merges `part` into `target`. When a game of `part` is already in `target`, nothing is
// written and HasDuplicates comes back: a partial's counts are sums that cannot drop one
// game, so that shard must be added game by game (`index add`) instead. `error` is set
// when a read or the write failed.
MergeOutcome merge_index(Store& target, const Store& part, std::string& error);

}  // namespace pawnkit::index_db
