// The per-game reuse of the pawn-only keys (PawnReportCache), of the report's JSON text
// (io::ReportJsonCache) and of the FEN's unchanged ranks (FenWriter), and the cross-game
// pawn summaries of `stats` (PawnSummaryCache, StatsWorker), against computing everything
// anew, on every position of real games: the bundled sample and the first games of the shared
// Magnus Carlsen games (skipped when
// ../shared/data is absent).
#include "analysis/pawn_report_cache.hpp"

#include "analysis/game_workers.hpp"
#include "analysis/pawn_summary_cache.hpp"

#include <pawnkit/chess/fen.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "analysis/pipeline.hpp"
#include "analysis/replay.hpp"
#include "io/report_writer.hpp"
#include "io/source/byte_source.hpp"

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

// Runs a comparing worker over the games of the file (it stops after its max_games).
template <class Worker>
Worker run_over(const std::string& path, Worker worker) {
  std::vector<Worker> workers{std::move(worker)};
  io::OpenedSource opened = io::open_source(path);
  EXPECT_TRUE(opened.source) << path;
  NoSink sink;
  if (opened.source) run_pipeline(*opened.source, std::span(workers), sink);
  return workers.front();
}

CompareWorker compare_over(const std::string& path, std::size_t max_games) {
  return run_over(path, CompareWorker(max_games));
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

// The cached JSON line on positions that do not follow one another (every key may change,
// or only some; positions from no game; game numbers of every length, back and forth)
// equals the line written anew.
TEST(PawnReportCache, JsonLineEqualsThePlainLineOnUnrelatedPositions) {
  const std::vector<std::string> fens = {
      std::string(start_fen),
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
      "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1",
      "8/PPPPPPPP/8/8/8/8/pppppppp/8 w - - 0 1",
      "4k3/8/8/8/8/8/8/4K3 w - - 99 300",
      "4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 40",
      "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 41",
      std::string(start_fen),
  };
  const std::vector<std::size_t> games = {0, 1, 1, 7, 12345, 0, 123456789012, 2, 2, 0, 1};
  ASSERT_EQ(games.size(), fens.size());
  io::ReportJsonCache cache;
  for (std::size_t i = 0; i < fens.size(); ++i) {
    const Parsed<Position> p = parse_fen(fens[i]);
    ASSERT_TRUE(p.ok()) << fens[i];
    const std::string fen = to_fen(*p);
    const io::PositionOrigin origin{games[i], int(i)};
    const auto structure = classify_structure(*p);
    std::string cached, plain;
    io::append_jsonl(cached, origin, fen, pawn_only_report(p->pawns(White), p->pawns(Black)),
                     pawn_board(*p), structure, game_phase(*p), cache);
    io::append_jsonl(plain, origin, fen, pawn_report(*p), structure, game_phase(*p));
    EXPECT_EQ(cached, plain) << fens[i];
  }
}

// pawn_summary (what `stats` keeps per placement, its scored patterns computed once for
// both phases) against summarize() of the plain pawn-only report, named structure and phase,
// on placements from no game: random ones, and each named structure's required pawns (as
// written and flipped, filled up to the pawns a structure needs), so that every structure
// and the hanging pawns of either colour are met.
TEST(PawnSummary, EqualsThePlainSummaryOnRandomAndCataloguePlacements) {
  std::mt19937_64 random(31);
  const Bitboard inner = ~(Rank1 | Rank8);
  std::vector<std::pair<Bitboard, Bitboard>> placements;
  for (int i = 0; i < 20000; ++i) {
    // And-ing random words thins the placements out: some dense, some sparse.
    const Bitboard white = random() & random() & inner;
    const Bitboard black = random() & (i % 2 ? random() : ~Bitboard{0}) & inner & ~white;
    placements.emplace_back(white, black);
  }
  // A colour's pawns filled up to structure_min_pawns on its 2nd and 3rd ranks, on files
  // it holds no pawn on and squares the rule does not forbid.
  const auto filled = [](Bitboard pawns, Bitboard forbidden, Color c) {
    const Bitboard home = c == White ? Rank1 << 8 | Rank1 << 16 : Rank8 >> 8 | Rank8 >> 16;
    for (Bitboard free = home & ~forbidden; free && popcount(pawns) < structure_min_pawns;
         free &= free - 1) {
      const Bitboard square = free & -free;
      if (!(file_fill(square) & pawns)) pawns |= square;
    }
    return pawns;
  };
  for (const StructureRule& rule : structure_rules) {
    const Bitboard white = rule.required[0] | (rule.one_of[0] & -rule.one_of[0]);
    const Bitboard black = rule.required[1] | (rule.one_of[1] & -rule.one_of[1]);
    const Bitboard w = filled(white, rule.forbidden[0], White);
    const Bitboard b = filled(black, rule.forbidden[1], Black);
    placements.emplace_back(w, b);
    placements.emplace_back(flip_vertical(b), flip_vertical(w));
  }
  std::array<int, 2> hanging{};
  int named = 0;
  for (const auto& placement : placements) {
    const Bitboard white = placement.first, black = placement.second;
    const PawnSummary pawns = pawn_summary(white, black);
    const PawnOnlyReport report = pawn_only_report(white, black);
    for (const GamePhase phase : {GamePhase::Opening, GamePhase::Middlegame, GamePhase::Endgame}) {
      const auto structure = classify_structure(white, black, phase == GamePhase::Endgame);
      const PositionSummary plain = summarize(report, encode_structure(structure), phase);
      ASSERT_EQ(summarize(pawns, phase), plain) << std::hex << white << " " << black;
      if (phase == GamePhase::Middlegame && structure) {
        ++named;
        if (structure->id == StructureId::HangingPawns) ++hanging[index(structure->side)];
      }
    }
  }
  // The placements do meet named structures and both owners of hanging pawns.
  EXPECT_GT(named, structure_count);
  EXPECT_GT(hanging[0], 0);
  EXPECT_GT(hanging[1], 0);
}

// The summaries `stats` counts: from the cross-game cache against summarize() of the
// position's full report, named structure and phase; and a StatsWorker's totals against a
// Stats fed those plain summaries position by position.
class SummaryCompareWorker {
 public:
  SummaryCompareWorker(std::size_t max_games, int cache_bits)
      : max_games_(max_games), cache_(cache_bits) {}

  void game(const io::GameRecord& game, std::string& out,
            std::vector<io::Diagnostic>& diagnostics) {
    if (game.number > max_games_) return;
    worker_.game(game, out, diagnostics);
    std::vector<PositionSummary> summaries;
    const ReplayResult result = replay(game, [&](const Position& pos, int ply) {
      ++positions;
      const GamePhase phase = game_phase(pos);
      const PositionSummary plain =
          summarize(pawn_report(pos), encode_structure(classify_structure(pos)), phase);
      ASSERT_EQ(summarize(cache_(pos), phase), plain) << "game " << game.number << " ply " << ply;
      summaries.push_back(plain);
    });
    if (result.outcome != ReplayOutcome::Complete) {
      if (result.outcome == ReplayOutcome::Bad)
        plain_.add_bad_game();
      else
        plain_.add_skipped_game();
      return;
    }
    const auto result_tag = game.tag("Result");
    plain_.begin_game(
        parse_result(!game.result.empty() || !result_tag ? std::string_view(game.result)
                                                         : *result_tag),
        game_ratings(game));
    if (const auto eco = game.tag("ECO")) plain_.set_opening(*eco);
    for (const PositionSummary& summary : summaries) plain_.add_position(summary);
    plain_.end_game();
  }

  std::size_t positions = 0;
  const Stats& plain() const { return plain_; }
  const Stats& cached() const { return worker_.stats(); }

 private:
  std::size_t max_games_;
  PawnSummaryCache cache_;
  StatsWorker worker_{8};
  Stats plain_{8};
};

SummaryCompareWorker compare_summaries_over(const std::string& path, std::size_t max_games,
                                            int cache_bits = 14) {
  return run_over(path, SummaryCompareWorker(max_games, cache_bits));
}

TEST(PawnSummaryCache, EqualsThePlainSummariesOnTheBundledGames) {
  const SummaryCompareWorker w =
      compare_summaries_over(PAWNKIT_SOURCE_DIR "/data/sample.pgn", 1000000);
  EXPECT_GT(w.positions, 1000u);
  EXPECT_GT(w.cached().positions(), 1000u);
  EXPECT_EQ(w.cached().serialize(), w.plain().serialize());
}

TEST(PawnSummaryCache, EqualsThePlainSummariesOnTheMagnusGames) {
  const std::string path = std::string(PAWNKIT_SHARED_DATA) + "/lichess_magnus_games.pgn.zst";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
  // Enough games that placements come back from other games and entries are replaced.
  const SummaryCompareWorker w = compare_summaries_over(path, 3000);
  EXPECT_GT(w.positions, 200000u);
  EXPECT_EQ(w.cached().serialize(), w.plain().serialize());
}

// An entry is used only for the same pawns: with a table of one or four entries, the
// placements of the games replace each other all the time.
TEST(PawnSummaryCache, KeepsPlacementsApartThatShareAnEntry) {
  for (int bits : {0, 2}) {
    const SummaryCompareWorker w =
        compare_summaries_over(PAWNKIT_SOURCE_DIR "/data/sample.pgn", 1000000, bits);
    EXPECT_GT(w.positions, 1000u);
  }
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
