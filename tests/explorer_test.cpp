// pawnkit index and explore against an independent count: the test replays the same
// games itself (the chess core's moves, the structure catalogue) and counts, for every
// exact placement, centre placement and named structure, the games that reached it, their
// results and the move that left it, and the model games the documented ranking picks
// (score formula, 10 kept a cell, tiebreak, repeated pairings skipped); explore must give
// exactly those. Also: a build killed with SIGKILL and run again, the same file added
// twice, bad input.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <rocksdb/db.h>

#include <pawnkit/chess/notation.hpp>
#include <pawnkit/chess/pawn_report.hpp>

#include "analysis/replay.hpp"
#include "explore/explorer.hpp"
#include "index/batch_runs.hpp"
#include "index/builder.hpp"
#include "index/game_visits.hpp"
#include "index/keys.hpp"
#include "index/store.hpp"
#include "support/read_games.hpp"
#include "support/run_cli.hpp"

namespace pawnkit {
namespace {

namespace fs = std::filesystem;
using testing::run_cli;

const std::string sample = PAWNKIT_SOURCE_DIR "/data/sample.pgn";
const std::string shared = PAWNKIT_SHARED_DATA;

struct Tally {
  long games = 0, white = 0, draws = 0, black = 0;
  void add(std::string_view r) {
    ++games;
    white += r == "1-0";
    draws += r == "1/2-1/2";
    black += r == "0-1";
  }
};

// A game that reached a key, as a model-game candidate (docs/explorer.md, "Model games").
struct Model {
  long score = 0;
  std::uint64_t tiebreak = 0;  // the high word of the game's content hash
  std::string white, black;
  std::string cell;  // speed, rating band and month, as the test names them
  int first_ply = 0;
};

struct KeyCount {
  Tally all;
  std::map<std::string, Tally> moves;
  std::vector<Model> models;
  Bitboard white = 0, black = 0;  // pawns of a position with this key (for the query FEN)
};

// The three ways of matching, each a map from a key to its counts.
struct Counts {
  std::map<std::pair<Bitboard, Bitboard>, KeyCount> exact, center;
  std::map<std::pair<int, int>, KeyCount> structure;
};

constexpr Bitboard centre = 0x3c3c3c3c3c3c3c3cULL;

int elo(const io::GameRecord& game, std::string_view tag) {
  const auto text = game.tag(tag);
  if (!text || text->empty() || text->size() > 4) return 0;
  int v = 0;
  for (char c : *text) {
    if (c < '0' || c > '9') return 0;
    v = v * 10 + (c - '0');
  }
  return v;
}

// The documented speed of a TimeControl: Lichess's bands by base + 40 x increment; "-" is
// correspondence; anything else unreadable is unknown.
std::string speed_of(std::string_view tc) {
  if (tc == "-") return "correspondence";
  const auto plus = tc.find('+');
  auto number = [](std::string_view t) -> long {
    if (t.empty() || t.size() > 9 || !std::all_of(t.begin(), t.end(), ::isdigit)) return -1;
    return std::stol(std::string(t));
  };
  const long base = number(tc.substr(0, plus));
  const long increment = plus == std::string_view::npos ? 0 : number(tc.substr(plus + 1));
  if (base < 0 || increment < 0) return "unknown";
  const long estimate = base + 40 * increment;
  return estimate < 30     ? "ultraBullet"
         : estimate < 180  ? "bullet"
         : estimate < 480  ? "blitz"
         : estimate < 1500 ? "rapid"
                           : "classical";
}

// The game's part of the model score and its cell, from the documented formula.
std::pair<long, std::string> model_score_and_cell(const io::GameRecord& game,
                                                  const std::string& result) {
  static const std::map<std::string, long> bonus{
      {"classical", 300}, {"correspondence", 300}, {"unknown", 250},     {"rapid", 200},
      {"blitz", 100},     {"bullet", 0},           {"ultraBullet", -100}};
  const int w = elo(game, "WhiteElo"), b = elo(game, "BlackElo");
  const bool rated = w > 0 && b > 0;
  const std::string speed = speed_of(game.tag("TimeControl").value_or(""));
  const long score = 100000 + (rated ? std::min(w, b) - std::abs(w - b) / 2 : 0) + bonus.at(speed) +
                     (result == "1-0" || result == "0-1" ? 100 : 0);
  const std::string date(game.tag("Date").value_or(""));
  const bool dated = date.size() >= 7 && date[4] == '.' &&
                     std::all_of(date.begin(), date.begin() + 4, ::isdigit) &&
                     date.substr(0, 4) != "0000" && date.substr(5, 2) >= "01" &&
                     date.substr(5, 2) <= "12";
  return {score, speed + "/" + std::to_string(rated ? std::min(std::min(w, b) / 100, 99) : 0) +
                     "/" + (dated ? date.substr(0, 7) : "")};
}

// Counts the games of `path` whose players are both rated at least min_elo (0: all).
Counts count_games(const std::string& path, int min_elo) {
  Counts counts;
  testing::for_each_game(path, {}, [&](const io::GameRecord& game) {
    const auto outcome = analysis::replay(game, [](const Position&, int) {}).outcome;
    if (outcome != analysis::ReplayOutcome::Complete) return;
    if (min_elo && (elo(game, "WhiteElo") < min_elo || elo(game, "BlackElo") < min_elo)) return;
    const std::string result =
        !game.result.empty() ? game.result : std::string(game.tag("Result").value_or(""));
    const bool chess960 = analysis::variant_of(game) == analysis::VariantKind::Chess960;
    Position pos;
    analysis::ReplayResult unused;
    ASSERT_TRUE(analysis::start_position(game, pos, unused));
    // Per game: the keys seen, and for each the move that first left it ("" if none).
    std::map<std::pair<Bitboard, Bitboard>, std::string> exact, center;
    std::map<std::pair<int, int>, std::string> structure;
    std::pair<Bitboard, Bitboard> last_exact, last_center;
    std::optional<std::pair<int, int>> last_structure;
    // Per key, the ply of its first position and the positions of its first visit.
    std::map<std::pair<Bitboard, Bitboard>, std::pair<int, int>> exact_visit, center_visit;
    std::map<std::pair<int, int>, std::pair<int, int>> structure_visit;
    bool exact_open = false, center_open = false, structure_open = false;
    int ply = 0;
    auto first_visit = [&ply](auto& visits, const auto& key, bool same, bool& open) {
      if (same) {
        if (open) ++visits[key].second;
        return;
      }
      open = visits.emplace(key, std::pair{ply, 1}).second;
    };
    auto structure_of = [](const Position& p) -> std::optional<std::pair<int, int>> {
      const auto s = classify_structure(p);
      if (!s) return std::nullopt;
      return std::pair{int(s->id), s->side == White ? 0 : 1};
    };
    auto visit = [&](const Position& p, const std::string& move_in) {
      const std::pair e{p.pawns(White), p.pawns(Black)};
      const std::pair c{e.first & centre, e.second & centre};
      const auto s = structure_of(p);
      if (!exact.empty() && e != last_exact && exact[last_exact].empty())
        exact[last_exact] = move_in;
      if (!center.empty() && c != last_center && center[last_center] == "-")
        center[last_center] = move_in;
      if (last_structure && s != last_structure && structure[*last_structure] == "-")
        structure[*last_structure] = move_in;
      auto note = [&](auto& map, const auto& key, const char* fresh, auto& entries) {
        if (map.emplace(key, fresh).second) {
          auto& k = entries[key];
          k.white = p.pawns(White);
          k.black = p.pawns(Black);
        }
      };
      first_visit(exact_visit, e, !exact.empty() && e == last_exact, exact_open);
      first_visit(center_visit, c, !center.empty() && c == last_center, center_open);
      if (s) first_visit(structure_visit, *s, s == last_structure, structure_open);
      // A first visit is open ("" for exact, "-" for the others, which may come back).
      if (!exact.count(e)) note(exact, e, "", counts.exact);
      if (!center.count(c)) note(center, c, "-", counts.center);
      if (s && !structure.count(*s)) note(structure, *s, "-", counts.structure);
      last_exact = e;
      last_center = c;
      last_structure = s;
    };
    visit(pos, "");
    for (std::size_t i = 0; i < game.move_count(); ++i) {
      ply = int(i) + 1;
      const auto move = parse_move_leniently(pos, game.move(i), chess960);
      ASSERT_TRUE(static_cast<bool>(move));
      if (move->spelling == MoveSpelling::Null) {
        pos.do_null_move();
        visit(pos, "0000");
        continue;
      }
      const std::string uci = to_uci(move->move, chess960);
      pos.do_move(move->move);
      visit(pos, uci);
    }
    const auto [of_game, cell] = model_score_and_cell(game, result);
    const std::uint64_t tiebreak = index_db::content_hash(game).high;
    auto add = [&](auto& map, auto& entries, auto& visits) {
      for (const auto& [key, move] : map) {
        KeyCount& k = entries[key];
        k.all.add(result);
        if (!move.empty() && move != "-") k.moves[move].add(result);
        const auto [first_ply, held] = visits.at(key);
        k.models.push_back({of_game + 5 * std::min(held, 40), tiebreak,
                            std::string(game.tag("White").value_or("")),
                            std::string(game.tag("Black").value_or("")), cell, first_ply});
      }
    };
    add(exact, counts.exact, exact_visit);
    add(center, counts.center, center_visit);
    add(structure, counts.structure, structure_visit);
  });
  return counts;
}

// A FEN with these pawns and nothing else (explore reads the pawns alone).
std::string pawn_fen(Bitboard white, Bitboard black) {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Bitboard b = Bitboard(1) << (rank * 8 + file);
      const char c = (white & b) ? 'P' : (black & b) ? 'p' : 0;
      if (!c) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += c;
    }
    if (empty) fen += char('0' + empty);
    if (rank) fen += '/';
  }
  return fen + " w - - 0 1";
}

// The part of explore's JSON that the counts determine: from "games" to "moves" whole.
std::string expected_json(const KeyCount* k) {
  auto tally = [](const Tally& t) {
    return "\"games\": " + std::to_string(t.games) + ", \"white\": " + std::to_string(t.white) +
           ", \"draws\": " + std::to_string(t.draws) + ", \"black\": " + std::to_string(t.black);
  };
  if (!k) return tally({}) + ", \"moves\": [], \"model_games\": ";
  std::vector<std::pair<std::string, Tally>> moves(k->moves.begin(), k->moves.end());
  std::stable_sort(moves.begin(), moves.end(),
                   [](const auto& a, const auto& b) { return a.second.games > b.second.games; });
  std::string text = tally(k->all) + ", \"moves\": [";
  for (std::size_t i = 0; i < moves.size(); ++i)
    text += (i ? ", {\"uci\": \"" : "{\"uci\": \"") + moves[i].first + "\", " +
            tally(moves[i].second) + "}";
  return text + "], \"model_games\": ";
}

// The model games the documented ranking gives (`--games 5`), as "white|black|first ply "
// each: each cell keeps the candidates that fewer than 10 of its others beat on score, then
// on the top 16 bits of the tiebreak; the kept ones best first (score, then the whole
// tiebreak), a game skipped when its two players were already chosen.
std::string expected_models(const KeyCount* k) {
  if (!k) return "";
  std::map<std::string, std::vector<const Model*>> cells;
  for (const Model& m : k->models) cells[m.cell].push_back(&m);
  std::vector<const Model*> kept;
  for (const auto& [cell, list] : cells)
    for (const Model* m : list) {
      const auto beaten_by = std::count_if(list.begin(), list.end(), [m](const Model* o) {
        return o->score > m->score ||
               (o->score == m->score && (o->tiebreak >> 48) < (m->tiebreak >> 48));
      });
      if (beaten_by < 10) kept.push_back(m);
    }
  std::sort(kept.begin(), kept.end(), [](const Model* a, const Model* b) {
    return a->score != b->score ? a->score > b->score : a->tiebreak < b->tiebreak;
  });
  std::vector<std::pair<std::string, std::string>> chosen;
  std::string text;
  for (const Model* m : kept) {
    if (chosen.size() == 5) break;
    const std::pair<std::string, std::string> pair = std::minmax(m->white, m->black);
    if (std::find(chosen.begin(), chosen.end(), pair) != chosen.end()) continue;
    chosen.push_back(pair);
    text += m->white + "|" + m->black + "|" + std::to_string(m->first_ply) + " ";
  }
  return text;
}

// The same read from an answer line: white, black and first ply of each model game.
std::string answered_models(const std::string& line) {
  std::string text;
  const auto field = [&line](const std::string& name, std::size_t from) {
    const auto at = line.find("\"" + name + "\": ", from) + name.size() + 4;
    const auto quoted = line[at] == '"';
    const auto start = at + quoted;
    return line.substr(start, line.find(quoted ? "\"" : ",", start) - start);
  };
  for (auto at = line.find("{\"white\": ", line.find("\"model_games\": ["));
       at != std::string::npos; at = line.find("{\"white\": ", at + 1))
    text += field("white", at) + "|" + field("black", at) + "|" + field("first_ply", at) + " ";
  return text;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

class TempDir {
 public:
  TempDir()
      : path_(fs::temp_directory_path() / ("pawnkit_explorer_" + std::to_string(::getpid()) + "_" +
                                           std::to_string(counter_++))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  static inline int counter_ = 0;
  fs::path path_;
};

// Asks explore for every key of `expected` (every `step`-th) and compares.
template <class Map>
void expect_explore(const std::string& db, const Map& expected, const Map& queried_keys,
                    const std::string& options, std::size_t step = 1) {
  std::string input;
  std::vector<const typename Map::mapped_type*> want;
  std::size_t i = 0;
  for (const auto& [key, k] : queried_keys) {
    if (i++ % step) continue;
    input += pawn_fen(k.white, k.black) + "\n";
    const auto found = expected.find(key);
    want.push_back(found == expected.end() ? nullptr : &found->second);
  }
  const auto r = run_cli("explore --index '" + db + "' --format jsonl " + options + " -", input);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto got = lines(r.out);
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t q = 0; q < want.size(); ++q) {
    ASSERT_NE(got[q].find(expected_json(want[q])), std::string::npos)
        << options << "\nexpected " << expected_json(want[q]) << "\ngot " << got[q];
    ASSERT_EQ(answered_models(got[q]), expected_models(want[q])) << options << "\n" << got[q];
  }
}

// `threads` 1: the worker hands its games to the builder directly; 2: through the
// pipeline's output text.
void expect_all_matches(const std::string& pgn, std::size_t step, int min_elo = 2000,
                        const std::string& add_options = "", int threads = 2) {
  TempDir dir;
  const std::string db = dir / "db";
  const auto add = run_cli("index add --threads " + std::to_string(threads) + " " + add_options +
                           " '" + db + "' '" + pgn + "'");
  ASSERT_TRUE(add.status == 0 || add.err.find("skipped") != std::string::npos) << add.err;
  const Counts all = count_games(pgn, 0);
  ASSERT_FALSE(all.exact.empty());
  expect_explore(db, all.exact, all.exact, "", step);
  expect_explore(db, all.center, all.center, "--match center", step);
  expect_explore(db, all.structure, all.structure, "--match structure");
  const Counts rated = count_games(pgn, min_elo);
  const std::string filter = "--min-elo " + std::to_string(min_elo);
  expect_explore(db, rated.exact, all.exact, filter, step);
  expect_explore(db, rated.center, all.center, filter + " --match center", step);
  expect_explore(db, rated.structure, all.structure, filter + " --match structure");
}

TEST(Explorer, EqualsAnIndependentCountOnTheSample) { expect_all_matches(sample, 1); }

// 43 batches: the builder merges its batch files into a table every 16 batches (three
// tables, summed again by the compaction at the end). One thread: the games go from the
// worker to the builder without the output text.
TEST(Explorer, EqualsAnIndependentCountAfterABuildOfManyBatches) {
  expect_all_matches(sample, 1, 2000, "--batch-games 7", 1);
}

TEST(Explorer, EqualsAnIndependentCountOnTheSampleInOneThread) {
  expect_all_matches(sample, 1, 2000, "", 1);
}

TEST(Explorer, EqualsAnIndependentCountOnSharedLichessGames) {
  const std::string pgn = shared + "/lichess_db_1000k.pgn";
  if (!fs::exists(pgn)) GTEST_SKIP() << pgn << " is absent";
  expect_all_matches(pgn, 1, 1800);
}

TEST(Explorer, EqualsAnIndependentCountOnTheMagnusGames) {
  const std::string pgn = shared + "/lichess_magnus_games.pgn.zst";
  if (!fs::exists(pgn)) GTEST_SKIP() << pgn << " is absent";
  expect_all_matches(pgn, 37, 2500);
}

// The sample `copies` times, each copy's games with their own Site: distinct games.
std::string replicated_sample(int copies) {
  const std::string text = testing::read_file(sample);
  std::string out;
  for (int c = 0; c < copies; ++c) {
    std::string copy = text;
    const std::string tag = "[Site \"";
    for (auto at = copy.find(tag); at != std::string::npos; at = copy.find(tag, at + 1))
      copy.insert(at + tag.size(), "copy" + std::to_string(c) + "/");
    out += copy;
  }
  return out;
}

std::string all_answers(const std::string& db, const std::string& fens) {
  const auto r = run_cli("explore --index '" + db + "' --format jsonl --games 10 -", fens);
  EXPECT_EQ(r.status, 0) << r.err;
  return r.out;
}

std::string sample_fens() {
  std::string fens;
  for (const auto& [key, k] : count_games(sample, 0).exact)
    fens += pawn_fen(k.white, k.black) + "\n";
  return fens;
}

const std::string start_fen = "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'";

long indexed_games(const std::string& db) {
  const auto r = run_cli("index info --format json '" + db + "'");
  if (r.status != 0) return -1;
  return std::stol(r.out.substr(r.out.find("\"games\": ") + 9));
}

TEST(Explorer, AKilledBuildIsCompletedByRunningItAgain) {
  TempDir dir;
  const std::string pgn = dir / "games.pgn", db = dir / "db", clean = dir / "clean";
  testing::write_file(pgn, replicated_sample(20));  // 6000 games
  const std::string add = std::string("'") + PAWNKIT_CLI_PATH + "' index add --threads 1 " +
                          "--batch-games 250 '" + db + "' '" + pgn + "'";
  long killed_at_least_once = 0;
  const long ingested = 250 * long(index_db::IndexBuilder::max_runs);  // games at a time
  for (int delay_ms : {30, 120, 250, 400}) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      execl("/bin/sh", "sh", "-c", ("exec " + add + " 2>/dev/null").c_str(), (char*)nullptr);
      _exit(127);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms / 2));
    // A reader during the build sees whole ingestions: every game starts from the start
    // position, so its count is the number of games indexed. The builder merges its
    // batch files into the index every max_runs batches (and at the end of the run).
    const auto during = run_cli("explore --index '" + db + "' --format json " + start_fen);
    if (during.status == 0) {
      const long games = std::stol(during.out.substr(during.out.find("\"games\": ") + 9));
      EXPECT_TRUE(games % ingested == 0 || games == 6000) << during.out;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms / 2));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    killed_at_least_once += WIFSIGNALED(status);
    // Each ingestion is applied whole: the index holds a whole number of them.
    const long games = indexed_games(db);
    std::fprintf(stderr, "killed after %d ms: %ld games in the index\n", delay_ms, games);
    if (games >= 0) {
      EXPECT_TRUE(games % ingested == 0 || games == 6000) << games;
    }
  }
  EXPECT_GT(killed_at_least_once, 0) << "every run ended before the kill: make the input larger";
  const auto rerun = run_cli("index add --threads 1 --batch-games 250 '" + db + "' '" + pgn + "'");
  ASSERT_EQ(rerun.status, 0) << rerun.err;
  EXPECT_EQ(indexed_games(db), 6000);
  const auto once = run_cli("index add --threads 2 '" + clean + "' '" + pgn + "'");
  ASSERT_EQ(once.status, 0) << once.err;
  const std::string fens = sample_fens();
  EXPECT_EQ(all_answers(db, fens), all_answers(clean, fens));
}

// The state a kill leaves between ingestion's hard link and its unlink: pending.sst and
// pending-lean.sst still name live table files. The next batch must not write through
// those names.
TEST(Explorer, ALeftoverBatchFileLinkedToALiveTableIsNotWrittenThrough) {
  TempDir dir;
  const std::string db = dir / "db", clean = dir / "clean", more = dir / "more.pgn";
  ASSERT_EQ(run_cli("index add '" + db + "' '" + sample + "'").status, 0);
  std::vector<fs::path> tables;  // a table's two files (lean chunks, the other keys)
  for (const auto& entry : fs::directory_iterator(db))
    if (entry.path().extension() == ".sst") tables.push_back(entry.path());
  ASSERT_EQ(tables.size(), 2u);
  fs::create_hard_link(tables[0], fs::path(db) / "pending.sst");
  fs::create_hard_link(tables[1], fs::path(db) / "pending-lean.sst");
  testing::write_file(more, replicated_sample(2));
  const auto again = run_cli("index add --batch-games 250 '" + db + "' '" + more + "'");
  ASSERT_EQ(again.status, 0) << again.err;
  ASSERT_EQ(run_cli("index add '" + clean + "' '" + sample + "' '" + more + "'").status, 0);
  EXPECT_EQ(indexed_games(db), indexed_games(clean));
  const std::string fens = sample_fens();
  EXPECT_EQ(all_answers(db, fens), all_answers(clean, fens));
}

TEST(Explorer, AddingTheSameGamesTwiceChangesNothing) {
  TempDir dir;
  const std::string once = dir / "once", twice = dir / "twice", copy = dir / "copy.pgn";
  fs::copy_file(sample, copy);
  ASSERT_EQ(run_cli("index add '" + once + "' '" + sample + "'").status, 0);
  ASSERT_EQ(run_cli("index add '" + twice + "' '" + sample + "' '" + sample + "'").status, 0);
  const auto again = run_cli("index add '" + twice + "' '" + copy + "'");  // another name
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("0 games added, 300 already in the index"), std::string::npos)
      << again.err;
  EXPECT_EQ(indexed_games(twice), 300);
  const std::string fens = sample_fens();
  EXPECT_EQ(all_answers(once, fens), all_answers(twice, fens));
}

// A game of the tie test: the same moves, ratings and result as every other, so that
// every game's model score is the same at every placement, and its own players and Site.
std::string tied_game(int i) {
  const std::string n = std::to_string(i);
  return "[Event \"Tie\"]\n[Site \"s" + n + "\"]\n[White \"W" + n + "\"]\n[Black \"B" + n +
         "\"]\n[Result \"1-0\"]\n[WhiteElo \"2400\"]\n[BlackElo \"2400\"]\n"
         "[TimeControl \"600+5\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 1-0\n\n";
}

// Model games of equal score are ranked by their content hash's high word, of which a
// value keeps 16 bits: two games whose 16 bits are equal stand at the cut of the 10
// candidates a cell keeps. Both are kept, and the answer orders them by their records'
// full words, whatever the order and batches they were added in.
TEST(Explorer, ModelGamesTiedOnTheKeptBitsAreRankedByTheFullTiebreak) {
  TempDir dir;
  // The hashes of 3,000 such games, as the index computes them.
  const std::string all_path = dir / "all.pgn";
  std::string all;
  for (int i = 0; i < 3000; ++i) all += tied_game(i);
  testing::write_file(all_path, all);
  std::vector<std::uint64_t> high;
  testing::for_each_game(all_path, {}, [&](const io::GameRecord& g) {
    high.push_back(index_db::content_hash(g).high);
  });
  ASSERT_EQ(high.size(), 3000u);
  // Two games x, y whose top 16 bits are equal, with at least 9 games below them.
  std::map<std::uint64_t, std::vector<int>> by_prefix;
  for (int i = 0; i < 3000; ++i) by_prefix[high[i] >> 48].push_back(i);
  std::vector<int> pair, below;
  for (const auto& [prefix, games] : by_prefix) {
    if (games.size() >= 2 && below.size() >= 9) {
      pair = {games[0], games[1]};
      break;
    }
    below.insert(below.end(), games.begin(), games.end());
  }
  ASSERT_EQ(pair.size(), 2u) << "no two games share their top 16 bits";
  below.resize(9);
  // The 11 games and 4 worse ones; expected: the 10 best by the full word.
  std::vector<int> chosen = below;
  chosen.insert(chosen.end(), pair.begin(), pair.end());
  std::sort(chosen.begin(), chosen.end(), [&](int a, int b) { return high[a] < high[b]; });
  std::string expected;
  for (std::size_t k = 0; k < 10; ++k) expected += "W" + std::to_string(chosen[k]) + " ";
  for (const auto& [prefix, games] : by_prefix)
    if (prefix > (high[pair[0]] >> 48) && chosen.size() < 15) chosen.push_back(games[0]);
  ASSERT_EQ(chosen.size(), 15u);
  // Added in three ways: one batch; a batch a game (merged in the builder); the games in
  // reverse order over two runs (merged by RocksDB's merge operator).
  std::string forward, reverse_first, reverse_second;
  for (std::size_t k = 0; k < chosen.size(); ++k) {
    forward += tied_game(chosen[k]);
    (k < 8 ? reverse_second : reverse_first).insert(0, tied_game(chosen[k]));
  }
  testing::write_file(dir / "forward.pgn", forward);
  testing::write_file(dir / "r1.pgn", reverse_first);
  testing::write_file(dir / "r2.pgn", reverse_second);
  const std::vector<std::string> builds = {
      "index add '" + dir / "a" + "' '" + dir / "forward.pgn" + "'",
      "index add --batch-games 1 '" + dir / "b" + "' '" + dir / "forward.pgn" + "'",
      "index add '" + dir / "c" + "' '" + dir / "r1.pgn" + "'",
      "index add '" + dir / "c" + "' '" + dir / "r2.pgn" + "'"};
  for (const std::string& b : builds) ASSERT_EQ(run_cli(b).status, 0) << b;
  for (const std::string db : {"a", "b", "c"}) {
    const auto r =
        run_cli("explore --index '" + dir / db + "' --format jsonl --games 10 " + start_fen);
    ASSERT_EQ(r.status, 0) << r.err;
    std::string got;
    for (auto at = r.out.find("\"white\": \"W"); at != std::string::npos;
         at = r.out.find("\"white\": \"W", at + 1)) {
      const auto start = at + 10;
      got += r.out.substr(start, r.out.find('"', start) - start) + " ";
    }
    EXPECT_EQ(got, expected) << db;
  }
}

// An index holds RocksDB's database files only: no info LOG (pawnkit keeps it off), and
// no batch file left behind by a build that ended.
TEST(Explorer, AnIndexHoldsNoLogNorLeftoverBatchFile) {
  TempDir dir;
  const std::string db = dir / "db";
  ASSERT_EQ(run_cli("index add --batch-games 100 '" + db + "' '" + sample + "'").status, 0);
  ASSERT_EQ(run_cli("index info '" + db + "'").status, 0);
  for (const auto& entry : fs::directory_iterator(db)) {
    const std::string name = entry.path().filename().string();
    EXPECT_NE(name.rfind("LOG", 0), 0u) << name;
    EXPECT_NE(name, "pending.sst");
    EXPECT_NE(name, "pending-lean.sst");
    EXPECT_NE(name, "batches");  // the batch files of the builder (3 here), merged
  }
}

// What a build killed between two ingestions leaves: batch files not in the index. The
// next build removes them, and they count nowhere.
TEST(Explorer, BatchFilesOfAKilledBuildAreRemovedAndNotCounted) {
  TempDir dir;
  const std::string db = dir / "db", clean = dir / "clean", more = dir / "more.pgn";
  testing::write_file(more, replicated_sample(2));
  ASSERT_EQ(run_cli("index add '" + db + "' '" + sample + "'").status, 0);
  // A batch file as a build writes them (a total of 153 games, a placement no game
  // reached), and a torn one: neither may reach the index.
  fs::create_directories(fs::path(db) / "batches");
  {
    index_db::RunWriter run(db + "/batches/0.batch");
    const std::string value = "\x00\x01\x02";
    run.put("M", "\x99\x01");
    run.put(index_db::placement_key(index_db::MatchKind::Exact, 0xff00, 0xff000000000000), value);
    ASSERT_EQ(run.ingest(), "");
  }
  testing::write_file(db + "/batches/1.batch", "\x05torn");
  const auto again = run_cli("index add '" + db + "' '" + more + "'");  // one batch
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_FALSE(fs::exists(fs::path(db) / "batches"));
  ASSERT_EQ(run_cli("index add '" + clean + "' '" + sample + "' '" + more + "'").status, 0);
  EXPECT_EQ(indexed_games(db), 900);
  EXPECT_EQ(indexed_games(clean), 900);
  const std::string fens = sample_fens();
  EXPECT_EQ(all_answers(db, fens), all_answers(clean, fens));
  // The same games in 9 batch files merged at the end: the totals are the last batch's.
  const std::string merged = dir / "merged";
  const auto runs = run_cli("index add --batch-games 100 '" + merged + "' '" + sample + "' '" +
                            more + "' '" + sample + "'");
  ASSERT_EQ(runs.status, 0) << runs.err;
  auto info = [](const std::string& index) {  // all but the bytes on disk
    const std::string out = run_cli("index info --format json '" + index + "'").out;
    const std::size_t bytes = out.find("\"bytes\"");
    return out.substr(0, bytes) + out.substr(out.find(',', bytes));
  };
  EXPECT_EQ(info(merged), info(clean));
  EXPECT_EQ(all_answers(merged, fens), all_answers(clean, fens));
}

TEST(Explorer, BadInputIsOneLineAndStatusOne) {
  TempDir dir;
  const std::string db = dir / "db";
  ASSERT_EQ(run_cli("index add '" + db + "' '" + sample + "'").status, 0);
  auto one_error_line = [](const testing::CliResult& r) {
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.err.starts_with("pawnkit: ")) << r.err;
  };
  const std::string start = "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'";
  one_error_line(run_cli("explore --index '" + (dir / "missing") + "' " + start));
  one_error_line(run_cli("explore --index '" + db + "' 'not a fen'"));
  one_error_line(run_cli("index info '" + (dir / "missing") + "'"));
  // A directory that is not an index, and an index whose files were damaged.
  fs::create_directories(dir / "empty");
  one_error_line(run_cli("explore --index '" + (dir / "empty") + "' " + start));
  // An index written by another version of the format: its version key differs.
  const std::string old = dir / "old";
  ASSERT_EQ(run_cli("index add '" + old + "' '" + sample + "'").status, 0);
  {
    rocksdb::DB* raw = nullptr;
    rocksdb::Options options;
    ASSERT_TRUE(rocksdb::DB::Open(options, old, &raw).ok());
    ASSERT_TRUE(raw->Put(rocksdb::WriteOptions(), "V", "pawnkit-index 0").ok());
    delete raw;
  }
  for (const auto& r :
       {run_cli("explore --index '" + old + "' " + start), run_cli("index info '" + old + "'"),
        run_cli("index add '" + old + "' '" + sample + "'")}) {
    one_error_line(r);
    EXPECT_NE(r.err.find("another version"), std::string::npos) << r.err;
  }
  testing::write_file(db + "/CURRENT", "garbage");
  one_error_line(run_cli("explore --index '" + db + "' " + start));
  one_error_line(run_cli("index add '" + db + "' '" + sample + "'"));
  // The next FEN is still answered after a bad one.
  const std::string good = dir / "good";
  ASSERT_EQ(run_cli("index add '" + good + "' '" + sample + "'").status, 0);
  const auto r = run_cli("explore --index '" + good + "' --format jsonl -",
                         "bad\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("\"games\": 300"), std::string::npos) << r.out;
}

// The game records a server keeps across queries (explore/game_records.hpp), even in one slot
// (each game pushing out the last) or seven, give the model games of records read afresh for
// each query: every placement of the sample, ten model games each.
TEST(Explorer, SharedGameRecordsGiveTheAnswersOfFreshReads) {
  TempDir dir;
  const std::string db = dir / "db";
  ASSERT_EQ(run_cli("index add '" + db + "' '" + sample + "'").status, 0);
  std::string error;
  const auto store = index_db::Store::open(db, index_db::Store::Mode::ReadOnly, error);
  ASSERT_TRUE(store) << error;
  explore::GameRecords one(1), seven(7), many;
  std::size_t models = 0;
  for (const auto& [key, k] : count_games(sample, 0).exact) {
    explore::Query query;
    query.white = k.white;
    query.black = k.black;
    query.games = 10;
    explore::Answer fresh;
    ASSERT_EQ(explore::explore(*store, query, fresh), "");
    models += fresh.model_games.size();
    for (explore::GameRecords* records : {&one, &seven, &many, &many}) {
      explore::Answer kept;
      ASSERT_EQ(explore::explore(*store, query, kept, records), "");
      ASSERT_EQ(kept.model_games.size(), fresh.model_games.size());
      for (std::size_t i = 0; i < kept.model_games.size(); ++i) {
        EXPECT_EQ(kept.model_games[i].number, fresh.model_games[i].number);
        EXPECT_EQ(kept.model_games[i].info.white, fresh.model_games[i].info.white);
        EXPECT_EQ(kept.model_games[i].info.line, fresh.model_games[i].info.line);
      }
    }
  }
  EXPECT_GT(models, 100u);
}

}  // namespace
}  // namespace pawnkit
