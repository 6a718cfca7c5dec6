// Writers of a game's structure timeline (analysis/timeline.hpp, `pawnkit timeline`): one
// JSON line or CSV row per range, or a readable block per game. docs/timeline.md shows them.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "analysis/timeline.hpp"
#include "io/game_record.hpp"

namespace pawnkit::report {

enum class TimelineFormat { Jsonl, Csv, Table };

// The tags asked for with --tags, written after the range's keys (null / empty when the
// game has no such tag).
using TimelineTags = std::span<const std::string>;

// {"game": N, "structure": "iqp", "holder": "white", "first_ply": 12, "last_ply": 40,
//  "plies": 29, "phase": "middlegame", "White": "...", ...}, newline included.
void append_timeline_jsonl(std::string& out, const io::GameRecord& game,
                           const analysis::StructureRange& range, TimelineTags tags);

// game,structure,holder,first_ply,last_ply,plies,phase then one column per tag.
void append_timeline_csv_header(std::string& out, TimelineTags tags);
void append_timeline_csv_row(std::string& out, const io::GameRecord& game,
                             const analysis::StructureRange& range, TimelineTags tags);

// "game N" (with the tags), then a line per range: "  12-40  29 plies  iqp  white  middlegame",
// or a line saying that no structure held min_plies plies.
void append_timeline_table(std::string& out, const io::GameRecord& game,
                           std::span<const analysis::StructureRange> ranges, TimelineTags tags,
                           int min_plies);

}  // namespace pawnkit::report
