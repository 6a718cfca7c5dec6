// Whole-database work over PGN games: pawnkit.stats (the CLI's `stats`, with a Stats
// that merges and pickles), the games mode of pawnkit.find (the CLI's `find --games`) and
// pawnkit.timeline (the CLI's `timeline`).
#include <pybind11/stl.h>

#include <cstring>
#include <span>
#include <type_traits>

#include "analysis/find.hpp"
#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "analysis/stats.hpp"
#include "bindings.hpp"
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

// Collects the pipeline's output text, its error and warning lines and its progress.
class CollectingSink : public analysis::PipelineSink {
 public:
  explicit CollectingSink(ProgressCounter& progress) : progress_(progress) {}
  void out(const std::string& text) override { output += text; }
  void report(std::span<const io::Diagnostic> diagnostics) override {
    for (const io::Diagnostic& d : diagnostics) {
      auto& lines = d.severity == io::Severity::Warning ? warnings : errors;
      lines.push_back(io::format_diagnostic(d));
      lines.back().pop_back();  // the newline
    }
  }
  void progress(std::size_t games, std::size_t bytes) override { progress_.update(games, bytes); }
  std::string output;
  std::vector<std::string> errors, warnings;

 private:
  ProgressCounter& progress_;
};

// The bad and skipped games and the messages of one run over the inputs, as Python reads them.
py::dict problems(const analysis::GameCounts& counts, const CollectingSink& sink) {
  py::dict out;
  out["bad"] = counts.bad;
  out["skipped"] = counts.skipped;
  out["messages"] = sink.errors;
  out["warnings"] = sink.warnings.size();
  out["warning_messages"] = sink.warnings;
  return out;
}

[[noreturn]] void raise_os_error(const std::string& message) {
  PyErr_SetString(PyExc_OSError, message.c_str());
  throw py::error_already_set();
}

// Opens every PGN input first, so that a missing file or a FEN/EPD file fails before any
// work (with the CLI's message).
std::vector<io::OpenedInput> open_games(const std::vector<Input>& paths, std::string_view command) {
  std::vector<io::OpenedInput> inputs;
  for (const Input& input : paths) {
    const std::string& path = input.name;
    io::OpenedInput opened = open_input(input);
    if (!opened.ok()) raise_os_error(opened.error);
    if (opened.format == io::InputFormat::Epd) {
      if (command == "stats")
        throw py::value_error(
            path + ": stats reads PGN games; this is FEN/EPD (analyze and find read positions)");
      if (command == "timeline")
        throw py::value_error(path + ": timeline reads PGN games; this is FEN/EPD");
      throw py::value_error(path + ": --games needs PGN input; this is FEN/EPD");
    }
    inputs.push_back(std::move(opened));
  }
  return inputs;
}

std::vector<Input> to_inputs(
    std::vector<std::pair<std::string, std::optional<std::string>>> given) {
  std::vector<Input> inputs;
  for (auto& [name, data] : given) inputs.push_back({std::move(name), std::move(data)});
  return inputs;
}

// Runs every input through the pipeline with `workers` on a thread of its own, Ctrl-C
// and the progress callback polled meanwhile (run_interruptible).
template <class Worker>
void run_games(std::vector<io::OpenedInput>& inputs, std::vector<Worker>& workers,
               CollectingSink& sink, ProgressCounter& progress, bool strict,
               const py::object& on_progress) {
  const analysis::PipelineOptions options = analysis::strict_pipeline_options(strict);
  run_interruptible(
      [&](const std::atomic<bool>& stop) {
        for (io::OpenedInput& input : inputs) {
          progress.next_input();
          StoppableSource source(*input.source, stop);
          analysis::run_pipeline(static_cast<io::ByteSource&>(source), std::span(workers), sink,
                                 options);
        }
      },
      progress, on_progress);
}

GameStats run_stats(std::vector<std::pair<std::string, std::optional<std::string>>> paths,
                    int threads, int min_plies, bool strict, const py::object& on_progress) {
  check_min_plies(min_plies, 256);
  const int workers_wanted = resolve_threads(threads);
  // The memory sources read the bytes in `given`: it outlives them.
  const std::vector<Input> given = to_inputs(std::move(paths));
  std::vector<io::OpenedInput> inputs = open_games(given, "stats");
  GameStats result{analysis::Stats(min_plies), {}, {}};
  std::vector<analysis::StatsWorker> workers(std::size_t(workers_wanted),
                                             analysis::StatsWorker{min_plies});
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

// `pawnkit timeline --format jsonl` over the inputs: the JSON lines and the problems.
py::tuple timeline_jsonl(std::vector<std::pair<std::string, std::optional<std::string>>> paths,
                         int min_plies, const std::vector<std::string>& tags, int threads,
                         bool strict, const py::object& on_progress) {
  check_min_plies(min_plies, 10000);
  const int workers_wanted = resolve_threads(threads);
  // The memory sources read the bytes in `given`: it outlives them.
  const std::vector<Input> given = to_inputs(std::move(paths));
  std::vector<io::OpenedInput> inputs = open_games(given, "timeline");
  analysis::TimelineOptions options;
  options.min_plies = min_plies;
  options.tags = tags;
  std::vector<analysis::TimelineWorker> workers(std::size_t(workers_wanted),
                                                analysis::TimelineWorker{&options});
  ProgressCounter progress;
  CollectingSink sink(progress);
  run_games(inputs, workers, sink, progress, strict, on_progress);
  analysis::GameCounts counts;
  for (const auto& w : workers) counts.add(w.counts());
  return py::make_tuple(py::str(sink.output), problems(counts, sink));
}

GameStats add(const GameStats& a, const GameStats& b) {
  if (a.stats.min_plies() != b.stats.min_plies())
    throw py::value_error("cannot add Stats made with different min_plies (" +
                          std::to_string(a.stats.min_plies()) + " and " +
                          std::to_string(b.stats.min_plies()) + ")");
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
          "errors", [](const GameStats& s) { return s.errors; },
          "The one-line messages of the bad and skipped games, as the CLI prints them.")
      .def_property_readonly(
          "warnings", [](const GameStats& s) { return s.warnings; },
          "The one-line warnings of the repairs of sloppy input, as the CLI prints them.")
      .def(
          "json", [](const GameStats& s) { return io::stats_json(s.stats); },
          "The text of `pawnkit stats --format json`.")
      .def(
          "table", [](const GameStats& s) { return io::stats_table(s.stats); },
          "The text of `pawnkit stats` (the readable summary).")
      .def("__add__", &add)
      .def("__eq__",
           [](const GameStats& a, const GameStats& b) {
             // By the numbers: the bytes may differ in padding, and the messages of a merged
             // result come in the order its parts finished.
             return a.stats.min_plies() == b.stats.min_plies() &&
                    io::stats_json(a.stats) == io::stats_json(b.stats);
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
        py::arg("strict"), py::arg("on_progress"));
  m.def("timeline_jsonl", &timeline_jsonl, py::arg("inputs"), py::arg("min_plies"), py::arg("tags"),
        py::arg("threads"), py::arg("strict"), py::arg("on_progress"));
  m.def("find_games", &find_games, py::arg("inputs"), py::arg("where"), py::arg("min_plies"),
        py::arg("threads"), py::arg("strict"), py::arg("on_progress"));
}

}  // namespace pawnkit::python
