// pawnkit._pawnkit.split_origin(name, data): where a shard of `pawnkit split` starts in
// its original file, from the shard's first line (io/split_origin.hpp), so that
// pawnkit.dask names the original file, game and line in its messages.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "bindings.hpp"
#include "io/split_origin.hpp"

namespace py = pybind11;

namespace pawnkit::python {

void bind_split_origin(py::module_& m) {
  m.def(
      "split_origin",
      [](std::string name, std::optional<py::bytes> data) -> py::object {
        Input input{std::move(name), std::nullopt};
        if (data) input.data = std::string(*data);
        io::OpenedInput opened = open_input(input);
        if (!opened.ok()) return py::none();  // the reading itself reports it
        const auto origin = io::read_split_origin(*opened.source);
        if (!origin) return py::none();
        return py::make_tuple(origin->file, origin->first_game, origin->first_line);
      },
      py::arg("name"), py::arg("data") = py::none(),
      "(file, first game, first line) of a shard of `pawnkit split`; None for other input.");
}

}  // namespace pawnkit::python
