// pawnkit tune: Texel tuning of the pawn weights on PGN games (analysis/tuner.hpp,
// analysis/tune_positions.hpp; docs/engine.md, "Tuning on games").
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <pawnkit/eval/pawn_weights_json.hpp>
#include <random>
#include <string>
#include <vector>

#include "analysis/pipeline.hpp"
#include "analysis/position_analysis.hpp"
#include "analysis/tune/game_tune.hpp"
#include "analysis/tune/trace_tune.hpp"
#include "analysis/tune_positions.hpp"
#include "analysis/tuner.hpp"
#include "cli/commands.hpp"
#include "cli/game_output.hpp"
#include "cli/inputs.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cli/record_options.hpp"
#include "cli/weights_file.hpp"
#include "io/input_format.hpp"
#include "io/json.hpp"

namespace pawnkit::cli {

namespace {

// Collects the chosen positions of the games it is given.
class TuneWorker {
 public:
  TuneWorker(const analysis::PositionSelection& selection, const eval::PawnWeights& weights,
             const std::size_t& file_index)
      : selection_(&selection), weights_(&weights), file_index_(&file_index) {}

  void game(const io::GameRecord& game, std::string&, std::vector<io::Diagnostic>& diagnostics) {
    const std::uint64_t key = std::uint64_t(*file_index_) << 32 | game.number;
    analysis::select_positions(game, key, *selection_, *weights_, samples_, selected_, counts_,
                               diagnostics);
  }
  const analysis::GameCounts& counts() const { return counts_; }
  const analysis::SelectionCounts& selected() const { return selected_; }
  std::vector<analysis::TuningSample>& samples() { return samples_; }

 private:
  const analysis::PositionSelection* selection_;
  const eval::PawnWeights* weights_;
  const std::size_t* file_index_;
  std::vector<analysis::TuningSample> samples_;
  analysis::SelectionCounts selected_;
  analysis::GameCounts counts_;
};

std::optional<double> parse_number(std::string_view text) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

// "NAME=LOW:HIGH" into options.bounds; false when malformed.
bool parse_bound(std::string_view text, analysis::TunerOptions& options) {
  const std::size_t equals = text.find('='), colon = text.find(':', equals);
  if (equals == std::string_view::npos || colon == std::string_view::npos) return false;
  const auto index = analysis::tuner_parameter_index(text.substr(0, equals));
  const auto low = parse_number(text.substr(equals + 1, colon - equals - 1));
  const auto high = parse_number(text.substr(colon + 1));
  if (!index || !low || !high || *low > *high) return false;
  options.bounds[*index] = {*low, *high};
  return true;
}

// `tune --trace FILE`: an author's own trace (analysis/tune/trace_tune.hpp).
int run_trace(std::string_view file, const std::string& format, const std::string& start_file,
              analysis::TraceTuneOptions options, bool force) {
  io::OpenedInput opened = io::open_input(std::string(file));
  if (!opened.ok()) {
    report(io::Diagnostic{.message = opened.error});
    return 1;
  }
  std::size_t bad = 0;
  const analysis::TraceTable table =
      analysis::read_trace(*opened.source, [&](std::size_t line, std::string_view message) {
        ++bad;
        report(io::Diagnostic{
            .file = opened.source->name(), .line = line, .message = std::string(message)});
      });
  if (table.names.empty() && table.data.rows() == 0) return 1;
  if (!start_file.empty()) {
    const auto start = read_named_weights_file(start_file);
    if (!start) return 2;
    options.start = *start;
  }
  std::string error;
  const auto result = analysis::run_trace_tune(table, options, error);
  report_totals("tune", bad, 0);
  if (!result) {
    report_error("tune", error);
    return 1;
  }
  const bool write = result->improved() || force;
  Output out;
  out.buffer() += format == "json" ? analysis::trace_tune_json(*result, write)
                                   : analysis::trace_tune_table(*result) +
                                         (write ? "\n" + analysis::trace_tune_initializer(*result)
                                                : std::string());
  out.flush();
  if (!write)
    report_error("tune",
                 "the held-out loss did not improve: weights not written (--force writes them)");
  return bad || !write ? 1 : 0;
}

}  // namespace

int run_tune(const Args& args) {
  analysis::PositionSelection selection;
  analysis::GameTuneOptions run;
  analysis::TunerOptions& tuner = run.tuner;
  std::string format = "text", loss = "mse", weights_file, start_file, rate_text = "1",
              seed_text = "1", k_text, l2_text = "0", method = "default";
  std::vector<std::string> frozen, bounds;
  bool fix_material = false, extended = false, trace = false, force = false;
  int iterations = 0;
  RecordOptions record_options;
  Options options(
      "tune", "tune [options] FILE...",
      "Fits the pawn weights of Stockfish 15.1's classical pawn evaluation to the results\n"
      "of PGN games (Texel's method; docs/engine.md): quiet positions are chosen from each\n"
      "game, the games are split into a training set and a held-out set, K is fitted, then\n"
      "material and the side-to-move bonus with Stockfish's pawn weights (the baseline),\n"
      "then every weight by Adam. Prints the held-out loss before (the baseline) and after,\n"
      "the weights beside Stockfish's and as initializers; --format json prints one object\n"
      "that `pawn-eval --weights FILE` and `tune --start FILE` read back. The weights are\n"
      "written only when the held-out loss improves (--force: always).\n"
      "FEN/EPD input is a tuning set: every record labelled with a c9 \"1-0\" operation or\n"
      "a [0.73]-style suffix is used, held out by its id or c0 field (by record without).\n"
      "--trace FILE fits one weight per column of your own trace (docs/engine.md).");
  options.value("format", format, "output format, default text", {"text", "json"});
  options.value("loss", loss, "mse (squared error of the sigmoid, default) or log (log-loss)",
                {"mse", "log"});
  options.integer("iterations", iterations, 1, 1'000'000,
                  "solver steps, default 500 (Adam), 100 (gauss-newton)");
  options.value("learning-rate", rate_text, "Adam's step size in internal units, default 1");
  options.integer("per-game", selection.per_game, 0, 1'000'000,
                  "positions drawn from each game, default 8 (0: every quiet one)");
  options.value("seed", seed_text, "seed of the draw and of the split, default 1");
  options.integer("skip-plies", selection.skip_plies, 0, 10'000,
                  "opening plies left out, default 16");
  options.integer("min-game-plies", selection.min_game_plies, 0, 10'000,
                  "shorter games are left out, default 30");
  options.flag("allow-unrated", selection.allow_unrated,
               "keep games without a rating for both players (left out by default)");
  options.integer("test-percent", run.test_percent, 1, 90,
                  "share of the games held out, default 10");
  options.flag("fix-material", fix_material,
               "keep Stockfish's material values (fitted by default)");
  options.flag("extended", extended,
               "also fit the extended terms (docs/engine.md; kept at their start, 0, by default)");
  options.values("freeze", frozen, "parameters kept at their starting value (names as printed)");
  options.values("bound", bounds, "NAME=LOW:HIGH keeps a parameter within bounds");
  options.value("start", start_file,
                "starting weights (JSON: tune's own output or its \"weights\"), default "
                "Stockfish 15.1's (--trace: 0)");
  options.value("weights", weights_file, "the same as --start (its older name)");
  options.flag(
      "report", run.statements,
      "plain statements with 95% intervals (bootstrap over training games; json: \"report\")");
  options.integer("bootstrap", run.rounds, 2, 1000,
                  "refits for --report and --trace's intervals, default 20");
  options.flag("force", force, "write the weights even when the held-out loss got worse");
  options.flag("trace", trace, "FILE is your own trace (CSV, docs/engine.md): fit its columns");
  options.value("k", k_text, "--trace: the scaling constant K, fixed (fitted by default)");
  options.value("l2", l2_text, "--trace: L2 penalty l2 * sum(w^2) added to the loss, default 0");
  options.value("method", method, "--trace: gauss-newton (default) or adam",
                {"default", "gauss-newton", "adam"});
  record_options.add_reading(options, "threads for reading and fitting, default: every core");
  options.needs_operand("FILE");
  std::vector<std::string_view> files;
  if (const auto status = record_options.parse(options, args, files)) return *status;

  const auto fail = [](std::string message) {
    report_error("tune", message);
    return 2;
  };
  const auto rate = parse_number(rate_text);
  if (!rate || *rate <= 0) return fail("--learning-rate takes a positive number");
  tuner.learning_rate = *rate;
  if (std::from_chars(seed_text.data(), seed_text.data() + seed_text.size(), run.seed).ec !=
      std::errc{})
    return fail("--seed takes a whole number");
  selection.seed = run.seed;
  tuner.loss = loss == "log" ? analysis::LossKind::LogLoss : analysis::LossKind::SquaredError;
  tuner.threads = record_options.threads;
  if (iterations > 0) tuner.iterations = iterations;
  if (!weights_file.empty() && !start_file.empty())
    return fail("give --start or --weights, not both");
  if (start_file.empty()) start_file = weights_file;

  if (trace) {
    analysis::TraceTuneOptions trace_options;
    analysis::FitOptions& fit = trace_options.fit;
    fit.loss = tuner.loss;
    fit.method = method == "adam" ? analysis::FitMethod::Adam : analysis::FitMethod::GaussNewton;
    fit.iterations = iterations;
    fit.learning_rate = tuner.learning_rate;
    fit.threads = tuner.threads;
    const auto l2 = parse_number(l2_text);
    if (!l2 || *l2 < 0) return fail("--l2 takes a number >= 0");
    fit.l2 = *l2;
    if (!k_text.empty()) {
      const auto k = parse_number(k_text);
      if (!k || *k <= 0) return fail("--k takes a positive number");
      trace_options.k = *k;
    }
    trace_options.frozen = frozen;
    trace_options.test_percent = run.test_percent;
    trace_options.bootstrap = run.rounds;
    trace_options.seed = run.seed;
    if (files.size() != 1) return fail("--trace reads one trace file");
    return run_trace(files[0], format, start_file, trace_options, force);
  }
  if (!k_text.empty() || l2_text != "0" || method != "default")
    return fail("--k, --l2 and --method are for --trace");

  for (const std::string& name : frozen) {
    const auto index = analysis::tuner_parameter_index(name);
    if (!index) return fail("--freeze: unknown parameter " + name);
    tuner.frozen[*index] = true;
  }
  for (const std::string& bound : bounds)
    if (!parse_bound(bound, tuner)) return fail("--bound takes NAME=LOW:HIGH, not " + bound);
  if (!extended)
    for (std::size_t i = eval::extended_parameter; i < eval::pawn_parameter_count; ++i)
      tuner.frozen[i] = true;
  if (fix_material)
    for (std::size_t i = analysis::material_parameter; i < analysis::side_to_move_parameter; ++i)
      tuner.frozen[i] = true;
  if (!start_file.empty()) {
    const auto read = read_tuned_weights_file(start_file);
    if (!read) return 2;
    run.start = *read;
  }

  // Read every game once, collecting the chosen positions with their trace.
  std::size_t file_index = 0;
  std::vector<TuneWorker> workers(std::size_t(record_options.threads),
                                  TuneWorker(selection, run.start.pawns, file_index));
  Output out;
  GameOutput sink(out, 0);
  analysis::GameCounts game_counts;
  analysis::TuningInput input;
  const auto on_problem = [](const io::Diagnostic& d) { report(d); };
  const bool all_opened = for_each_input(
      files, record_options.input, [&](std::string_view file, io::OpenedInput& opened) {
        ++file_index;
        if (opened.format != io::InputFormat::Pgn) {
          analysis::read_labelled_records(*opened.source, file_index, record_options.strict,
                                          run.start.pawns, input, on_problem);
          return true;
        }
        input.warnings += run_games(*opened.source, file, workers, sink,
                                    record_options.pipeline_options(), game_counts);
        return true;
      });
  for (TuneWorker& w : workers) {
    input.samples.insert(input.samples.end(), w.samples().begin(), w.samples().end());
    input.games.add(w.selected());
  }
  report_totals("tune", game_counts.bad + input.bad, game_counts.skipped);
  report_warning_total("tune", input.warnings);
  std::string error;
  const auto result = analysis::run_game_tune(std::move(input), run, error);
  if (!result) {
    report_error("tune", error);
    return 1;
  }
  const bool write = result->improved() || force;
  out.buffer() += format == "json" ? analysis::game_tune_json(*result, write)
                                   : analysis::game_tune_text(*result, write);
  out.flush();
  if (!write)
    report_error("tune",
                 "the held-out loss did not improve: weights not written (--force writes them)");
  return game_counts.bad || input.bad || !all_opened || !write ? 1 : 0;
}

}  // namespace pawnkit::cli
