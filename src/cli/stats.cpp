// pawnkit stats: a summary of the pawn structure of a whole game database.
#include <cstdio>
#include <string>

#include "analysis/game_workers.hpp"
#include "analysis/pipeline.hpp"
#include "cli/commands.hpp"
#include "cli/game_output.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "io/byte_source.hpp"
#include "io/input_format.hpp"

namespace pawnkit::cli {

int run_stats(const Args& args) {
  std::string format_name = "table", threads_text, min_plies_text = "8";
  Options options("stats", "stats [--format table|json] [--threads N] [--min-plies N] FILE...",
                  "Replays every game of PGN files (.pgn, .pgn.zst, '-' for standard input) and\n"
                  "summarizes their pawn structure: for each pattern the share of positions and\n"
                  "of games where White and Black have it, the island-count distribution, and\n"
                  "the score of the side holding an isolated queen pawn, hanging, doubled or\n"
                  "passed pawns for at least --min-plies consecutive plies. Games with errors are\n"
                  "reported on standard error and left out; the exit status is then 1.");
  options.value("format", format_name, "output format, default table", {"table", "json"})
      .value("threads", threads_text, "worker threads, default: every core")
      .value("min-plies", min_plies_text, "plies a pattern must hold to count for the score, default 8");
  std::vector<std::string_view> files;
  switch (options.parse(args, files)) {
    case Options::Outcome::Exit0: return 0;
    case Options::Outcome::Fail: return 2;
    case Options::Outcome::Run: break;
  }
  const std::optional<int> threads = parse_thread_count(threads_text);
  const std::optional<int> min_plies = parse_thread_count(min_plies_text);
  if (!threads || !min_plies || *min_plies < 1) {
    report_error("stats: --threads takes 0 (every core) to 256, --min-plies 1 to 256");
    return 2;
  }
  if (files.empty()) files.push_back("-");

  Output out;
  const std::vector<analysis::StatsWorker> prototype(1, analysis::StatsWorker(*min_plies));
  std::vector<analysis::StatsWorker> workers(static_cast<std::size_t>(*threads), prototype[0]);
  bool unreadable = false;
  for (std::string_view file : files) {
    io::OpenedSource opened = io::open_source(std::string(file));
    if (!opened.ok()) {
      report_error(opened.error);
      unreadable = true;
      continue;
    }
    GameOutput sink(out, input_size(file));
    analysis::run_pipeline(*opened.source, std::span(workers), sink);
  }
  analysis::Stats total(*min_plies);
  for (const auto& w : workers) total.merge(w.stats());
  out.buffer() += format_name == "json" ? total.json() : total.table();
  out.flush();
  if (total.bad_games())
    std::fprintf(stderr, "pawnkit stats: %llu bad game%s\n", (unsigned long long)total.bad_games(),
                 total.bad_games() == 1 ? "" : "s");
  return total.bad_games() || unreadable ? 1 : 0;
}

}  // namespace pawnkit::cli
