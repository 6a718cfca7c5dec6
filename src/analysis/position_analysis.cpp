#include "analysis/position_analysis.hpp"

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/chess/phase.hpp>
#include <pawnkit/pawns/structures.hpp>

#include "io/report_writer.hpp"

namespace pawnkit::analysis {

void analyze_positions(io::ByteSource& source, RecordFormat format, PipelineSink& sink,
                       PositionCounts& counts, const EpdReadOptions& options) {
  constexpr std::size_t block = 1 << 16;
  std::string out, fen;
  auto flush = [&] {
    sink.out(out);
    out.clear();
  };
  auto on_record = [&](const EpdRecord& record) {
    const PawnReport pawns = pawn_report(record.position);
    const NamedStructure structure = classify_structure(record.position);
    const GamePhase phase = game_phase(record.position);
    fen.clear();
    append_fen(fen, record.position);
    switch (format) {
      case RecordFormat::Jsonl:
        io::append_jsonl(out, {}, fen, pawns, structure, phase);
        break;
      case RecordFormat::Csv:
        io::append_csv_row(out, {}, fen, pawns, structure, phase, false);
        break;
      case RecordFormat::Table:
        if (counts.positions > 0) out += '\n';
        io::append_table(out, {}, fen, pawns, structure, phase);
        break;
    }
    ++counts.positions;
    if (out.size() >= block) flush();
  };
  auto on_error = [&](std::size_t line, std::string_view message) {
    flush();  // the records before it come first
    const io::Diagnostic error{
        .file = source.name(), .line = line, .message = std::string(message)};
    sink.report({&error, 1});
    ++counts.bad;
  };
  auto on_warning = [&](std::size_t line, std::string_view message) {
    flush();
    const io::Diagnostic warning{.file = source.name(),
                                 .line = line,
                                 .message = std::string(message),
                                 .severity = io::Severity::Warning};
    sink.report({&warning, 1});
    ++counts.warnings;
  };
  for_each_epd_record(source, options, on_record, on_error, on_warning);
  flush();
}

}  // namespace pawnkit::analysis
