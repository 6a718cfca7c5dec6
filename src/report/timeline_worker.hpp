// The per-thread worker of `pawnkit timeline`: each game's folded structure timeline
// (timeline.hpp), written range by range.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "analysis/game_workers.hpp"
#include "analysis/timeline.hpp"
#include "io/diagnostic.hpp"
#include "io/game_record.hpp"
#include "report/timeline_writer.hpp"

namespace pawnkit::report {

struct TimelineOptions {
  int min_plies = 8;  // shorter transients are folded (fold_timeline)
  TimelineFormat format = TimelineFormat::Jsonl;
  std::vector<std::string> tags;  // written with each range
};

// A game with an error writes nothing (its timeline stops at the error: it is reported
// and counted as bad, as `stats` leaves it out).
class TimelineWorker {
 public:
  explicit TimelineWorker(const TimelineOptions* options) : options_(options) {}
  void game(const io::GameRecord& game, std::string& out, std::vector<io::Diagnostic>& diagnostics);
  const analysis::GameCounts& counts() const { return counts_; }
  std::size_t ranges() const { return range_count_; }

 private:
  const TimelineOptions* options_;
  analysis::GameCounts counts_;
  std::size_t range_count_ = 0;
  analysis::Timeline timeline_;
  std::vector<analysis::StructureRange> ranges_;
};

}  // namespace pawnkit::report
