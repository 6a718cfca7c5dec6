#include "analysis/stats.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <tuple>
#include <vector>

#include "report/stats_writer.hpp"
#include "support/diagram.hpp"

namespace pawnkit::analysis {
namespace {

using testing::bb;

PawnReport report_of(Bitboard white_pawns, Bitboard black_pawns) {
  PawnBoard b;
  b.pawns = {white_pawns, black_pawns};
  b.pieces = b.pawns;
  return pawn_report(b);
}

// The Elo tags as PGN files write them: a rating of 1 to 4 digits, or a mark for no
// rating ("?" in Lichess exports, "-" in the PGN standard's examples, or nothing).
TEST(Elo, ParseEloReadsRatingsAndLeavesTheRestUnrated) {
  EXPECT_EQ(parse_elo("2710"), 2710);
  EXPECT_EQ(parse_elo("9999"), 9999);
  EXPECT_EQ(parse_elo("800"), 800);
  EXPECT_EQ(parse_elo("1"), 1);
  for (const char* unrated : {"?", "-", "", "0", "0000", "12345", " 2700", "2700 ", "27OO", "+270"})
    EXPECT_EQ(parse_elo(unrated), std::nullopt) << '"' << unrated << '"';
}

TEST(Stats, CountsPositionsGamesAndIslands) {
  Stats stats(2);
  const PawnReport iqp = report_of(bb({A2, B2, D4, F2, G2, H2}), bb({A7, B7, E6, F7, G7, H7}));
  const PawnReport quiet = report_of(bb({A2, B2, C2}), bb({A7, B7, C7}));
  stats.begin_game(parse_result("1-0"));
  stats.add_position(quiet);
  stats.add_position(iqp);
  stats.add_position(iqp);
  stats.end_game();
  stats.begin_game(parse_result("1/2-1/2"));
  stats.add_position(iqp);  // once only: shorter than min_plies
  stats.add_position(quiet);
  stats.end_game();

  EXPECT_EQ(stats.games(), 2u);
  EXPECT_EQ(stats.positions(), 5u);
  const std::size_t isolated = 1;  // pattern_keys[1]
  ASSERT_EQ(pattern_keys[isolated].name, "isolated");
  EXPECT_EQ(stats.positions_with(White, isolated), 3u);
  EXPECT_EQ(stats.games_with(White, isolated), 2u);
  EXPECT_EQ(stats.positions_with(Black, isolated), 0u);
  EXPECT_EQ(stats.positions_with_islands(White, 3), 3u);  // a-b, d, f-h
  EXPECT_EQ(stats.positions_with_islands(White, 1), 2u);
  EXPECT_EQ(stats.positions_with_islands(Black, 2), 3u);  // a-b, e-h

  const GameScore& white_iqp = stats.score(White, ScoredPattern::IsolatedDPawn);
  EXPECT_EQ(white_iqp.wins, 1u);
  EXPECT_EQ(white_iqp.draws, 0u);
  EXPECT_EQ(white_iqp.games(), 1u);
  EXPECT_DOUBLE_EQ(white_iqp.percent(), 100.0);
  EXPECT_EQ(stats.score(Black, ScoredPattern::IsolatedDPawn).games(), 0u);
  EXPECT_EQ(stats.score(Black, ScoredPattern::IsolatedDPawn).percent(), -1.0);
}

TEST(Stats, MergeAddsUp) {
  Stats a(1), b(1);
  const PawnReport doubled = report_of(bb({C2, C3}), bb({H7}));
  a.begin_game(GameResult::BlackWins);
  a.add_position(doubled);
  a.end_game();
  b.begin_game(GameResult::WhiteWins);
  b.add_position(doubled);
  b.end_game();
  b.add_bad_game();
  a.merge(b);
  EXPECT_EQ(a.games(), 2u);
  EXPECT_EQ(a.bad_games(), 1u);
  const GameScore& s = a.score(White, ScoredPattern::Doubled);
  EXPECT_EQ(s.wins, 1u);
  EXPECT_EQ(s.losses, 1u);
  EXPECT_DOUBLE_EQ(s.percent(), 50.0);
  // Black's passed h-pawn: held in both games, lost one, won one.
  EXPECT_EQ(a.score(Black, ScoredPattern::Passed).games(), 2u);
}

TEST(Stats, JsonAndTableNameEverything) {
  Stats s;
  s.begin_game(GameResult::Unknown);
  s.add_position(report_of(bb({D4}), 0));
  s.end_game();
  const std::string json = report::stats_json(s);
  EXPECT_EQ(json.rfind("{\"games\": 1, \"positions\": 1, \"bad_games\": 0, \"skipped_games\": 0, "
                       "\"patterns\": {\"pawns\": {\"white\": {\"positions\": 1, \"games\": 1}, "
                       "\"black\": {\"positions\": 0, \"games\": 0}}",
                       0),
            0u)
      << json;
  EXPECT_NE(json.find("\"islands\": {\"white\": [0,1,0,0,0], \"black\": [1,0,0,0,0]}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"score_percent\": null"), std::string::npos);
  const std::string table = report::stats_table(s);
  EXPECT_NE(table.find("isolated           100.00    0.00    100.00    0.00"), std::string::npos)
      << table;
}

// Carlsbad (White d4 e3 against Black c6 d5) and the same held by Black (colours flipped).
TEST(Stats, NamedStructuresAreCountedForTheirHolder) {
  Stats stats(2);
  const PawnReport carlsbad =
      report_of(bb({A2, B2, D4, E3, F2, G2, H2}), bb({A7, B7, C6, D5, F7, G7, H7}));
  const PawnReport reversed =
      report_of(bb({A2, B2, C3, D4, F2, G2, H2}), bb({A7, B7, D5, E6, F7, G7, H7}));
  const PawnReport quiet = report_of(bb({A2, B2, C2}), bb({A7, B7, C7}));
  // Game 1: White holds it from ply 1 for two plies and loses.
  stats.begin_game(parse_result("0-1"));
  stats.add_position(quiet);
  stats.add_position(carlsbad);
  stats.add_position(carlsbad);
  stats.end_game();
  // Game 2: Black holds it from ply 3 for two plies and wins; one White ply before
  // breaks no run of Black's.
  stats.begin_game(parse_result("0-1"));
  stats.add_position(quiet);
  stats.add_position(quiet);
  stats.add_position(carlsbad);
  stats.add_position(reversed);
  stats.add_position(reversed);
  stats.end_game();
  // Game 3: appears for one ply only: counted in positions and games, not in the score.
  stats.begin_game(parse_result("1-0"));
  stats.add_position(reversed);
  stats.add_position(quiet);
  stats.end_game();

  const auto id = StructureId::Carlsbad;
  EXPECT_EQ(stats.structure_positions(id, White), 3u);
  EXPECT_EQ(stats.structure_positions(id, Black), 3u);
  EXPECT_EQ(stats.structure_reversed_positions(id), 3u);
  EXPECT_EQ(stats.structure_games(id), 3u);
  EXPECT_DOUBLE_EQ(stats.structure_average_first_ply(id), (1 + 2 + 0) / 3.0);
  const GameScore& score = stats.structure_score(id);
  EXPECT_EQ(score.wins, 1u);    // game 2, Black's
  EXPECT_EQ(score.losses, 1u);  // game 1, White's
  EXPECT_EQ(score.draws, 0u);
  EXPECT_EQ(stats.structure_games(StructureId::Iqp), 0u);
  EXPECT_EQ(stats.structure_average_first_ply(StructureId::Iqp), -1.0);

  Stats merged(2);
  merged.merge(stats);
  merged.merge(stats);
  EXPECT_EQ(merged.structure_positions(id), 12u);
  EXPECT_EQ(merged.structure_score(id).games(), 4u);

  const std::string json = report::stats_json(stats);
  EXPECT_NE(
      json.find("\"carlsbad\": {\"positions\": 6, \"positions_white\": 3, \"positions_black\": 3, "
                "\"positions_reversed\": 3, \"games\": 3, \"average_first_ply\": 1.00, "
                "\"wins\": 1, \"draws\": 0, \"losses\": 1, \"score_percent\": 50.00, "
                "\"rated_games\": 0, \"expected_percent\": null, \"actual_percent\": null, "
                "\"difference\": null, \"ci95\": null, \"white\": {\"wins\": 0, \"draws\": 0, "
                "\"losses\": 1, \"score_percent\": 0.00, "),
      std::string::npos)
      << json.substr(0, 300);
  // The same games by the holder's colour: White lost game 1, Black won game 2.
  EXPECT_EQ(stats.structure_score(id, White).losses, 1u);
  EXPECT_EQ(stats.structure_score(id, White).games(), 1u);
  EXPECT_EQ(stats.structure_score(id, Black).wins, 1u);
  EXPECT_EQ(stats.structure_score(id, Black).games(), 1u);
  EXPECT_NE(json.find("\"iqp\": {\"positions\": 0, \"positions_white\": 0, \"positions_black\": 0, "
                      "\"positions_reversed\": 0, \"games\": 0, \"average_first_ply\": null"),
            std::string::npos);
  const std::string table = report::stats_table(stats);
  EXPECT_NE(
      table.find("carlsbad                  30.00   30.00      100.00        1.0       2       1"
                 "       0       1    50.0       0  too few rated games\n"),
      std::string::npos)
      << table;
  EXPECT_NE(table.find("carlsbad                 white        1       0       0       1     0.0"
                       "       0  too few rated games\n"
                       "carlsbad                 black        1       1       0       0   100.0"),
            std::string::npos)
      << table;
}

TEST(Stats, StructureCodeRoundTrips) {
  EXPECT_EQ(encode_structure(std::nullopt), 0);
  for (int i = 0; i < structure_count; ++i)
    for (Color c : {White, Black})
      for (bool r : {false, true}) {
        const StructureMatch m{StructureId(i), c, r};
        EXPECT_EQ(decode_structure(encode_structure(m)), m);
      }
}

// Workers add a game's positions as runs of equal summaries: adding a run of n must give
// exactly what adding its positions one by one gives, scores and structure runs included.
TEST(Stats, RunsAddUpLikeSinglePositions) {
  const std::vector<PositionSummary> pool = {
      summarize(report_of(bb({A2, B2, D4, F2, G2, H2}), bb({A7, B7, E6, F7, G7, H7}))),  // IQP
      summarize(report_of(bb({A2, B2, D4, E3, F2, G2, H2}), bb({A7, B7, C6, D5, F7, G7, H7}))),
      summarize(report_of(bb({A2, B2, C3, D4, F2, G2, H2}), bb({A7, B7, D5, E6, F7, G7, H7}))),
      summarize(report_of(bb({C2, C3, H5}), bb({H7}))),
      summarize(report_of(bb({A2, B2, C2}), bb({A7, B7, C7}))),
  };
  std::mt19937 rng(20261123);
  for (int min_plies : {1, 2, 3, 8}) {
    Stats by_position(min_plies), by_run(min_plies);
    for (int game = 0; game < 300; ++game) {
      const auto result = GameResult(rng() % 4);
      by_position.begin_game(result);
      by_run.begin_game(result);
      const int runs = int(rng() % 6);
      for (int r = 0; r < runs; ++r) {
        const PositionSummary& s = pool[rng() % pool.size()];
        const auto n = std::uint32_t(1 + rng() % 10);
        for (std::uint32_t k = 0; k < n; ++k) by_position.add_position(s);
        by_run.add_positions(s, n);
      }
      by_position.end_game();
      by_run.end_game();
    }
    EXPECT_EQ(report::stats_json(by_run), report::stats_json(by_position))
        << "min_plies " << min_plies;
  }
}

}  // namespace
}  // namespace pawnkit::analysis

namespace pawnkit::analysis {
namespace {

// Hand-computed: the Elo formula E = 1 / (1 + 10^((R_other - R_own) / 400)).
// 1600 against 1400: 1 / (1 + 10^-0.5) = 0.75975; 1800 against 1400: 1 / (1 + 0.1) = 0.90909.
TEST(RatedScore, ExpectedScoreIsTheEloFormula) {
  EXPECT_NEAR(expected_score(1600, 1400), 0.75975, 1e-5);
  EXPECT_NEAR(expected_score(1400, 1600), 0.24025, 1e-5);
  EXPECT_DOUBLE_EQ(expected_score(1500, 1500), 0.5);
  EXPECT_NEAR(expected_score(1800, 1400), 10.0 / 11.0, 1e-12);
}

// Three games of the holder: 1600 v 1400 won (expected 0.7597, +0.2403), 1500 v 1500
// drawn (0.5, 0), 1400 v 1600 lost (0.2403, -0.2403). Expected 50%, actual 50%, difference
// 0; per-game differences +0.2403, 0, -0.2403 have sample variance
// (0.2403^2 * 2) / 2 = 0.05774, standard error sqrt(0.05774 / 3) = 0.13873, so the 95%
// interval is +/- 1.96 * 0.13873 = 0.2719 points = 27.19 percentage points. An unrated
// game counts for the score but not here.
TEST(RatedScore, HandComputedThreeGames) {
  GameScore s;
  s.add(GameResult::WhiteWins, White, GameRatings{1600, 1400});
  s.add(GameResult::Draw, Black, GameRatings{1500, 1500});
  s.add(GameResult::WhiteWins, Black, GameRatings{1600, 1400});  // Black, 1400, lost
  s.add(GameResult::BlackWins, White, std::nullopt);             // unrated loss
  EXPECT_EQ(s.games(), 4u);
  const RatedSummary r = s.rated();
  EXPECT_EQ(r.games, 3u);
  EXPECT_NEAR(r.expected_percent, 50.0, 1e-9);
  EXPECT_NEAR(r.actual_percent, 50.0, 1e-9);
  EXPECT_NEAR(r.difference, 0.0, 1e-9);
  EXPECT_NEAR(r.ci95, 27.19, 0.01);
  EXPECT_FALSE(r.enough());  // 3 < min_rated_games: "too few"
}

// Two draws of a 1800 against a 1400: expected 10/11 = 90.909%, actual 50%, difference
// -40.909 percentage points, no spread (interval 0).
TEST(RatedScore, HandComputedFavouriteDraws) {
  GameScore s;
  s.add(GameResult::Draw, White, GameRatings{1800, 1400});
  s.add(GameResult::Draw, Black, GameRatings{1400, 1800});
  const RatedSummary r = s.rated();
  EXPECT_NEAR(r.expected_percent, 1000.0 / 11, 1e-9);
  EXPECT_NEAR(r.actual_percent, 50.0, 1e-9);
  EXPECT_NEAR(r.difference, 50.0 - 1000.0 / 11, 1e-9);
  EXPECT_DOUBLE_EQ(r.ci95, 0.0);
  GameScore merged;
  merged += s;
  merged += s;
  EXPECT_EQ(merged.rated().games, 4u);
  EXPECT_NEAR(merged.rated().difference, 50.0 - 1000.0 / 11, 1e-9);
}

// Through Stats: 30 rated games of a structure holder reach the threshold and are printed;
// 29 say "too few". As many games without the structure, lost or drawn by White, make
// White's score 50% in all, so White's fitted edge is 0 at these even ratings.
TEST(RatedScore, StatsPrintsTheColumnsOrTooFew) {
  const PawnReport iqp = report_of(bb({A2, B2, D4, F2, G2, H2}), bb({A7, B7, E6, F7, G7, H7}));
  const PawnReport quiet = report_of(bb({A2, B2, C2}), bb({A7, B7, C7}));
  for (int games : {29, 30}) {
    Stats stats(1);
    for (int g = 0; g < games; ++g) {
      stats.begin_game(g % 2 ? GameResult::WhiteWins : GameResult::Draw, GameRatings{1500, 1500});
      stats.add_position(iqp);
      stats.end_game();
      stats.begin_game(g % 2 ? GameResult::BlackWins : GameResult::Draw, GameRatings{1500, 1500});
      stats.add_position(quiet);
      stats.end_game();
    }
    ASSERT_TRUE(stats.white_edge());
    EXPECT_NEAR(stats.white_edge()->elo, 0.0, 1e-6);
    const GameScore& s = stats.structure_score(StructureId::Iqp);
    EXPECT_EQ(s.rated().games, std::uint64_t(games));
    const std::string table = report::stats_table(stats);
    const std::string json = report::stats_json(stats);
    const auto row = table.substr(table.find("\niqp "), 200);
    if (games < 30) {
      EXPECT_NE(row.find("too few rated games"), std::string::npos) << row;
      EXPECT_NE(json.find("\"rated_games\": 29, \"expected_percent\": null"), std::string::npos);
    } else {
      // 15 wins, 15 draws at even ratings: expected 50.0, actual 75.0, +25.0.
      EXPECT_NE(row.find("50.0    75.0   +25.0"), std::string::npos) << row;
      EXPECT_NE(json.find("\"rated_games\": 30, \"expected_percent\": 50.00, "
                          "\"actual_percent\": 75.00, \"difference\": 25.00"),
                std::string::npos);
    }
  }
}

}  // namespace
}  // namespace pawnkit::analysis

namespace pawnkit::analysis {
namespace {

// --by eco: per ECO code, the games reaching each structure and its first ply, merged
// across workers; the expected-vs-actual chart is among the SVG charts.
TEST(StatsByEco, CountsStructuresPerOpeningAndDrawsTheRatedChart) {
  const PawnReport carlsbad =
      report_of(bb({A2, B2, D4, E3, F2, G2, H2}), bb({A7, B7, C6, D5, F7, G7, H7}));
  const PawnReport quiet = report_of(bb({A2, B2, C2}), bb({A7, B7, C7}));
  Stats a(1), b(1);
  a.track_openings(true);
  b.track_openings(true);
  a.begin_game(GameResult::Draw);
  a.set_opening("D35");
  a.add_position(quiet);
  a.add_position(quiet);
  a.add_position(carlsbad);  // first at ply 2
  a.end_game();
  b.begin_game(GameResult::Draw);
  b.set_opening("D35");
  b.add_position(quiet);  // never reaches it
  b.end_game();
  b.begin_game(GameResult::Draw);  // no ECO tag: "?"
  b.add_position(carlsbad);
  b.end_game();
  a.merge(b);
  const auto& rows = a.openings();
  ASSERT_EQ(rows.size(), 2u);
  const auto& d35 = rows.at("D35");
  EXPECT_EQ(d35.games, 2u);
  EXPECT_EQ(d35.reached[std::size_t(StructureId::Carlsbad)], 1u);
  EXPECT_EQ(d35.first_ply_sum[std::size_t(StructureId::Carlsbad)], 2u);
  EXPECT_EQ(rows.at("?").reached[std::size_t(StructureId::Carlsbad)], 1u);
  const std::string table = report::stats_table(a);
  EXPECT_NE(table.find("D35          2  carlsbad                      50.00        2.0\n"),
            std::string::npos)
      << table;
  EXPECT_NE(
      report::stats_json(a).find("\"by_eco\": {\"?\": {\"games\": 1, \"structures\": "
                                 "{\"carlsbad\": {\"games\": 1, \"average_first_ply\": 0.00}}}, "
                                 "\"D35\": {\"games\": 2"),
      std::string::npos);
  bool rated_chart = false;
  for (const auto& chart : report::stats_charts(a))
    rated_chart |= chart.file_name == "expected_vs_actual.svg" &&
                   chart.svg.find("Expected vs actual") != std::string::npos;
  EXPECT_TRUE(rated_chart);
}

}  // namespace
}  // namespace pawnkit::analysis

namespace pawnkit::analysis {
namespace {

const PawnReport quiet_report = report_of(bb({A2, B2, C2}), bb({A7, B7, C7}));
// Black has a passed h-pawn, White none.
const PawnReport black_passer = report_of(bb({A2, B2, C2}), bb({A7, B7, C7, H7}));

// 50 games at even ratings (1500 against 1500), White wins 30 and loses 20: White scores
// 60%, so White's edge is the d with 1 / (1 + 10^(-d/400)) = 0.6, d = 400 log10(1.5) =
// 70.437 Elo. Then White's expectation in every game is 60% and Black's 40%: the control
// row's difference is 0 for both colours. Black holds a passed h-pawn in the 20 games it
// won: actual 100% against an expected 40%, +60 points (the plain Elo formula said 50%).
TEST(WhiteEdge, HandComputedAtEvenRatings) {
  Stats stats(2);
  for (int g = 0; g < 50; ++g) {
    const bool white_wins = g < 30;
    stats.begin_game(white_wins ? GameResult::WhiteWins : GameResult::BlackWins,
                     GameRatings{1500, 1500});
    for (int ply = 0; ply < 3; ++ply) stats.add_position(white_wins ? quiet_report : black_passer);
    stats.end_game();
  }
  const auto edge = stats.white_edge();
  ASSERT_TRUE(edge);
  EXPECT_NEAR(edge->elo, 400 * std::log10(1.5), 1e-6);
  EXPECT_EQ(edge->unadjusted.games, 50u);
  EXPECT_NEAR(edge->unadjusted.actual_percent, 60.0, 1e-9);
  EXPECT_NEAR(edge->unadjusted.expected_percent, 50.0, 1e-9);
  for (Color c : {White, Black}) {
    const RatedSummary all = stats.all_games_score(c).rated(edge->elo);
    EXPECT_NEAR(all.expected_percent, c == White ? 60.0 : 40.0, 1e-6);
    EXPECT_NEAR(all.difference, 0.0, 1e-6);
  }
  const RatedSummary passer = stats.score(Black, ScoredPattern::Passed).rated(edge->elo);
  EXPECT_EQ(passer.games, 20u);
  EXPECT_NEAR(passer.expected_percent, 40.0, 1e-6);
  EXPECT_NEAR(passer.difference, 60.0, 1e-6);

  const std::string table = report::stats_table(stats);
  EXPECT_NE(table.find("White's edge: +70.4 Elo (White scored 60.0% of 50 rated games, 50.0% "
                       "expected from the ratings alone);"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("all games             white       50      30       0      20    60.0"
                       "      50    60.0    60.0    +0.0"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("all games             black       50      20       0      30    40.0"
                       "      50    40.0    40.0    +0.0"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("passed pawn           black       20      20       0       0   100.0"
                       "      20  too few rated games"),
            std::string::npos)
      << table;
  const std::string json = report::stats_json(stats);
  EXPECT_NE(json.find("\"white_edge\": {\"elo\": 70.44, \"rated_games\": 50, "
                      "\"actual_percent\": 60.00, \"expected_percent\": 50.00}, \"scores\": "
                      "{\"all games\": {\"white\": {\"wins\": 30, \"draws\": 0, \"losses\": 20, "
                      "\"score_percent\": 60.00, \"rated_games\": 50, \"expected_percent\": 60.00, "
                      "\"actual_percent\": 60.00, \"difference\": 0.00, "),
            std::string::npos)
      << json.substr(json.find("\"white_edge\""), 400);
}

// Random ratings and results leaning to White: the fitted edge makes White's expected
// points over all rated games equal its points, summed here with the Elo formula itself;
// draws count half for both sides, so Black's control row is 0 too. Unrated games and
// games without a result count for neither.
TEST(WhiteEdge, FitMatchesTheEloFormulaOnRandomGames) {
  std::mt19937 rng(20261124);
  Stats stats(1);
  double white_points = 0;
  std::vector<int> differences;
  for (int g = 0; g < 2000; ++g) {
    const int white = 1200 + int(rng() % 1400), black = 1200 + int(rng() % 1400);
    const double p = expected_score(white + 35, black);  // a true edge of 35 Elo
    const double u = double(rng() % 1000000) / 1e6;
    const GameResult result = u < p - 0.1   ? GameResult::WhiteWins
                              : u < p + 0.1 ? GameResult::Draw
                                            : GameResult::BlackWins;
    const bool rated = g % 10 != 0;
    stats.begin_game(g % 97 == 0 ? GameResult::Unknown : result,
                     rated ? std::optional(GameRatings{white, black}) : std::nullopt);
    stats.add_position(quiet_report);
    stats.end_game();
    if (!rated || g % 97 == 0) continue;
    differences.push_back(white - black);
    white_points += result == GameResult::WhiteWins ? 1 : result == GameResult::Draw ? 0.5 : 0;
  }
  const auto edge = stats.white_edge();
  ASSERT_TRUE(edge);
  double expected = 0;
  for (int d : differences) expected += expected_score(d + edge->elo);
  EXPECT_NEAR(expected, white_points, 1e-6);
  EXPECT_EQ(edge->unadjusted.games, differences.size());
  EXPECT_GT(edge->elo, 10.0);  // the games were drawn with a 35-Elo edge
  EXPECT_LT(edge->elo, 60.0);
  const std::string json = report::stats_json(stats);
  const auto from = json.find("\"all games\"");
  const std::string all = json.substr(from, json.find("\"isolated d-pawn\"") - from);
  const auto black = all.find("\"black\": {");
  ASSERT_NE(black, std::string::npos) << all;
  EXPECT_NE(all.substr(0, black).find("\"difference\": 0.00, "), std::string::npos) << all;
  EXPECT_NE(all.substr(black).find("\"difference\": 0.00, "), std::string::npos) << all;
}

// No edge fits with fewer than 30 rated games, or when White won (or lost) every one;
// the rows then use the plain Elo formula and the table says why.
TEST(WhiteEdge, NotFittedSaysWhy) {
  for (int games : {29, 30}) {
    Stats stats(1);
    for (int g = 0; g < games; ++g) {
      stats.begin_game(GameResult::WhiteWins, GameRatings{1500, 1500});
      stats.add_position(quiet_report);
      stats.end_game();
    }
    EXPECT_FALSE(stats.white_edge());
    const std::string table = report::stats_table(stats);
    EXPECT_NE(
        table.find(games < 30 ? "White's edge: not fitted (29 rated games, at least 30 needed)"
                              : "White's edge: not fitted (White won or lost every rated game)"),
        std::string::npos)
        << table;
    EXPECT_NE(report::stats_json(stats).find("\"white_edge\": {\"elo\": null, \"rated_games\": " +
                                             std::to_string(games)),
              std::string::npos);
  }
}

// The hanging pawns row is the named structure hanging-pawns (c4-d4 on half-open files),
// not the per-pawn key `hanging`, which also holds for a lone b4-c4 pair on the wing.
TEST(Stats, HangingPawnsRowIsTheNamedStructure) {
  const PawnReport wing_pair =
      report_of(bb({B4, C4, F2, G2, H2}), bb({A7, E6, F7, G7, H7}));  // b4-c4, no a/d-pawn
  const PawnReport hanging_pawns =
      report_of(bb({A2, C4, D4, F2, G2, H2}), bb({A7, B7, E6, F7, G7, H7}));
  ASSERT_EQ(wing_pair.white.hanging, bb({B4, C4}));
  ASSERT_EQ(hanging_pawns.white.hanging, bb({C4, D4}));
  ASSERT_EQ(classify_structure(hanging_pawns.white.pawns, hanging_pawns.black.pawns, false),
            (StructureMatch{StructureId::HangingPawns, White, false}));
  Stats stats(2);
  for (const PawnReport* r : {&wing_pair, &hanging_pawns}) {
    stats.begin_game(GameResult::WhiteWins);
    for (int ply = 0; ply < 2; ++ply) stats.add_position(*r);
    stats.end_game();
  }
  EXPECT_EQ(stats.score(White, ScoredPattern::HangingPawns).games(), 1u);
  EXPECT_EQ(stats.score(Black, ScoredPattern::HangingPawns).games(), 0u);
  std::size_t hanging_key = 0;
  while (pawn_set_keys[hanging_key].name != "hanging") ++hanging_key;
  EXPECT_EQ(stats.games_with(White, hanging_key), 2u);  // the key's own share is unchanged
}

// --by eco counts a game for a structure when a side held it for min_plies positions in
// a row, from the ply where that run starts; a shorter transient before it counts for
// nothing.
TEST(StatsByEco, HonoursMinPlies) {
  const PawnReport carlsbad =
      report_of(bb({A2, B2, D4, E3, F2, G2, H2}), bb({A7, B7, C6, D5, F7, G7, H7}));
  Stats stats(3);
  stats.track_openings(true);
  // Game 1: two plies of Carlsbad only.
  stats.begin_game(GameResult::Draw);
  stats.set_opening("D35");
  stats.add_position(quiet_report);
  stats.add_position(carlsbad);
  stats.add_position(carlsbad);
  stats.add_position(quiet_report);
  stats.end_game();
  // Game 2: one ply at ply 1, then held from ply 3 for three plies.
  stats.begin_game(GameResult::Draw);
  stats.set_opening("D35");
  stats.add_position(quiet_report);
  stats.add_position(carlsbad);
  stats.add_position(quiet_report);
  stats.add_positions(summarize(carlsbad), 3);
  stats.end_game();
  const auto& d35 = stats.openings().at("D35");
  EXPECT_EQ(d35.games, 2u);
  EXPECT_EQ(d35.reached[std::size_t(StructureId::Carlsbad)], 1u);
  EXPECT_EQ(d35.first_ply_sum[std::size_t(StructureId::Carlsbad)], 3u);
  EXPECT_NE(report::stats_table(stats).find(
                "D35          2  carlsbad                      50.00        3.0\n"),
            std::string::npos);
  // The structure table still counts every appearance: both games, first seen at ply 1.
  EXPECT_EQ(stats.structure_games(StructureId::Carlsbad), 2u);
  EXPECT_DOUBLE_EQ(stats.structure_average_first_ply(StructureId::Carlsbad), 1.0);
}

// Rated buckets survive serialize/deserialize, and merging in either order gives the same
// bytes.
TEST(Stats, RatedGamesSerializeAndMergeInAnyOrder) {
  Stats a(1), b(1);
  std::mt19937 rng(7);
  for (Stats* s : {&a, &b})
    for (int g = 0; g < 200; ++g) {
      s->begin_game(GameResult(rng() % 3), GameRatings{1000 + int(rng() % 2000), 2000});
      s->add_position(g % 2 ? quiet_report : black_passer);
      s->end_game();
    }
  const auto back = Stats::deserialize(a.serialize());
  ASSERT_TRUE(back);
  EXPECT_EQ(back->serialize(), a.serialize());
  EXPECT_EQ(report::stats_json(*back), report::stats_json(a));
  Stats ab(1), ba(1);
  ab.merge(a), ab.merge(b);
  ba.merge(b), ba.merge(a);
  EXPECT_EQ(ab.serialize(), ba.serialize());
  EXPECT_EQ(ab.all_games_score(White).rated_games.games(), 400u);
  std::string truncated = a.serialize();
  truncated.pop_back();
  EXPECT_FALSE(Stats::deserialize(truncated));
}

// RatedGames against a plain count of (difference, holder, half points) in a std::map,
// whose order is the buckets' order: games added in random order, read in between (which
// settles the games not yet in the buckets), and sums of two lists that both have such
// games.
TEST(Stats, RatedGamesCountAsAPlainMapDoes) {
  using Triple = std::tuple<int, int, int>;  // difference, holder index, half points
  std::mt19937 rng(31);
  for (int round = 0; round < 20; ++round) {
    RatedGames games[2];
    std::map<Triple, std::uint64_t> plain;
    for (int i = 0; i < 2; ++i) {
      const int n = int(rng() % 1500);
      for (int g = 0; g < n; ++g) {
        const int difference = int(rng() % 401) - 200;
        const Color holder = rng() % 2 ? White : Black;
        const int half_points = int(rng() % 3);
        games[i].add(difference, holder, half_points);
        ++plain[{difference, int(index(holder)), half_points}];
        if (rng() % 500 == 0) {
          EXPECT_LE(games[i].buckets().size(), plain.size());
        }
      }
    }
    RatedGames sum = games[0];
    sum += games[1];
    const auto& buckets = sum.buckets();
    ASSERT_EQ(buckets.size(), plain.size());
    auto it = plain.begin();
    for (std::size_t k = 0; k < buckets.size(); ++k, ++it) {
      EXPECT_EQ(buckets[k].count, it->second) << k;
      if (k) {
        EXPECT_LT(buckets[k - 1].key, buckets[k].key) << k;
      }
    }
    double points = 0;
    std::uint64_t total = 0;
    for (const auto& [triple, count] : plain) {
      points += double(count) * std::get<2>(triple) / 2;
      total += count;
    }
    EXPECT_EQ(sum.games(), total);
    EXPECT_DOUBLE_EQ(sum.points(), points);
    RatedGames other_order = games[1];
    other_order += games[0];
    EXPECT_TRUE(other_order == sum);
  }
}

}  // namespace
}  // namespace pawnkit::analysis
