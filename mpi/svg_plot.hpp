// A small SVG line plot (no scripts, no external resources) for the timing report: x is the
// message size and y the time, both on log2 scales, one polyline with dots per series.
// Deterministic: the same input gives the same bytes. Cost O(points).
// Example: svg_plot("bcast", {{"schedule", {{1024, 1e-5}, {2048, 2e-5}}}}) is an <svg> element
// with one <polyline> of two points and a legend entry "schedule".
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace collverify::mpiexec {

struct Series {
  std::string name;
  std::vector<std::pair<double, double>> points;  // (bytes, seconds), both > 0
};

std::string svg_plot(const std::string& title, const std::vector<Series>& series);

}  // namespace collverify::mpiexec
