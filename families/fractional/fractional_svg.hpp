// Figure 3 of seed 002 (Sanders and Sibeyn §3): the speed-up of the fractional tree over the
// best of the chain and the pipelined binary tree as a function of k/t, one curve per machine
// size, as a standalone SVG (no scripts, no external resources; embeddable inline in
// report.html) and as CSV. Both are drawn from model/fractional/cost.hpp's SpeedupCurve: the
// integer optimum (s a multiple of r, exact search) solid, the paper's real-s formulas dashed;
// the paper's stated maxima (1.29 at P = 64, 1.8 at P = 16384) are marked as short grey ticks
// at the right edge so the two can be compared by eye.
// Cost: O(points) elements. Example: speedup_csv of one curve with one point at k/t = 10
// is "P,k_over_t,speedup_integer,r_integer,speedup_continuous,r_continuous\n64,10,...".
#pragma once

#include <string>
#include <vector>

#include "model/fractional/cost.hpp"

namespace collverify {

std::string speedup_svg(const std::vector<fractional::SpeedupCurve>& curves);
std::string speedup_csv(const std::vector<fractional::SpeedupCurve>& curves);

}  // namespace collverify
