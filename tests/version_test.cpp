// pawnkit/version.hpp against the project version CMake has (project(pawnkit VERSION ...)
// in CMakeLists.txt, passed in by tests/CMakeLists.txt): the two must move together.
#include <gtest/gtest.h>

#include <pawnkit/version.hpp>
#include <string>

TEST(Version, MacrosEqualTheCMakeProjectVersion) {
  EXPECT_EQ(PAWNKIT_VERSION_MAJOR, PAWNKIT_CMAKE_VERSION_MAJOR);
  EXPECT_EQ(PAWNKIT_VERSION_MINOR, PAWNKIT_CMAKE_VERSION_MINOR);
  EXPECT_EQ(PAWNKIT_VERSION_PATCH, PAWNKIT_CMAKE_VERSION_PATCH);
  EXPECT_EQ(std::string(PAWNKIT_VERSION_STRING), PAWNKIT_CMAKE_VERSION);
  EXPECT_EQ(std::string(PAWNKIT_VERSION_STRING), std::to_string(PAWNKIT_VERSION_MAJOR) + "." +
                                                     std::to_string(PAWNKIT_VERSION_MINOR) + "." +
                                                     std::to_string(PAWNKIT_VERSION_PATCH));
}
