// pawnkit.Index: a structure index read from Python. The answer is the explore layer's
// JSON text (explore/answer_writer.hpp), the same bytes `pawnkit explore --format json`
// prints, which python/pawnkit/_index.py parses: one writer, so the two cannot differ.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "explore/answer_writer.hpp"
#include "explore/explorer.hpp"
#include "index/merge_index.hpp"
#include "index/store.hpp"

namespace py = pybind11;

namespace pawnkit::python {
namespace {

class IndexReader {
 public:
  explicit IndexReader(const std::string& path) {
    std::string error;
    store_ = index_db::Store::open(path, index_db::Store::Mode::ReadOnly, error);
    if (!store_) {
      PyErr_SetString(PyExc_OSError, (path + ": " + error).c_str());
      throw py::error_already_set();
    }
  }

  std::string explore_json(const std::string& fen, const std::string& match, int min_elo,
                           const std::vector<std::string>& speeds, const std::string& since,
                           const std::string& until, int games) const {
    explore::Query query;
    if (games < 0 || games > int(index_db::candidates_per_cell))
      throw py::value_error("games takes 0 to " + std::to_string(index_db::candidates_per_cell));
    query.games = std::size_t(games);
    if (std::string e = explore::set_filters(query, min_elo, speeds, since, until, match);
        !e.empty())
      throw py::value_error(e);
    if (std::string e = explore::set_pawns(query, fen); !e.empty()) throw py::value_error(e);
    explore::Answer answer;
    std::string error;
    {
      py::gil_scoped_release release;
      error = explore::explore(*store_, query, answer);
    }
    if (!error.empty()) {
      if (error.starts_with("these pawns")) throw py::value_error(error);
      PyErr_SetString(PyExc_OSError, error.c_str());
      throw py::error_already_set();
    }
    answer.fen = fen;
    std::string out;
    explore::append_answer_json(out, answer, query.match);
    return out;
  }

 private:
  std::unique_ptr<index_db::Store> store_;
};

// Merges the partial indexes `parts` into `db` in their order (pawnkit.dask.index) until
// one holds a game already in `db`; returns how many were merged (that one was not).
std::size_t merge_indexes(const std::string& db, const std::vector<std::string>& parts) {
  std::string error;
  std::size_t merged = 0;
  {
    py::gil_scoped_release release;
    auto target = index_db::Store::open(db, index_db::Store::Mode::Write, error);
    if (!target) error = db + ": " + error;
    for (; target && error.empty() && merged < parts.size(); ++merged) {
      auto part = index_db::Store::open(parts[merged], index_db::Store::Mode::ReadOnly, error);
      if (!part) {
        error = parts[merged] + ": " + error;
        break;
      }
      const auto outcome = index_db::merge_index(*target, *part, error);
      if (!error.empty()) error = db + ": " + error;
      if (!error.empty() || outcome == index_db::MergeOutcome::HasDuplicates) break;
    }
    if (error.empty() && merged > 0) error = target->compact();
  }
  if (!error.empty()) {
    PyErr_SetString(PyExc_OSError, error.c_str());
    throw py::error_already_set();
  }
  return merged;
}

}  // namespace

void bind_index(py::module_& m) {
  py::class_<IndexReader>(m, "IndexReader")
      .def(py::init<const std::string&>(), py::arg("path"))
      .def("explore_json", &IndexReader::explore_json, py::arg("fen"), py::arg("match"),
           py::arg("min_elo"), py::arg("speeds"), py::arg("since"), py::arg("until"),
           py::arg("games"),
           "The answer of `pawnkit explore --format json` for these arguments, as text.");
  m.def("merge_indexes", &merge_indexes, py::arg("db"), py::arg("parts"),
        "Merges partial indexes into db in order, up to the first one holding a game db has;\n"
        "returns how many were merged.");
}

}  // namespace pawnkit::python
