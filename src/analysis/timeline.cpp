#include "analysis/timeline.hpp"

namespace pawnkit::analysis {

void Timeline::add(const std::optional<StructureMatch>& match, GamePhase phase, int count) {
  std::optional<HeldStructure> held;
  if (match) held = HeldStructure{match->id, match->side};
  if (!runs_.empty() && runs_.back().structure == held)
    runs_.back().plies += count;
  else
    runs_.push_back({held, next_ply_, count, phase});
  next_ply_ += count;
}

void fold_timeline(std::span<const TimelineRun> runs, int min_plies,
                   std::vector<StructureRange>& out) {
  const std::size_t n = runs.size();
  std::size_t i = 0;
  while (i < n) {
    const TimelineRun& start = runs[i];
    int last = start.last_ply();
    std::size_t next = i + 1;
    // Absorb up to the next run of the same structure while the gap stays short.
    for (;;) {
      std::size_t k = next;
      while (k < n && runs[k].structure != start.structure &&
             runs[k].first_ply - last - 1 < min_plies)
        ++k;
      if (k == n || runs[k].structure != start.structure ||
          runs[k].first_ply - last - 1 >= min_plies)
        break;
      last = runs[k].last_ply();
      next = k + 1;
    }
    if (start.structure && last - start.first_ply + 1 >= min_plies)
      out.push_back({*start.structure, start.first_ply, last, start.phase});
    i = next;
  }
}

}  // namespace pawnkit::analysis
