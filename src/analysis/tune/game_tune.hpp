// `pawnkit tune` on games as a run object (docs/engine.md, "Tuning on games"): the chosen
// positions (analysis/tune_positions.hpp, or a labelled FEN/EPD set) split into training and
// held-out positions by game (an EPD set by its records' `id`/`c0` field, else by record,
// which the result says), K fitted with the starting weights, the baseline (material and
// the side-to-move bonus fitted with the pawn weights kept), then every weight not frozen by
// Adam (analysis/tuner.hpp; with `shelter`, the king shelter in the model and fitted too),
// the held-out loss before and after and, when asked, the plain
// statements with bootstrap intervals (analysis/tune/tune_report.hpp). The CLI and the
// Python module print the same result through the writers below.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "analysis/tune/tune_positions.hpp"
#include "analysis/tune/tune_report.hpp"
#include "analysis/tune/tuner.hpp"
#include "io/diagnostic.hpp"
#include "io/source/byte_source.hpp"

namespace pawnkit::analysis {

struct GameTuneOptions {
  TunerOptions tuner;
  eval::TunedWeights start;  // Stockfish 15.1's unless --start
  std::uint64_t seed = 1;    // the split's seed
  int test_percent = 10;
  bool statements = false;  // --report
  int rounds = 20;          // its bootstrap refits
  // The king shelter in the model (Stockfish's, or start.shelter, in the baseline), its
  // weights fitted unless frozen in `tuner` (TunerOptions::fit_shelter frees them), and
  // written with the others.
  bool shelter = false;
};

// The positions to fit and what was left out.
struct TuningInput {
  std::vector<TuningSample> samples;
  SelectionCounts games;    // PGN games used and left out
  SelectionCounts records;  // FEN/EPD records: used (labelled) and no_result (unlabelled)
  std::size_t records_without_game = 0;  // labelled records with no id/c0 field
  std::size_t bad = 0, skipped = 0, warnings = 0;
};

// The labelled records of a FEN/EPD tuning set (a `c9 "1-0"` operation or a `[0.73]`
// suffix, any fraction 0..1) into input.samples, grouped by their `id` or `c0` field when
// they have one (`file_index` keeps files apart); on_problem(diagnostic) for each bad line.
void read_labelled_records(io::ByteSource& source, std::size_t file_index, bool strict,
                           const eval::PawnWeights& weights, TuningInput& input,
                           const std::function<void(const io::Diagnostic&)>& on_problem);

// The games of a PGN source, one by one, into input (the CLI reads them in parallel with
// its pipeline; the result is the same, as each game's draw has its own seed).
void read_tuning_games(io::ByteSource& source, std::size_t file_index,
                       const PositionSelection& selection, const eval::PawnWeights& weights,
                       TuningInput& input,
                       const std::function<void(const io::Diagnostic&)>& on_problem);

struct GameTuneResult {
  TunerParameters initial{}, baseline{}, tuned{};
  std::array<bool, tuner_parameter_count> frozen{};
  double k = 0, loss_before = 0, loss_after = 0;
  LossKind loss = LossKind::SquaredError;
  std::size_t train_rows = 0, test_rows = 0, test_groups = 0;
  bool by_game = true;  // false when records without a game were held out one by one
  SelectionCounts games, records;
  int rounds = 0;
  std::vector<ReportLine> report;  // with --report
  std::vector<std::string> cautions;
  bool statements = false;
  bool shelter = false;  // the shelter was in the model: its weights are written
  bool improved() const { return loss_after < loss_before; }
};

// Nullopt with `error` set when there are too few positions on either side.
std::optional<GameTuneResult> run_game_tune(TuningInput input, const GameTuneOptions& options,
                                            std::string& error);

// `tune --format json`'s object; "weights" (every weight fitted, eval::TunedWeights's JSON)
// is null when `with_weights` is false (the held-out loss got worse and --force was not
// given).
std::string game_tune_json(const GameTuneResult& result, bool with_weights);
// The text: counts, K, losses, the parameter table and, with weights, the initializer.
std::string game_tune_text(const GameTuneResult& result, bool with_weights);

}  // namespace pawnkit::analysis
