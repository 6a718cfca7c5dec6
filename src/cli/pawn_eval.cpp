// pawnkit pawn-eval: Stockfish 15.1's classical pawn-structure evaluation (its "Pawns"
// term, include/pawnkit/eval/pawn_eval.hpp) for every position of FEN/EPD or PGN input.
#include <charconv>
#include <cstdio>
#include <optional>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/eval/pawn_eval.hpp>
#include <pawnkit/eval/position_eval.hpp>
#include <string>
#include <vector>

#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "analysis/position_analysis.hpp"
#include "analysis/replay.hpp"
#include "analysis/tune/trace_rows.hpp"
#include "cli/commands.hpp"
#include "cli/game_output.hpp"
#include "cli/inputs.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cli/record_options.hpp"
#include "cli/weights_file.hpp"
#include "io/source/input_format.hpp"

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

// The shortest text that reads back to the same double (trace values are multiples of
// 1/512, so this is exact); -0 is written 0.
void append_number(std::string& out, double value) {
  char text[32];
  value += 0.0;
  out.append(text, std::to_chars(text, text + sizeof text, value).ptr);
}

void append_label(std::string& out, std::optional<double> label, std::string_view none) {
  if (label)
    append_number(out, *label);
  else
    out += none;
}

// The numbers of a list, separated by `separator`.
template <class Numbers>
void append_numbers(std::string& out, const Numbers& numbers, std::string_view separator) {
  bool first = true;
  for (const auto n : numbers) {
    if (!first) out += separator;
    first = false;
    append_number(out, double(n));
  }
}

void append_trace_csv_header(std::string& out) {
  out +=
      "game,ply,fen,label,phase,side_to_move,material.pawn,material.knight,material.bishop,"
      "material.rook,material.queen,rounding,score";
  for (std::string_view name : eval::pawn_parameter_names) {
    out += ',';
    out += name;
  }
  out += '\n';
}

// How a trace row is spelled in CSV and in JSON: the text before each field (after the
// position's origin), the empty label, the separator of list items, the line's end. The
// defaults are CSV's: a comma before every field, nothing for no label.
struct TraceSpelling {
  const char *fen = ",", *label = ",", *no_label = "", *phase = ",", *side_to_move = ",",
             *material = ",", *separator = ",", *rounding = ",", *score = ",", *coefficients = ",",
             *end = "\n";
};
constexpr TraceSpelling csv_trace{};
constexpr TraceSpelling json_trace{.fen = "\"fen\": \"",
                                   .label = "\", \"label\": ",
                                   .no_label = "null",
                                   .phase = ", \"phase\": ",
                                   .side_to_move = ", \"side_to_move\": ",
                                   .material = ", \"material\": [",
                                   .separator = ", ",
                                   .rounding = "], \"rounding\": ",
                                   .score = ", \"score\": ",
                                   .coefficients = ", \"coefficients\": [",
                                   .end = "]}\n"};

// One row of the trace (docs/engine.md): the position, its label, the phase, the side to
// move, the material balance, the rounding term, the tapered score with the weights, and
// the coefficients in eval::pawn_parameter_names order.
void append_trace_row(std::string& out, bool csv, std::size_t game, int ply, const std::string& fen,
                      std::optional<double> label, const analysis::TraceRow& row,
                      const eval::PawnParameters& weights) {
  const TraceSpelling& s = csv ? csv_trace : json_trace;
  if (csv) {
    out += game > 0 ? std::to_string(game) + ',' + std::to_string(ply) : std::string(",");
  } else {
    out += '{';
    if (game > 0)
      out += "\"game\": " + std::to_string(game) + ", \"ply\": " + std::to_string(ply) + ", ";
  }
  (out += s.fen) += fen;
  out += s.label;
  append_label(out, label, s.no_label);
  (out += s.phase) += std::to_string(row.pawns.phase);
  (out += s.side_to_move) += std::to_string(row.side_to_move);
  out += s.material;
  append_numbers(out, row.material, s.separator);
  out += s.rounding;
  append_number(out, eval::rounding_term(row.pawns));
  out += s.score;
  append_number(out, eval::linear_score(row.pawns, weights));
  out += s.coefficients;
  append_numbers(out, eval::coefficients(row.pawns), s.separator);
  out += s.end;
}

// What pawn-eval prints: the evaluation or, with --trace, the trace with its label.
struct PawnEvalSettings {
  eval::PawnWeights weights;
  bool trace = false;
  bool csv = false;
};

PawnEval evaluate(const Position& pos, const eval::PawnWeights& weights) {
  return eval::evaluate_pawns(pos, weights);
}

// The pipeline worker for PGN input: one line per position of every game.
class PawnEvalWorker {
 public:
  explicit PawnEvalWorker(const PawnEvalSettings& settings)
      : settings_(&settings), parameters_(eval::to_parameters(settings.weights)) {}

  void game(const io::GameRecord& game, std::string& out,
            std::vector<io::Diagnostic>& diagnostics) {
    const std::optional<double> label = analysis::result_label(game.result);
    const analysis::ReplayResult result = analysis::replay(game, [&](const Position& pos, int ply) {
      ++counts_.positions;
      fen_.clear();
      append_fen(fen_, pos);
      if (settings_->trace)
        append_trace_row(out, settings_->csv, game.number, ply, fen_, label,
                         analysis::trace_row(pos, settings_->weights), parameters_);
      else
        append_jsonl(out, game.number, ply, fen_, evaluate(pos, settings_->weights));
    });
    analysis::note_outcome(result, counts_, diagnostics);
  }
  const analysis::GameCounts& counts() const { return counts_; }

 private:
  const PawnEvalSettings* settings_;
  eval::PawnParameters parameters_;
  analysis::GameCounts counts_;
  std::string fen_;
};

// What a pawn-eval run asks for, from its options.
struct PawnEvalRequest {
  PawnEvalSettings settings;
  RecordOptions record_options;
  bool jsonl = false;  // JSON lines or CSV, not the table
  std::vector<std::string_view> files;
};

// Reads pawn-eval's options (and the weights file) into `request`; a status to exit with
// when they are wrong or help was asked for.
std::optional<int> parse_pawn_eval_options(const Args& args, PawnEvalRequest& request) {
  std::string format, weights_file;
  PawnEvalSettings& settings = request.settings;
  RecordOptions& record_options = request.record_options;
  Options options(
      "pawn-eval",
      "pawn-eval [--format table|jsonl|csv] [--trace] [--weights FILE] [--threads N] "
      "[FILE|-]...",
      with_record_input_help(
          "Stockfish 15.1's classical pawn-structure evaluation (the \"Pawns\" row of its\n"
          "'eval' trace) for both sides of each position, in Stockfish's internal units\n"
          "(its trace divides them by 361), each side from its own point of view:\n"
          "\n"
          "  {\"fen\": \"...\", \"white\": {\"mg\": 48, \"eg\": -8}, \"black\": ...}\n"
          "\n"
          "--trace prints instead, per position, the coefficient of every weight in the\n"
          "tapered score (White's point of view) and the label, the game's result for White\n"
          "(from the PGN result, an EPD c9 \"1-0\" operation or a [1.0]/[0.5]/[0.0] suffix):\n"
          "the features a tuner fits (docs/engine.md).\n",
          "PGN input needs --format jsonl or csv, whose lines have room for \"game\" and "
          "\"ply\"."));
  options.value("format", format,
                "output format, default table (jsonl with --trace); csv with --trace only",
                {"table", "jsonl", "csv"});
  options.flag("trace", settings.trace, "print the tuning features of each position");
  options.value("weights", weights_file,
                "PawnWeights JSON file (as `tune --format json` writes), default Stockfish 15.1's");
  record_options.add_reading(options, "worker threads for PGN input, default: every core");
  if (const auto status = record_options.parse(options, args, request.files)) return status;
  if (format.empty()) format = settings.trace ? "jsonl" : "table";
  if (settings.trace ? format == "table" : format == "csv") {
    report_error("pawn-eval", settings.trace ? "--trace needs --format jsonl or csv"
                                             : "--format csv needs --trace");
    return 2;
  }
  if (!weights_file.empty()) {
    const auto read = read_weights_file(weights_file);
    if (!read) return 2;
    settings.weights = *read;
  }
  settings.csv = format == "csv";
  request.jsonl = format != "table";
  return std::nullopt;
}

struct EpdCounts {
  std::size_t positions = 0, bad = 0, warnings = 0;
};

// Evaluates (or traces) every record of one FEN/EPD input into `out`.
void eval_epd_input(io::ByteSource& source, const PawnEvalRequest& request,
                    const eval::PawnParameters& parameters, Output& out, EpdCounts& counts) {
  const PawnEvalSettings& settings = request.settings;
  std::string fen;
  const auto on_record = [&](const EpdRecord& record) {
    fen.clear();
    append_fen(fen, record.position);
    if (settings.trace) {
      append_trace_row(out.buffer(), settings.csv, 0, 0, fen,
                       analysis::epd_label(record.operations),
                       analysis::trace_row(record.position, settings.weights), parameters);
      ++counts.positions;
      out.flush_if_full();
      return;
    }
    const PawnEval e = evaluate(record.position, settings.weights);
    if (request.jsonl) {
      append_jsonl(out.buffer(), 0, 0, fen, e);
    } else {
      if (counts.positions > 0) out.buffer() += '\n';
      append_table(out.buffer(), fen, e);
    }
    ++counts.positions;
    out.flush_if_full();
  };
  const auto on_error = [&](std::size_t line, std::string_view message) {
    out.flush();  // the records before it come first
    report(io::Diagnostic{.file = source.name(), .line = line, .message = std::string(message)});
    ++counts.bad;
  };
  const auto on_warning = [&](std::size_t line, std::string_view message) {
    out.flush();
    report(io::Diagnostic{.file = source.name(),
                          .line = line,
                          .message = std::string(message),
                          .severity = io::Severity::Warning});
    ++counts.warnings;
  };
  analysis::for_each_epd_record(source, {.strict = request.record_options.strict}, on_record,
                                on_error, on_warning);
}

}  // namespace

int run_pawn_eval(const Args& args) {
  PawnEvalRequest request;
  if (const auto status = parse_pawn_eval_options(args, request)) return *status;
  const PawnEvalSettings& settings = request.settings;
  const RecordOptions& record_options = request.record_options;
  const eval::PawnParameters parameters = eval::to_parameters(settings.weights);

  Output out;
  GameOutput sink(out, 0);
  EpdCounts epd_counts;
  std::size_t warnings = 0;
  analysis::GameCounts game_counts;
  bool unusable = false;
  if (settings.csv) append_trace_csv_header(out.buffer());
  const bool all_opened = for_each_input(
      request.files, record_options.input, [&](std::string_view file, io::OpenedInput& opened) {
        if (opened.format != io::InputFormat::Pgn) {
          eval_epd_input(*opened.source, request, parameters, out, epd_counts);
          return true;
        }
        if (!request.jsonl) {
          report(io::Diagnostic{.file = std::string(file),
                                .message = "PGN input needs --format jsonl or csv"});
          unusable = true;
          return true;
        }
        std::vector<PawnEvalWorker> workers(static_cast<std::size_t>(record_options.threads),
                                            PawnEvalWorker(settings));
        warnings += run_games(*opened.source, file, workers, sink,
                              record_options.pipeline_options(), game_counts);
        return true;
      });
  out.flush();
  const std::size_t bad = game_counts.bad + epd_counts.bad;
  report_totals("pawn-eval", bad, game_counts.skipped);
  report_warning_total("pawn-eval", warnings + epd_counts.warnings);
  return bad || unusable || !all_opened ? 1 : 0;
}

}  // namespace pawnkit::cli
