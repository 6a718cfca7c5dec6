#include "report/timeline_worker.hpp"

#include <pawnkit/chess/phase.hpp>

#include "analysis/replay.hpp"

namespace pawnkit::analysis {

void TimelineWorker::game(const io::GameRecord& game, std::string& out,
                          std::vector<io::Diagnostic>& diagnostics) {
  timeline_.clear();
  StructureClassifier classify;
  const ReplayResult result = replay(game, [&](const Position& pos, int /*ply*/) {
    ++counts_.positions;
    timeline_.add(classify(pos), game_phase(pos));
  });
  note_outcome(result, counts_, diagnostics);
  if (result.outcome != ReplayOutcome::Complete) return;
  ranges_.clear();
  fold_timeline(timeline_.runs(), options_->min_plies, ranges_);
  range_count_ += ranges_.size();
  switch (options_->format) {
    case io::TimelineFormat::Jsonl:
      for (const StructureRange& range : ranges_)
        io::append_timeline_jsonl(out, game, range, options_->tags);
      break;
    case io::TimelineFormat::Csv:
      for (const StructureRange& range : ranges_)
        io::append_timeline_csv_row(out, game, range, options_->tags);
      break;
    case io::TimelineFormat::Table:
      io::append_timeline_table(out, game, ranges_, options_->tags, options_->min_plies);
      break;
  }
}

}  // namespace pawnkit::analysis
