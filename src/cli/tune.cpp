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

using analysis::TunerParameters;

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

struct EpdCounts {
  analysis::SelectionCounts selected;  // used: labelled records; no_result: unlabelled
  std::size_t bad = 0, warnings = 0;
};

// The labelled records of a FEN/EPD tuning set (a `c9 "1-0"` operation or a `[1.0]` suffix,
// as `pawn-eval --trace` reads them): every one is a sample, its own "game" for the split
// (the record's number in the file as the key); the tuning set chose its positions.
EpdCounts read_labelled_records(io::ByteSource& source, std::size_t file_index,
                                const eval::PawnWeights& weights, bool strict,
                                std::vector<analysis::TuningSample>& samples) {
  EpdCounts counts;
  std::uint32_t record_number = 0;
  const auto on_record = [&](const EpdRecord& record) {
    ++record_number;
    const std::optional<double> label = analysis::epd_label(record.operations);
    if (!label) {
      ++counts.selected.no_result;
      return;
    }
    ++counts.selected.used;
    samples.push_back({.game = std::uint64_t(file_index) << 32 | record_number,
                       .label = float(*label),
                       .row = analysis::trace_row(record.position, weights)});
  };
  const auto on_problem = [&](io::Severity severity) {
    return [&, severity](std::size_t line, std::string_view message) {
      report(io::Diagnostic{.file = source.name(),
                            .line = line,
                            .message = std::string(message),
                            .severity = severity});
      ++(severity == io::Severity::Warning ? counts.warnings : counts.bad);
    };
  };
  analysis::for_each_epd_record(source, {.strict = strict}, on_record,
                                on_problem(io::Severity::Error), on_problem(io::Severity::Warning));
  return counts;
}

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

std::string format_double(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

// The weights as a C++ initializer an engine pastes into its source.
std::string initializer(const eval::PawnWeights& w) {
  const auto score = [](eval::Score s) {
    return "{" + std::to_string(s.mg) + ", " + std::to_string(s.eg) + "}";
  };
  std::string out = "const pawnkit::eval::PawnWeights tuned_pawn_weights{\n";
  out += "    .backward = " + score(w.backward) + ",\n";
  out += "    .doubled = " + score(w.doubled) + ",\n";
  out += "    .doubled_early = " + score(w.doubled_early) + ",\n";
  out += "    .isolated = " + score(w.isolated) + ",\n";
  out += "    .weak_lever = " + score(w.weak_lever) + ",\n";
  out += "    .weak_unopposed = " + score(w.weak_unopposed) + ",\n";
  out += "    .blocked = {{" + score(w.blocked[0]) + ", " + score(w.blocked[1]) + "}},\n";
  out += "    .connected = {";
  for (std::size_t r = 0; r < w.connected.size(); ++r)
    out += (r ? ", " : "") + std::to_string(w.connected[r]);
  out += "},\n    .supporter = " + std::to_string(w.supporter);
  if (eval::uses_extended_terms(w.extended)) {
    const eval::ExtendedWeights& x = w.extended;
    const auto by_rank = [&](const eval::ByPawnRank& table) {
      std::string text = "{{";
      for (std::size_t r = 0; r < table.size(); ++r) text += (r ? ", " : "") + score(table[r]);
      return text + "}}";
    };
    out += ",\n    .extended = {.isolated_opposed = " + score(x.isolated_opposed) +
           ",\n                 .isolated_open = " + score(x.isolated_open) +
           ",\n                 .backward_half_open = " + score(x.backward_half_open) +
           ",\n                 .blocked_by_piece = " + score(x.blocked_by_piece) +
           ",\n                 .phalanx = " + by_rank(x.phalanx) +
           ",\n                 .candidate_passer = " + by_rank(x.candidate_passer) +
           ",\n                 .passed_free_safe = " + by_rank(x.passed_free_safe) +
           ",\n                 .passed_free_attacked = " + by_rank(x.passed_free_attacked) +
           ",\n                 .passed_blocked_safe = " + by_rank(x.passed_blocked_safe) +
           ",\n                 .passed_blocked_attacked = " + by_rank(x.passed_blocked_attacked) +
           "}";
  }
  out += "};\n";
  return out;
}

// The spread of each parameter over `rounds` refits on training sets drawn from the
// training games with replacement (a bootstrap over games: positions of one game are not
// independent), each refit starting from the tuned values: the standard deviations.
TunerParameters bootstrap_deviations(const analysis::TuningData& train,
                                     const std::vector<std::size_t>& game_starts,
                                     const TunerParameters& tuned, double k,
                                     analysis::TunerOptions options, int rounds,
                                     std::uint64_t seed) {
  options.iterations = std::max(50, options.iterations / 4);
  TunerParameters sum{}, sum_squares{};
  std::mt19937_64 rng(analysis::mix(seed, 0xb007));
  const std::size_t games = game_starts.size();
  for (int round = 0; round < rounds; ++round) {
    analysis::TuningData drawn;
    for (std::size_t i = 0; i < games; ++i) {
      const std::size_t g = rng() % games;
      drawn.append(train, game_starts[g], g + 1 < games ? game_starts[g + 1] : train.rows());
    }
    const TunerParameters p = analysis::tune(drawn, tuned, k, options);
    for (std::size_t i = 0; i < p.size(); ++i) {
      sum[i] += p[i];
      sum_squares[i] += p[i] * p[i];
    }
  }
  TunerParameters deviation;
  for (std::size_t i = 0; i < deviation.size(); ++i) {
    const double mean = sum[i] / rounds;
    deviation[i] = std::sqrt(std::max(0.0, sum_squares[i] / rounds - mean * mean));
  }
  return deviation;
}

// What each pawn term is worth in plain words, for --report, and whether the weight is a
// penalty (subtracted from its side's score, eval/pawn_trace.hpp) or a bonus.
struct TermPhrase {
  std::string_view phrase;
  bool penalty;
};
constexpr std::array<TermPhrase, eval::score_term_count> term_phrases{
    {{"a backward pawn costs", true},
     {"a doubled pawn costs", true},
     {"a pawn doubled early costs", true},
     {"an isolated pawn costs", true},
     {"a weak lever costs", true},
     {"a weak unopposed pawn costs", true},
     {"a blocked pawn on its fifth rank is worth", false},
     {"a blocked pawn on its sixth rank is worth", false}}};

// One statement of --report: a parameter's tuned value with its 95% interval, in pawns,
// signed as its effect on the score of the side that has the pawn (a cost is negative).
struct ReportLine {
  std::string parameter, term, phase, statement;
  double value = 0, ci_low = 0, ci_high = 0;
  std::optional<double> start;  // the starting value (Stockfish 15.1's unless --weights)
  bool penalty = false;
};

// The statements of --report (1.96 bootstrap deviations), each value divided by the fitted
// pawn value of the same phase.
std::vector<ReportLine> report_lines(const TunerParameters& tuned, const TunerParameters& deviation,
                                     const TunerParameters& initial) {
  const double pawn_mg = tuned[analysis::material_parameter],
               pawn_eg = tuned[analysis::material_parameter + 1];
  std::vector<ReportLine> lines;
  const auto add = [&](std::string_view phrase, std::size_t i, std::string term, bool penalty,
                       std::string_view phase) {
    const bool endgame = phase == "endgame";
    const double pawn = endgame ? pawn_eg : pawn_mg, sign = penalty ? -1 : 1;
    const double value = tuned[i] / pawn, half_width = 1.96 * deviation[i] / std::abs(pawn);
    ReportLine line{.parameter = analysis::tuner_parameter_name(i),
                    .term = std::move(term),
                    .phase = std::string(phase),
                    .statement = std::string(phrase) + " " + format_double("%.2f", value) +
                                 " +/- " + format_double("%.2f", half_width) + " pawns",
                    .value = sign * value,
                    .ci_low = sign * value - half_width,
                    .ci_high = sign * value + half_width,
                    .start = std::nullopt,
                    .penalty = penalty};
    if (phase != "both") line.statement += " in the " + line.phase;
    if (line.ci_low <= 0 && line.ci_high >= 0) line.statement += ", not told apart from 0 here";
    if (phase != "both")
      line.start = sign * initial[i] /
                   (endgame ? eval::StockfishPieceValues[0].eg : eval::StockfishPieceValues[0].mg);
    lines.push_back(std::move(line));
  };
  for (std::size_t t = 0; t < eval::score_term_count; ++t) {
    const std::string term(eval::score_term_names[t]);
    add(term_phrases[t].phrase, 2 * t, term, term_phrases[t].penalty, "middlegame");
    add(term_phrases[t].phrase, 2 * t + 1, term, term_phrases[t].penalty, "endgame");
  }
  for (int r = 1; r < 7; ++r)
    add("a connected pawn on its rank " + std::to_string(r + 1) +
            " is worth, per unit of (2 + phalanx - opposed),",
        eval::connected_parameter + std::size_t(r), "connected_rank_" + std::to_string(r + 1),
        false, "middlegame");
  add("each pawn defending a connected pawn adds", eval::supporter_parameter, "supporter", false,
      "middlegame");
  add("moving first is worth", analysis::side_to_move_parameter, "side_to_move", false, "both");
  return lines;
}

// Why the statements may not be worth reading: too few positions for the parameters fitted
// (each then mostly fits noise), or a fitted pawn value that is no unit at all. Empty when
// neither; one sentence each otherwise.
std::vector<std::string> report_cautions(const TunerParameters& tuned,
                                         const analysis::TunerOptions& tuner,
                                         std::size_t train_positions) {
  constexpr std::size_t positions_per_parameter = 100;
  const std::size_t fitted =
      std::size_t(std::count(tuner.frozen.begin(), tuner.frozen.end(), false));
  std::vector<std::string> cautions;
  if (train_positions < positions_per_parameter * fitted)
    cautions.push_back(std::to_string(train_positions) + " training positions for " +
                       std::to_string(fitted) + " fitted parameters (fewer than " +
                       std::to_string(positions_per_parameter) +
                       " each): the values mostly fit noise; use more games");
  if (tuned[analysis::material_parameter] <= 0 || tuned[analysis::material_parameter + 1] <= 0)
    cautions.push_back(
        "the fitted pawn value is not positive, so values in pawns mean "
        "nothing; --fix-material keeps Stockfish's");
  return cautions;
}

std::string report_header(const TunerParameters& tuned, int rounds,
                          const std::vector<std::string>& cautions) {
  std::string out;
  for (const std::string& caution : cautions) out += "Caution: " + caution + ".\n";
  return out + "In these games (95% intervals from " + std::to_string(rounds) +
         " bootstrap refits over games; in pawns of " +
         format_double("%.0f", tuned[analysis::material_parameter]) + " (middlegame) and " +
         format_double("%.0f", tuned[analysis::material_parameter + 1]) +
         " (endgame) internal units, the fitted pawn values):\n";
}

// The report as the "report" member of --format json (docs/engine.md).
std::string report_json(const std::vector<ReportLine>& lines, const TunerParameters& tuned,
                        int rounds, const std::vector<std::string>& cautions) {
  std::string out =
      "{\"bootstrap\": " + std::to_string(rounds) + ", \"confidence\": 0.95" +
      ", \"pawn_mg\": " + format_double("%.6g", tuned[analysis::material_parameter]) +
      ", \"pawn_eg\": " + format_double("%.6g", tuned[analysis::material_parameter + 1]) +
      ", \"statements\": [";
  for (const ReportLine& line : lines) {
    out += &line == &lines.front() ? "{\"parameter\": " : ", {\"parameter\": ";
    io::append_json_string(out, line.parameter);
    out += ", \"term\": ";
    io::append_json_string(out, line.term);
    out += ", \"phase\": ";
    io::append_json_string(out, line.phase);
    out += ", \"value\": " + format_double("%.6g", line.value) +
           ", \"ci_low\": " + format_double("%.6g", line.ci_low) +
           ", \"ci_high\": " + format_double("%.6g", line.ci_high) +
           ", \"start\": " + (line.start ? format_double("%.6g", *line.start) : "null") +
           ", \"statement\": ";
    io::append_json_string(out, line.statement);
    out += "}";
  }
  out += "], \"cautions\": [";
  for (const std::string& caution : cautions) {
    if (&caution != &cautions.front()) out += ", ";
    io::append_json_string(out, caution);
  }
  return out + "]}";
}

// The plain statements, each with the starting value, unsigned as the phrase reads.
std::string report_text(const std::vector<ReportLine>& lines) {
  std::string out;
  for (const ReportLine& line : lines) {
    out += "  " + line.statement;
    if (line.start)  // as the phrase reads it: a cost positive
      out +=
          " (Stockfish 15.1: " + format_double("%.2f", line.penalty ? -*line.start : *line.start) +
          ")";
    out += "\n";
  }
  return out;
}

}  // namespace

int run_tune(const Args& args) {
  analysis::PositionSelection selection;
  analysis::TunerOptions tuner;
  std::string format = "text", loss = "mse", weights_file, rate_text = "1", seed_text = "1";
  std::vector<std::string> frozen, bounds;
  int test_percent = 10;
  bool fix_material = false, statements = false, extended = false;
  int rounds = 20;
  RecordOptions record_options;
  Options options(
      "tune", "tune [options] FILE...",
      "Fits the pawn weights of Stockfish 15.1's classical pawn evaluation to the results\n"
      "of PGN games (Texel's method; docs/engine.md): quiet positions are chosen from each\n"
      "game, the games are split into a training set and a held-out set, K is fitted, then\n"
      "material and the side-to-move bonus with Stockfish's pawn weights (the baseline),\n"
      "then every weight by Adam. Prints the held-out loss before (the baseline) and after,\n"
      "the weights beside Stockfish's and as a PawnWeights initializer; --format json\n"
      "prints one object whose \"weights\" member `pawn-eval --weights FILE` reads.\n"
      "FEN/EPD input is a tuning set: every record labelled with a c9 \"1-0\" operation or\n"
      "a [1.0]/[0.5]/[0.0] suffix is used as it is, and records are held out, not games.");
  options.value("format", format, "output format, default text", {"text", "json"});
  options.value("loss", loss, "mse (squared error of the sigmoid, default) or log (log-loss)",
                {"mse", "log"});
  options.integer("iterations", tuner.iterations, 1, 1'000'000, "Adam steps, default 500");
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
  options.integer("test-percent", test_percent, 1, 90, "share of the games held out, default 10");
  options.flag("fix-material", fix_material,
               "keep Stockfish's material values (fitted by default)");
  options.flag("extended", extended,
               "also fit the extended terms (docs/engine.md; kept at their start, 0, by default)");
  options.values("freeze", frozen, "parameters kept at their starting value (names as printed)");
  options.values("bound", bounds, "NAME=LOW:HIGH keeps a parameter within bounds");
  options.value("weights", weights_file, "starting pawn weights (JSON), default Stockfish 15.1's");
  options.flag(
      "report", statements,
      "plain statements with 95% intervals (bootstrap over training games; json: \"report\")");
  options.integer("bootstrap", rounds, 2, 1000, "refits for --report, default 20");
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
  std::uint64_t seed = 0;
  if (std::from_chars(seed_text.data(), seed_text.data() + seed_text.size(), seed).ec !=
      std::errc{})
    return fail("--seed takes a whole number");
  selection.seed = seed;
  tuner.loss = loss == "log" ? analysis::LossKind::LogLoss : analysis::LossKind::SquaredError;
  tuner.threads = record_options.threads;
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
  eval::PawnWeights start_weights;
  if (!weights_file.empty()) {
    const auto read = read_weights_file(weights_file);
    if (!read) return 2;
    start_weights = *read;
  }

  // Read every game once, collecting the chosen positions with their trace.
  std::size_t file_index = 0, warnings = 0;
  std::vector<TuneWorker> workers(std::size_t(record_options.threads),
                                  TuneWorker(selection, start_weights, file_index));
  Output out;
  GameOutput sink(out, 0);
  analysis::GameCounts game_counts;
  std::vector<analysis::TuningSample> epd_samples;
  analysis::SelectionCounts epd_records;
  std::size_t bad_records = 0;
  const bool all_opened = for_each_input(
      files, record_options.input, [&](std::string_view file, io::OpenedInput& opened) {
        ++file_index;
        if (opened.format != io::InputFormat::Pgn) {
          const EpdCounts counts = read_labelled_records(*opened.source, file_index, start_weights,
                                                         record_options.strict, epd_samples);
          epd_records.add(counts.selected);
          bad_records += counts.bad;
          warnings += counts.warnings;
          return true;
        }
        warnings += run_games(*opened.source, file, workers, sink,
                              record_options.pipeline_options(), game_counts);
        return true;
      });
  std::vector<analysis::TuningSample> samples = std::move(epd_samples);
  analysis::SelectionCounts selected;
  for (TuneWorker& w : workers) {
    samples.insert(samples.end(), w.samples().begin(), w.samples().end());
    selected.add(w.selected());
  }
  std::sort(samples.begin(), samples.end(), [](const auto& a, const auto& b) {
    return a.game != b.game ? a.game < b.game : a.ply < b.ply;
  });
  analysis::TuningData train, test;
  std::size_t test_games = 0;
  std::vector<std::size_t> train_game_starts;  // the first row of each training game
  std::uint64_t last_game = ~0ULL;
  for (const analysis::TuningSample& s : samples) {
    const bool held_out =
        analysis::mix(selection.seed ^ 0x5eed, s.game) % 100 < unsigned(test_percent);
    if (s.game != last_game) {
      if (held_out)
        ++test_games;
      else
        train_game_starts.push_back(train.rows());
    }
    last_game = s.game;
    (held_out ? test : train).add(s.row, s.label);
  }
  report_totals("tune", game_counts.bad + bad_records, game_counts.skipped);
  report_warning_total("tune", warnings);
  if (train.rows() == 0 || test.rows() == 0) {
    report_error("tune", "too few positions to fit and to test (" + std::to_string(train.rows()) +
                             " and " + std::to_string(test.rows()) + ")");
    return 1;
  }

  // K with the starting weights; then the baseline (pawn weights fixed), then everything.
  const TunerParameters initial = analysis::initial_parameters(start_weights);
  const double k = analysis::fit_k(train, initial, tuner.loss, tuner.threads);
  analysis::TunerOptions baseline_options = tuner;
  for (std::size_t i = 0; i < analysis::material_parameter; ++i) baseline_options.frozen[i] = true;
  const TunerParameters baseline = analysis::tune(train, initial, k, baseline_options);
  const TunerParameters tuned = analysis::tune(train, baseline, k, tuner);
  const double loss_before = analysis::mean_loss(test, baseline, k, tuner.loss, tuner.threads);
  const double loss_after = analysis::mean_loss(test, tuned, k, tuner.loss, tuner.threads);
  const eval::PawnWeights tuned_weights = analysis::pawn_weights(tuned);

  std::vector<ReportLine> report;
  std::vector<std::string> cautions;
  if (statements) {
    report = report_lines(
        tuned,
        bootstrap_deviations(train, train_game_starts, tuned, k, tuner, rounds, selection.seed),
        initial);
    cautions = report_cautions(tuned, tuner, train.rows());
  }

  std::string& text = out.buffer();
  if (format == "json") {
    text += "{\"k\": " + format_double("%.6g", k) +
            ", \"loss_before\": " + format_double("%.8g", loss_before) +
            ", \"loss_after\": " + format_double("%.8g", loss_after) +
            ", \"train_positions\": " + std::to_string(train.rows()) +
            ", \"test_positions\": " + std::to_string(test.rows()) +
            ", \"weights\": " + eval::to_json(tuned_weights);
    if (statements) text += ", \"report\": " + report_json(report, tuned, rounds, cautions);
    text += "}\n";
  } else {
    if (selected.used + selected.no_result + selected.unrated + selected.short_games > 0)
      text += "games used " + std::to_string(selected.used) +
              " (left out: " + std::to_string(selected.no_result) + " without a result, " +
              std::to_string(selected.unrated) + " unrated, " +
              std::to_string(selected.short_games) + " short)\n";
    if (epd_records.used + epd_records.no_result > 0)
      text += "records used " + std::to_string(epd_records.used) +
              " (left out: " + std::to_string(epd_records.no_result) + " without a label)\n";
    text += "positions   " + std::to_string(train.rows()) + " training, " +
            std::to_string(test.rows()) + " held out (" + std::to_string(test_games) +
            (epd_records.used ? " games or records)\n" : " games)\n");
    text += "K           " + format_double("%.4f", k) + "\n";
    text += "loss (" + loss + ")  held out: " + format_double("%.6f", loss_before) +
            " with Stockfish 15.1's pawn weights, " + format_double("%.6f", loss_after) +
            " tuned (" + format_double("%+.3f", 100 * (loss_after - loss_before) / loss_before) +
            "%)\n\n";
    char line[160];
    std::snprintf(line, sizeof line, "%-28s %10s %10s %10s\n", "parameter", "stockfish", "baseline",
                  "tuned");
    text += line;
    for (std::size_t i = 0; i < analysis::tuner_parameter_count; ++i) {
      std::snprintf(line, sizeof line, "%-28s %10.0f %10.1f %10.1f%s\n",
                    analysis::tuner_parameter_name(i).c_str(), initial[i], baseline[i], tuned[i],
                    tuner.frozen[i] ? "  (frozen)" : "");
      text += line;
    }
    text += "\n" + initializer(tuned_weights);
    if (statements) text += "\n" + report_header(tuned, rounds, cautions) + report_text(report);
  }
  out.flush();
  return game_counts.bad || bad_records || !all_opened ? 1 : 0;
}

}  // namespace pawnkit::cli
