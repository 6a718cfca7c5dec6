// GameRecord's tag look-up against a plain list of the pairs added: the first value of a
// name given twice, nullopt for an absent name, names of equal size told apart.
#include "io/game_record.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace pawnkit::io {
namespace {

std::optional<std::string> first_value(const std::vector<std::pair<std::string, std::string>>& tags,
                                       const std::string& name) {
  for (const auto& tag : tags)
    if (tag.first == name) return tag.second;
  return std::nullopt;
}

TEST(GameRecord, TagIsTheFirstValueOfItsNameAsAPlainListSays) {
  // Several names of each size, and sizes shared by unrelated names.
  const std::vector<std::string> names{"White", "Black", "Event", "Round", "WhiteElo", "BlackElo",
                                       "FEN",   "ECO",   "Site",  "Date",  "Variant",  "Opening",
                                       "",      "W",     "B",     "Whites"};
  std::mt19937 random(31);
  for (int game = 0; game < 300; ++game) {
    GameRecord record;
    std::vector<std::pair<std::string, std::string>> tags;
    const int count = int(random() % 40);
    for (int i = 0; i < count; ++i) {
      const std::string& name = names[random() % names.size()];
      const std::string value = "v" + std::to_string(random() % 5) + std::string(random() % 3, 'x');
      record.add_tag(name, value);
      tags.emplace_back(name, value);
      record.add_move("e4", 1);  // moves share the record's text with the tags
    }
    ASSERT_EQ(record.tag_count(), tags.size());
    for (const std::string& name : names) {
      const auto expected = first_value(tags, name);
      const auto got = record.tag(name);
      ASSERT_EQ(got.has_value(), expected.has_value()) << "game " << game << " tag " << name;
      if (expected) {
        EXPECT_EQ(std::string(*got), *expected) << "game " << game << " tag " << name;
      }
    }
    EXPECT_FALSE(record.tag("Absent"));
  }
}

}  // namespace
}  // namespace pawnkit::io
