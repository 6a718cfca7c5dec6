// The extension module pawnkit._pawnkit: the C++ half of the Python package. The Python
// half (python/pawnkit/*.py) turns what these functions return into DataFrames and
// warnings; every heavy loop stays here, with the GIL released.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <pawnkit/version.hpp>

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/chess/phase.hpp>
#include <pawnkit/pawns/structures.hpp>

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>

#include "analysis/position_analysis.hpp"
#include "bindings.hpp"
#include "game_key.hpp"
#include "huge_page_arenas.hpp"
#include "io/diagnostic.hpp"
#include "io/report_writer.hpp"
#include "positions.hpp"

namespace py = pybind11;

namespace pawnkit::python {

io::OpenedInput open_input(const Input& input) {
  if (!input.data) return io::open_input(input.name);
  io::OpenedInput opened;
  io::OpenedSource source =
      io::decode_source(io::make_view_source(*input.data, input.name), input.name);
  if (!source.ok()) {
    opened.error = std::move(source.error);
    return opened;
  }
  io::DetectedInput detected = io::detect_input_format(std::move(source.source), input.name, {});
  opened.format = detected.format;
  opened.source = std::move(detected.source);
  return opened;
}

void check_min_plies(int min_plies, int max) {
  if (min_plies < 1 || min_plies > max)
    throw py::value_error("min_plies takes 1 to " + std::to_string(max));
}

void run_interruptible(const std::function<void(const std::atomic<bool>& stop)>& work,
                       const ProgressCounter& progress, const py::object& on_progress) {
  std::atomic<bool> stop{false}, done{false};
  std::exception_ptr failure;
  std::mutex mutex;
  std::condition_variable finished;
  std::thread thread([&] {
    try {
      work(stop);
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard lock(mutex);
    done = true;
    finished.notify_all();
  });
  auto join = [&] {
    py::gil_scoped_release release;
    thread.join();
  };
  for (;;) {
    {
      py::gil_scoped_release release;
      std::unique_lock lock(mutex);
      finished.wait_for(lock, signal_poll_interval, [&] { return done.load(); });
    }
    if (PyErr_CheckSignals() != 0) {  // KeyboardInterrupt (or what a handler raised)
      stop = true;
      join();
      throw py::error_already_set();
    }
    if (!on_progress.is_none()) {
      const Progress now = progress.load();
      try {
        on_progress(now.games, now.bytes);
      } catch (...) {
        stop = true;
        join();
        throw;
      }
    }
    if (done) break;
  }
  join();
  if (failure) std::rethrow_exception(failure);
}

int resolve_threads(int threads) {
  if (threads < 0 || threads > 256) throw py::value_error("threads takes 0 (every core) to 256");
  return threads == 0 ? int(std::max(1u, std::thread::hardware_concurrency())) : threads;
}

analysis::Query compile_query(const std::string& where) {
  auto compiled = analysis::Query::compile(where);
  if (const auto* error = std::get_if<analysis::QueryError>(&compiled)) {
    std::string text = analysis::format_query_error(where, *error);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    throw py::value_error(text);
  }
  return std::get<analysis::Query>(std::move(compiled));
}

namespace {

// The same record as one line of `analyze --format jsonl` on a FEN/EPD line, as text,
// with the warnings of the repairs the lenient reading made (none when strict: a repair
// is an error then, as with --strict).
std::pair<std::string, std::vector<std::string>> analyze_json(const std::string& text,
                                                              bool strict) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos)
    throw py::value_error("empty line, expected a FEN or EPD record");
  FenRepairs repairs;
  const Parsed<EpdRecord> record = strict ? parse_epd(text) : parse_epd_lenient(text, repairs);
  if (!record) throw py::value_error(io::parse_error_message("invalid FEN", record.error(), text));
  std::vector<std::string> warnings;
  if (!strict)
    for (const FenRepair& repair : repairs)
      warnings.push_back(io::parse_error_message("FEN", repair, text));
  std::string fen, out;
  append_fen(fen, record->position);
  const PawnReport report = pawn_report(record->position);
  io::append_jsonl(out, {}, fen, report, classify_structure(record->position),
                   game_phase(record->position));
  return {std::move(out), std::move(warnings)};
}

// A column's mapped block as a numpy array of `shape` and `strides` (bytes), no copy: the
// array owns the block.
template <class T>
py::array_t<T> mapped_array(MappedColumn<T>& column, std::vector<py::ssize_t> shape,
                            std::vector<py::ssize_t> strides) {
  auto* block = new MappedBlock(column.release());
  py::capsule owner(block, [](void* p) { delete static_cast<MappedBlock*>(p); });
  return py::array_t<T>(std::move(shape), std::move(strides), static_cast<T*>(block->data), owner);
}

template <class T>
py::array_t<T> mapped_array(MappedColumn<T>& column) {
  const auto n = py::ssize_t(column.size());
  return mapped_array(column, {n}, {py::ssize_t(sizeof(T))});
}

// An object array filled with `make(i)` (new references).
template <class Make>
py::array object_array(std::size_t n, Make&& make) {
  py::array array(py::dtype("O"), py::array::ShapeContainer{py::ssize_t(n)});
  auto** data = static_cast<PyObject**>(array.mutable_data());
  for (std::size_t i = 0; i < n; ++i) {
    PyObject* value = make(i);
    if (!value) throw py::error_already_set();
    Py_XDECREF(data[i]);
    data[i] = value;
  }
  return array;
}

// A str of ASCII text (a FEN is ASCII), without the UTF-8 decoder.
PyObject* ascii_str(const char* text, std::size_t size) {
  PyObject* str = PyUnicode_New(py::ssize_t(size), 127);
  if (str) std::memcpy(PyUnicode_DATA(str), text, size);
  return str;
}

std::vector<std::string> bitboard_column_names() {
  std::vector<std::string> names;
  for (const char* side : {"white_", "black_"})
    for (const SquareSetKey& key : bitboard_keys) names.push_back(side + std::string(key.name));
  return names;
}

std::vector<std::string> structure_categories() {
  return {structure_names.begin(), structure_names.end()};
}

std::vector<std::string> phase_categories() { return {phase_names.begin(), phase_names.end()}; }

// A chunk as plain arrays; python/pawnkit/_frames.py makes the DataFrame. Every column but
// the strings is the block the rows were written into.
py::dict chunk_arrays(PositionColumns&& c, const PositionStream& stream) {
  const std::vector<std::string>& tags = stream.request().tags;
  const bool fen = stream.request().fen;
  const WantedColumns& wanted = stream.request().wanted;
  const std::size_t n = c.rows();
  // The strings (a million FENs) go into huge-page arenas: see huge_page_arenas.hpp.
  const HugePageArenas arenas;
  py::dict out;
  if (fen) {
    const char* text = c.fen_text.data();
    const std::uint64_t* ends = c.fen_end.data();
    out["fen"] = object_array(n, [&](std::size_t i) {
      const std::uint64_t begin = i ? ends[i - 1] : 0;
      return ascii_str(text + begin, ends[i] - begin);
    });
  }
  // Tag values: one str (or None) per game with rows in the chunk, and each row's game
  // (game_slot): python/pawnkit/_frames.py types them (categorical, integer, date).
  py::dict tag_columns;
  for (std::size_t t = 0; t < tags.size(); ++t) {
    tag_columns[py::str(tags[t])] = object_array(c.game_tags.size(), [&](std::size_t g) {
      const std::optional<std::string>& value = c.game_tags[g][t];
      if (!value) return py::none().release().ptr();
      return PyUnicode_DecodeUTF8(value->data(), py::ssize_t(value->size()), "replace");
    });
  }
  out["tags"] = tag_columns;
  // Each game's key: its 128-bit content hash as 32 hex digits.
  if (wanted.game_key)
    out["game_keys"] = object_array(c.game_keys.size(), [&](std::size_t g) {
      const std::string hex = key_hex(c.game_keys[g][0], c.game_keys[g][1]);
      return ascii_str(hex.data(), hex.size());
    });
  // Only the wanted columns (the others were never filled).
  if (stream.with_game_slot()) out["game_slot"] = mapped_array(c.game_slot);
  if (wanted.file) out["file"] = mapped_array(c.file);
  if (wanted.game) out["game"] = mapped_array(c.game);
  if (wanted.game_id) out["game_id"] = mapped_array(c.game_id);
  if (wanted.ply) out["ply"] = mapped_array(c.ply);
  // One array per bitboard column, each its own block (None for one not wanted).
  py::list bitboards;
  for (std::size_t k = 0; k < c.bitboards.size(); ++k)
    bitboards.append(wanted.bitboards[k] ? py::object(mapped_array(c.bitboards[k])) : py::none());
  out["bitboards"] = bitboards;
  if (wanted.islands[0]) out["white_islands"] = mapped_array(c.islands[0]);
  if (wanted.islands[1]) out["black_islands"] = mapped_array(c.islands[1]);
  if (wanted.structure) out["structure"] = mapped_array(c.structure);
  if (wanted.structure_side) out["structure_side"] = mapped_array(c.structure_side);
  if (wanted.phase) out["phase"] = mapped_array(c.phase);
  return out;
}

// The columns named in pawnkit.positions(columns=...) (the FEN and the tags are said
// by the request's fen and tags); any other name is a ValueError.
WantedColumns wanted_columns(const std::vector<std::string>& names,
                             const std::vector<std::string>& tags) {
  WantedColumns wanted;
  wanted.file = wanted.game = wanted.game_id = wanted.ply = wanted.game_key = false;
  wanted.islands = {false, false};
  wanted.structure = wanted.structure_side = wanted.phase = false;
  wanted.bitboards.fill(false);
  const std::vector<std::string> bitboard_names = bitboard_column_names();
  const std::pair<const char*, bool*> flags[] = {{"file", &wanted.file},
                                                 {"game", &wanted.game},
                                                 {"game_id", &wanted.game_id},
                                                 {"ply", &wanted.ply},
                                                 {"game_key", &wanted.game_key},
                                                 {"white_islands", &wanted.islands[0]},
                                                 {"black_islands", &wanted.islands[1]},
                                                 {"structure", &wanted.structure},
                                                 {"structure_side", &wanted.structure_side},
                                                 {"phase", &wanted.phase}};
  for (const std::string& name : names) {
    bool* flag = nullptr;
    for (const auto& [known, where] : flags)
      if (name == known) flag = where;
    for (std::size_t k = 0; k < bitboard_names.size(); ++k)
      if (name == bitboard_names[k]) flag = &wanted.bitboards[k];
    if (flag) {
      *flag = true;
    } else if (name != "fen" && std::find(tags.begin(), tags.end(), name) == tags.end()) {
      throw py::value_error("columns: unknown column '" + name + "'");
    }
  }
  return wanted;
}

py::dict problems_dict(const PositionProblems& problems) {
  py::dict out;
  out["bad"] = problems.bad;
  out["skipped"] = problems.skipped;
  out["messages"] = problems.messages;
  out["warnings"] = problems.warnings;
  out["warning_messages"] = problems.warning_messages;
  return out;
}

// Raises the stream's fatal problem (a file that cannot be opened) as OSError.
void raise_fatal(const PositionProblems& problems) {
  if (problems.fatal.empty()) return;
  PyErr_SetString(PyExc_OSError, problems.fatal.c_str());
  throw py::error_already_set();
}

}  // namespace

}  // namespace pawnkit::python

PYBIND11_MODULE(_pawnkit, m) {
  using namespace pawnkit;
  using namespace pawnkit::python;
  m.doc() = "pawnkit's C++ core: pawn structure with bitboards";
  // The library's version, compiled in: pawnkit.__version__ (and the wheel's version, which
  // pyproject.toml reads from the same header).
  m.attr("version") = PAWNKIT_VERSION_STRING;

  m.def("analyze_json", &analyze_json, py::arg("fen"), py::arg("strict"),
        "One line of `pawnkit analyze --format jsonl` for a FEN or EPD record, as text, and "
        "the warnings of its repairs.");
  m.def("bitboard_column_names", &bitboard_column_names);
  m.def("structure_categories", &structure_categories);
  m.def("phase_categories", &phase_categories);
  m.def("kept_column_bytes", &BlockPool::kept,
        "Bytes of column memory kept for reuse after the arrays that held them were freed.");
  m.def(
      "release_column_memory",
      [] {
        BlockPool::clear();
        HugePageArenas::release_kept();
      },
      "Unmaps the column memory and the string arenas kept for reuse (the next call maps fresh "
      "memory).");

  py::class_<PositionStream>(m, "PositionStream")
      .def(py::init([](std::vector<std::pair<std::string, std::optional<std::string>>> inputs,
                       std::optional<std::string> where, int min_plies,
                       std::vector<std::string> tags, bool fen, bool strict, int threads,
                       std::size_t chunk_rows, int first_file,
                       const std::optional<std::vector<std::string>>& columns) {
             check_min_plies(min_plies, 10000);
             PositionRequest request;
             for (auto& [name, data] : inputs)
               request.inputs.push_back({std::move(name), std::move(data)});
             if (where) request.where = compile_query(*where);
             request.min_plies = min_plies;
             request.tags = std::move(tags);
             request.fen = fen;
             request.strict = strict;
             request.threads = resolve_threads(threads);
             request.chunk_rows = chunk_rows;
             if (first_file < 0) throw py::value_error("first_file must be at least 0");
             request.first_file = first_file;
             if (columns) request.wanted = wanted_columns(*columns, request.tags);
             return std::make_unique<PositionStream>(std::move(request));
           }),
           py::arg("inputs"), py::arg("where"), py::arg("min_plies"), py::arg("tags"),
           py::arg("fen"), py::arg("strict"), py::arg("threads"), py::arg("chunk_rows"),
           py::arg("first_file") = 0, py::arg("columns") = py::none())
      .def(
          "next",
          [](PositionStream& stream, const py::object& on_progress) -> py::object {
            // Waits in short slices, the GIL released, looking at Python's signals in
            // between: Ctrl-C stops the stream's threads and raises KeyboardInterrupt.
            for (;;) {
              bool ready;
              {
                py::gil_scoped_release release;
                ready = stream.wait_ready(signal_poll_interval);
              }
              if (PyErr_CheckSignals() != 0) {
                py::gil_scoped_release release;
                stream.stop();
              }
              if (PyErr_Occurred()) throw py::error_already_set();
              if (!on_progress.is_none()) {
                const Progress now = stream.progress();
                on_progress(now.games, now.bytes);
              }
              if (ready) break;
            }
            std::unique_ptr<PositionColumns> chunk = stream.next();
            if (!chunk) {
              raise_fatal(stream.problems());
              return py::none();
            }
            return chunk_arrays(std::move(*chunk), stream);
          },
          py::arg("on_progress") = py::none())
      .def("problems", [](PositionStream& stream) { return problems_dict(stream.problems()); })
      .def("cancel", &PositionStream::cancel)
      .def("stop", &PositionStream::stop, py::call_guard<py::gil_scoped_release>());

  bind_games(m);
  bind_game_table(m);
  bind_bitboards(m);
  bind_trace(m);
  bind_split_origin(m);
  bind_tune(m);
  bind_index(m);
}
