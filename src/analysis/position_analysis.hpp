// The pawn report of every position of a FEN/EPD stream: one record per good line, one
// error line per bad one (empty, too long, not a FEN), the rest still processed.
#pragma once

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/parsed.hpp>

#include <cstddef>
#include <string>
#include <string_view>

#include "analysis/pipeline.hpp"
#include "io/byte_source.hpp"
#include "io/diagnostic.hpp"
#include "io/line_reader.hpp"

namespace pawnkit::analysis {

enum class RecordFormat { Jsonl, Csv, Table };

struct PositionCounts {
  std::size_t positions = 0, bad = 0;
};

// Reads FEN/EPD records line by line: on_record(const EpdRecord&) for each good line and
// on_error(line_number, message) for each bad one (too long, empty, not a FEN; a read error
// ends the input). The one loop behind `analyze` and `find` on positions.
template <class OnRecord, class OnError>
void for_each_epd_record(io::ByteSource& source, OnRecord&& on_record, OnError&& on_error) {
  io::LineReader lines(source);
  for (;;) {
    const io::LineReader::Result line = lines.next();
    if (line.status == io::LineReader::Status::End) return;
    if (line.status != io::LineReader::Status::Line) {  // too long, or the source failed
      on_error(line.number, line.message);
      if (line.status == io::LineReader::Status::ReadError) return;
      continue;
    }
    if (line.text.find_first_not_of(" \t\r") == std::string_view::npos) {
      on_error(line.number, "empty line, expected a FEN or EPD record");
      continue;
    }
    const Parsed<EpdRecord> record = parse_epd(line.text);
    if (!record) {
      on_error(line.number, io::parse_error_message("invalid FEN", record.error(), line.text));
      continue;
    }
    on_record(*record);
  }
}

// Reads `source` line by line and writes records through sink.out and errors (file, line,
// message) through sink.report. `counts` carries on across several inputs.
void analyze_positions(io::ByteSource& source, RecordFormat format, PipelineSink& sink,
                       PositionCounts& counts);

}  // namespace pawnkit::analysis
