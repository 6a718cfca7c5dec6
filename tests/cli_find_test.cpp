// pawnkit find end to end: its records are exactly analyze's records where the query holds
// (checked against analyze's output, filtered here), --games writes PGN that replays to the
// same positions with the first match marked after the right move, --min-plies runs, and
// errors for bad expressions and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "io/pgn/reader.hpp"
#include "io/source/byte_source.hpp"
#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

using testing::run_cli;

const std::string structures = PAWNKIT_SOURCE_DIR "/data/structures.epd";
const std::string sample = PAWNKIT_SOURCE_DIR "/data/sample.pgn";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The first JSON array after `"key": ` (white's, since white comes first), as its items.
std::vector<std::string> first_array(const std::string& line, const std::string& key) {
  const std::size_t at = line.find("\"" + key + "\": [");
  const std::size_t open = line.find('[', at), close = line.find(']', open);
  std::vector<std::string> items;
  std::string body = line.substr(open + 1, close - open - 1);
  for (std::size_t start = 0; !body.empty() && start <= body.size();) {
    const std::size_t comma = body.find(',', start);
    items.push_back(
        body.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return items;
}

// "game" and "ply" of a PGN record.
std::pair<int, int> origin(const std::string& line) {
  int game = 0, ply = 0;
  std::sscanf(line.c_str(), "{\"game\": %d, \"ply\": %d", &game, &ply);
  return {game, ply};
}

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

TEST(CliFind, EpdRecordsAreAnalyzesRecordsWhereTheQueryHolds) {
  const auto all = run_cli("analyze --format jsonl '" + structures + "'");
  ASSERT_EQ(all.status, 0) << all.err;
  std::vector<std::string> expected;
  for (const auto& line : lines_of(all.out)) {
    const auto isolated = first_array(line, "isolated");
    if (std::find(isolated.begin(), isolated.end(), "\"d4\"") != isolated.end())
      expected.push_back(line);
  }
  ASSERT_GE(expected.size(), 2u);  // the file has white isolanis on d4
  const auto found = run_cli("find --where 'd4 in white.isolated' '" + structures + "'");
  ASSERT_EQ(found.status, 0) << found.err;
  EXPECT_EQ(found.err, "");
  EXPECT_EQ(found.out, join(expected));
  const auto counted = run_cli("find --count --where 'd4 in white.isolated' '" + structures + "'");
  EXPECT_EQ(counted.out, std::to_string(expected.size()) + "\n");
}

TEST(CliFind, PgnRecordsAreAnalyzesRecordsWhereTheQueryHolds) {
  const auto all = run_cli("analyze --format jsonl --threads 1 '" + sample + "'");
  ASSERT_EQ(all.status, 0) << all.err;
  std::vector<std::string> expected;
  for (const auto& line : lines_of(all.out))
    if (first_array(line, "doubled").size() >= 2 && origin(line).second >= 10)
      expected.push_back(line);
  ASSERT_GE(expected.size(), 100u);
  const std::string where = "--where 'count(white.doubled) >= 2 and ply >= 10'";
  const auto one = run_cli("find --threads 1 " + where + " '" + sample + "'");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out, join(expected));
  // Thread count changes nothing, not even the order.
  const auto two = run_cli("find --threads 2 " + where + " '" + sample + "'");
  EXPECT_EQ(two.out, one.out);
}

TEST(CliFind, StructureQueriesAgreeWithAnalyzesStructureKey) {
  const auto all = run_cli("analyze --format jsonl --threads 1 '" + sample + "'");
  ASSERT_EQ(all.status, 0) << all.err;
  std::vector<std::string> expected;
  for (const auto& line : lines_of(all.out))
    if (line.find("\"structure\": \"carlsbad\", \"structure_side\": \"white\"") !=
        std::string::npos)
      expected.push_back(line);
  ASSERT_GE(expected.size(), 5u);
  const auto found = run_cli(
      "find --where 'structure == \"carlsbad\" and structure_side == white' '" + sample + "'");
  ASSERT_EQ(found.status, 0) << found.err;
  EXPECT_EQ(found.out, join(expected));
}

// Matching plies of each game, from find's own records at --min-plies 1.
std::map<int, std::set<int>> matching_plies(const std::string& where) {
  const auto r = run_cli("find --where '" + where + "' '" + sample + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  std::map<int, std::set<int>> plies;
  for (const auto& line : lines_of(r.out)) plies[origin(line).first].insert(origin(line).second);
  return plies;
}

TEST(CliFind, MinPliesPrintsPositionsFromTheNthConsecutiveOn) {
  const std::string where = "white.passed != {}";
  const auto single = matching_plies(where);
  std::vector<std::pair<int, int>> expected;
  for (const auto& [game, plies] : single)
    for (int ply : plies)
      if (plies.count(ply - 1) && plies.count(ply - 2)) expected.emplace_back(game, ply);
  const auto r = run_cli("find --min-plies 3 --where '" + where + "' '" + sample + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<std::pair<int, int>> got;
  for (const auto& line : lines_of(r.out)) got.push_back(origin(line));
  ASSERT_GE(expected.size(), 50u);
  EXPECT_EQ(got, expected);
}

// What a PGN reader sees of a game: tags, moves, and the comment after each ply.
struct ReadGame {
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<std::string> moves;
  std::map<std::size_t, std::string> comments;  // after this many moves
  std::string result;
};

struct Collect : io::PgnVisitorBase {
  static constexpr bool wants_comments = true;
  std::vector<ReadGame> games;
  std::size_t errors = 0;
  void begin_game(std::size_t, std::size_t) { games.emplace_back(); }
  void tag(std::string_view n, std::string_view v) { games.back().tags.emplace_back(n, v); }
  Control san(std::string_view s, std::size_t) {
    games.back().moves.emplace_back(s);
    return Control::Continue;
  }
  void comment(std::string_view text) { games.back().comments[games.back().moves.size()] = text; }
  void end_game(std::string_view result) { games.back().result = result; }
  void error(const io::PgnError&) { ++errors; }
};

Collect read_pgn_text(const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("pawnkit_find_" + std::to_string(::getpid()) + ".pgn");
  testing::write_file(path, text);
  io::OpenedSource opened = io::open_source(path.string());
  Collect c;
  io::read_pgn(*opened.source, c);
  std::filesystem::remove(path);
  return c;
}

// The first ply of the first run of at least n consecutive plies.
int first_run(const std::set<int>& plies, int n) {
  for (int p : plies) {
    int k = 0;
    while (k < n && plies.count(p + k)) ++k;
    if (k == n) return p;
  }
  return -1;
}

void check_games_output(const std::string& where, int min_plies) {
  const auto matching = matching_plies(where);
  std::vector<std::pair<int, int>> expected;  // game, first match
  for (const auto& [game, plies] : matching)
    if (const int first = first_run(plies, min_plies); first >= 0)
      expected.emplace_back(game, first);
  ASSERT_GE(expected.size(), 5u) << where;

  const auto r = run_cli("find --games --min-plies " + std::to_string(min_plies) + " --where '" +
                         where + "' '" + sample + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const auto& line : lines_of(r.out)) EXPECT_LE(line.size(), 79u) << line;

  const Collect written = read_pgn_text(r.out);
  const Collect original = read_pgn_text(testing::read_file(sample));
  EXPECT_EQ(written.errors, 0u);
  ASSERT_EQ(written.games.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const ReadGame& w = written.games[i];
    const ReadGame& o = original.games[std::size_t(expected[i].first - 1)];
    EXPECT_EQ(w.tags, o.tags);
    EXPECT_EQ(w.moves, o.moves);
    EXPECT_EQ(w.result, o.result);
    const std::size_t ply = std::size_t(expected[i].second);
    ASSERT_EQ(w.comments.size(), 1u);
    EXPECT_EQ(w.comments.begin()->first, ply) << "game " << expected[i].first;
    EXPECT_EQ(w.comments.begin()->second, "pawnkit: first match at ply " + std::to_string(ply));
  }

  // The written games replay to the same positions as the originals.
  const auto again = run_cli("analyze --format jsonl -", r.out);
  const auto all = run_cli("analyze --format jsonl '" + sample + "'");
  ASSERT_EQ(again.status, 0) << again.err;
  std::map<int, int> renumber;
  for (std::size_t i = 0; i < expected.size(); ++i) renumber[expected[i].first] = int(i + 1);
  std::string kept;
  for (const auto& line : lines_of(all.out)) {
    const auto [game, ply] = origin(line);
    if (!renumber.count(game)) continue;
    const std::string head = "{\"game\": " + std::to_string(game) + ",";
    kept += "{\"game\": " + std::to_string(renumber[game]) + "," + line.substr(head.size()) + "\n";
  }
  EXPECT_EQ(again.out, kept);
}

TEST(CliFind, GamesAreWrittenAsPgnThatReplaysTheSame) {
  check_games_output("structure == \"iqp\"", 1);
}

TEST(CliFind, GamesWithMinPliesMarkTheRunsFirstPly) {
  check_games_output("count(black.isolated) >= 2", 6);
}

TEST(CliFind, GamesFromABlackToMoveFenKeepTheirMoveNumbers) {
  const std::string pgn =
      "[Event \"From position\"]\n[SetUp \"1\"]\n"
      "[FEN \"4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 30\"]\n[Annotator \"A \\\"quoted\\\" \\\\ name\"]\n\n"
      "30... a5 31. b4 axb4 32. a3 bxa3 33. Kd2 *\n";
  const auto r = run_cli("find --games --where 'black.pawns & rank(3) != {}' -", pgn);
  ASSERT_EQ(r.status, 0) << r.err;
  // The Seven Tag Roster comes first, filled with the standard's unknown values.
  EXPECT_EQ(
      r.out,
      "[Event \"From position\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
      "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[SetUp \"1\"]\n"
      "[FEN \"4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 30\"]\n[Annotator \"A \\\"quoted\\\" \\\\ name\"]\n\n"
      "30... a5 31. b4 axb4 32. a3 bxa3 {pawnkit: first match at ply 5} 33. Kd2 *\n\n");
  const auto start = run_cli("find --games --where 'ply == 0' -", pgn);
  EXPECT_NE(start.out.find("\n{pawnkit: first match at ply 0} 30... a5 31. b4"), std::string::npos)
      << start.out;
  const auto after_black = run_cli("find --games --where 'ply == 1' -", pgn);
  EXPECT_NE(after_black.out.find("30... a5 {pawnkit: first match at ply 1} 31. b4"),
            std::string::npos)
      << after_black.out;
  const auto after_white = run_cli("find --games --where 'ply == 2' -", pgn);
  EXPECT_NE(after_white.out.find("31. b4 {pawnkit: first match at ply 2} 31... axb4"),
            std::string::npos)
      << after_white.out;
}

// The squares of `key` for `side` ("white" or "black") in an analyze record.
std::vector<std::string> side_array(const std::string& line, const std::string& side,
                                    const std::string& key) {
  return first_array(line.substr(line.find("\"" + side + "\": {")), key);
}

// Text with runs of blanks and line feeds as one space (a written comment may be wrapped).
std::string one_line(const std::string& text) {
  std::string out;
  for (char c : text)
    if (c != ' ' && c != '\n')
      out += c;
    else if (!out.empty() && out.back() != ' ')
      out += ' ';
  return out;
}

// --annotate: the comment at the first matching ply names the structure of that position
// and marks the squares of the keys, White's green, Black's red, both yellow, exactly as
// analyze reports them for that game and ply; the project's PGN reader reads it back.
TEST(CliFind, AnnotatedGamesMarkTheKeysSquaresAtTheFirstMatch) {
  const std::string where = "structure == \"iqp\"";
  const auto matching = matching_plies(where);
  std::vector<std::pair<int, int>> expected;  // game, first match of a 3-ply run
  for (const auto& [game, plies] : matching)
    if (const int first = first_run(plies, 3); first >= 0) expected.emplace_back(game, first);
  ASSERT_GE(expected.size(), 5u);
  const auto r = run_cli("find --games --min-plies 3 --annotate holes,outposts --where '" + where +
                         "' '" + sample + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  // Lines stay within 79 columns, except a [%csl] command longer than that (kept whole).
  for (const auto& line : lines_of(r.out)) {
    if (line.size() > 79) {
      EXPECT_EQ(line.rfind("[%csl ", 0), 0u) << line;
    }
  }
  const Collect written = read_pgn_text(r.out);
  EXPECT_EQ(written.errors, 0u);
  ASSERT_EQ(written.games.size(), expected.size());

  std::map<std::pair<int, int>, std::string> records;
  for (const auto& line : lines_of(run_cli("analyze --format jsonl '" + sample + "'").out))
    records[origin(line)] = line;
  std::size_t marked = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const auto [game, ply] = expected[i];
    const std::string& record = records.at({game, ply});
    std::set<std::string> white, black;
    for (const char* key : {"holes", "outposts"}) {
      for (const auto& sq : side_array(record, "white", key)) white.insert(sq.substr(1, 2));
      for (const auto& sq : side_array(record, "black", key)) black.insert(sq.substr(1, 2));
    }
    std::map<std::string, char> colour;  // "d5" -> 'G', 'R' or 'Y'
    for (const auto& sq : white) colour[sq] = black.count(sq) ? 'Y' : 'G';
    for (const auto& sq : black) colour[sq] = white.count(sq) ? 'Y' : 'R';
    // Squares a1 to h8: rank first, then file.
    std::vector<std::string> squares;
    for (const auto& [sq, c] : colour) squares.push_back(sq);
    std::sort(squares.begin(), squares.end(), [](const std::string& a, const std::string& b) {
      return std::pair(a[1], a[0]) < std::pair(b[1], b[0]);
    });
    std::string csl;
    for (const auto& sq : squares)
      csl += (csl.empty() ? "" : ",") + std::string(1, colour[sq]) + sq;
    const bool white_holds = record.find("\"structure_side\": \"white\"") != std::string::npos;
    const std::string prefix = "pawnkit: first match at ply " + std::to_string(ply) +
                               ", iqp (held by " + (white_holds ? "white" : "black");
    const ReadGame& w = written.games[i];
    ASSERT_EQ(w.comments.size(), 1u) << "game " << game;
    EXPECT_EQ(w.comments.begin()->first, std::size_t(ply)) << "game " << game;
    const std::string comment = one_line(w.comments.begin()->second);
    EXPECT_EQ(comment.rfind(prefix, 0), 0u) << comment;
    if (csl.empty()) {
      EXPECT_EQ(comment.find("[%csl"), std::string::npos) << comment;
    } else {
      EXPECT_EQ(comment.substr(comment.find(") ") + 2), "[%csl " + csl + "]") << comment;
      ++marked;
    }
  }
  EXPECT_GE(marked, 3u);
}

TEST(CliFind, AnnotationAtPlyZeroPrecedesTheMovesAndColoursBothSides) {
  // White d4 and Black d6, each isolated, attack c5 and e5 both: yellow.
  const std::string pgn =
      "[Event \"Annotated\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/3p4/8/3P4/8/8/4K3 w - - 0 40\"]\n\n"
      "40. Kd2 Ke7 *\n";
  const auto start = run_cli("find --games --annotate isolated,attacks --where 'ply == 0' -", pgn);
  ASSERT_EQ(start.status, 0) << start.err;
  EXPECT_NE(
      start.out.find("\n{pawnkit: first match at ply 0 [%csl Gd4,Yc5,Ye5,Rd6]} 40. Kd2 Ke7 *\n"),
      std::string::npos)
      << start.out;
  const auto after = run_cli("find --games --annotate isolated --where 'ply == 1' -", pgn);
  EXPECT_NE(after.out.find("40. Kd2 {pawnkit: first match at ply 1 [%csl Gd4,Rd6]} 40... Ke7"),
            std::string::npos)
      << after.out;
  // Keys with no squares leave the plain comment.
  const auto none = run_cli("find --games --annotate passed --where 'ply == 1' -", pgn);
  EXPECT_NE(none.out.find("40. Kd2 {pawnkit: first match at ply 1} 40... Ke7"), std::string::npos)
      << none.out;
  // Without --games, and with a name that is not a key: usage errors.
  const auto positions = run_cli("find --annotate holes --where 'ply == 1' -", pgn);
  EXPECT_EQ(positions.status, 2);
  EXPECT_NE(positions.err.find("--annotate needs --games"), std::string::npos) << positions.err;
  const auto unknown = run_cli("find --games --annotate holes,hole --where 'ply == 1' -", pgn);
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("unknown key 'hole'"), std::string::npos) << unknown.err;
}

TEST(CliFind, TagsAreQueried) {
  const std::string pgn =
      "[Event \"A\"]\n[WhiteElo \"2500\"]\n[ECO \"D35\"]\n\n1. d4 d5 *\n\n"
      "[Event \"B\"]\n[WhiteElo \"?\"]\n[ECO \"B12\"]\n\n1. e4 c6 *\n\n";
  const auto elo = run_cli("find --where 'tag.WhiteElo >= 2400 and ply == 2' -", pgn);
  EXPECT_EQ(lines_of(elo.out).size(), 1u);
  EXPECT_EQ(elo.out.rfind("{\"game\": 1, \"ply\": 2, ", 0), 0u) << elo.out;
  const auto eco = run_cli("find --count --games --where 'tag.ECO ~ \"b1\"' -", pgn);
  EXPECT_EQ(eco.out, "1\n");
}

TEST(CliFind, BadExpressionsExitWithTwoAndACaret) {
  const auto r = run_cli("find --where 'count(white.isolatd) >= 2' '" + structures + "'");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "pawnkit: find: --where: column 7: unknown key 'white.isolatd' (did you mean "
            "'white.isolated'?)\n"
            "  count(white.isolatd) >= 2\n"
            "        ^~~~~~~~~~~~~\n");
  const auto missing = run_cli("find '" + structures + "'");
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.err, "pawnkit: find: --where EXPR is required (see 'pawnkit find --help')\n");
  const auto plies = run_cli("find --min-plies 0 --where true -", "");
  EXPECT_EQ(plies.status, 2);
  const auto games_on_epd = run_cli("find --games --where true '" + structures + "'");
  EXPECT_EQ(games_on_epd.status, 2);
  EXPECT_EQ(games_on_epd.err,
            "pawnkit: " + structures + ": --games needs PGN input; this is FEN/EPD\n");
}

TEST(CliFind, BadInputIsReportedAndTheRestIsProcessed) {
  const std::string epd =
      "8/8/8/8/3P4/8/8/4K2k w - - 0 1\n"
      "not a fen\n"
      "8/8/8/8/3P4/8/8/4K2k b - - 0 1\n";
  const auto r = run_cli("find --input epd --where 'd4 in white.isolated' -", epd);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines_of(r.out).size(), 2u);
  EXPECT_NE(r.err.find("pawnkit: <stdin>:2: invalid FEN"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("pawnkit: find: 1 bad record\n"), std::string::npos) << r.err;

  const std::string good = "[Event \"good\"]\n\n1. d4 d5 2. c4 e6 1-0\n\n";
  const std::string pgn = good + "[Event \"illegal\"]\n\n1. e4 e5 2. Nf6 Nc6 0-1\n\n" + good;
  const auto games = run_cli("find --games --where 'ply >= 1' -", pgn);
  EXPECT_EQ(games.status, 1);
  EXPECT_EQ(games.err,
            "pawnkit: <stdin>:7: game 2: illegal move 'Nf6' (move 2, White)\n"
            "pawnkit: find: 1 bad record\n");
  EXPECT_EQ(read_pgn_text(games.out).games.size(), 2u);  // the bad game is not written
  const auto positions = run_cli("find --where 'ply == 2' -", pgn);
  EXPECT_EQ(positions.status, 1);
  // The bad game's positions before its error are still records, as with analyze.
  EXPECT_EQ(lines_of(positions.out).size(), 3u);
}

TEST(CliFind, CompressedPgnIsRead) {
  const std::string zst = std::filesystem::temp_directory_path() /
                          ("pawnkit_find_" + std::to_string(::getpid()) + ".pgn.zst");
  if (std::system(("zstd -q -f -o '" + zst + "' '" + sample + "' 2>/dev/null").c_str()) != 0)
    GTEST_SKIP() << "no zstd command";
  const auto plain = run_cli("find --count --where 'structure == \"carlsbad\"' '" + sample + "'");
  const auto packed = run_cli("find --count --where 'structure == \"carlsbad\"' '" + zst + "'");
  std::filesystem::remove(zst);
  EXPECT_EQ(packed.status, 0) << packed.err;
  EXPECT_EQ(packed.out, plain.out);
  EXPECT_NE(plain.out, "0\n");
}

}  // namespace
}  // namespace pawnkit
