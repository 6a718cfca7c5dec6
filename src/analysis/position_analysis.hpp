// The pawn report of every position of a FEN/EPD stream: one record per good line, one
// error line per bad one (empty, too long, not a FEN), the rest still processed.
#pragma once

#include <pawnkit/parsed.hpp>

#include <cstddef>
#include <string>
#include <string_view>

#include "analysis/pipeline.hpp"
#include "io/byte_source.hpp"

namespace pawnkit::analysis {

enum class RecordFormat { Jsonl, Csv, Table };

struct PositionCounts {
  std::size_t positions = 0, bad = 0;
};

// Reads `source` line by line and writes records through sink.out and errors ("pawnkit:
// FILE:LINE: message") through sink.err. `counts` carries on across several inputs.
void analyze_positions(io::ByteSource& source, RecordFormat format, PipelineSink& sink,
                       PositionCounts& counts);

// "invalid FEN: <what> at column N ('x')" for a FEN that did not parse.
std::string fen_error_message(std::string_view text, const ParseError& error);

}  // namespace pawnkit::analysis
