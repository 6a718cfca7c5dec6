// The WebAssembly module of the browser page (web/): embind bindings over the same library
// as the CLI (src/io, src/analysis), so that the page gives the CLI's answers byte for
// byte. Every function returns a Result: the text (JSON or PGN) or the CLI's error message;
// nothing throws (the module is built without exceptions). Games are read from an Input,
// a byte buffer the page fills in the WebAssembly memory; the pipeline runs with one
// worker and no thread (the page runs the module in a Web Worker).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/chess/phase.hpp>
#include <pawnkit/eval/pawn_eval.hpp>
#include <pawnkit/pawns/structures.hpp>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "analysis/find.hpp"
#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "analysis/query/query.hpp"
#include "analysis/replay.hpp"
#include "analysis/similar/search.hpp"
#include "analysis/stats.hpp"
#include "io/diagnostic.hpp"
#include "io/json.hpp"
#include "io/report_writer.hpp"
#include "io/source/byte_source.hpp"
#include "page_input.hpp"
#include "report/stats_writer.hpp"
#include "report/svg.hpp"
#include "streamed_call.hpp"

namespace pawnkit::web {

namespace {

// One line of `analyze --format jsonl` for a FEN or EPD record (without the newline).
Result analyze(const std::string& text) {
  std::string error;
  const std::optional<Position> pos = parse_position(text, error);
  if (!pos) return failure(error);
  std::string fen, out;
  append_fen(fen, *pos);
  const PawnReport report = pawn_report(*pos);
  io::append_jsonl(out, {}, fen, report, classify_structure(*pos), game_phase(*pos));
  out.pop_back();
  return {out, {}, {}, {}};
}

void append_squares(std::string& out, Bitboard b) {
  out += '[';
  bool first = true;
  for (int s = 0; s < 64; ++s)
    if (b >> s & 1) {
      out += first ? "\"" : ",\"";
      out += char('a' + s % 8);
      out += char('1' + s / 8);
      out += '"';
      first = false;
    }
  out += ']';
}

void append_score(std::string& out, eval::Score s) {
  out += "\"mg\": " + std::to_string(s.mg) + ", \"eg\": " + std::to_string(s.eg);
}

// Stockfish 15.1's pawn evaluation of side C, term by term: the pawns each term counts
// and what it adds (evaluate_pawns in include/pawnkit/eval/pawn_eval.hpp is their sum).
template <Color C>
void append_eval_side(std::string& out, Bitboard own, Bitboard enemy) {
  const eval::PawnWeights w;
  out += '{';
  append_score(out, eval::evaluate_pawns<C>(own, enemy));
  out += ", \"terms\": [";
  bool first = true;
  auto term = [&](const char* name, Bitboard pawns, eval::Score value) {
    out += first ? "{\"name\": \"" : ", {\"name\": \"";
    out += name;
    out += "\", \"pawns\": ";
    append_squares(out, pawns);
    out += ", ";
    append_score(out, value);
    out += '}';
    first = false;
  };
  term("connected", eval::connected<C>(own), eval::connected_bonus<C>(own, enemy));
  const Bitboard isolated = eval::isolated_scored<C>(own, enemy);
  term("isolated", isolated, -w.isolated * popcount(isolated));
  const Bitboard doubled_isolated = eval::doubled_isolated<C>(own, enemy);
  term("doubled_isolated", doubled_isolated, -w.doubled * popcount(doubled_isolated));
  const Bitboard unsupported = eval::unsupported_doubled<C>(own);
  term("unsupported_doubled", unsupported, -w.doubled * popcount(unsupported));
  const Bitboard backward = eval::fixed_behind_neighbors<C>(own, enemy);
  term("backward", backward, -w.backward * popcount(backward));
  const Bitboard unopposed = eval::weak_unopposed<C>(own, enemy);
  term("weak_unopposed", unopposed, -w.weak_unopposed * popcount(unopposed));
  const Bitboard lever = eval::weak_lever<C>(own, enemy);
  term("weak_lever", lever, -w.weak_lever * popcount(lever));
  const Bitboard early = eval::doubled_early<C>(own, enemy);
  term("doubled_early", early, -w.doubled_early * popcount(early));
  const Bitboard blocked5 = eval::blocked_on_rank<C>(own, enemy, 4);
  term("blocked_rank_5", blocked5, w.blocked[0] * popcount(blocked5));
  const Bitboard blocked6 = eval::blocked_on_rank<C>(own, enemy, 5);
  term("blocked_rank_6", blocked6, w.blocked[1] * popcount(blocked6));
  out += "]}";
}

// What the page shows beside the pattern spec's keys: the game phase and the pawn evaluation.
// {"phase": "opening", "eval": {"white": {"mg", "eg", "terms": [...]}, "black": {...}}}
Result details(const std::string& text) {
  std::string error;
  const std::optional<Position> pos = parse_position(text, error);
  if (!pos) return failure(error);
  const Bitboard white = pos->pawns(White), black = pos->pawns(Black);
  std::string out = "{\"phase\": \"";
  out += phase_name(game_phase(*pos));
  out += "\", \"eval\": {\"white\": ";
  append_eval_side<White>(out, white, black);
  out += ", \"black\": ";
  append_eval_side<Black>(out, black, white);
  out += "}}";
  return {out, {}, {}, {}};
}

// `pawnkit stats --format json` of the games in `input`.
Result stats(const Input& input, int min_plies, emscripten::val on_progress) {
  if (min_plies < 1 || min_plies > 256) return failure("--min-plies takes 1 to 256");
  if (std::string why = input.unreadable(); !why.empty()) return failure(why);
  std::vector<analysis::StatsWorker> workers{analysis::StatsWorker{min_plies}};
  PageSink sink(std::move(on_progress));
  const auto source = input.source();
  analysis::run_pipeline(*source, std::span(workers), sink);
  std::string charts = "[";
  for (const report::NamedSvg& chart : report::stats_charts(workers[0].stats())) {
    charts += charts.size() > 1 ? ", {\"name\": " : "{\"name\": ";
    io::append_json_string(charts, chart.file_name);
    charts += ", \"svg\": ";
    io::append_json_string(charts, chart.svg);
    charts += '}';
  }
  charts += ']';
  return {report::stats_json(workers[0].stats()), {}, sink.warnings, charts};
}

// An error message with the CLI's caret under the place, or empty when the query compiles.
std::variant<analysis::Query, std::string> compile(const std::string& where) {
  auto compiled = analysis::Query::compile(where);
  if (const auto* error = std::get_if<analysis::QueryError>(&compiled))
    return analysis::format_query_error(where, *error);
  return std::get<analysis::Query>(std::move(compiled));
}

// `pawnkit find --where QUERY [--games]`: JSON lines of the matching positions, or the
// matching games as PGN.
Result find(const Input& input, const std::string& where, int min_plies, bool games,
            emscripten::val on_progress) {
  if (min_plies < 1 || min_plies > 10000) return failure("--min-plies takes 1 to 10000");
  auto compiled = compile(where);
  if (const auto* error = std::get_if<std::string>(&compiled)) return failure(*error);
  if (std::string why = input.unreadable(); !why.empty()) return failure(why);
  const analysis::Query& query = std::get<analysis::Query>(compiled);
  analysis::FindOptions options;
  options.query = &query;
  options.min_plies = min_plies;
  options.games = games;
  std::vector<analysis::FindWorker> workers{analysis::FindWorker{options}};
  PageSink sink(std::move(on_progress));
  const auto source = input.source();
  analysis::run_pipeline(*source, std::span(workers), sink);
  return {sink.output, {}, sink.warnings, {}};
}

// `similar --format jsonl` with the board's position as the target: the games whose pawn
// structure comes closest to it, best first. `min_ply` and `ignored_files` (bit f: file
// a + f) are --min-ply and --ignore-files.
Result similar(const Input& input, const std::string& fen, int top, int min_ply, int ignored_files,
               emscripten::val on_progress) {
  std::string error;
  const std::optional<Position> target = parse_position(fen, error);
  if (!target) return failure(error);
  if (top < 1 || top > 1000) return failure("--top takes 1 to 1000");
  if (min_ply < 0 || min_ply > 100000) return failure("--min-ply takes 0 to 100000");
  if (std::string why = input.unreadable(); !why.empty()) return failure(why);
  analysis::SimilarOptions options;
  options.target = {target->pawns(White), target->pawns(Black)};
  options.top = std::size_t(top);
  options.min_ply = min_ply;
  for (int f = 0; f < 8; ++f)
    if (ignored_files >> f & 1) options.ignored |= file_bb(File(f));
  std::vector<analysis::SimilarWorker> workers{analysis::SimilarWorker{options}};
  PageSink sink(std::move(on_progress));
  const auto source = input.source();
  analysis::run_pipeline(*source, std::span(workers), sink);
  std::string out;
  analysis::append_hits_jsonl(out, analysis::sorted_hits(workers, options.top), {input.name()});
  return {out, {}, sink.warnings, {}};
}

// The games table: one JSON object per game and line, with its tags, plies and the
// named structures it reached in order ({"game", "white", "black", "white_elo",
// "black_elo", "result", "eco", "date", "timecontrol", "event", "plies", "structures",
// "error"}). With game numbers in `only`, only those games, each with its moves (pawnkit's
// SAN), the FEN and the named structure ("" for none) of every ply from the start ("moves",
// "fens", "structure_by_ply"): the page's study export asks for many games in one pass.
class GamesWorker {
 public:
  explicit GamesWorker(std::vector<std::size_t> only) : only_(std::move(only)) {}
  void game(const io::GameRecord& game, std::string& out, std::vector<io::Diagnostic>&) {
    const bool with_moves = !only_.empty();
    // With one game asked for: where its text starts and where the next game's does.
    if (only_.size() == 1 && game.number == only_[0] + 1) next_offset = game.offset;
    if (with_moves && !std::binary_search(only_.begin(), only_.end(), game.number)) return;
    offset = game.offset;
    std::vector<std::string> structures, fens, by_ply;
    std::optional<StructureId> last;
    const analysis::ReplayResult result = analysis::replay(game, [&](const Position& pos, int) {
      const auto named = classify_structure(pos);
      if (named && named->id != last) {
        const std::string name(structure_names[std::size_t(named->id)]);
        if (std::find(structures.begin(), structures.end(), name) == structures.end())
          structures.push_back(name);
      }
      last = named ? std::optional(named->id) : std::nullopt;
      if (with_moves) {
        fens.push_back(to_fen(pos));
        by_ply.push_back(named ? std::string(structure_names[std::size_t(named->id)]) : "");
      }
    });
    out += "{\"game\": " + std::to_string(game.number);
    for (const char* tag : {"White", "Black", "WhiteElo", "BlackElo", "Result", "ECO", "Date",
                            "TimeControl", "Event"}) {
      std::string key = tag == std::string("WhiteElo")   ? "white_elo"
                        : tag == std::string("BlackElo") ? "black_elo"
                                                         : std::string(tag);
      for (char& c : key) c = char(std::tolower(static_cast<unsigned char>(c)));
      out += ", \"" + key + "\": ";
      io::append_json_string(out, std::string(game.tag(tag).value_or("")));
    }
    out += ", \"plies\": " + std::to_string(result.plies) + ", \"structures\": [";
    for (std::size_t i = 0; i < structures.size(); ++i) {
      if (i) out += ", ";
      io::append_json_string(out, structures[i]);
    }
    out += "], \"error\": ";
    io::append_json_string(out, result.outcome == analysis::ReplayOutcome::Complete
                                    ? std::string()
                                    : io::format_diagnostic(result.error));
    if (with_moves) {
      std::vector<std::string> moves;
      analysis::portable_moves(game, moves);
      out += ", \"moves\": [";
      for (std::size_t i = 0; i < moves.size(); ++i) {
        if (i) out += ", ";
        io::append_json_string(out, moves[i]);
      }
      for (const auto& [key, list] :
           {std::pair{"fens", &fens}, std::pair{"structure_by_ply", &by_ply}}) {
        out += "], \"";
        out += key;
        out += "\": [";
        for (std::size_t i = 0; i < list->size(); ++i) {
          if (i) out += ", ";
          io::append_json_string(out, (*list)[i]);
        }
      }
      out += ']';
    }
    out += "}\n";
  }

  // With one game in `only`: where its text starts and the next one's (the end of the
  // input when it is the last).
  std::uint64_t offset = 0, next_offset = ~std::uint64_t(0);
  std::size_t wanted() const { return only_.size(); }

 private:
  std::vector<std::size_t> only_;  // sorted
};

// `only`: the game numbers wanted with their moves, comma-separated ("" or "0": the table).
Result games(const Input& input, const std::string& only, emscripten::val on_progress) {
  if (std::string why = input.unreadable(); !why.empty()) return failure(why);
  std::vector<std::size_t> numbers;
  for (std::size_t at = 0; at < only.size();) {
    const std::size_t comma = std::min(only.find(',', at), only.size());
    const std::size_t number = std::strtoull(only.substr(at, comma - at).c_str(), nullptr, 10);
    if (number) numbers.push_back(number);
    at = comma + 1;
  }
  std::sort(numbers.begin(), numbers.end());
  std::vector<GamesWorker> workers{GamesWorker{std::move(numbers)}};
  PageSink sink(std::move(on_progress));
  const auto source = input.source();
  analysis::run_pipeline(*source, std::span(workers), sink);
  // One game: its text as it is in the file ("pgn"), for the variations and comments that
  // the reader leaves out (the page's move list reads them).
  if (workers[0].wanted() == 1 && sink.output.size() > 2) {
    sink.output.resize(sink.output.size() - 2);  // "}\n"
    sink.output += ", \"pgn\": ";
    io::append_json_string(sink.output, input.text(workers[0].offset, workers[0].next_offset));
    sink.output += "}\n";
  }
  return {sink.output, {}, sink.warnings, {}};
}

// How `show --svg` draws the keys, for the page's overlays: the colour of the i-th key
// shown, the keys drawn as stripes (the move keys) and how many ring keys fit.
// {"palette": ["#d55e00", ...], "stripe_keys": ["defended", ...], "max_rings": 5}
std::string drawing_scheme() {
  std::string out = "{\"palette\": [";
  for (std::size_t i = 0; i == 0 || report::palette_color(i) != report::palette_color(0); ++i) {
    if (i) out += ", ";
    io::append_json_string(out, report::palette_color(i));  // the palette, until it repeats
  }
  out += "], \"stripe_keys\": [";
  for (std::size_t i = 0; i < move_keys.size(); ++i) {
    if (i) out += ", ";
    io::append_json_string(out, move_keys[i].name);
  }
  out += "], \"max_rings\": " + std::to_string(report::max_board_rings) + '}';
  return out;
}

// An error message for a query, with the CLI's caret, or empty when it compiles.
std::string check_query(const std::string& where) {
  auto compiled = compile(where);
  if (const auto* error = std::get_if<std::string>(&compiled)) return *error;
  return {};
}

// The questions above, prepared for the streamed entry (streamed_call.hpp): the Input and
// the callback live until the worker has taken the Result.
void prepare_stats(const Input& input, int min_plies, emscripten::val on_progress) {
  prepare_streamed(
      [&input, min_plies, on_progress] { return stats(input, min_plies, on_progress); });
}

void prepare_find(const Input& input, const std::string& where, int min_plies, bool games,
                  emscripten::val on_progress) {
  prepare_streamed([&input, where, min_plies, games, on_progress] {
    return find(input, where, min_plies, games, on_progress);
  });
}

void prepare_similar(const Input& input, const std::string& fen, int top, int min_ply,
                     int ignored_files, emscripten::val on_progress) {
  prepare_streamed([&input, fen, top, min_ply, ignored_files, on_progress] {
    return similar(input, fen, top, min_ply, ignored_files, on_progress);
  });
}

void prepare_games(const Input& input, const std::string& only, emscripten::val on_progress) {
  prepare_streamed([&input, only, on_progress] { return games(input, only, on_progress); });
}

}  // namespace

}  // namespace pawnkit::web

EMSCRIPTEN_BINDINGS(pawnkit) {
  using namespace emscripten;
  using namespace pawnkit::web;
  value_object<Result>("Result")
      .field("text", &Result::text)
      .field("error", &Result::error)
      .field("warnings", &Result::warnings)
      .field("charts", &Result::charts);
  class_<Input>("Input")
      .constructor<std::string>()
      .function("append", &Input::append)
      .function("size", &Input::size)
      .function("reserve", &Input::reserve)
      .function("startArriving", &Input::start_arriving)
      .function("finish", &Input::finish);
  function("analyze", &analyze);
  function("details", &details);
  function("stats", &stats);
  function("find", &find);
  function("similar", &similar);
  function("games", &games);
  function("checkQuery", &check_query);
  function("prepareStats", &prepare_stats);
  function("prepareFind", &prepare_find);
  function("prepareSimilar", &prepare_similar);
  function("prepareGames", &prepare_games);
  function("drawingScheme", &drawing_scheme);
}
