// The per-game reuse of the pawn-only keys (PawnReportCache), of the report's JSON text
// (io::ReportJsonCache) and of the FEN's unchanged ranks (FenWriter) against computing everything
// anew, on every position of real games: the bundled sample and the first games of the shared
// Magnus Carlsen games (skipped when
// ../shared/data is absent).
#include "analysis/pawn_report_cache.hpp"

#include <pawnkit/chess/fen.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "analysis/pipeline.hpp"
#include "analysis/replay.hpp"
#include "io/byte_source.hpp"
#include "io/report_writer.hpp"

namespace pawnkit::analysis {
namespace {

// Compares, position by position, the cached report and JSON line with the uncached ones.
// One cache for all the games, as the workers keep it.
class CompareWorker {
 public:
  explicit CompareWorker(std::size_t max_games) : max_games_(max_games) {}

  void game(const io::GameRecord& game, std::string&, std::vector<io::Diagnostic>&) {
    if (game.number > max_games_) return;
    replay(game, [&](const Position& pos, int ply) {
      ++positions;
      const PawnOnlyReport& pawn_only = cache_.pawn_only(pos);
      if (cache_.pawns_changed()) ++changes;
      EXPECT_EQ(pawn_only, pawn_only_report(pos.pawns(White), pos.pawns(Black)));
      const PawnReport report = cache_(pos);
      ASSERT_EQ(report, pawn_report(pos)) << "game " << game.number << " ply " << ply;

      const std::string fen = to_fen(pos);
      cached_fen_.clear();
      fen_writer_.append(cached_fen_, pos);
      ASSERT_EQ(cached_fen_, fen) << "game " << game.number << " ply " << ply;
      const auto structure = classify_structure(pos);
      cached_line_.clear();
      line_.clear();
      io::append_jsonl(cached_line_, {game.number, ply}, fen, pawn_only, pawn_board(pos), structure,
                       game_phase(pos), json_);
      io::append_jsonl(line_, {game.number, ply}, fen, report, structure, game_phase(pos));
      ASSERT_EQ(cached_line_, line_);
    });
  }

  std::size_t positions = 0, changes = 0;

 private:
  std::size_t max_games_;
  PawnReportCache cache_;
  io::ReportJsonCache json_;
  FenWriter fen_writer_;
  std::string cached_line_, line_, cached_fen_;
};

struct NoSink : PipelineSink {
  void out(const std::string&) override {}
  void report(std::span<const io::Diagnostic>) override {}
};

// Runs the comparison over the first max_games games of the file.
CompareWorker compare_over(const std::string& path, std::size_t max_games) {
  std::vector<CompareWorker> workers{CompareWorker(max_games)};
  io::OpenedSource opened = io::open_source(path);
  EXPECT_TRUE(opened.source) << path;
  NoSink sink;
  if (opened.source) run_pipeline(*opened.source, std::span(workers), sink);
  return workers.front();
}

TEST(PawnReportCache, EqualsTheReportOnTheBundledGames) {
  const CompareWorker w = compare_over(PAWNKIT_SOURCE_DIR "/data/sample.pgn", 1000000);
  EXPECT_GT(w.positions, 1000u);
  // The cache was used: the pawns stay the same on most plies of a game.
  EXPECT_GT(w.changes, 0u);
  EXPECT_LT(w.changes, w.positions / 2);
}

TEST(PawnReportCache, EqualsTheReportOnTheMagnusGames) {
  const std::string path = std::string(PAWNKIT_SHARED_DATA) + "/lichess_magnus_games.pgn.zst";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
  const CompareWorker w = compare_over(path, 1500);
  EXPECT_GT(w.positions, 100000u);
  EXPECT_LT(w.changes, w.positions / 2);
}

// A new cache computes on its first call, and again only when the pawns change.
TEST(PawnReportCache, ComputesAgainOnlyWhenThePawnsChange) {
  PawnReportCache cache;
  Position pos = *parse_fen(start_fen);
  cache.pawn_only(pos);
  EXPECT_TRUE(cache.pawns_changed());
  pos = *parse_fen("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
  EXPECT_EQ(cache(pos), pawn_report(pos));
  EXPECT_FALSE(cache.pawns_changed());
  pos = *parse_fen("rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq e6 0 2");
  EXPECT_EQ(cache(pos), pawn_report(pos));
  EXPECT_TRUE(cache.pawns_changed());
}

}  // namespace
}  // namespace pawnkit::analysis
