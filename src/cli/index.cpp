// pawnkit index: builds the structure index (index add) and describes it (index info).
#include <cstdio>
#include <string>

#include "cli/commands.hpp"
#include "cli/game_output.hpp"
#include "cli/inputs.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cli/record_options.hpp"
#include "index/builder.hpp"
#include "index/bytes.hpp"
#include "index/game_visits.hpp"
#include "index/store.hpp"
#include "io/json.hpp"

namespace pawnkit::cli {
namespace {

int run_index_add(const Args& args) {
  RecordOptions record_options;
  Options options(
      "index add", "index add [--threads N] [--batch-games N] [--strict] DB FILE...",
      "Adds the games of PGN files (.pgn, .pgn.gz, .pgn.bz2, .pgn.zst, '-' for standard input)\n"
      "to the structure index DB (a directory, created when missing): for every pawn\n"
      "placement, centre and named structure each game reached, its result, the move that\n"
      "left it and the game as a model-game candidate (docs/explorer.md). A game already in\n"
      "the index (the same tags and moves, from any file) is not added again, so a build\n"
      "that was killed is completed by running the same command again. Games with errors\n"
      "are reported on standard error and left out; the exit status is then 1.");
  record_options.add_threads(options, "worker threads, default: every core");
  record_options.add_strict(options);
  int batch_games = 32768;
  options.integer("batch-games", batch_games, 1, 1 << 22,
                  "games per write batch (each written whole or not at all), default 32768");
  options.needs_operand("DB");
  std::vector<std::string_view> operands;
  if (const auto status = record_options.parse(options, args, operands)) return *status;
  const std::string db(operands.front());
  std::vector<std::string_view> files(operands.begin() + 1, operands.end());
  if (files.empty()) files.push_back("-");

  std::string error;
  auto store = index_db::Store::open(db, index_db::Store::Mode::Write, error);
  if (!store) {
    report_error("index add", db + ": " + error);
    return 1;
  }
  index_db::IndexBuilder builder(*store, std::size_t(batch_games));
  Output out;
  GameOutput messages(out, 0);
  index_db::IndexSink sink(builder, messages);
  std::vector<index_db::IndexWorker> workers(std::size_t(record_options.threads));
  // One thread: the games go to the builder as they are replayed, not through the text.
  if (workers.size() == 1) workers.front().set_direct(&builder);
  std::size_t warnings = 0;
  const bool all_opened =
      for_each_input(files, "pgn", [&](std::string_view file, io::OpenedInput& opened) {
        messages.next_file(input_size(file));
        builder.set_file(file);
        warnings += analysis::run_pipeline(*opened.source, std::span(workers), sink,
                                           record_options.pipeline_options())
                        .warnings;
        return sink.error.empty() && builder.error().empty();
      });
  if (sink.error.empty()) sink.error = builder.flush();
  if (sink.error.empty() && builder.needs_compaction()) sink.error = store->compact();
  if (!sink.error.empty()) {
    report_error("index add", db + ": " + sink.error);
    return 1;
  }
  analysis::GameCounts counts;
  for (const auto& w : workers) counts.add(w.counts());
  std::fprintf(stderr, "pawnkit: index add: %llu games added, %llu already in the index\n",
               (unsigned long long)builder.counts().added,
               (unsigned long long)builder.counts().duplicates);
  report_totals("index add", counts.bad, counts.skipped);
  report_warning_total("index add", warnings);
  return counts.bad || !all_opened ? 1 : 0;
}

struct IndexSummary {
  std::uint64_t games = 0, exact = 0, center = 0, structures = 0, bytes = 0;
  std::vector<std::pair<std::string, std::uint64_t>> sources;
};

std::string summarize(const index_db::Store& store, IndexSummary& s) {
  std::string error;
  s.games = store.games(error);
  if (!error.empty()) return error;
  for (auto [prefix, counter] :
       {std::pair{"E", &s.exact}, {"C", &s.center}, {"S", &s.structures}}) {
    // A structured binding cannot be captured before C++20 in clang 14: copy the pointer.
    std::uint64_t* count = counter;
    error = store.scan(prefix, [count](std::string_view, std::string_view) { ++*count; });
    if (!error.empty()) return error;
  }
  error = store.scan("F", [&](std::string_view key, std::string_view value) {
    index_db::ByteReader in(value);
    s.sources.emplace_back(std::string(key.substr(1)), in.varint());
  });
  s.bytes = store.bytes();
  return error;
}

int run_index_info(const Args& args) {
  std::string format = "table";
  Options options("index info", "index info [--format table|json] DB",
                  "Describes the structure index DB: games, exact placements, centre placements,\n"
                  "named structures (with the side holding them), the source files and the bytes\n"
                  "on disk.");
  options.value("format", format, "output format, default table", {"table", "json"});
  options.needs_operand("DB");
  std::vector<std::string_view> operands;
  if (const auto status = options.parse(args, operands)) return *status;
  const std::string db(operands.front());
  std::string error;
  auto store = index_db::Store::open(db, index_db::Store::Mode::ReadOnly, error);
  IndexSummary s;
  if (store) error = summarize(*store, s);
  if (!error.empty()) {
    report_error("index info", db + ": " + error);
    return 1;
  }
  std::string text;
  if (format == "json") {
    text = "{\"games\": " + std::to_string(s.games) +
           ", \"placements\": " + std::to_string(s.exact) +
           ", \"center_placements\": " + std::to_string(s.center) +
           ", \"structures\": " + std::to_string(s.structures) +
           ", \"bytes\": " + std::to_string(s.bytes) + ", \"sources\": [";
    for (std::size_t i = 0; i < s.sources.size(); ++i) {
      text += i ? ", {\"file\": " : "{\"file\": ";
      io::append_json_string(text, s.sources[i].first);
      text += ", \"games\": " + std::to_string(s.sources[i].second) + "}";
    }
    text += "]}\n";
  } else {
    char line[160];
    std::snprintf(line, sizeof line,
                  "games              %llu\nplacements         %llu\ncenter placements  %llu\n"
                  "structures         %llu\nbytes              %llu (%.1f per game)\nsources\n",
                  (unsigned long long)s.games, (unsigned long long)s.exact,
                  (unsigned long long)s.center, (unsigned long long)s.structures,
                  (unsigned long long)s.bytes, s.games ? double(s.bytes) / double(s.games) : 0.0);
    text = line;
    for (const auto& [file, games] : s.sources)
      text += "  " + std::to_string(games) + "  " + file + "\n";
  }
  std::fputs(text.c_str(), stdout);
  return 0;
}

}  // namespace

int run_index(const Args& args) {
  const std::string_view sub = args.empty() ? std::string_view() : args.front();
  const Args rest(args.empty() ? args.begin() : args.begin() + 1, args.end());
  if (sub == "add") return run_index_add(rest);
  if (sub == "info") return run_index_info(rest);
  if (sub == "--help" || sub == "-h") {
    std::puts(
        "usage: pawnkit index add [--threads N] DB FILE...\n"
        "       pawnkit index info [--format table|json] DB\n"
        "Run 'pawnkit index add --help' or 'pawnkit index info --help' for their options.");
    return 0;
  }
  report_error("index", "takes 'add' or 'info' (pawnkit index --help)");
  return 2;
}

}  // namespace pawnkit::cli
