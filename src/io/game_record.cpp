#include "io/game_record.hpp"

#include <algorithm>

namespace pawnkit::io {

void GameRecord::clear() {
  file = {};
  number = line = 0;
  offset = 0;
  result.clear();
  error.reset();
  warnings.clear();
  strict = false;
  text_size_ = 0;
  tags_.clear();
  moves_.clear();
}

void GameRecord::grow(std::size_t bytes) {
  text_.resize(std::max(2 * text_.size(), std::max<std::size_t>(text_size_ + bytes, 1024)));
}

std::optional<std::string_view> GameRecord::tag(std::string_view name) const {
  // Sizes first: most names differ in size, and a game's absent tags (FEN, Variant) are
  // looked up in every game, over all of its tags (some thirty in master games).
  for (const Tag& t : tags_)
    if (t.name_size == name.size() &&
        std::string_view(text_.data() + t.name_offset, t.name_size) == name)
      return std::string_view(text_.data() + t.value_offset, t.value_size);
  return std::nullopt;
}

std::string_view GameRecord::tag_name(std::size_t i) const {
  return {text_.data() + tags_[i].name_offset, tags_[i].name_size};
}

std::string_view GameRecord::tag_value(std::size_t i) const {
  return {text_.data() + tags_[i].value_offset, tags_[i].value_size};
}

}  // namespace pawnkit::io
