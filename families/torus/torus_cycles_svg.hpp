// Pictures of the torus constructions (seeds 003, 004) as standalone SVG (no scripts, no external
// resources; embeddable inline in report.html), for `schedule torus --format svg` and the
// reports (drawn by the torus families' finish()).
//
// torus_cycles_svg   the a x b torus as a grid (x = coordinate 0 to the right, y = coordinate 1
//                    downwards, node x + a y), each link drawn in the colour of the Hamiltonian
//                    cycle that uses it (cycle 0 red, cycle 1 blue); a wrap-around link is drawn
//                    as two stubs leaving the grid on both sides. Every node shows two links of
//                    each colour when the cycles decompose the torus.
// wormhole_rounds_svg one panel per round of a 2D wormhole broadcast: nodes informed before the
//                    round dark grey, the root black, nodes informed in the round in the round's
//                    colour, the others white; the worms of the round as polylines from sender to
//                    receiver (wrap-around hops as stubs).
// Cost: O(N + hops) elements; InputError for a network that is not a 2D torus or has more than
// kMaxTorusPictureNodes nodes (unreadable).
// Example: torus_cycles_svg({3, 3}, cycles) draws 9 nodes and 18 coloured links.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/network/routed_schedule.hpp"

namespace collverify {

inline constexpr std::int64_t kMaxTorusPictureNodes = 64 * 64;

std::string torus_cycles_svg(const std::vector<std::int64_t>& sides,
                             const std::vector<std::vector<std::int64_t>>& cycles);

std::string wormhole_rounds_svg(const network::RoutedSchedule& s, const std::string& title);

}  // namespace collverify
