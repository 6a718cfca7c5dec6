// pawnkit.pawn_trace(path): the pawn evaluation's trace of every position of a PGN or
// FEN/EPD file as a numpy matrix (one row a position, one column a weight, in
// eval::pawn_parameter_names order) and the labels (the result for White; NaN when
// unknown), as `pawnkit pawn-eval --trace` prints them (docs/engine.md).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <pawnkit/eval/pawn_weights_json.hpp>
#include <string>
#include <vector>

#include "analysis/position_analysis.hpp"
#include "analysis/replay.hpp"
#include "analysis/tune/trace_rows.hpp"
#include "bindings.hpp"
#include "io/diagnostic.hpp"
#include "io/game_record.hpp"
#include "io/pgn/reader.hpp"
#include "io/source/input_format.hpp"

namespace py = pybind11;

namespace pawnkit::python {

namespace {

struct TraceColumns {
  std::vector<double> x, y;
  std::size_t bad = 0, skipped = 0;
  std::vector<std::string> messages;

  void add(const Position& pos, std::optional<double> label, const eval::PawnWeights& w) {
    const auto c = eval::coefficients(eval::trace(pos, w));
    x.insert(x.end(), c.begin(), c.end());
    y.push_back(label ? *label : std::nan(""));
  }
};

py::dict pawn_trace(const std::string& path, const std::string& weights_json) {
  eval::PawnWeights weights;
  if (!weights_json.empty()) {
    const auto parsed = eval::parse_pawn_weights(weights_json);
    if (!parsed)
      throw py::value_error(io::parse_error_message("weights", parsed.error(), weights_json));
    weights = parsed.value();
  }
  io::OpenedInput opened = io::open_input(path);
  if (!opened.ok()) {
    PyErr_SetString(PyExc_OSError, opened.error.c_str());
    throw py::error_already_set();
  }
  TraceColumns out;
  {
    py::gil_scoped_release release;
    if (opened.format == io::InputFormat::Pgn) {
      auto ready = [&](io::GameBatch batch) {
        for (std::size_t i = 0; i < batch.size; ++i) {
          const io::GameRecord& game = batch.games[i];
          const auto label = analysis::result_label(game.result);
          const analysis::ReplayResult result = analysis::replay(
              game, [&](const Position& pos, int) { out.add(pos, label, weights); });
          if (result.outcome != analysis::ReplayOutcome::Complete) {
            (result.outcome == analysis::ReplayOutcome::Bad ? out.bad : out.skipped) += 1;
            out.messages.push_back(io::format_diagnostic(result.error));
          }
        }
        return batch;
      };
      io::GameCollector collector(opened.source->name(), 64, io::GameBatch{}, ready);
      io::read_pgn(*opened.source, collector, {});
      collector.finish();
    } else {
      analysis::for_each_epd_record(
          *opened.source,
          [&](const EpdRecord& record) {
            out.add(record.position, analysis::epd_label(record.operations), weights);
          },
          [&](std::size_t line, std::string_view message) {
            ++out.bad;
            out.messages.push_back(io::format_diagnostic(
                {.file = opened.source->name(), .line = line, .message = std::string(message)}));
          });
    }
  }
  const auto rows = py::ssize_t(out.y.size()), columns = py::ssize_t(eval::pawn_parameter_count);
  py::array_t<double> x({rows, columns});
  std::copy(out.x.begin(), out.x.end(), x.mutable_data());
  py::array_t<double> y(rows);
  std::copy(out.y.begin(), out.y.end(), y.mutable_data());
  py::dict result;
  result["X"] = x;
  result["y"] = y;
  result["bad"] = out.bad;
  result["skipped"] = out.skipped;
  result["messages"] = out.messages;
  return result;
}

}  // namespace

void bind_trace(py::module_& m) {
  m.def("pawn_trace", &pawn_trace, py::arg("path"), py::arg("weights_json") = "");
  std::vector<std::string> names(eval::pawn_parameter_names.begin(),
                                 eval::pawn_parameter_names.end());
  m.attr("pawn_trace_columns") = names;
  m.def("pawn_weights_json", [](const std::string& text) {
    const auto parsed = eval::parse_pawn_weights(text);
    if (!parsed) throw py::value_error(io::parse_error_message("weights", parsed.error(), text));
    return eval::to_json(parsed.value());
  });
}

}  // namespace pawnkit::python
