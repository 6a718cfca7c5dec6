#include "analysis/tune/game_tune.hpp"

#include <algorithm>
#include <cmath>
#include <pawnkit/chess/fen.hpp>
#include <random>

#include "analysis/position_analysis.hpp"
#include "analysis/replay.hpp"
#include "io/fnv1a.hpp"
#include "io/game_record.hpp"
#include "io/pgn/reader.hpp"

namespace pawnkit::analysis {

namespace {

// The value of an EPD operation `name "value"` without its quotes; empty without one.
std::string_view operation(std::string_view operations, std::string_view name) {
  std::string_view value = epd_operation(operations, name).value_or(std::string_view{});
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
    value = value.substr(1, value.size() - 2);
  return value;
}

std::string score_text(eval::Score s) {
  return "{" + std::to_string(s.mg) + ", " + std::to_string(s.eg) + "}";
}

// The king shelter's weights as a C++ initializer (tune --shelter).
std::string shelter_initializer(const eval::KingShelterWeights& w) {
  const auto table = [](const eval::ByEdgeDistanceRank& t) {
    std::string text = "{{";
    for (std::size_t d = 0; d < t.size(); ++d) {
      text += d ? ",\n                 {{" : "{{";
      for (std::size_t r = 0; r < t[d].size(); ++r)
        text += (r ? ", " : "") + std::to_string(t[d][r]);
      text += "}}";
    }
    return text + "}}";
  };
  std::string out = "const pawnkit::eval::KingShelterWeights tuned_king_shelter{\n";
  out += "    .shelter = " + table(w.shelter) + ",\n";
  out += "    .unblocked_storm = " + table(w.unblocked_storm) + ",\n    .blocked_storm = {{";
  for (std::size_t r = 0; r < w.blocked_storm.size(); ++r)
    out += (r ? ", " : "") + score_text(w.blocked_storm[r]);
  out += "}},\n    .king_on_file = {{{{" + score_text(w.king_on_file[0][0]) + ", " +
         score_text(w.king_on_file[0][1]) + "}}, {{" + score_text(w.king_on_file[1][0]) + ", " +
         score_text(w.king_on_file[1][1]) + "}}}},\n    .base = " + score_text(w.base) +
         ",\n    .pawn_distance_eg = " + std::to_string(w.pawn_distance_eg) + "};\n";
  return out;
}

// The weights as C++ initializers an engine pastes into its source: the pawn weights, then
// with them every other weight fitted (eval::TunedWeights).
std::string initializer(const eval::TunedWeights& tuned) {
  const eval::PawnWeights& w = tuned.pawns;
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
  if (tuned.shelter) out += shelter_initializer(*tuned.shelter);
  out +=
      "const pawnkit::eval::TunedWeights tuned_weights{\n    .pawns = tuned_pawn_weights,\n"
      "    .material = {{";
  for (std::size_t piece = 0; piece < tuned.material.size(); ++piece)
    out += (piece ? ", " : "") + score(tuned.material[piece]);
  return out + "}},  // pawn, knight, bishop, rook, queen\n    .side_to_move = " +
         std::to_string(tuned.side_to_move) +
         (tuned.shelter ? ",\n    .shelter = tuned_king_shelter" : "") + "};\n";
}

// The spread of each parameter over `rounds` refits on training sets drawn from the
// training games with replacement (a bootstrap over games: positions of one game are not
// independent), each refit starting from the tuned values: the standard deviations.
TunerParameters bootstrap_deviations(const TuningData& train,
                                     const std::vector<std::size_t>& game_starts,
                                     const TunerParameters& tuned, double k, TunerOptions options,
                                     int rounds, std::uint64_t seed) {
  options.iterations = std::max(50, options.iterations / 4);
  TunerParameters sum{}, sum_squares{};
  std::mt19937_64 rng(mix(seed, 0xb007));
  const std::size_t games = game_starts.size();
  for (int round = 0; round < rounds; ++round) {
    TuningData drawn;
    for (std::size_t i = 0; i < games; ++i) {
      const std::size_t g = rng() % games;
      drawn.append(train, game_starts[g], g + 1 < games ? game_starts[g + 1] : train.rows());
    }
    const TunerParameters p = tune(drawn, tuned, k, options);
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

}  // namespace

void read_labelled_records(io::ByteSource& source, std::size_t file_index, bool strict,
                           const eval::PawnWeights& weights, TuningInput& input,
                           const std::function<void(const io::Diagnostic&)>& on_problem) {
  std::uint32_t record_number = 0;
  const auto on_record = [&](const EpdRecord& record) {
    ++record_number;
    const std::optional<double> label = epd_label(record.operations);
    if (!label) {
      ++input.records.no_result;
      return;
    }
    ++input.records.used;
    // Positions of one game share its id: held out together. Without one, the record
    // alone (high bit set, so that a record never shares a key with a game id).
    std::string_view game = operation(record.operations, "id");
    if (game.empty()) game = operation(record.operations, "c0");
    std::uint64_t key = std::uint64_t(file_index) << 32 | record_number;
    if (game.empty())
      ++input.records_without_game;
    else
      key = mix(file_index, io::fnv1a(game)) & ~(1ULL << 63);
    if (game.empty()) key |= 1ULL << 63;
    input.samples.push_back({.game = key,
                             .ply = int(record_number),
                             .label = float(*label),
                             .row = trace_row(record.position, weights)});
  };
  const auto on_line = [&](io::Severity severity) {
    return [&, severity](std::size_t line, std::string_view message) {
      on_problem(io::Diagnostic{.file = source.name(),
                                .line = line,
                                .message = std::string(message),
                                .severity = severity});
      ++(severity == io::Severity::Warning ? input.warnings : input.bad);
    };
  };
  for_each_epd_record(source, {.strict = strict}, on_record, on_line(io::Severity::Error),
                      on_line(io::Severity::Warning));
}

void read_tuning_games(io::ByteSource& source, std::size_t file_index,
                       const PositionSelection& selection, const eval::PawnWeights& weights,
                       TuningInput& input,
                       const std::function<void(const io::Diagnostic&)>& on_problem) {
  GameCounts counts;
  std::vector<io::Diagnostic> diagnostics;
  auto ready = [&](io::GameBatch batch) {
    for (std::size_t i = 0; i < batch.size; ++i) {
      const io::GameRecord& game = batch.games[i];
      if (game.error) {
        ++input.bad;
        on_problem(
            {.file = source.name(), .line = game.error->line, .message = game.error->message});
        continue;
      }
      const std::uint64_t key = std::uint64_t(file_index) << 32 | game.number;
      select_positions(game, key, selection, weights, input.samples, input.games, counts,
                       diagnostics);
    }
    return batch;
  };
  io::GameCollector collector(source.name(), 64, io::GameBatch{}, ready);
  io::read_pgn(source, collector, {});
  collector.finish();
  input.bad += counts.bad;
  input.skipped += counts.skipped;
  for (const io::Diagnostic& d : diagnostics) on_problem(d);
}

std::optional<GameTuneResult> run_game_tune(TuningInput input, const GameTuneOptions& options,
                                            std::string& error) {
  std::vector<TuningSample>& samples = input.samples;
  std::sort(samples.begin(), samples.end(), [](const auto& a, const auto& b) {
    return a.game != b.game ? a.game < b.game : a.ply < b.ply;
  });
  GameTuneResult r;
  const TunerOptions& tuner = options.tuner;
  TuningData train, test;
  train.with_shelter = test.with_shelter = options.shelter;
  std::vector<std::size_t> train_game_starts;  // the first row of each training game
  std::uint64_t last_game = ~0ULL;
  for (const TuningSample& s : samples) {
    const bool held_out = mix(options.seed ^ 0x5eed, s.game) % 100 < unsigned(options.test_percent);
    if (s.game != last_game) {
      if (held_out)
        ++r.test_groups;
      else
        train_game_starts.push_back(train.rows());
    }
    last_game = s.game;
    (held_out ? test : train).add(s.row, s.label);
  }
  r.train_rows = train.rows();
  r.test_rows = test.rows();
  r.by_game = input.records_without_game == 0;
  r.games = input.games;
  r.records = input.records;
  r.loss = tuner.loss;
  r.frozen = tuner.frozen;
  r.rounds = options.rounds;
  r.statements = options.statements;
  r.shelter = options.shelter;
  if (train.rows() == 0 || test.rows() == 0) {
    error = "too few positions to fit and to test (" + std::to_string(train.rows()) + " and " +
            std::to_string(test.rows()) + ")";
    return std::nullopt;
  }
  // K with the starting weights; then the baseline (pawn weights fixed), then everything.
  r.initial = tuned_parameters(options.start);
  r.k = fit_k(train, r.initial, tuner.loss, tuner.threads);
  TunerOptions baseline_options = tuner;
  for (std::size_t i = 0; i < material_parameter; ++i) baseline_options.frozen[i] = true;
  for (std::size_t i = shelter_parameter; i < tuner_parameter_count; ++i)
    baseline_options.frozen[i] = true;
  r.baseline = tune(train, r.initial, r.k, baseline_options);
  r.tuned = tune(train, r.baseline, r.k, tuner);
  r.loss_before = mean_loss(test, r.baseline, r.k, tuner.loss, tuner.threads);
  r.loss_after = mean_loss(test, r.tuned, r.k, tuner.loss, tuner.threads);
  if (options.statements) {
    r.report = report_lines(r.tuned,
                            bootstrap_deviations(train, train_game_starts, r.tuned, r.k, tuner,
                                                 options.rounds, options.seed),
                            r.initial);
    r.cautions = report_cautions(r.tuned, tuner, train.rows());
  }
  return r;
}

std::string game_tune_json(const GameTuneResult& r, bool with_weights) {
  std::string text = "{\"k\": " + format_number("%.6g", r.k) +
                     ", \"loss_before\": " + format_number("%.8g", r.loss_before) +
                     ", \"loss_after\": " + format_number("%.8g", r.loss_after) +
                     ", \"train_positions\": " + std::to_string(r.train_rows) +
                     ", \"test_positions\": " + std::to_string(r.test_rows) +
                     ", \"held_out\": {\"by\": \"" + (r.by_game ? "game" : "record") +
                     "\", \"groups\": " + std::to_string(r.test_groups) +
                     "}, \"improved\": " + (r.improved() ? "true" : "false") + ", \"weights\": " +
                     (with_weights ? eval::to_json(tuned_weights(r.tuned, r.shelter)) : "null");
  if (r.statements) text += ", \"report\": " + report_json(r.report, r.tuned, r.rounds, r.cautions);
  return text + "}\n";
}

std::string game_tune_text(const GameTuneResult& r, bool with_weights) {
  std::string text;
  const SelectionCounts& selected = r.games;
  if (selected.used + selected.no_result + selected.unrated + selected.short_games > 0)
    text += "games used " + std::to_string(selected.used) +
            " (left out: " + std::to_string(selected.no_result) + " without a result, " +
            std::to_string(selected.unrated) + " unrated, " + std::to_string(selected.short_games) +
            " short)\n";
  if (r.records.used + r.records.no_result > 0)
    text += "records used " + std::to_string(r.records.used) +
            " (left out: " + std::to_string(r.records.no_result) + " without a label)\n";
  text += "positions   " + std::to_string(r.train_rows) + " training, " +
          std::to_string(r.test_rows) + " held out (" + std::to_string(r.test_groups) +
          (r.by_game ? " games)\n"
                     : " games or records: records without an id or c0 field are held out one "
                       "by one, so positions of one game may fall on both sides)\n");
  text += "K           " + format_number("%.4f", r.k) + "\n";
  const char* loss = r.loss == LossKind::LogLoss ? "log" : "mse";
  text += std::string("loss (") + loss + ")  held out: " + format_number("%.6f", r.loss_before) +
          " with Stockfish 15.1's pawn weights, " + format_number("%.6f", r.loss_after) +
          " tuned (" +
          format_number("%+.3f", 100 * (r.loss_after - r.loss_before) / r.loss_before) + "%)\n\n";
  char line[160];
  std::snprintf(line, sizeof line, "%-28s %10s %10s %10s\n", "parameter", "start", "baseline",
                "tuned");
  text += line;
  const std::size_t shown = r.shelter ? tuner_parameter_count : linear_parameter_count;
  for (std::size_t i = 0; i < shown; ++i) {
    std::snprintf(line, sizeof line, "%-28s %10.0f %10.1f %10.1f%s\n",
                  tuner_parameter_name(i).c_str(), r.initial[i], r.baseline[i], r.tuned[i],
                  r.frozen[i] ? "  (frozen)" : "");
    text += line;
  }
  if (with_weights) text += "\n" + initializer(tuned_weights(r.tuned, r.shelter));
  if (r.statements)
    text += "\n" + report_header(r.tuned, r.rounds, r.cautions) + report_text(r.report);
  return text;
}

}  // namespace pawnkit::analysis
