// short_copy (src/io/short_copy.hpp) against std::memcpy: every size up to 64 between every
// pair of small offsets, with the bytes around the destination left as they were.
#include "io/short_copy.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

namespace pawnkit::io {
namespace {

TEST(ShortCopy, MatchesMemcpy) {
  std::mt19937 random(31);
  std::vector<char> source(96), expected(96), got(96);
  for (int round = 0; round < 20; ++round) {
    for (char& c : source) c = char(random());
    for (std::size_t size = 0; size <= 64; ++size) {
      for (std::size_t from = 0; from < 16; ++from) {
        for (std::size_t to = 0; to < 16; ++to) {
          std::fill(expected.begin(), expected.end(), '#');
          std::fill(got.begin(), got.end(), '#');
          std::memcpy(expected.data() + to, source.data() + from, size);
          short_copy(got.data() + to, source.data() + from, size);
          ASSERT_EQ(got, expected) << "size " << size << ", from " << from << ", to " << to;
        }
      }
    }
  }
}

}  // namespace
}  // namespace pawnkit::io
