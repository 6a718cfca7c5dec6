// pawnkit pawn-eval: Stockfish 15.1's classical pawn-structure evaluation (its "Pawns"
// term, include/pawnkit/eval/pawn_eval.hpp) for every position of FEN/EPD or PGN input.
#include <cstdio>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/eval/pawn_eval.hpp>
#include <string>
#include <vector>

#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "analysis/position_analysis.hpp"
#include "analysis/replay.hpp"
#include "cli/commands.hpp"
#include "cli/game_output.hpp"
#include "cli/inputs.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cli/record_options.hpp"
#include "io/input_format.hpp"

namespace pawnkit::cli {

namespace {

using eval::PawnEval;
using eval::Score;

void append_side(std::string& out, std::string_view name, Score s) {
  out += '"';
  out += name;
  out += "\": {\"mg\": ";
  out += std::to_string(s.mg);
  out += ", \"eg\": ";
  out += std::to_string(s.eg);
  out += '}';
}

// One JSON line; `game` and `ply` only for positions of PGN games (game > 0).
void append_jsonl(std::string& out, std::size_t game, int ply, const std::string& fen,
                  const PawnEval& e) {
  out += '{';
  if (game > 0) {
    out += "\"game\": " + std::to_string(game) + ", \"ply\": " + std::to_string(ply) + ", ";
  }
  out += "\"fen\": \"";
  out += fen;
  out += "\", ";
  append_side(out, "white", e.white);
  out += ", ";
  append_side(out, "black", e.black);
  out += "}\n";
}

// A few lines per position: the FEN, then each side's score in internal units and as
// Stockfish 15.1's eval trace prints it (divided by 361, two decimals).
void append_table(std::string& out, const std::string& fen, const PawnEval& e) {
  char line[160];
  out += fen;
  out += '\n';
  std::snprintf(line, sizeof line, "%-6s %6s %6s %8s %8s\n", "", "mg", "eg", "mg/361", "eg/361");
  out += line;
  for (const auto& [name, s] : {std::pair{"white", e.white}, std::pair{"black", e.black}}) {
    std::snprintf(line, sizeof line, "%-6s %6d %6d %8.2f %8.2f\n", name, s.mg, s.eg,
                  double(s.mg) / eval::StockfishNormalizeToPawnValue,
                  double(s.eg) / eval::StockfishNormalizeToPawnValue);
    out += line;
  }
}

PawnEval evaluate(const Position& pos) {
  return eval::evaluate_pawns(pos.pawns(White), pos.pawns(Black));
}

// The pipeline worker for PGN input: one JSON line per position of every game.
class PawnEvalWorker {
 public:
  void game(const io::GameRecord& game, std::string& out,
            std::vector<io::Diagnostic>& diagnostics) {
    const analysis::ReplayResult result = analysis::replay(game, [&](const Position& pos, int ply) {
      ++counts_.positions;
      fen_.clear();
      append_fen(fen_, pos);
      append_jsonl(out, game.number, ply, fen_, evaluate(pos));
    });
    analysis::note_outcome(result, counts_, diagnostics);
  }
  const analysis::GameCounts& counts() const { return counts_; }

 private:
  analysis::GameCounts counts_;
  std::string fen_;
};

}  // namespace

int run_pawn_eval(const Args& args) {
  std::string format = "table";
  RecordOptions record_options;
  Options options(
      "pawn-eval", "pawn-eval [--format table|jsonl] [--threads N] [FILE|-]...",
      with_record_input_help(
          "Stockfish 15.1's classical pawn-structure evaluation (the \"Pawns\" row of its\n"
          "'eval' trace) for both sides of each position, in Stockfish's internal units\n"
          "(its trace divides them by 361), each side from its own point of view:\n"
          "\n"
          "  {\"fen\": \"...\", \"white\": {\"mg\": 48, \"eg\": -8}, \"black\": ...}\n",
          "PGN input needs --format jsonl, whose lines have room for \"game\" and \"ply\"."));
  options.value("format", format, "output format, default table", {"table", "jsonl"});
  record_options.add_reading(options, "worker threads for PGN input, default: every core");
  std::vector<std::string_view> files;
  if (const auto status = record_options.parse(options, args, files)) return *status;
  const std::string& input = record_options.input;
  const bool jsonl = format == "jsonl";

  Output out;
  GameOutput sink(out, 0);
  std::size_t positions = 0, bad_records = 0, warnings = 0;
  analysis::GameCounts game_counts;
  bool unusable = false;
  std::string fen;
  const bool all_opened =
      for_each_input(files, input, [&](std::string_view file, io::OpenedInput& opened) {
        if (opened.format == io::InputFormat::Pgn) {
          if (!jsonl) {
            report(io::Diagnostic{.file = std::string(file),
                                  .message = "PGN input needs --format jsonl"});
            unusable = true;
            return true;
          }
          std::vector<PawnEvalWorker> workers(static_cast<std::size_t>(record_options.threads));
          warnings += run_games(*opened.source, file, workers, sink,
                                record_options.pipeline_options(), game_counts);
          return true;
        }
        const auto on_record = [&](const EpdRecord& record) {
          fen.clear();
          append_fen(fen, record.position);
          const PawnEval e = evaluate(record.position);
          if (jsonl) {
            append_jsonl(out.buffer(), 0, 0, fen, e);
          } else {
            if (positions > 0) out.buffer() += '\n';
            append_table(out.buffer(), fen, e);
          }
          ++positions;
          out.flush_if_full();
        };
        const auto on_error = [&](std::size_t line, std::string_view message) {
          out.flush();  // the records before it come first
          report(io::Diagnostic{
              .file = opened.source->name(), .line = line, .message = std::string(message)});
          ++bad_records;
        };
        const auto on_warning = [&](std::size_t line, std::string_view message) {
          out.flush();
          report(io::Diagnostic{.file = opened.source->name(),
                                .line = line,
                                .message = std::string(message),
                                .severity = io::Severity::Warning});
          ++warnings;
        };
        analysis::for_each_epd_record(*opened.source, {.strict = record_options.strict}, on_record,
                                      on_error, on_warning);
        return true;
      });
  out.flush();
  const std::size_t bad = game_counts.bad + bad_records;
  report_totals("pawn-eval", bad, game_counts.skipped);
  report_warning_total("pawn-eval", warnings);
  return bad || unusable || !all_opened ? 1 : 0;
}

}  // namespace pawnkit::cli
