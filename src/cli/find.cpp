// pawnkit find: the positions (or whole games) of FEN/EPD/PGN input where a query holds.
#include "analysis/find.hpp"

#include <cstdio>
#include <optional>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/pawn_report.hpp>
#include <pawnkit/chess/phase.hpp>
#include <string>
#include <variant>

#include "analysis/pipeline.hpp"
#include "analysis/position_analysis.hpp"
#include "analysis/query/query.hpp"
#include "cli/commands.hpp"
#include "cli/game_output.hpp"
#include "cli/inputs.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "cli/record_options.hpp"
#include "io/report_writer.hpp"
#include "io/source/input_format.hpp"

namespace pawnkit::cli {

namespace {

struct EpdCounts {
  std::size_t bad = 0, matches = 0, warnings = 0;
};

// Runs the query over one FEN/EPD stream, writing the matching records.
EpdCounts find_positions(io::ByteSource& source, const analysis::Query& query, bool count_only,
                         bool strict, Output& out) {
  EpdCounts counts;
  std::string fen;
  auto on_record = [&](const EpdRecord& record) {
    const Position& pos = record.position;
    const PawnReport report = pawn_report(pos);
    if (!query.matches(analysis::query_context(query, pos, report, -1, nullptr))) return;
    ++counts.matches;
    if (count_only) return;
    fen.clear();
    append_fen(fen, pos);
    io::append_jsonl(out.buffer(), {}, fen, report, classify_structure(pos), game_phase(pos));
    out.flush_if_full();
  };
  auto on_error = [&](std::size_t line, std::string_view message) {
    report(io::Diagnostic{.file = source.name(), .line = line, .message = std::string(message)});
    ++counts.bad;
  };
  auto on_warning = [&](std::size_t line, std::string_view message) {
    report(io::Diagnostic{.file = source.name(),
                          .line = line,
                          .message = std::string(message),
                          .severity = io::Severity::Warning});
    ++counts.warnings;
  };
  analysis::for_each_epd_record(source, {.strict = strict}, on_record, on_error, on_warning);
  return counts;
}

// What a find run asks for, from its options.
struct FindRequest {
  std::string where, annotate_text;
  RecordOptions record_options;
  bool games = false, count_only = false;
  std::vector<std::string_view> files;
};

// Reads find's options into `request`; a status to exit with when they are wrong or help
// was asked for.
std::optional<int> parse_find_options(const Args& args, FindRequest& request) {
  RecordOptions& record_options = request.record_options;
  Options options(
      "find",
      "find --where EXPR [--games [--annotate KEYS]] [--min-plies N] [--count] [--threads N] "
      "[FILE|-]...",
      with_record_input_help(
          "Writes the positions where the expression holds, as the JSON lines of 'analyze\n"
          "--format jsonl' (with \"game\" and \"ply\" for PGN input), or with --games the whole\n"
          "matching games as PGN, a comment marking the first matching ply. The language is\n"
          "described in docs/query.md; for example\n"
          "  --where 'count(white.isolated) >= 2 and tag.WhiteElo >= 2400'\n"
          "  --where 'white.hanging == {c4,d4} or d4 in white.isolated'",
          "A bad expression exits with 2."));
  options.value("where", request.where, "the query expression (required)")
      .flag("games", request.games, "write the matching games as PGN (PGN input only)")
      .value("annotate", request.annotate_text,
             "with --games, mark the squares of these keys (e.g. holes,outposts) and the\n"
             "                        structure at the first matching ply, as [%csl] for GUIs");
  record_options.add_min_plies(
      options, 10000, "1",
      "the expression must hold for N consecutive plies of a game (positions are\n"
      "                        written from the N-th on), default 1");
  options.flag("count", request.count_only,
               "print only the number of matching positions (games with --games)");
  record_options.add_reading(options, "worker threads for PGN input, default: every core");
  if (const auto status = record_options.parse(options, args, request.files)) return status;
  if (request.where.empty()) {
    report_error("find", "--where EXPR is required (see 'pawnkit find --help')");
    return 2;
  }
  return std::nullopt;
}

// Runs the query over one PGN input's games on the pipeline's workers, writing what
// matches; adds the games' counts and the matches.
std::size_t find_in_games(io::OpenedInput& opened, std::string_view file,
                          const analysis::FindOptions& find_options,
                          const RecordOptions& record_options, Output& out,
                          analysis::GameCounts& game_counts, std::size_t& matches) {
  std::vector<analysis::FindWorker> workers(static_cast<std::size_t>(record_options.threads),
                                            analysis::FindWorker{find_options});
  GameOutput sink(out, input_size(file));
  const std::size_t warnings = analysis::run_pipeline(*opened.source, std::span(workers), sink,
                                                      record_options.pipeline_options())
                                   .warnings;
  for (const auto& w : workers) {
    game_counts.add(w.counts());
    matches += w.matches();
  }
  return warnings;
}

}  // namespace

int run_find(const Args& args) {
  FindRequest request;
  if (const auto status = parse_find_options(args, request)) return *status;
  const RecordOptions& record_options = request.record_options;
  const bool games = request.games, count_only = request.count_only;
  const int min_plies = record_options.min_plies;
  auto compiled = analysis::Query::compile(request.where);
  if (const auto* error = std::get_if<analysis::QueryError>(&compiled)) {
    report_error("find", "--where: " + analysis::format_query_error(request.where, *error));
    return 2;
  }
  const analysis::Query& query = std::get<analysis::Query>(compiled);
  const auto annotate = annotation_keys("find", request.annotate_text, games);
  if (!annotate) return 2;
  analysis::FindOptions find_options;
  find_options.query = &query;
  find_options.min_plies = min_plies;
  find_options.games = games;
  find_options.annotate = *annotate;
  find_options.write = !count_only;

  Output out;
  analysis::GameCounts game_counts;
  std::size_t bad_records = 0, matches = 0;
  bool usage_error = false;
  std::size_t warnings = 0;
  const bool all_opened = for_each_input(
      request.files, record_options.input, [&](std::string_view file, io::OpenedInput& opened) {
        // An empty input is no FEN/EPD: with --games or --min-plies, zero games.
        const bool epd =
            opened.format == io::InputFormat::Epd && !(opened.empty && (games || min_plies > 1));
        if (!epd) {
          warnings +=
              find_in_games(opened, file, find_options, record_options, out, game_counts, matches);
          return true;
        }
        // FEN/EPD records are separate positions: no game to write, no plies to count.
        if (games || min_plies > 1) {
          out.flush();
          report(io::Diagnostic{.file = std::string(file),
                                .message = std::string(games ? "--games" : "--min-plies") +
                                           " needs PGN input; this is FEN/EPD"});
          usage_error = true;
          return false;
        }
        const EpdCounts counts =
            find_positions(*opened.source, query, count_only, record_options.strict, out);
        bad_records += counts.bad;
        matches += counts.matches;
        warnings += counts.warnings;
        return true;
      });
  if (usage_error) return 2;
  if (count_only) out.buffer() += std::to_string(matches) + "\n";
  out.flush();
  const std::size_t bad = game_counts.bad + bad_records;
  report_totals("find", bad, game_counts.skipped);
  report_warning_total("find", warnings);
  return bad || !all_opened ? 1 : 0;
}

}  // namespace pawnkit::cli
