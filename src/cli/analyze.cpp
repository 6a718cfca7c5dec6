// pawnkit analyze: the contract's pawn report for every position of FEN/EPD input.
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>

#include <cstdio>
#include <string>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "cli/game_output.hpp"
#include "cli/output.hpp"
#include "io/byte_source.hpp"
#include "io/input_format.hpp"
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
  std::string format_name = "table", input = "auto", threads_text;
  Options options("analyze", "analyze [--format table|jsonl|csv] [--threads N] [FILE|-]...",
                  "Reports every pawn pattern of the contract for both sides of each position.\n"
                  "Input: FEN/EPD (one record a line; EPD operations are ignored) or PGN games\n"
                  "(.pgn, .pgn.zst; every position of every game, with \"game\" and \"ply\").\n"
                  "'-' or no file reads standard input; the content then decides the kind.\n"
                  "A bad record or game is reported on standard error with the file and line\n"
                  "and skipped; the rest is still processed and the exit status is then 1.");
  options.value("format", format_name, "output format, default table", {"table", "jsonl", "csv"})
      .value("input", input, "input kind, default decided by name and content", {"auto", "epd", "pgn"})
      .value("threads", threads_text, "worker threads for PGN input, default: every core");
  std::vector<std::string_view> files;
  switch (options.parse(args, files)) {
    case Options::Outcome::Exit0: return 0;
    case Options::Outcome::Fail: return 2;
    case Options::Outcome::Run: break;
  }
  const std::optional<int> threads = parse_thread_count(threads_text);
  if (!threads) {
    report_error("analyze: --threads takes a number from 0 (every core) to 256");
    return 2;
  }
  if (files.empty()) files.push_back("-");
  const Format format = format_named(format_name);
  if (format == Format::Table) {
    // A table per position of a whole database is no use to anyone: say so up front.
    for (std::string_view file : files) {
      if (io::format_from_name(file) == io::InputFormat::Pgn || input == "pgn") {
        report_error("analyze: PGN input needs --format jsonl or csv (a table per position is for FEN/EPD)");
        return 2;
      }
    }
  }

  Output out;
  std::size_t bad = 0, skipped = 0;
  bool unreadable = false, csv_header_written = false;
  for (std::string_view file : files) {
    io::OpenedSource opened = io::open_source(std::string(file));
    if (!opened.ok()) {
      report_error(opened.error);
      unreadable = true;
      continue;
    }
    const std::size_t size = input_size(file);
    io::DetectedInput detected = io::detect_input_format(std::move(opened.source), file,
                                                         io::parse_input_format(input));
    if (format == Format::Csv && !csv_header_written) {
      io::append_csv_header(out.buffer(), detected.format == io::InputFormat::Pgn);
      csv_header_written = true;
    }
    if (detected.format == io::InputFormat::Epd) {
      bad += analyze_positions(*detected.source, format, out);
      continue;
    }
    if (format == Format::Table) {
      report_error(std::string(file) + ": PGN input needs --format jsonl or csv");
      unreadable = true;
      continue;
    }
    std::vector<analysis::AnalyzeWorker> workers(
        std::size_t(*threads),
        analysis::AnalyzeWorker(format == Format::Jsonl ? analysis::RecordFormat::Jsonl
                                                        : analysis::RecordFormat::Csv));
    GameOutput sink(out, size);
    analysis::run_pipeline(*detected.source, std::span(workers), sink);
    for (const auto& w : workers) {
      bad += w.counts().bad;
      skipped += w.counts().skipped;
    }
  }
  out.flush();
  if (bad) std::fprintf(stderr, "pawnkit analyze: %zu bad record%s\n", bad, bad == 1 ? "" : "s");
  if (skipped)
    std::fprintf(stderr, "pawnkit analyze: %zu game%s of other variants skipped\n", skipped,
                 skipped == 1 ? "" : "s");
  return bad || unreadable ? 1 : 0;
}

}  // namespace pawnkit::cli
