// The memory Store (the browser page's index) against the RocksDB one: the same games,
// built by the same IndexBuilder with different batch sizes (so that values are merged at
// different points), must leave the same keys with the same values, and explore must give
// the same answers from both.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "analysis/pipeline.hpp"
#include "explore/answer_writer.hpp"
#include "explore/explorer.hpp"
#include "index/builder.hpp"
#include "index/game_visits.hpp"
#include "index/store.hpp"
#include "io/source/byte_source.hpp"

namespace pawnkit {
namespace {

namespace fs = std::filesystem;

struct QuietSink final : analysis::PipelineSink {
  void out(const std::string&) override {}
  void report(std::span<const io::Diagnostic>) override {}
};

// Adds the games of `path` to `store` as `index add --batch-games batch` does.
void build(index_db::Store& store, const std::string& path, std::size_t batch) {
  index_db::IndexBuilder builder(store, batch);
  QuietSink quiet;
  index_db::IndexSink sink(builder, quiet);
  std::vector<index_db::IndexWorker> workers(1);
  io::OpenedSource opened = io::open_source(path);
  ASSERT_TRUE(opened.ok()) << opened.error;
  builder.set_file(path);
  analysis::run_pipeline(*opened.source, std::span(workers), sink);
  ASSERT_EQ(sink.error, "");
  ASSERT_EQ(builder.flush(), "");
  if (builder.needs_compaction()) {
    ASSERT_EQ(store.compact(), "");
  }
}

std::map<std::string, std::string> every_key(const index_db::Store& store) {
  std::map<std::string, std::string> out;
  EXPECT_EQ(store.scan("", [&](std::string_view k, std::string_view v) { out.emplace(k, v); }), "");
  return out;
}

TEST(MemoryStore, HoldsWhatRocksDbHoldsAndAnswersAlike) {
  const std::string sample = PAWNKIT_SOURCE_DIR "/data/sample.pgn";
  const fs::path db =
      fs::temp_directory_path() / ("pawnkit-memory-store-" + std::to_string(getpid()));
  fs::remove_all(db);
  std::string error;
  auto rocks = index_db::Store::open(db.string(), index_db::Store::Mode::Write, error);
  ASSERT_TRUE(rocks) << error;
  build(*rocks, sample, 100);  // 3 batches, compacted
  auto memory = index_db::Store::in_memory();
  build(*memory, sample, 37);  // 9 batches, merged as they come
  build(*memory, sample, 37);  // the same games again: nothing changes

  const auto on_disk = every_key(*rocks), in_memory = every_key(*memory);
  ASSERT_GT(on_disk.size(), 1000u);
  EXPECT_EQ(on_disk.size(), in_memory.size());
  std::size_t different = 0;
  for (const auto& [key, value] : on_disk) {
    const auto it = in_memory.find(key);
    if (it == in_memory.end() || it->second != value) ++different;
  }
  EXPECT_EQ(different, 0u);

  // Answers for the pawns of every exact placement, with each match and a filter.
  std::size_t asked = 0;
  for (const auto& [key, value] : on_disk) {
    if (key[0] != 'E' || ++asked % 7) continue;
    explore::Query query;
    ASSERT_TRUE(
        index_db::placement_of_key(std::string_view(key).substr(1), query.white, query.black));
    for (const char* match : {"exact", "center", "structure"})
      for (int min_elo : {0, 2000}) {
        ASSERT_EQ(explore::set_filters(query, min_elo, {}, "", "", match), "");
        explore::Answer a, b;
        const std::string ea = explore::explore(*rocks, query, a);
        const std::string eb = explore::explore(*memory, query, b);
        EXPECT_EQ(ea, eb);
        std::string ja, jb;
        explore::append_answer_json(ja, a, query.match);
        explore::append_answer_json(jb, b, query.match);
        EXPECT_EQ(ja, jb);
      }
  }
  EXPECT_GT(asked, 100u);
  rocks.reset();
  fs::remove_all(db);
}

TEST(MemoryStore, ACorruptValueIsAnErrorAndChangesNothing) {
  auto memory = index_db::Store::in_memory();
  std::string error;
  EXPECT_EQ(memory->games(error), 0u);
  auto first = memory->table(false);
  first->put("Ekey", "not counts");
  ASSERT_EQ(first->ingest(), "");
  auto second = memory->table(false);
  second->put("M", "x");
  second->merge("Ekey", "more");
  EXPECT_NE(second->ingest(), "");
  EXPECT_FALSE(memory->get("M", error));
  EXPECT_EQ(*memory->get("Ekey", error), "not counts");
  EXPECT_EQ(*memory->get("V", error), "pawnkit-index 6");
}

}  // namespace
}  // namespace pawnkit
