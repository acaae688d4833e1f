// Torus and mesh shapes for --sides (issue 11):
//   5x5            one 2D torus (any number of dimensions: 7, 4x6, 3x3x3, ...; 4X6 too)
//   3x3..41x41     every square torus z x z for z = 3..41 (odd and even)
//   3x3x3..13x13x13   every cube likewise; ":2" after a range takes every 2nd z (3x3..41x41:2
//                  = the odd z)
//   5x5,4x6,3x3..9x9:2   a comma list of the above, kept in its order
// One parser for every --sides of the CLI (verify/schedule torus, synth tadt, campaigns).
// A side < 1 or above 2^31 (named with its word), a word that is not a number, ends of a range
// with different dimensions or unequal sides, a reversed range or a zero step throw InputError
// naming the offending value. At most kMaxTori shapes.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace collverify {

using TorusSides = std::vector<std::int64_t>;

inline constexpr std::size_t kMaxTori = 100'000;

std::vector<TorusSides> parse_torus_sides(const std::string& text);

// The one torus of `text` for a command that takes one (`schedule torus`, `synth tadt`): the
// rules above, and InputError "--sides '3x3..5x5' names 3 tori; <command> takes one" for a list
// or a range of more than one. How many dimensions and which sides the command accepts is its
// own check, after this one.
TorusSides parse_one_torus(const std::string& text, const std::string& command);

// "5x5", "3x3x3".
std::string sides_text(std::span<const std::int64_t> sides);

// The number of nodes, the product of the sides; InputError "torus 5x5: size overflows 64 bits"
// when it does not fit int64.
std::int64_t torus_nodes(std::span<const std::int64_t> sides);

}  // namespace collverify
