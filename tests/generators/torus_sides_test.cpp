// --sides parsing: single shapes, square and cube ranges (with a step), lists, and every bad
// input named in the message.
#include "generators/torus_sides.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "model/error.hpp"

namespace collverify {
namespace {

TEST(TorusSides, ShapesRangesAndLists) {
  EXPECT_EQ(parse_torus_sides("5x5"), (std::vector<TorusSides>{{5, 5}}));
  EXPECT_EQ(parse_torus_sides("4x6x3"), (std::vector<TorusSides>{{4, 6, 3}}));
  EXPECT_EQ(parse_torus_sides("7"), (std::vector<TorusSides>{{7}}));
  const auto squares = parse_torus_sides("3x3..41x41");
  ASSERT_EQ(squares.size(), 39u);
  EXPECT_EQ(squares.front(), (TorusSides{3, 3}));
  EXPECT_EQ(squares[1], (TorusSides{4, 4}));
  EXPECT_EQ(squares.back(), (TorusSides{41, 41}));
  const auto cubes = parse_torus_sides("3x3x3..13x13x13:2");
  ASSERT_EQ(cubes.size(), 6u);
  EXPECT_EQ(cubes[5], (TorusSides{13, 13, 13}));
  EXPECT_EQ(parse_torus_sides("5x5,4x6,3x3..5x5"),
            (std::vector<TorusSides>{{5, 5}, {4, 6}, {3, 3}, {4, 4}, {5, 5}}));
  EXPECT_EQ(sides_text(TorusSides{3, 4, 5}), "3x4x5");
  EXPECT_EQ(parse_torus_sides("4X6"), (std::vector<TorusSides>{{4, 6}}));
}

TEST(TorusSides, OneTorusForCommandsThatTakeOne) {
  EXPECT_EQ(parse_one_torus("4x6x3", "synth tadt"), (TorusSides{4, 6, 3}));
  EXPECT_EQ(parse_one_torus("5x5..5x5", "synth tadt"), (TorusSides{5, 5}));
  for (const auto& [text, named] : std::vector<std::pair<std::string, std::string>>{
           {"3x3..5x5", "--sides '3x3..5x5' names 3 tori; synth tadt takes one"},
           {"3x3,4x4", "names 2 tori"},
           {"3x3..9x9:3", "names 3 tori"},
           {"3xq", "'q'"},
           {"", "empty"}}) {
    try {
      (void)parse_one_torus(text, "synth tadt");
      ADD_FAILURE() << text << " accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(named), std::string::npos) << text << ": " << e.what();
    }
  }
}

void expect_refused(const std::string& text, const std::string& named) {
  try {
    (void)parse_torus_sides(text);
    ADD_FAILURE() << text << " accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(named), std::string::npos) << text << ": " << e.what();
  }
}

TEST(TorusSides, BadInputIsNamed) {
  expect_refused("0x5", "side 0 ('0' in '0x5')");
  expect_refused("5x-3", "side -3 ('-3' in '5x-3')");
  expect_refused("5xa", "'a'");
  expect_refused("5x", "''");
  expect_refused("", "empty");
  expect_refused("5x5,,3x3", "empty item");
  expect_refused("3x4..5x5", "3x4..5x5");
  expect_refused("3x3..5x5x5", "3x3..5x5x5");
  expect_refused("9x9..3x3", "reversed");
  expect_refused("3x3..9x9:0", "side 0");
  expect_refused("1x1..200000x200000", "more than");
  expect_refused("99999999999x3", "99999999999");
}

}  // namespace
}  // namespace collverify
