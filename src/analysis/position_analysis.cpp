#include "analysis/position_analysis.hpp"

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>

#include <cstdio>

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
  std::string out, fen;
  auto flush = [&] {
    sink.out(out);
    out.clear();
  };
  auto on_record = [&](const EpdRecord& record) {
    const PawnReport pawns = pawn_report(record.position);
    fen.clear();
    append_fen(fen, record.position);
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
  };
  auto on_error = [&](std::size_t line, std::string_view message) {
    flush();  // the records before it come first
    report(sink, source.name(), line, message);
    ++counts.bad;
  };
  for_each_epd_record(source, on_record, on_error);
  flush();
}

}  // namespace pawnkit::analysis
