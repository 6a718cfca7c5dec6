// A game's structure timeline: the named structures (docs/structures.md) it went through,
// as ply ranges, with short transients folded away. `pawnkit timeline` writes the ranges;
// `stats` counts which structure turned into which. docs/timeline.md states the rules.
#pragma once

#include <pawnkit/chess/phase.hpp>
#include <pawnkit/pawns/structures.hpp>

#include <optional>
#include <span>
#include <vector>

namespace pawnkit::analysis {

// A named structure and the side holding it; two positions hold "the same structure"
// when both are equal (whether the match was reversed plays no part).
struct HeldStructure {
  StructureId id;
  Color holder;
  bool operator==(const HeldStructure&) const = default;
};

// Consecutive plies of a game with the same held structure, or with none.
struct TimelineRun {
  std::optional<HeldStructure> structure;
  int first_ply = 0;
  int plies = 0;
  GamePhase phase = GamePhase::Opening;  // of the run's first position
  int last_ply() const { return first_ply + plies - 1; }
};

// A named structure held from first_ply to last_ply (the replay's plies, 0 = the game's
// first position), interruptions shorter than the folding's min_plies included.
struct StructureRange {
  HeldStructure structure;
  int first_ply = 0, last_ply = 0;
  GamePhase phase = GamePhase::Opening;  // at first_ply
  int plies() const { return last_ply - first_ply + 1; }
};

// The runs of one game, built position by position (or run by run) from ply 0.
class Timeline {
 public:
  void clear() {
    runs_.clear();
    next_ply_ = 0;
  }
  // The next `count` positions, all with this structure (or none) and the phase of the
  // first of them.
  void add(const std::optional<StructureMatch>& match, GamePhase phase, int count = 1);
  std::span<const TimelineRun> runs() const { return runs_; }

 private:
  std::vector<TimelineRun> runs_;
  int next_ply_ = 0;
};

// Folds the runs into ranges, appended to `out` in ply order:
//  - a run of a structure absorbs what follows it up to the next run of the same structure
//    (same holder) when the plies in between, of other structures or of none, are fewer
//    than min_plies: the range goes on across the interruption;
//  - a range that spans fewer than min_plies plies, after absorbing, is dropped (a
//    transient): its plies belong to no range.
// Runs of no structure fold the same way, and are never written.
void fold_timeline(std::span<const TimelineRun> runs, int min_plies,
                   std::vector<StructureRange>& out);

// Whether `to` follows `from` as the structure it turned into: the next range of the
// folded timeline, of another structure, fewer than min_plies plies after `from` ends.
inline bool is_transition(const StructureRange& from, const StructureRange& to, int min_plies) {
  return from.structure.id != to.structure.id && to.first_ply - from.last_ply - 1 < min_plies;
}

}  // namespace pawnkit::analysis
