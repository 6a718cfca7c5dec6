// The explorer's answer as JSON (explore --format json and jsonl, pawnkit serve, the
// Python binding) or as a table for a terminal. One writer, so every front door gives the
// same text.
#pragma once

#include <string>

#include "explore/explorer.hpp"

namespace pawnkit::explore {

// One JSON object, no newline: {"fen", "pawns", "structure", "match", "games", "white",
// "draws", "black", "moves", "model_games"} (docs/explorer.md).
void append_answer_json(std::string& out, const Answer& answer, index_db::MatchKind match);
void append_answer_table(std::string& out, const Answer& answer, index_db::MatchKind match);

std::string_view match_name(index_db::MatchKind match);

}  // namespace pawnkit::explore
