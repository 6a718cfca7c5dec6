// pawnkit.games: one row per game, made by a worker of its own. Why not from the position
// rows: a games table needs no pawn report per position, only the last ply, the named
// structures (classified when the pawns or the ending change, as stats does) and the tags;
// building it from pawnkit.positions cost 23x the time of stats and memory in proportion
// to positions.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/pawns/structures.hpp>

#include <array>
#include <cstdint>
#include <cstring>

#include "analysis/game_workers.hpp"
#include "analysis/replay.hpp"
#include "bindings.hpp"
#include "game_key.hpp"
#include "game_runs.hpp"
#include "record_bytes.hpp"

namespace py = pybind11;

namespace pawnkit::python {

namespace {

// A named structure a game reached: its id, its holder (0 white, 1 black), its first ply.
struct Reached {
  std::int8_t id, side;
  std::int32_t ply;
};

// One record per game: number, key, last ply (-1: no position), the structures reached,
// the tags (size -1: absent). The Result tag is the result as stats scores it (as in
// pawnkit.positions: the result token, the tag only without one).
class GameTableWorker {
 public:
  explicit GameTableWorker(const std::vector<std::string>* tags) : tags_(tags) {}

  void game(const io::GameRecord& game, std::string& out,
            std::vector<io::Diagnostic>& diagnostics) {
    std::int32_t last_ply = -1;
    std::array<Bitboard, 2> pawns{~Bitboard{0}, ~Bitboard{0}};
    bool ending = false;
    reached_.clear();
    const analysis::ReplayResult result = analysis::replay(game, [&](const Position& pos, int ply) {
      last_ply = std::int32_t(ply);
      const bool now_ending = in_ending(pos);
      if (pos.pawns(White) == pawns[0] && pos.pawns(Black) == pawns[1] && now_ending == ending)
        return;
      pawns = {pos.pawns(White), pos.pawns(Black)};
      ending = now_ending;
      const auto match = classify_structure(pos);
      if (!match) return;
      const Reached now{std::int8_t(match->id), std::int8_t(match->side == White ? 0 : 1),
                        last_ply};
      for (const Reached& r : reached_)
        if (r.id == now.id && r.side == now.side) return;
      reached_.push_back(now);
    });
    analysis::note_outcome(result, counts_, diagnostics);
    const index_db::ContentHash key = index_db::content_hash(game);
    put(out, std::uint64_t(game.number));
    put(out, key.high);
    put(out, key.low);
    put(out, last_ply);
    put(out, std::uint16_t(reached_.size()));
    for (const Reached& r : reached_) put(out, r);
    for (const std::string& name : *tags_) {
      std::optional<std::string_view> value = game.tag(name);
      if (name == "Result" && !game.result.empty()) value = game.result;
      put(out, std::int32_t(value ? std::int32_t(value->size()) : -1));
      if (value) out += *value;
    }
  }
  const analysis::GameCounts& counts() const { return counts_; }

 private:
  const std::vector<std::string>* tags_;
  analysis::GameCounts counts_;
  std::vector<Reached> reached_;
};

// The records of every game as columns: file, game, game_key (32 hex digits), plies (-1:
// none), structures ([(name, holder, first ply)]), and each tag's values (str or None).
py::dict table_columns(const std::string& text, const std::vector<std::size_t>& input_ends,
                       int first_file, const std::vector<std::string>& tags) {
  std::vector<std::int32_t> files;
  std::vector<std::int64_t> games;
  std::vector<std::int32_t> plies;
  py::list keys, structures;
  std::vector<py::list> tag_values(tags.size());
  const auto& names = structure_names;
  const char* const begin = text.data();
  const char* p = begin;
  const char* const end = begin + text.size();
  std::size_t input = 0;
  while (p < end) {
    while (input < input_ends.size() && std::size_t(p - begin) >= input_ends[input]) ++input;
    files.push_back(first_file + int(input));
    games.push_back(std::int64_t(take<std::uint64_t>(p)));
    const auto high = take<std::uint64_t>(p), low = take<std::uint64_t>(p);
    keys.append(py::str(key_hex(high, low)));
    plies.push_back(take<std::int32_t>(p));
    const auto count = take<std::uint16_t>(p);
    py::list reached;
    for (std::uint16_t i = 0; i < count; ++i) {
      const Reached r = take<Reached>(p);
      reached.append(py::make_tuple(std::string(names[std::size_t(r.id)]),
                                    r.side == 0 ? "white" : "black", r.ply));
    }
    structures.append(reached);
    for (std::size_t t = 0; t < tags.size(); ++t) {
      const auto size = take<std::int32_t>(p);
      if (size < 0) {
        tag_values[t].append(py::none());
        continue;
      }
      PyObject* value = PyUnicode_DecodeUTF8(p, py::ssize_t(size), "replace");
      if (!value) throw py::error_already_set();
      tag_values[t].append(py::reinterpret_steal<py::object>(value));
      p += size;
    }
  }
  py::dict out;
  out["file"] = py::array_t<std::int32_t>(py::ssize_t(files.size()), files.data());
  out["game"] = py::array_t<std::int64_t>(py::ssize_t(games.size()), games.data());
  out["plies"] = py::array_t<std::int32_t>(py::ssize_t(plies.size()), plies.data());
  out["game_key"] = keys;
  out["structures"] = structures;
  py::dict tag_columns;
  for (std::size_t t = 0; t < tags.size(); ++t) tag_columns[py::str(tags[t])] = tag_values[t];
  out["tags"] = tag_columns;
  return out;
}

py::tuple game_table(std::vector<std::pair<std::string, std::optional<std::string>>> paths,
                     const std::vector<std::string>& tags, int threads, bool strict, int first_file,
                     const py::object& on_progress) {
  const int workers_wanted = resolve_threads(threads);
  // The memory sources read the bytes in `given`: it outlives them.
  const std::vector<Input> given = to_inputs(std::move(paths));
  std::vector<io::OpenedInput> inputs = open_games(given, "games");
  std::vector<GameTableWorker> workers(std::size_t(workers_wanted), GameTableWorker{&tags});
  ProgressCounter progress;
  CollectingSink sink(progress);
  std::vector<std::size_t> input_ends;  // where each input's records end in sink.output
  for (io::OpenedInput& input : inputs) {
    std::vector<io::OpenedInput> one;
    one.push_back(std::move(input));
    run_games(one, workers, sink, progress, strict, on_progress);
    input_ends.push_back(sink.output.size());
  }
  analysis::GameCounts counts;
  for (const auto& w : workers) counts.add(w.counts());
  return py::make_tuple(table_columns(sink.output, input_ends, first_file, tags),
                        problems(counts, sink));
}

}  // namespace

void bind_game_table(py::module_& m) {
  m.def("game_table", &game_table, py::arg("inputs"), py::arg("tags"), py::arg("threads"),
        py::arg("strict"), py::arg("first_file"), py::arg("on_progress"));
}

}  // namespace pawnkit::python
