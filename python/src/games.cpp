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
#include "analysis/timeline_worker.hpp"
#include "bindings.hpp"
#include "io/diagnostic.hpp"
#include "io/input_format.hpp"
#include "io/stats_writer.hpp"

namespace py = pybind11;

namespace pawnkit::python {

namespace {

// Statistics with the messages of the bad games behind them.
struct GameStats {
  analysis::Stats stats;
  std::vector<std::string> errors;
};

// Collects the pipeline's output text and its error lines.
class CollectingSink : public analysis::PipelineSink {
 public:
  void out(const std::string& text) override { output += text; }
  void report(std::span<const io::Diagnostic> diagnostics) override {
    for (const io::Diagnostic& d : diagnostics) {
      errors.push_back(io::format_diagnostic(d));
      errors.back().pop_back();  // the newline
    }
  }
  std::string output;
  std::vector<std::string> errors;
};

[[noreturn]] void raise_os_error(const std::string& message) {
  PyErr_SetString(PyExc_OSError, message.c_str());
  throw py::error_already_set();
}

// Opens every PGN input first, so that a missing file or a FEN/EPD file fails before any
// work (with the CLI's message).
std::vector<io::OpenedInput> open_games(const std::vector<std::string>& paths,
                                        std::string_view command) {
  std::vector<io::OpenedInput> inputs;
  for (const std::string& path : paths) {
    io::OpenedInput opened = io::open_input(path);
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

GameStats run_stats(const std::vector<std::string>& paths, int threads, int min_plies) {
  if (min_plies < 1 || min_plies > 256) throw py::value_error("min_plies takes 1 to 256");
  const int workers_wanted = resolve_threads(threads);
  std::vector<io::OpenedInput> inputs = open_games(paths, "stats");
  GameStats result{analysis::Stats(min_plies), {}};
  {
    py::gil_scoped_release release;
    std::vector<analysis::StatsWorker> workers(std::size_t(workers_wanted),
                                               analysis::StatsWorker{min_plies});
    CollectingSink sink;
    for (io::OpenedInput& input : inputs)
      analysis::run_pipeline(*input.source, std::span(workers), sink);
    for (const auto& w : workers) result.stats.merge(w.stats());
    result.errors = std::move(sink.errors);
  }
  return result;
}

py::tuple find_games(const std::vector<std::string>& paths, const std::string& where, int min_plies,
                     int threads) {
  if (min_plies < 1 || min_plies > 10000) throw py::value_error("min_plies takes 1 to 10000");
  const analysis::Query query = compile_query(where);
  const int workers_wanted = resolve_threads(threads);
  std::vector<io::OpenedInput> inputs = open_games(paths, "find");
  CollectingSink sink;
  analysis::GameCounts counts;
  std::size_t matches = 0;
  {
    py::gil_scoped_release release;
    analysis::FindOptions options;
    options.query = &query;
    options.min_plies = min_plies;
    options.games = true;
    for (io::OpenedInput& input : inputs) {
      std::vector<analysis::FindWorker> workers(std::size_t(workers_wanted),
                                                analysis::FindWorker{options});
      analysis::run_pipeline(*input.source, std::span(workers), sink);
      for (const auto& w : workers) {
        counts.add(w.counts());
        matches += w.matches();
      }
    }
  }
  py::dict problems;
  problems["bad"] = counts.bad;
  problems["skipped"] = counts.skipped;
  problems["messages"] = sink.errors;
  return py::make_tuple(py::str(sink.output), matches, problems);
}

// `pawnkit timeline --format jsonl` over the files: the JSON lines and the problems.
py::tuple timeline_jsonl(const std::vector<std::string>& paths, int min_plies,
                         const std::vector<std::string>& tags, int threads) {
  if (min_plies < 1 || min_plies > 10000) throw py::value_error("min_plies takes 1 to 10000");
  const int workers_wanted = resolve_threads(threads);
  std::vector<io::OpenedInput> inputs = open_games(paths, "timeline");
  CollectingSink sink;
  analysis::GameCounts counts;
  {
    py::gil_scoped_release release;
    analysis::TimelineOptions options;
    options.min_plies = min_plies;
    options.tags = tags;
    for (io::OpenedInput& input : inputs) {
      std::vector<analysis::TimelineWorker> workers(std::size_t(workers_wanted),
                                                    analysis::TimelineWorker{&options});
      analysis::run_pipeline(*input.source, std::span(workers), sink);
      for (const auto& w : workers) counts.add(w.counts());
    }
  }
  py::dict problems;
  problems["bad"] = counts.bad;
  problems["skipped"] = counts.skipped;
  problems["messages"] = sink.errors;
  return py::make_tuple(py::str(sink.output), problems);
}

GameStats add(const GameStats& a, const GameStats& b) {
  if (a.stats.min_plies() != b.stats.min_plies())
    throw py::value_error("cannot add Stats made with different min_plies (" +
                          std::to_string(a.stats.min_plies()) + " and " +
                          std::to_string(b.stats.min_plies()) + ")");
  GameStats sum = a;
  sum.stats.merge(b.stats);
  sum.errors.insert(sum.errors.end(), b.errors.begin(), b.errors.end());
  return sum;
}

}  // namespace

void bind_games(py::module_& m) {
  py::class_<GameStats>(m, "Stats",
                        "Pawn-structure statistics of PGN games; `a + b` merges exactly.")
      .def(py::init([](int min_plies) {
             return GameStats{analysis::Stats(min_plies), {}};
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
      .def(
          "json", [](const GameStats& s) { return io::stats_json(s.stats); },
          "The text of `pawnkit stats --format json`.")
      .def(
          "table", [](const GameStats& s) { return io::stats_table(s.stats); },
          "The text of `pawnkit stats` (the readable summary).")
      .def("__add__", &add)
      .def("__eq__",
           [](const GameStats& a, const GameStats& b) {
             // By content: the bytes may differ in padding.
             return a.stats.min_plies() == b.stats.min_plies() &&
                    io::stats_json(a.stats) == io::stats_json(b.stats) && a.errors == b.errors;
           })
      .def(py::pickle(
          [](const GameStats& s) {
            return py::make_tuple(py::bytes(s.stats.serialize()), s.errors);
          },
          [](const py::tuple& state) {
            if (state.size() != 2) throw py::value_error("not a pawnkit.Stats pickle");
            std::optional<analysis::Stats> stats =
                analysis::Stats::deserialize(state[0].cast<std::string>());
            if (!stats) throw py::value_error("pawnkit.Stats pickle from another build of pawnkit");
            GameStats s{std::move(*stats), state[1].cast<std::vector<std::string>>()};
            return s;
          }));

  m.def("stats", &run_stats, py::arg("paths"), py::arg("threads"), py::arg("min_plies"));
  m.def("timeline_jsonl", &timeline_jsonl, py::arg("paths"), py::arg("min_plies"), py::arg("tags"),
        py::arg("threads"));
  m.def("find_games", &find_games, py::arg("paths"), py::arg("where"), py::arg("min_plies"),
        py::arg("threads"));
}

}  // namespace pawnkit::python
