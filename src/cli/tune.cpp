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
#include "analysis/tune/parallel_sums.hpp"
#include "analysis/tune/trace_tune.hpp"
#include "analysis/tune/tune_positions.hpp"
#include "analysis/tune/tuner.hpp"
#include "cli/commands.hpp"
#include "cli/game_output.hpp"
#include "cli/inputs.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cli/record_options.hpp"
#include "cli/weights_file.hpp"
#include "io/json.hpp"
#include "io/source/input_format.hpp"

namespace pawnkit::cli {

namespace {

// A tuner pass that could not start every thread ran their share on this one: a warning.
void report_thread_refusal() {
  const analysis::ThreadRefusal refusal = analysis::take_thread_refusal();
  if (refusal.asked > 0) report_error("tune", "warning: " + refusal.message());
}

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
  if (!opened.source->warning().empty()) {  // bytes after the last compressed stream
    report(io::Diagnostic{.file = opened.source->name(),
                          .message = opened.source->warning(),
                          .severity = io::Severity::Warning});
  }
  if (table.names.empty()) {  // a bad header (reported), or nothing to fit
    if (bad == 0) report_error("tune", "the trace has no coefficient column to fit");
    return 1;
  }
  if (!start_file.empty()) {
    const auto start = read_named_weights_file(start_file);
    if (!start) return 2;
    options.start = *start;
  }
  std::string error;
  const auto result = analysis::run_trace_tune(table, options, error);
  report_thread_refusal();
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

// Everything `tune`'s command line says.
struct TuneCommandLine {
  analysis::PositionSelection selection;
  analysis::GameTuneOptions run;
  std::string format = "text", loss = "mse", weights_file, start_file, rate_text = "1",
              seed_text = "1", k_text, l2_text = "0", method = "default";
  std::vector<std::string> frozen, bounds;
  bool fix_material = false, extended = false, shelter = false, trace = false, force = false;
  int iterations = 0;
  RecordOptions record;
};

void declare_options(Options& options, TuneCommandLine& c) {
  analysis::PositionSelection& selection = c.selection;
  options.value("format", c.format, "output format, default text", {"text", "json"});
  options.value("loss", c.loss, "mse (squared error of the sigmoid, default) or log (log-loss)",
                {"mse", "log"});
  options.integer("iterations", c.iterations, 1, 1'000'000,
                  "solver steps, default 500 (Adam), 100 (gauss-newton)");
  options.value("learning-rate", c.rate_text, "Adam's step size in internal units, default 1");
  options.integer("per-game", selection.per_game, 0, 1'000'000,
                  "positions drawn from each game, default 8 (0: every quiet one)");
  options.value("seed", c.seed_text, "seed of the draw and of the split, default 1");
  options.integer("skip-plies", selection.skip_plies, 0, 10'000,
                  "opening plies left out, default 16");
  options.integer("min-game-plies", selection.min_game_plies, 0, 10'000,
                  "shorter games are left out, default 30");
  options.flag("allow-unrated", selection.allow_unrated,
               "keep games without a rating for both players (left out by default)");
  options.integer("test-percent", c.run.test_percent, 1, 90,
                  "share of the games held out, default 10");
  options.flag("fix-material", c.fix_material,
               "keep Stockfish's material values (fitted by default)");
  options.flag("extended", c.extended,
               "also fit the extended terms (docs/engine.md; kept at their start, 0, by default)");
  options.flag("shelter", c.shelter,
               "also fit the king shelter and storm (docs/engine.md; not in the model by default)");
  options.values("freeze", c.frozen, "parameters kept at their starting value (names as printed)");
  options.values("bound", c.bounds, "NAME=LOW:HIGH keeps a parameter within bounds");
  options.value("start", c.start_file,
                "starting weights (JSON: tune's own output or its \"weights\"), default "
                "Stockfish 15.1's (--trace: 0)");
  options.value("weights", c.weights_file, "the same as --start (its older name)");
  options.flag(
      "report", c.run.statements,
      "plain statements with 95% intervals (bootstrap over training games; json: \"report\")");
  options.integer("bootstrap", c.run.rounds, 2, 1000,
                  "refits for --report and --trace's intervals, default 20");
  options.flag("force", c.force, "write the weights even when the held-out loss got worse");
  options.flag("trace", c.trace, "FILE is your own trace (CSV, docs/engine.md): fit its columns");
  options.value("k", c.k_text, "--trace: the scaling constant K, fixed (fitted by default)");
  options.value("l2", c.l2_text, "--trace: L2 penalty l2 * sum(w^2) added to the loss, default 0");
  options.value("method", c.method, "--trace: gauss-newton (default) or adam",
                {"default", "gauss-newton", "adam"});
  c.record.add_reading(options, "threads for reading and fitting, default: every core");
  options.needs_operand("FILE");
}

int fail(std::string message) {
  report_error("tune", message);
  return 2;
}

// The options shared by both runs into c.run.tuner; an exit status on a bad one.
std::optional<int> resolve_common(TuneCommandLine& c) {
  analysis::TunerOptions& tuner = c.run.tuner;
  const auto rate = parse_number(c.rate_text);
  if (!rate || *rate <= 0) return fail("--learning-rate takes a positive number");
  tuner.learning_rate = *rate;
  if (std::from_chars(c.seed_text.data(), c.seed_text.data() + c.seed_text.size(), c.run.seed).ec !=
      std::errc{})
    return fail("--seed takes a whole number");
  c.selection.seed = c.run.seed;
  tuner.loss = c.loss == "log" ? analysis::LossKind::LogLoss : analysis::LossKind::SquaredError;
  tuner.threads = c.record.threads;
  if (c.iterations > 0) tuner.iterations = c.iterations;
  if (!c.weights_file.empty() && !c.start_file.empty())
    return fail("give --start or --weights, not both");
  if (c.start_file.empty()) c.start_file = c.weights_file;
  return std::nullopt;
}

int run_trace_command(const TuneCommandLine& c, const std::vector<std::string_view>& files) {
  analysis::TraceTuneOptions trace_options;
  analysis::FitOptions& fit = trace_options.fit;
  fit.loss = c.run.tuner.loss;
  fit.method = c.method == "adam" ? analysis::FitMethod::Adam : analysis::FitMethod::GaussNewton;
  fit.iterations = c.iterations;
  fit.learning_rate = c.run.tuner.learning_rate;
  fit.threads = c.run.tuner.threads;
  const auto l2 = parse_number(c.l2_text);
  if (!l2 || *l2 < 0) return fail("--l2 takes a number >= 0");
  fit.l2 = *l2;
  if (!c.k_text.empty()) {
    const auto k = parse_number(c.k_text);
    if (!k || *k <= 0) return fail("--k takes a positive number");
    trace_options.k = *k;
  }
  trace_options.frozen = c.frozen;
  trace_options.test_percent = c.run.test_percent;
  trace_options.bootstrap = c.run.rounds;
  trace_options.seed = c.run.seed;
  if (files.size() != 1) return fail("--trace reads one trace file");
  if (c.shelter) return fail("--shelter is for games and labelled positions, not --trace");
  return run_trace(files[0], c.format, c.start_file, trace_options, c.force);
}

int run_games_command(TuneCommandLine& c, const std::vector<std::string_view>& files) {
  analysis::TunerOptions& tuner = c.run.tuner;
  if (!c.k_text.empty() || c.l2_text != "0" || c.method != "default")
    return fail("--k, --l2 and --method are for --trace");
  c.run.shelter = c.shelter;
  if (c.shelter) tuner.fit_shelter();
  for (const std::string& name : c.frozen) {
    const auto index = analysis::tuner_parameter_index(name);
    if (!index) return fail("--freeze: unknown parameter " + name);
    tuner.frozen[*index] = true;
  }
  for (const std::string& bound : c.bounds)
    if (!parse_bound(bound, tuner)) return fail("--bound takes NAME=LOW:HIGH, not " + bound);
  if (!c.extended)
    for (std::size_t i = eval::extended_parameter; i < eval::pawn_parameter_count; ++i)
      tuner.frozen[i] = true;
  if (c.fix_material)
    for (std::size_t i = analysis::material_parameter; i < analysis::side_to_move_parameter; ++i)
      tuner.frozen[i] = true;
  if (!c.start_file.empty()) {
    const auto read = read_tuned_weights_file(c.start_file);
    if (!read) return 2;
    c.run.start = *read;
  }

  // Read every game once, collecting the chosen positions with their trace.
  std::size_t file_index = 0;
  std::vector<TuneWorker> workers(std::size_t(c.record.threads),
                                  TuneWorker(c.selection, c.run.start.pawns, file_index));
  Output out;
  GameOutput sink(out, 0);
  analysis::GameCounts game_counts;
  analysis::TuningInput input;
  const auto on_problem = [](const io::Diagnostic& d) { report(d); };
  const bool all_opened =
      for_each_input(files, c.record.input, [&](std::string_view file, io::OpenedInput& opened) {
        ++file_index;
        if (opened.format != io::InputFormat::Pgn) {
          analysis::read_labelled_records(*opened.source, file_index, c.record.strict,
                                          c.run.start.pawns, input, on_problem);
          return true;
        }
        input.warnings += run_games(*opened.source, file, workers, sink,
                                    c.record.pipeline_options(), game_counts);
        return true;
      });
  for (TuneWorker& w : workers) {
    input.samples.insert(input.samples.end(), w.samples().begin(), w.samples().end());
    input.games.add(w.selected());
  }
  const std::size_t bad = game_counts.bad + input.bad;
  report_totals("tune", bad, game_counts.skipped);
  report_warning_total("tune", input.warnings);
  std::string error;
  const auto result = analysis::run_game_tune(std::move(input), c.run, error);
  report_thread_refusal();
  if (!result) {
    report_error("tune", error);
    return 1;
  }
  const bool write = result->improved() || c.force;
  out.buffer() += c.format == "json" ? analysis::game_tune_json(*result, write)
                                     : analysis::game_tune_text(*result, write);
  out.flush();
  if (!write)
    report_error("tune",
                 "the held-out loss did not improve: weights not written (--force writes them)");
  return bad || !all_opened || !write ? 1 : 0;
}

}  // namespace

int run_tune(const Args& args) {
  TuneCommandLine c;
  Options options(
      "tune", "tune [options] FILE...",
      "Fits the pawn weights of Stockfish 15.1's classical pawn evaluation to the results\n"
      "of PGN games (Texel's method; docs/engine.md): quiet positions are chosen from each\n"
      "game, the games are split into a training set and a held-out set, K is fitted, then\n"
      "material and the side-to-move bonus with Stockfish's pawn weights (the baseline),\n"
      "then every weight by Adam. Prints the held-out loss before (the baseline) and after,\n"
      "the weights beside their start and as initializers; --format json prints one object\n"
      "that `pawn-eval --weights FILE` and `tune --start FILE` read back. The weights are\n"
      "written only when the held-out loss improves (--force: always).\n"
      "FEN/EPD input is a tuning set: every record labelled with a c9 \"1-0\" operation or\n"
      "a [0.73]-style suffix is used, held out by its id or c0 field (by record without).\n"
      "--trace FILE fits one weight per column of your own trace (docs/engine.md).");
  declare_options(options, c);
  std::vector<std::string_view> files;
  if (const auto status = c.record.parse(options, args, files)) return *status;
  if (const auto status = resolve_common(c)) return *status;
  return c.trace ? run_trace_command(c, files) : run_games_command(c, files);
}

}  // namespace pawnkit::cli
