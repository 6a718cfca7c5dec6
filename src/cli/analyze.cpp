// pawnkit analyze: the contract's pawn report for every position of FEN/EPD input.
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>

#include <cstdio>
#include <string>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "io/byte_source.hpp"
#include "io/line_reader.hpp"
#include "io/report_writer.hpp"

namespace pawnkit::cli {

namespace {

enum class Format { Table, Jsonl, Csv };

Format format_named(std::string_view name) {
  return name == "jsonl" ? Format::Jsonl : name == "csv" ? Format::Csv : Format::Table;
}

// Analyzes one FEN/EPD stream; returns how many records were bad.
std::size_t analyze_positions(io::ByteSource& source, Format format, Output& out) {
  std::size_t bad = 0, position_number = 0;
  io::LineReader lines(source);
  std::string fen;
  for (;;) {
    const io::LineReader::Result line = lines.next();
    if (line.status == io::LineReader::Status::End) break;
    if (line.status == io::LineReader::Status::ReadError) {
      report_error(source.name(), line.number, line.message);
      ++bad;
      break;
    }
    if (line.status == io::LineReader::Status::TooLong) {
      report_error(source.name(), line.number, line.message);
      ++bad;
      continue;
    }
    if (line.text.find_first_not_of(" \t\r") == std::string_view::npos) {
      report_error(source.name(), line.number, "empty line, expected a FEN or EPD record");
      ++bad;
      continue;
    }
    const Parsed<EpdRecord> record = parse_epd(line.text);
    if (!record) {
      report_fen_error(source.name(), line.number, line.text, record.error());
      ++bad;
      continue;
    }
    ++position_number;
    const Position& pos = record->position;
    const PawnReport report = pawn_report(pos);
    fen = to_fen(pos);
    std::string& buffer = out.buffer();
    switch (format) {
      case Format::Jsonl: io::append_jsonl(buffer, {}, fen, report); break;
      case Format::Csv: io::append_csv_row(buffer, {}, fen, report, false); break;
      case Format::Table:
        if (position_number > 1) buffer += '\n';
        io::append_table(buffer, {}, fen, report);
        break;
    }
    out.flush_if_full();
  }
  return bad;
}

}  // namespace

int run_analyze(const Args& args) {
  std::string format_name = "table", input = "auto";
  Options options("analyze", "analyze [--format table|jsonl|csv] [FILE|-]...",
                  "Reports every pawn pattern of the contract for both sides of each position.\n"
                  "Input: one FEN or EPD record a line (EPD operations are ignored); '-' or no\n"
                  "file reads standard input. A bad line is reported on standard error with its\n"
                  "line number and skipped; the exit status is then 1.");
  options.value("format", format_name, "output format, default table", {"table", "jsonl", "csv"})
      .value("input", input, "input kind, default decided by name and content", {"auto", "epd"});
  std::vector<std::string_view> files;
  switch (options.parse(args, files)) {
    case Options::Outcome::Exit0: return 0;
    case Options::Outcome::Fail: return 2;
    case Options::Outcome::Run: break;
  }
  if (files.empty()) files.push_back("-");
  const Format format = format_named(format_name);

  Output out;
  if (format == Format::Csv) io::append_csv_header(out.buffer(), false);
  std::size_t bad = 0;
  bool unreadable = false;
  for (std::string_view file : files) {
    io::OpenedSource opened = io::open_source(std::string(file));
    if (!opened.ok()) {
      report_error(opened.error);
      unreadable = true;
      continue;
    }
    bad += analyze_positions(*opened.source, format, out);
  }
  out.flush();
  if (bad) std::fprintf(stderr, "pawnkit analyze: %zu bad record%s\n", bad, bad == 1 ? "" : "s");
  return bad || unreadable ? 1 : 0;
}

}  // namespace pawnkit::cli
