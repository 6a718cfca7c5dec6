// The pawn report of every position of a FEN/EPD stream: one record per good line, one
// error line per bad one (empty, too long, not a FEN), the rest still processed; sloppy
// FEN is repaired with a warning per repair.
#pragma once

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/parsed.hpp>

#include <cstddef>
#include <string>
#include <string_view>

#include "analysis/pipeline.hpp"
#include "io/diagnostic.hpp"
#include "io/source/byte_source.hpp"
#include "io/source/line_reader.hpp"

namespace pawnkit::analysis {

enum class RecordFormat { Jsonl, Csv, Table };

struct PositionCounts {
  std::size_t positions = 0, bad = 0, warnings = 0;
};

// How FEN/EPD records are read: leniently by default, sloppy FEN repaired with one warning
// per repair (see parse_epd_lenient in chess/fen.hpp); strictly (--strict), every repair
// an error and the record skipped.
struct EpdReadOptions {
  bool strict = false;
};

// Reads FEN/EPD records line by line: on_record(const EpdRecord&) for each good line,
// on_warning(line_number, message) for each repair the lenient reading made to it (before
// its on_record), and on_error(line_number, message) for each bad line (too long, empty,
// not a FEN; a read error ends the input). The one loop behind `analyze`, `find` and
// `pawn-eval` on positions.
template <class OnRecord, class OnError, class OnWarning>
void for_each_epd_record(io::ByteSource& source, const EpdReadOptions& options,
                         OnRecord&& on_record, OnError&& on_error, OnWarning&& on_warning) {
  io::LineReader lines(source);
  FenRepairs repairs;
  for (;;) {
    const io::LineReader::Result line = lines.next();
    if (line.status == io::LineReader::Status::End) {
      // Input ignored without a loss (bytes after the last compressed stream).
      if (!source.warning().empty()) on_warning(line.number, source.warning());
      return;
    }
    if (line.status != io::LineReader::Status::Line) {  // too long, or the source failed
      on_error(line.number, line.message);
      if (line.status == io::LineReader::Status::ReadError) return;
      continue;
    }
    if (line.text.find_first_not_of(" \t\r") == std::string_view::npos) {
      on_error(line.number, "empty line, expected a FEN or EPD record");
      continue;
    }
    const Parsed<EpdRecord> record =
        options.strict ? parse_epd(line.text) : parse_epd_lenient(line.text, repairs);
    if (!record) {
      on_error(line.number, io::parse_error_message("invalid FEN", record.error(), line.text));
      continue;
    }
    if (!options.strict)
      for (const FenRepair& repair : repairs)
        on_warning(line.number, io::parse_error_message("FEN", repair, line.text));
    on_record(*record);
  }
}

// The strict reading, for callers that cannot report warnings yet: every repair an error.
template <class OnRecord, class OnError>
void for_each_epd_record(io::ByteSource& source, OnRecord&& on_record, OnError&& on_error) {
  for_each_epd_record(source, EpdReadOptions{.strict = true}, on_record, on_error,
                      [](std::size_t, const std::string&) {});
}

// Reads `source` line by line and writes records through sink.out and errors and warnings
// (file, line, message) through sink.report. `counts` carries on across several inputs.
void analyze_positions(io::ByteSource& source, RecordFormat format, PipelineSink& sink,
                       PositionCounts& counts, const EpdReadOptions& options = {});

}  // namespace pawnkit::analysis
