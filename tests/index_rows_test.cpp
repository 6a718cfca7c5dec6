// The index builder's cheaper primitives against plain ones: GameInfo::from's one pass
// over the tags against a lookup of each tag by name (GameRecord::tag, game_ratings), and
// the batch rows' branchless order and sort against std::tie's order and std::sort, the
// open-addressed set of pending content hashes against std::set, the content hash's
// word-at-a-time reading against the same words made a byte at a time.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "analysis/game_workers.hpp"
#include "index/builder.hpp"
#include "index/content_hash_set.hpp"
#include "index/game_info.hpp"
#include "index/word_hash.hpp"
#include "io/pgn/reader.hpp"
#include "io/source/byte_source.hpp"

namespace pawnkit {
namespace {

// WordHash's words as a plain reading makes them: byte i of a field is bits 8 * (i % 8) of
// word i / 8, a last word of the bytes after the full words (zero-padded, possibly none),
// then the field's length.
std::vector<std::uint64_t> plain_words(const std::vector<std::string>& fields) {
  std::vector<std::uint64_t> words;
  for (const std::string& f : fields) {
    for (std::size_t k = 0; k <= f.size() / 8; ++k) {
      std::uint64_t w = 0;
      for (std::size_t j = 8 * k; j < 8 * k + 8 && j < f.size(); ++j)
        w |= std::uint64_t(static_cast<unsigned char>(f[j])) << (8 * (j - 8 * k));
      words.push_back(w);
    }
    words.push_back(f.size());
  }
  return words;
}

index_db::ContentHash hash_of(const std::vector<std::string>& fields) {
  index_db::WordHash h;
  for (const std::string& f : fields) h.add(f);
  return h.finish();
}

TEST(IndexRows, TheContentHashReadsAFieldAsItsWordsThenItsLength) {
  std::mt19937 random(17);
  std::map<std::vector<std::string>, index_db::ContentHash> hashes;
  for (int n = 0; n < 20000; ++n) {
    std::vector<std::string> fields(random() % 4);
    for (std::string& f : fields) {
      f.resize(random() % 20);
      for (char& c : f) c = char(random() % 3 ? 'a' + random() % 3 : random());
    }
    // The plain words fed one by one: the same hash only if add() read them so.
    index_db::WordHash by_words;
    for (const std::uint64_t w : plain_words(fields)) by_words.add_word(w);
    ASSERT_EQ(hash_of(fields), by_words.finish()) << n;
    hashes.emplace(fields, hash_of(fields));
  }
  // Distinct field lists: distinct hashes, and distinct high words (the tiebreak).
  std::set<std::pair<std::uint64_t, std::uint64_t>> whole;
  std::set<std::uint64_t> high;
  for (const auto& [fields, h] : hashes) {
    whole.insert({h.high, h.low});
    high.insert(h.high);
  }
  EXPECT_GT(hashes.size(), 10000u);
  EXPECT_EQ(whole.size(), hashes.size());
  EXPECT_EQ(high.size(), hashes.size());
  // A field's end is part of what is hashed: splits, an added zero byte, an empty field.
  const auto a = hash_of({"ab", "c"});
  EXPECT_NE(a, hash_of({"a", "bc"}));
  EXPECT_NE(a, hash_of({"abc"}));
  EXPECT_NE(hash_of({"abc"}), hash_of({std::string("abc\0", 4)}));
  EXPECT_NE(hash_of({"abcdefgh"}), hash_of({"abcdefgh", ""}));
  EXPECT_NE(hash_of({}), hash_of({""}));
}

using index_db::GameInfo;
using Row = index_db::IndexBuilder::Row;

// GameInfo::from as it was: each tag looked up by name.
GameInfo plain_info(const io::GameRecord& game) {
  GameInfo info;
  auto tag = [&](std::string_view name) { return std::string(game.tag(name).value_or("")); };
  info.white = tag("White");
  info.black = tag("Black");
  info.result = game.result.empty() ? tag("Result") : game.result;
  info.date = tag("Date");
  info.event = tag("Event");
  info.site = tag("Site");
  info.time_control = tag("TimeControl");
  info.file = std::string(game.file);
  if (const auto ratings = analysis::game_ratings(game)) {
    info.white_elo = ratings->white;
    info.black_elo = ratings->black;
  }
  info.number_in_file = game.number;
  info.line = game.line;
  info.offset = game.offset;
  return info;
}

struct Records : io::PgnVisitorBase {
  std::vector<io::GameRecord> games;
  void begin_game(std::size_t, std::size_t line) {
    games.emplace_back();
    games.back().line = line;
    games.back().number = games.size();
  }
  void tag(std::string_view n, std::string_view v) { games.back().add_tag(n, v); }
  Control san(std::string_view s, std::size_t line) {
    games.back().add_move(s, line);
    return Control::Continue;
  }
  void end_game(std::string_view result) { games.back().result = std::string(result); }
};

io::GameRecord record(std::vector<std::pair<std::string, std::string>> tags,
                      std::string result = "") {
  io::GameRecord g;
  for (const auto& [name, value] : tags) g.add_tag(name, value);
  g.result = std::move(result);
  return g;
}

TEST(IndexRows, GameInfoFromTheTagsInOnePassIsTheLookupByName) {
  std::vector<io::GameRecord> games;
  io::OpenedSource opened = io::open_source(PAWNKIT_SOURCE_DIR "/data/sample.pgn");
  Records read;
  io::read_pgn(*opened.source, read);
  ASSERT_GE(read.games.size(), 300u);
  games = std::move(read.games);
  // What real files rarely show: a tag twice (the first counts), one rating missing or
  // unreadable (neither is kept), no result but the Result tag, sizes that share a length.
  games.push_back(record({{"White", "a"},
                          {"White", "b"},
                          {"WhiteElo", "2500"},
                          {"BlackElo", "2400"},
                          {"Result", "1-0"},
                          {"Round", "3"}}));
  games.push_back(record({{"WhiteElo", "2500"}, {"Black", "x"}, {"TimeControl", "300+2"}}));
  games.push_back(record({{"WhiteElo", "25000"}, {"BlackElo", "2400"}, {"Event", "e"}}));
  games.push_back(record({{"WhiteElo", "?"}, {"BlackElo", "2400"}, {"Site", "s"}}));
  games.push_back(record({{"WhiteElo", "0"}, {"BlackElo", "0"}, {"Date", "2020.01.02"}}));
  games.push_back(
      record({{"BlackElo", "1800"}, {"WhiteElo", "1900"}, {"Result", "0-1"}}, "1/2-1/2"));
  games.push_back(record({{"Whit", "a"}, {"Blacks", "b"}, {"DATE", "2020.01.01"}}));
  for (const io::GameRecord& g : games)
    EXPECT_EQ(GameInfo::from(g).encode(), plain_info(g).encode()) << "game " << g.number;
}

// A row's key and cell as they went in: (kind, high, low, cell), in the plain order.
struct PlainKey {
  char kind;
  std::uint64_t high, low;
  std::uint32_t cell;
  auto tie() const { return std::tie(kind, high, low, cell); }
};

PlainKey plain_key(const Row& r) { return {r.kind(), r.high(), r.low(), r.cell()}; }

TEST(IndexRows, TheRowsOrderAndSortAreThoseOfTheKeysBytesThenTheCell) {
  std::mt19937_64 random(29);
  // Few values per field, so that most pairs tie on some fields; each of the bits the
  // packing keeps at the edges of its fields (a pawn on a2 and on h7, a structure's id and
  // side, the cell's top bit).
  auto pick = [&](std::uint64_t n) { return random() % n; };
  const std::uint64_t pawns[] = {0, 1ULL << 8, 1ULL << 55, 0x0000ff0000ff0000ULL,
                                 0x00ffffffffffff00ULL};
  std::vector<Row> rows(20000);
  std::vector<PlainKey> keys;
  for (std::uint32_t i = 0; i < rows.size(); ++i) {
    PlainKey k{
        "CES"[pick(3)], pawns[pick(5)], pawns[pick(5)],
        std::uint32_t(pick(2)) << 29 | std::uint32_t(pick(3)) << 20 | std::uint32_t(pick(2))};
    if (k.kind == 'S') {
      k.high = pick(3) << 56 | pick(2) << 48;  // a structure's id and side
      k.low = 0;
    }
    ASSERT_TRUE(rows[i].set_key({k.high, k.low, k.kind}, k.cell)) << i;
    ASSERT_TRUE(rows[i].set_visit(i, 1, 2, 3));
    const PlainKey back = plain_key(rows[i]);  // unpacked as it went in
    ASSERT_EQ(back.tie(), k.tie()) << i;
    keys.push_back(k);
  }
  auto plain_less = [](const Row& a, const Row& b) {
    return plain_key(a).tie() < plain_key(b).tie();
  };
  for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
    ASSERT_EQ(rows[i] < rows[i + 1], plain_less(rows[i], rows[i + 1])) << i;
    ASSERT_EQ(rows[i + 1] < rows[i], plain_less(rows[i + 1], rows[i])) << i;
    ASSERT_EQ(rows[i].same_key(rows[i + 1]),
              std::tie(keys[i].kind, keys[i].high, keys[i].low) ==
                  std::tie(keys[i + 1].kind, keys[i + 1].high, keys[i + 1].low))
        << i;
    ASSERT_FALSE(rows[i] < rows[i]);
  }
  std::vector<Row> expected = rows;
  std::sort(expected.begin(), expected.end(), plain_less);
  index_db::IndexBuilder::sort_rows(rows);
  ASSERT_EQ(rows.size(), expected.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    ASSERT_FALSE(plain_less(rows[i], expected[i]) || plain_less(expected[i], rows[i])) << i;
  }
  // Nothing lost or doubled: every game's row is there once.
  std::vector<std::uint32_t> games;
  for (const Row& r : rows) games.push_back(r.game());
  std::sort(games.begin(), games.end());
  for (std::uint32_t i = 0; i < games.size(); ++i) ASSERT_EQ(games[i], i);
}

TEST(IndexRows, ARowRefusesAKeyItsPackingCannotHold) {
  Row r;
  EXPECT_FALSE(r.set_key({1ULL << 3, 0, 'E'}, 0));   // a white pawn on rank 1
  EXPECT_FALSE(r.set_key({0, 1ULL << 60, 'C'}, 0));  // a black pawn on rank 8
  EXPECT_FALSE(r.set_key({1ULL << 56, 1, 'S'}, 0));  // a structure key's low word
  EXPECT_FALSE(r.set_key({1ULL << 56 | 1, 0, 'S'}, 0));
  EXPECT_FALSE(r.set_key({0, 0, 'E'}, 1U << 30));  // a cell of 31 bits
  EXPECT_FALSE(r.set_key({0, 0, 'G'}, 0));         // not a counts key
  EXPECT_EQ(r.key_hi, 0u);                         // untouched
  EXPECT_EQ(r.key_lo, 0u);
  EXPECT_TRUE(r.set_key({0x00ffffffffffff00ULL, 0x00ffffffffffff00ULL, 'E'}, (1U << 30) - 1));
}

TEST(IndexRows, ARowsVisitReadsBackAndRefusesWhatItsBitsCannotHold) {
  Row r;
  ASSERT_TRUE(r.set_visit((1U << 24) - 1, 65535, 65535, 255));  // every field at its top
  EXPECT_EQ(r.game(), (1U << 24) - 1);
  EXPECT_EQ(r.first_ply(), 65535u);
  EXPECT_EQ(r.move(), 65535u);
  EXPECT_EQ(r.held(), 255u);
  ASSERT_TRUE(r.set_visit(5, 20000, 0, 40));  // the longest game a record keeps
  EXPECT_EQ(std::tuple(r.game(), r.first_ply(), r.move(), r.held()),
            std::tuple(5u, 20000u, std::uint16_t(0), std::uint8_t(40)));
  const std::uint64_t before = r.visit;
  EXPECT_FALSE(r.set_visit(1U << 24, 0, 0, 0));
  EXPECT_FALSE(r.set_visit(0, 1U << 16, 0, 0));
  EXPECT_FALSE(r.set_visit(0, 0, 0, 256));
  EXPECT_EQ(r.visit, before);  // untouched
  static_assert(io::GameLimits::max_plies < (1U << 16));
}

TEST(IndexRows, ThePendingHashSetAnswersAsStdSetThroughGrowthAndClear) {
  using index_db::ContentHash;
  std::mt19937_64 random(7);
  index_db::ContentHashSet set;
  std::set<std::pair<std::uint64_t, std::uint64_t>> plain;
  // Few distinct low words, so that hashes collide on their slot and probe past each
  // other; the all-zero hash (the free slot's mark) among them.
  auto pick = [&] { return ContentHash{random() % 5000, random() % 64}; };
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < 20000; ++i) {  // grows from nothing past 1024 slots several times
      const ContentHash h = i == 100 ? ContentHash{} : pick();
      const bool had = plain.count({h.high, h.low}) > 0;
      ASSERT_EQ(set.contains(h), had) << round << " " << i;
      if (!had) {
        set.insert(h);
        plain.insert({h.high, h.low});
      }
      ASSERT_TRUE(set.contains(h));
    }
    set.clear();
    plain.clear();
    ASSERT_FALSE(set.contains(ContentHash{}));
  }
}

}  // namespace
}  // namespace pawnkit
