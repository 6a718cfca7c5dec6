#include "analysis/position_analysis.hpp"

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>

#include <cstdio>

#include "io/line_reader.hpp"
#include "io/report_writer.hpp"

namespace pawnkit::analysis {

namespace {

void report(PipelineSink& sink, std::string_view file, std::size_t line, std::string_view message) {
  std::string text = "pawnkit: ";
  text.append(file).append(":").append(std::to_string(line)).append(": ").append(message).append("\n");
  sink.err(text);
}

}  // namespace

std::string fen_error_message(std::string_view text, const ParseError& error) {
  std::string message = "invalid FEN: ";
  message += error.what;
  message += " at column ";
  message += std::to_string(error.column + 1);
  if (error.column < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[error.column]);
    char shown[16];
    if (c >= 0x21 && c < 0x7f)
      std::snprintf(shown, sizeof shown, " ('%c')", c);
    else
      std::snprintf(shown, sizeof shown, " (byte 0x%02x)", c);
    message += shown;
  }
  return message;
}

void analyze_positions(io::ByteSource& source, RecordFormat format, PipelineSink& sink,
                       PositionCounts& counts) {
  constexpr std::size_t block = 1 << 16;
  io::LineReader lines(source);
  std::string out, fen;
  auto flush = [&] {
    sink.out(out);
    out.clear();
  };
  for (;;) {
    const io::LineReader::Result line = lines.next();
    if (line.status == io::LineReader::Status::End) break;
    if (line.status != io::LineReader::Status::Line) {  // too long, or the source failed
      flush();
      report(sink, source.name(), line.number, line.message);
      ++counts.bad;
      if (line.status == io::LineReader::Status::ReadError) break;
      continue;
    }
    if (line.text.find_first_not_of(" \t\r") == std::string_view::npos) {
      flush();
      report(sink, source.name(), line.number, "empty line, expected a FEN or EPD record");
      ++counts.bad;
      continue;
    }
    const Parsed<EpdRecord> record = parse_epd(line.text);
    if (!record) {
      flush();
      report(sink, source.name(), line.number, fen_error_message(line.text, record.error()));
      ++counts.bad;
      continue;
    }
    const PawnReport pawns = pawn_report(record->position);
    fen = to_fen(record->position);
    switch (format) {
      case RecordFormat::Jsonl: io::append_jsonl(out, {}, fen, pawns); break;
      case RecordFormat::Csv: io::append_csv_row(out, {}, fen, pawns, false); break;
      case RecordFormat::Table:
        if (counts.positions > 0) out += '\n';
        io::append_table(out, {}, fen, pawns);
        break;
    }
    ++counts.positions;
    if (out.size() >= block) flush();
  }
  flush();
}

}  // namespace pawnkit::analysis
