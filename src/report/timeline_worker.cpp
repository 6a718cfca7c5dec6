#include "report/timeline_worker.hpp"

#include <pawnkit/chess/phase.hpp>

#include "analysis/replay.hpp"

namespace pawnkit::report {

void TimelineWorker::game(const io::GameRecord& game, std::string& out,
                          std::vector<io::Diagnostic>& diagnostics) {
  timeline_.clear();
  analysis::StructureClassifier classify;
  const analysis::ReplayResult result =
      analysis::replay(game, [&](const Position& pos, int /*ply*/) {
        ++counts_.positions;
        timeline_.add(classify(pos), game_phase(pos));
      });
  analysis::note_outcome(result, counts_, diagnostics);
  if (result.outcome != analysis::ReplayOutcome::Complete) return;
  ranges_.clear();
  analysis::fold_timeline(timeline_.runs(), options_->min_plies, ranges_);
  range_count_ += ranges_.size();
  switch (options_->format) {
    case TimelineFormat::Jsonl:
      for (const analysis::StructureRange& range : ranges_)
        append_timeline_jsonl(out, game, range, options_->tags);
      break;
    case TimelineFormat::Csv:
      for (const analysis::StructureRange& range : ranges_)
        append_timeline_csv_row(out, game, range, options_->tags);
      break;
    case TimelineFormat::Table:
      append_timeline_table(out, game, ranges_, options_->tags, options_->min_plies);
      break;
  }
}

}  // namespace pawnkit::report
