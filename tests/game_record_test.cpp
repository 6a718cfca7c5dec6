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

TEST(GameRecord, KeepsTheTextOfEveryTagAndMoveAsGiven) {
  // Names, values and moves of every size up to 40 bytes (the record copies short ones
  // with its own code), any bytes, many games in one record (it reuses its room).
  std::mt19937 random(32);
  GameRecord record;
  const auto text = [&] {
    std::string s(random() % 41, ' ');
    for (char& c : s) c = char(random());
    return s;
  };
  for (int game = 0; game < 200; ++game) {
    record.clear();
    std::vector<std::pair<std::string, std::string>> tags;
    std::vector<std::string> moves;
    for (int i = int(random() % 60); i > 0; --i) {
      if (random() % 2) {
        tags.emplace_back(text(), text());
        record.add_tag(tags.back().first, tags.back().second);
      } else {
        moves.push_back(text());
        record.add_move(moves.back(), moves.size());
      }
    }
    ASSERT_EQ(record.tag_count(), tags.size());
    for (std::size_t i = 0; i < tags.size(); ++i) {
      ASSERT_EQ(record.tag_name(i), tags[i].first) << "game " << game << ", tag " << i;
      ASSERT_EQ(record.tag_value(i), tags[i].second) << "game " << game << ", tag " << i;
    }
    ASSERT_EQ(record.move_count(), moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      ASSERT_EQ(record.move(i), moves[i]) << "game " << game << ", move " << i;
      ASSERT_EQ(record.move_line(i), i + 1);
    }
  }
}

}  // namespace
}  // namespace pawnkit::io
