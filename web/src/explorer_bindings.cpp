// The structure explorer in the page: an index of the files a coach opens, built in memory
// (index_db::Store::in_memory) by the builder of `pawnkit index add` and asked by the
// explorer of `pawnkit explore`, so that the page's answer is the CLI's JSON line for the
// same games (docs/web.md, "The explorer beside the board"). Every call returns JSON text,
// {"error": message} when it failed (nothing throws).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "analysis/pipeline.hpp"
#include "error_json.hpp"
#include "explore/answer_writer.hpp"
#include "explore/explorer.hpp"
#include "explore/game_records.hpp"
#include "index/builder.hpp"
#include "index/game_visits.hpp"
#include "index/store.hpp"
#include "io/diagnostic.hpp"
#include "io/json.hpp"
#include "page_input.hpp"

namespace pawnkit::web {

// One index in memory, of the games added to it.
class BrowserIndex {
 public:
  BrowserIndex() : store_(index_db::Store::in_memory()) {}

  // `index add` of the input's games: {"added", "duplicates", "games", "bytes", "warnings"}.
  // Smaller batches than the CLI's: a batch's rows are held in memory before they are summed.
  std::string add(const Input& input, emscripten::val on_progress) {
    if (std::string why = input.unreadable(); !why.empty()) return error_json(why);
    index_db::IndexBuilder builder(*store_, 4096);
    PageSink messages(std::move(on_progress));
    index_db::IndexSink sink(builder, messages);
    std::vector<index_db::IndexWorker> workers(1);
    // One thread: each game goes to the builder as it is replayed, not through the
    // pipeline's output text (as the CLI's one-thread build does).
    workers.front().set_direct(&builder);
    builder.set_file(input.name());
    const auto source = input.source();
    analysis::run_pipeline(*source, std::span(workers), sink);
    if (sink.error.empty()) sink.error = builder.flush();
    if (!sink.error.empty()) return error_json(sink.error);
    std::string error;
    const std::uint64_t games = store_->games(error);
    std::string out = "{\"added\": " + std::to_string(builder.counts().added) +
                      ", \"duplicates\": " + std::to_string(builder.counts().duplicates) +
                      ", \"games\": " + std::to_string(games) +
                      ", \"bytes\": " + std::to_string(store_->bytes()) + ", \"warnings\": ";
    io::append_json_string(out, messages.warnings);
    return out + '}';
  }

  // `explore --format json` of this index (speeds comma-separated, since/until "YYYY-MM" or
  // empty): the same checks and the same writer as the CLI and `pawnkit serve`.
  std::string explore(const std::string& fen, int min_elo, const std::string& speeds,
                      const std::string& since, const std::string& until, const std::string& match,
                      int games) {
    if (games < 0 || games > int(index_db::candidates_per_cell))
      return error_json("--games takes 0 to " + std::to_string(index_db::candidates_per_cell));
    explore::Query query;
    query.games = std::size_t(games);
    if (std::string e = explore::set_filters(query, min_elo, explore::split_speeds(speeds), since,
                                             until, match);
        !e.empty())
      return error_json(e);
    if (std::string e = explore::set_pawns(query, fen); !e.empty())
      return error_json(e + " ('" + fen + "')");
    explore::Answer answer;
    if (std::string e = explore::explore(*store_, query, answer, &records_); !e.empty())
      return error_json(e);
    answer.fen = fen;
    std::string out;
    explore::append_answer_json(out, answer, query.match);
    return out;
  }

 private:
  std::unique_ptr<index_db::Store> store_;
  explore::GameRecords records_{1 << 14};
};

}  // namespace pawnkit::web

EMSCRIPTEN_BINDINGS(pawnkit_explorer) {
  using namespace emscripten;
  using namespace pawnkit::web;
  class_<BrowserIndex>("BrowserIndex")
      .constructor<>()
      .function("add", &BrowserIndex::add)
      .function("explore", &BrowserIndex::explore);
}
