// io/printf.hpp: printf-style text, checked against hand-written expectations and against
// a line longer than appendf's stack buffer (which it must not cut or overrun).
#include "io/printf.hpp"

#include <gtest/gtest.h>

#include <string>

namespace pawnkit {
namespace {

TEST(Printf, FixedDecimalsAsPrintfWritesThem) {
  EXPECT_EQ(io::printf_string("%.3f", 0.5), "0.500");
  EXPECT_EQ(io::printf_string("%.2f", -0.004), "-0.00");
  EXPECT_EQ(io::printf_string("%6.1f|%-4d|", 12.25, 7), "  12.2|7   |");
}

TEST(Printf, AppendsAfterWhatIsThere) {
  std::string out = "games ";
  io::appendf(out, "%llu, positions %llu", 3ULL, 140ULL);
  EXPECT_EQ(out, "games 3, positions 140");
}

TEST(Printf, LinesLongerThanTheBufferAreWhole) {
  const std::string long_text(1000, 'x');
  std::string out = "<";
  io::appendf(out, "%s>%d", long_text.c_str(), 42);
  EXPECT_EQ(out, "<" + long_text + ">42");
}

}  // namespace
}  // namespace pawnkit
