// Whole-database work over PGN games: pawnkit.stats (the CLI's `stats`, with a Stats
// that merges and pickles), the games mode of pawnkit.find (the CLI's `find --games`) and
// pawnkit.timeline (the CLI's `timeline`).
#include <pybind11/stl.h>

#include <cstring>
#include <span>
#include <type_traits>

#include <pawnkit/chess/phase.hpp>

#include "analysis/find.hpp"
#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "analysis/stats.hpp"
#include "bindings.hpp"
#include "game_key.hpp"
#include "game_runs.hpp"
#include "io/diagnostic.hpp"
#include "io/source/input_format.hpp"
#include "report/stats_writer.hpp"
#include "report/timeline_worker.hpp"

namespace py = pybind11;

namespace pawnkit::python {

namespace {

// Statistics with the messages of the bad games behind them (and of the repairs).
struct GameStats {
  analysis::Stats stats;
  std::vector<std::string> errors;
  std::vector<std::string> warnings;
};

// The phase of `stats --phase NAME` (None: every phase), or ValueError naming the phases.
std::optional<GamePhase> pattern_phase(const std::optional<std::string>& name) {
  if (!name) return std::nullopt;
  const std::optional<GamePhase> phase = parse_phase(*name);
  if (!phase) {
    std::string known;
    for (std::string_view n : phase_names) {
      if (!known.empty()) known += ", ";
      known += n;
    }
    throw py::value_error("phase: '" + *name + "' is not a game phase (" + known + ")");
  }
  return phase;
}

GameStats run_stats(std::vector<std::pair<std::string, std::optional<std::string>>> paths,
                    int threads, int min_plies, bool strict,
                    const std::optional<std::string>& phase, const py::object& on_progress) {
  check_min_plies(min_plies, 256);
  const std::optional<GamePhase> only = pattern_phase(phase);
  const int workers_wanted = resolve_threads(threads);
  // The memory sources read the bytes in `given`: it outlives them.
  const std::vector<Input> given = to_inputs(std::move(paths));
  std::vector<io::OpenedInput> inputs = open_games(given, "stats");
  GameStats result{analysis::Stats(min_plies), {}, {}};
  result.stats.restrict_patterns(only);
  std::vector<analysis::StatsWorker> workers(std::size_t(workers_wanted),
                                             analysis::StatsWorker{min_plies});
  for (auto& w : workers) w.stats().restrict_patterns(only);
  ProgressCounter progress;
  CollectingSink sink(progress);
  run_games(inputs, workers, sink, progress, strict, on_progress);
  for (const auto& w : workers) result.stats.merge(w.stats());
  result.errors = std::move(sink.errors);
  result.warnings = std::move(sink.warnings);
  return result;
}

py::tuple find_games(std::vector<std::pair<std::string, std::optional<std::string>>> paths,
                     const std::string& where, int min_plies, int threads, bool strict,
                     const py::object& on_progress) {
  check_min_plies(min_plies, 10000);
  const analysis::Query query = compile_query(where);
  const int workers_wanted = resolve_threads(threads);
  // The memory sources read the bytes in `given`: it outlives them.
  const std::vector<Input> given = to_inputs(std::move(paths));
  std::vector<io::OpenedInput> inputs = open_games(given, "find");
  analysis::FindOptions options;
  options.query = &query;
  options.min_plies = min_plies;
  options.games = true;
  std::vector<analysis::FindWorker> workers(std::size_t(workers_wanted),
                                            analysis::FindWorker{options});
  ProgressCounter progress;
  CollectingSink sink(progress);
  run_games(inputs, workers, sink, progress, strict, on_progress);
  analysis::GameCounts counts;
  std::size_t matches = 0;
  for (const auto& w : workers) {
    counts.add(w.counts());
    matches += w.matches();
  }
  return py::make_tuple(py::str(sink.output), matches, problems(counts, sink));
}

// The timeline worker, with a line before each game's ranges that says whose they are:
// "#FILE KEY" (the input's index and the game's content hash, as in pawnkit.positions).
class KeyedTimelineWorker {
 public:
  KeyedTimelineWorker(const report::TimelineOptions* options, const int* file)
      : inner_(options), file_(file) {}
  void game(const io::GameRecord& game, std::string& out,
            std::vector<io::Diagnostic>& diagnostics) {
    const std::size_t at = out.size();
    inner_.game(game, out, diagnostics);
    if (out.size() == at) return;
    const index_db::ContentHash key = index_db::content_hash(game);
    out.insert(at, "#" + std::to_string(*file_) + " " + key_hex(key.high, key.low) + "\n");
  }
  const analysis::GameCounts& counts() const { return inner_.counts(); }

 private:
  report::TimelineWorker inner_;
  const int* file_;  // the index of the input being read
};

// `pawnkit timeline --format jsonl` over the inputs: the JSON lines (each game's after a
// "#FILE KEY" line) and the problems.
py::tuple timeline_jsonl(std::vector<std::pair<std::string, std::optional<std::string>>> paths,
                         int min_plies, const std::vector<std::string>& tags, int threads,
                         bool strict, const py::object& on_progress) {
  check_min_plies(min_plies, 10000);
  const int workers_wanted = resolve_threads(threads);
  // The memory sources read the bytes in `given`: it outlives them.
  const std::vector<Input> given = to_inputs(std::move(paths));
  std::vector<io::OpenedInput> inputs = open_games(given, "timeline");
  report::TimelineOptions options;
  options.min_plies = min_plies;
  options.tags = tags;
  int file = 0;
  std::vector<KeyedTimelineWorker> workers(std::size_t(workers_wanted),
                                           KeyedTimelineWorker{&options, &file});
  ProgressCounter progress;
  CollectingSink sink(progress);
  // One input at a time, so that every worker knows the input its games come from.
  for (; file < int(inputs.size()); ++file) {
    std::vector<io::OpenedInput> one;
    one.push_back(std::move(inputs[std::size_t(file)]));
    run_games(one, workers, sink, progress, strict, on_progress);
  }
  analysis::GameCounts counts;
  for (const auto& w : workers) counts.add(w.counts());
  return py::make_tuple(py::str(sink.output), problems(counts, sink));
}

GameStats add(const GameStats& a, const GameStats& b) {
  if (a.stats.min_plies() != b.stats.min_plies())
    throw py::value_error("cannot add Stats made with different min_plies (" +
                          std::to_string(a.stats.min_plies()) + " and " +
                          std::to_string(b.stats.min_plies()) + ")");
  if (a.stats.pattern_phase() != b.stats.pattern_phase())
    throw py::value_error(
        "cannot add Stats made with different phase= (pattern rows of other positions)");
  GameStats sum = a;
  sum.stats.merge(b.stats);
  sum.errors.insert(sum.errors.end(), b.errors.begin(), b.errors.end());
  sum.warnings.insert(sum.warnings.end(), b.warnings.begin(), b.warnings.end());
  return sum;
}

}  // namespace

void bind_games(py::module_& m) {
  py::class_<GameStats>(m, "Stats",
                        "Pawn-structure statistics of PGN games; `a + b` merges exactly.")
      .def(py::init([](int min_plies) {
             check_min_plies(min_plies, 256);
             return GameStats{analysis::Stats(min_plies), {}, {}};
           }),
           py::arg("min_plies") = 8, "Empty statistics (the neutral element of +).")
      .def_property_readonly("games", [](const GameStats& s) { return s.stats.games(); })
      .def_property_readonly("positions", [](const GameStats& s) { return s.stats.positions(); })
      .def_property_readonly("bad_games", [](const GameStats& s) { return s.stats.bad_games(); })
      .def_property_readonly("skipped_games",
                             [](const GameStats& s) { return s.stats.skipped_games(); })
      .def_property_readonly("min_plies", [](const GameStats& s) { return s.stats.min_plies(); })
      .def_property_readonly(
          "phase",
          [](const GameStats& s) -> py::object {
            const auto phase = s.stats.pattern_phase();
            if (!phase) return py::none();
            return py::str(std::string(phase_names[std::size_t(*phase)]));
          },
          "The phase the pattern and island rows cover (stats(phase=...)), or None for all.")
      .def_property_readonly(
          "errors", [](const GameStats& s) { return s.errors; },
          "The one-line messages of the bad and skipped games, as the CLI prints them.")
      .def_property_readonly(
          "warnings", [](const GameStats& s) { return s.warnings; },
          "The one-line warnings of the repairs of sloppy input, as the CLI prints them.")
      .def(
          "json", [](const GameStats& s) { return report::stats_json(s.stats); },
          "The text of `pawnkit stats --format json`.")
      .def(
          "table", [](const GameStats& s) { return report::stats_table(s.stats); },
          "The text of `pawnkit stats` (the readable summary).")
      .def("__add__", &add)
      .def("__eq__",
           [](const GameStats& a, const GameStats& b) {
             // By the numbers: the bytes may differ in padding, and the messages of a merged
             // result come in the order its parts finished.
             return a.stats.min_plies() == b.stats.min_plies() &&
                    report::stats_json(a.stats) == report::stats_json(b.stats);
           })
      .def(py::pickle(
          [](const GameStats& s) {
            return py::make_tuple(py::bytes(s.stats.serialize()), s.errors, s.warnings);
          },
          [](const py::tuple& state) {
            if (state.size() != 3) throw py::value_error("not a pawnkit.Stats pickle");
            std::optional<analysis::Stats> stats =
                analysis::Stats::deserialize(state[0].cast<std::string>());
            if (!stats) throw py::value_error("pawnkit.Stats pickle from another build of pawnkit");
            GameStats s{std::move(*stats), state[1].cast<std::vector<std::string>>(),
                        state[2].cast<std::vector<std::string>>()};
            return s;
          }));

  m.def("stats", &run_stats, py::arg("inputs"), py::arg("threads"), py::arg("min_plies"),
        py::arg("strict"), py::arg("phase"), py::arg("on_progress"));
  m.def("timeline_jsonl", &timeline_jsonl, py::arg("inputs"), py::arg("min_plies"), py::arg("tags"),
        py::arg("threads"), py::arg("strict"), py::arg("on_progress"));
  m.def("find_games", &find_games, py::arg("inputs"), py::arg("where"), py::arg("min_plies"),
        py::arg("threads"), py::arg("strict"), py::arg("on_progress"));
}

}  // namespace pawnkit::python
