// pawnkit.tune and pawnkit.tune_trace: the library's tuning runs (analysis/tune/), the same
// objects `pawnkit tune --format json` and `pawnkit tune --trace --format json` print, with
// the inputs read here (no subprocess). Python turns the JSON text into a dict.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <pawnkit/eval/pawn_weights_json.hpp>
#include <string>
#include <vector>

#include "analysis/tune/game_tune.hpp"
#include "analysis/tune/named_weights.hpp"
#include "analysis/tune/parallel_sums.hpp"
#include "analysis/tune/trace_tune.hpp"
#include "bindings.hpp"
#include "io/diagnostic.hpp"

namespace py = pybind11;

namespace pawnkit::python {

namespace {

// Options the CLI takes as names: --freeze, --bound, --extended, --fix-material.
void set_parameters(analysis::TunerOptions& tuner, const std::vector<std::string>& frozen,
                    const std::map<std::string, std::pair<double, double>>& bounds, bool extended,
                    bool fix_material) {
  for (const std::string& name : frozen) {
    const auto index = analysis::tuner_parameter_index(name);
    if (!index) throw py::value_error("freeze: unknown parameter " + name);
    tuner.frozen[*index] = true;
  }
  for (const auto& [name, bound] : bounds) {
    const auto index = analysis::tuner_parameter_index(name);
    if (!index || bound.first > bound.second)
      throw py::value_error("bounds: unknown parameter or low > high: " + name);
    tuner.bounds[*index] = bound;
  }
  if (!extended)
    for (std::size_t i = eval::extended_parameter; i < eval::pawn_parameter_count; ++i)
      tuner.frozen[i] = true;
  if (fix_material)
    for (std::size_t i = analysis::material_parameter; i < analysis::side_to_move_parameter; ++i)
      tuner.frozen[i] = true;
}

py::dict tune_games(std::vector<std::pair<std::string, std::optional<std::string>>> paths,
                    const std::string& weights_json, const py::dict& o) {
  analysis::GameTuneOptions run;
  analysis::PositionSelection selection;
  analysis::TunerOptions& tuner = run.tuner;
  if (!o["iterations"].is_none()) tuner.iterations = o["iterations"].cast<int>();
  if (!o["learning_rate"].is_none()) tuner.learning_rate = o["learning_rate"].cast<double>();
  if (!o["per_game"].is_none()) selection.per_game = o["per_game"].cast<int>();
  if (!o["skip_plies"].is_none()) selection.skip_plies = o["skip_plies"].cast<int>();
  if (!o["min_game_plies"].is_none()) selection.min_game_plies = o["min_game_plies"].cast<int>();
  if (!o["test_percent"].is_none()) run.test_percent = o["test_percent"].cast<int>();
  if (!o["bootstrap"].is_none()) run.rounds = o["bootstrap"].cast<int>();
  if (!o["seed"].is_none()) run.seed = selection.seed = o["seed"].cast<std::uint64_t>();
  selection.allow_unrated = o["allow_unrated"].cast<bool>();
  run.statements = o["report"].cast<bool>();
  tuner.loss = o["loss"].cast<std::string>() == "log" ? analysis::LossKind::LogLoss
                                                      : analysis::LossKind::SquaredError;
  tuner.threads = resolve_threads(o["threads"].cast<int>());
  set_parameters(tuner, o["freeze"].cast<std::vector<std::string>>(),
                 o["bounds"].cast<std::map<std::string, std::pair<double, double>>>(),
                 o["extended"].cast<bool>(), o["fix_material"].cast<bool>());
  if (!weights_json.empty()) {
    const auto parsed = eval::parse_tuned_weights(weights_json);
    if (!parsed)
      throw py::value_error(io::parse_error_message("weights", parsed.error(), weights_json));
    run.start = parsed.value();
  }
  const bool strict = o["strict"].cast<bool>();
  std::vector<Input> inputs;
  for (auto& [name, data] : paths) inputs.push_back({std::move(name), std::move(data)});
  std::vector<io::OpenedInput> opened;
  for (const Input& input : inputs) {
    opened.push_back(open_input(input));
    if (!opened.back().ok()) {
      PyErr_SetString(PyExc_OSError, opened.back().error.c_str());
      throw py::error_already_set();
    }
  }
  analysis::TuningInput input;
  std::vector<std::string> messages;
  std::string error, json;
  bool improved = false;
  {
    py::gil_scoped_release release;
    const auto on_problem = [&](const io::Diagnostic& d) {
      messages.push_back(io::format_diagnostic(d));
    };
    for (std::size_t i = 0; i < opened.size(); ++i) {
      io::ByteSource& source = *opened[i].source;
      if (opened[i].format == io::InputFormat::Pgn)
        analysis::read_tuning_games(source, i + 1, selection, run.start.pawns, input, on_problem);
      else
        analysis::read_labelled_records(source, i + 1, strict, run.start.pawns, input, on_problem);
    }
    const auto result = analysis::run_game_tune(std::move(input), run, error);
    if (const auto refusal = analysis::take_thread_refusal(); refusal.asked > 0)
      messages.push_back(
          io::format_diagnostic({.message = refusal.message(), .severity = io::Severity::Warning}));
    if (result) {
      improved = result->improved();
      json = analysis::game_tune_json(*result, improved || o["force"].cast<bool>());
    }
  }
  if (json.empty()) throw py::value_error(error);
  py::dict out;
  out["json"] = json;
  out["messages"] = messages;
  out["improved"] = improved;
  return out;
}

py::dict tune_trace(std::pair<std::string, std::optional<std::string>> path,
                    const std::string& start_json, const py::dict& o) {
  analysis::TraceTuneOptions options;
  analysis::FitOptions& fit = options.fit;
  if (!o["iterations"].is_none()) fit.iterations = o["iterations"].cast<int>();
  if (!o["learning_rate"].is_none()) fit.learning_rate = o["learning_rate"].cast<double>();
  if (!o["test_percent"].is_none()) options.test_percent = o["test_percent"].cast<int>();
  if (!o["bootstrap"].is_none()) options.bootstrap = o["bootstrap"].cast<int>();
  if (!o["seed"].is_none()) options.seed = o["seed"].cast<std::uint64_t>();
  if (!o["k"].is_none()) options.k = o["k"].cast<double>();
  fit.l2 = o["l2"].cast<double>();
  fit.loss = o["loss"].cast<std::string>() == "log" ? analysis::LossKind::LogLoss
                                                    : analysis::LossKind::SquaredError;
  fit.method = o["method"].cast<std::string>() == "adam" ? analysis::FitMethod::Adam
                                                         : analysis::FitMethod::GaussNewton;
  fit.threads = resolve_threads(o["threads"].cast<int>());
  options.frozen = o["freeze"].cast<std::vector<std::string>>();
  if (!start_json.empty()) {
    const auto parsed = analysis::parse_named_weights(start_json);
    if (!parsed)
      throw py::value_error(io::parse_error_message("start", parsed.error(), start_json));
    options.start = parsed.value();
  }
  const Input input{path.first, path.second};  // outlives the source, which views its bytes
  io::OpenedInput opened = open_input(input);
  if (!opened.ok()) {
    PyErr_SetString(PyExc_OSError, opened.error.c_str());
    throw py::error_already_set();
  }
  std::vector<std::string> messages;
  std::string error, json;
  bool improved = false;
  {
    py::gil_scoped_release release;
    const analysis::TraceTable table =
        analysis::read_trace(*opened.source, [&](std::size_t line, std::string_view message) {
          messages.push_back(io::format_diagnostic(
              {.file = opened.source->name(), .line = line, .message = std::string(message)}));
        });
    const auto result = analysis::run_trace_tune(table, options, error);
    if (const auto refusal = analysis::take_thread_refusal(); refusal.asked > 0)
      messages.push_back(
          io::format_diagnostic({.message = refusal.message(), .severity = io::Severity::Warning}));
    if (result) {
      improved = result->improved();
      json = analysis::trace_tune_json(*result, improved || o["force"].cast<bool>());
    }
  }
  if (json.empty()) throw py::value_error(messages.empty() ? error : messages.front());
  py::dict out;
  out["json"] = json;
  out["messages"] = messages;
  out["improved"] = improved;
  return out;
}

}  // namespace

void bind_tune(py::module_& m) {
  m.def("tune_games", &tune_games, py::arg("paths"), py::arg("weights_json"), py::arg("options"));
  m.def("tune_trace", &tune_trace, py::arg("path"), py::arg("start_json"), py::arg("options"));
}

}  // namespace pawnkit::python
