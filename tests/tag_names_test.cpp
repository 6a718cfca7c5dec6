// The tag reader's duplicate-name set (src/io/pgn/tag_names.hpp) against std::set: games of
// real tag names and of random ones that share prefixes, suffixes and sizes (the words a
// TagNameKey is made of), with zero bytes and names longer than 16 bytes; and TagNameKey
// told equal exactly when the names are, over every short name of a small alphabet.
#include "io/pgn/tag_names.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

namespace pawnkit::io::detail {
namespace {

// Every name of up to `max_size` bytes over `alphabet`.
std::vector<std::string> all_names(const std::string& alphabet, std::size_t max_size) {
  std::vector<std::string> names{""};
  for (std::size_t begin = 0, size = 1; size <= max_size; ++size) {
    const std::size_t end = names.size();
    for (std::size_t i = begin; i < end; ++i)
      for (char ch : alphabet) names.push_back(names[i] + ch);
    begin = end;
  }
  return names;
}

TEST(TagNameKey, EqualExactlyForEqualShortNames) {
  std::vector<std::string> names = all_names(std::string("a\0\xff", 3), 5);
  // Sizes 6 to 16, where the two words overlap: names that differ in one byte anywhere.
  std::mt19937 random(31);
  for (std::size_t size = 6; size <= 16; ++size) {
    std::string base(size, 'a');
    for (std::size_t i = 0; i < size; ++i) base[i] = char('a' + random() % 3);
    names.push_back(base);
    for (std::size_t at = 0; at < size; ++at) {
      std::string other = base;
      other[at] = char(other[at] + 1);
      names.push_back(other);
      other[at] = '\0';
      names.push_back(other);
    }
  }
  std::vector<TagNameKey> keys;
  for (const std::string& name : names) keys.push_back(TagNameKey::of(name));
  for (std::size_t i = 0; i < names.size(); ++i)
    for (std::size_t j = 0; j < names.size(); ++j)
      ASSERT_EQ(keys[i] == keys[j], names[i] == names[j])
          << "'" << names[i] << "' and '" << names[j] << "'";
}

// Names drawn for random games: real ones, random ones over a small alphabet of every size
// up to 40, and families of names that differ in one byte (so that the head and tail
// words and the sizes collide often, and the long-name path is taken).
std::vector<std::string> name_pool(std::mt19937& random) {
  std::vector<std::string> pool{"Event",
                                "Site",
                                "Date",
                                "Round",
                                "White",
                                "Black",
                                "Result",
                                "WhiteElo",
                                "BlackElo",
                                "WhiteTitle",
                                "BlackTitle",
                                "WhiteFideId",
                                "BlackFideId",
                                "WhiteTeam",
                                "BlackTeam",
                                "ECO",
                                "Opening",
                                "Variation",
                                "EventDate",
                                "EventType",
                                "EventRounds",
                                "EventCountry",
                                "EventCategory",
                                "Source",
                                "SourceTitle",
                                "SourceDate",
                                "SourceVersion",
                                "SourceVersionDate",
                                "SourceQuality",
                                "Annotator",
                                "PlyCount",
                                "TimeControl",
                                "Variant",
                                "FEN",
                                "SetUp",
                                "",
                                "A",
                                "Termination"};
  for (std::size_t size = 0; size <= 40; ++size) {
    for (int k = 0; k < 6; ++k) {
      std::string name(size, 'x');
      for (std::size_t i = 0; i < size; ++i) {
        const bool edge = i < 3 || i + 3 >= size;  // the middle varies most
        name[i] = edge ? "ab"[random() % 2] : "ab\0c"[random() % 4];
      }
      pool.push_back(name);
    }
  }
  // Names that differ from one another in a single byte, at every position: between the
  // head and tail words too, where only a long name's stored copy tells them apart.
  for (std::size_t size = 9; size <= 40; size += 3) {
    const std::string base(size, 'n');
    for (std::size_t at = 0; at < size; ++at) {
      std::string name = base;
      name[at] = 'm';
      pool.push_back(name);
    }
    pool.push_back(base);
  }
  return pool;
}

TEST(TagNameSet, AgreesWithStdSet) {
  std::mt19937 random(31);
  const std::vector<std::string> pool = name_pool(random);
  TagNameSet set;
  for (int game = 0; game < 3000; ++game) {
    set.clear();
    std::set<std::string> seen;
    // Up to 150 names: the table grows past its first 64 slots in some games.
    const int count = int(random() % (game % 10 == 0 ? 150 : 45));
    for (int i = 0; i < count; ++i) {
      const std::string& name = pool[random() % pool.size()];
      const bool expected = !seen.insert(name).second;
      ASSERT_EQ(set.contains_or_add(name), expected)
          << "game " << game << ", name " << i << " '" << name << "' (" << name.size() << ")";
    }
  }
}

TEST(TagNameSet, AGameDoesNotSeeTheNamesOfTheLast) {
  TagNameSet set;
  for (int game = 0; game < 100; ++game) {
    set.clear();
    EXPECT_FALSE(set.contains_or_add("White"));
    EXPECT_FALSE(set.contains_or_add("AVeryLongTagNameOfMoreThan16Bytes"));
    EXPECT_TRUE(set.contains_or_add("White"));
    EXPECT_TRUE(set.contains_or_add("AVeryLongTagNameOfMoreThan16Bytes"));
  }
}

}  // namespace
}  // namespace pawnkit::io::detail
