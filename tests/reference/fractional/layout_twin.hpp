// The O(d) placement against the whole-tree builder for every P in [lo, hi] and every layout
// (chain, binary, fractional r = 1..max_r); "" when they agree, else the first mismatch.
#pragma once

#include <string>

#include "reference/fractional/layout.hpp"

namespace collverify::fractional {

inline std::string layout_twin_mismatches(std::int64_t lo, std::int64_t hi, std::int64_t max_r) {
  for (std::int64_t P = lo; P <= hi; ++P) {
    for (std::int64_t r = 0; r <= max_r; ++r) {
      const Layout layout = r == 0 ? Layout::chain : Layout::fractional;
      const LayoutParams lp = layout_params(layout, P, r == 0 ? 1 : r);
      const auto slow = build_layout_slow(lp);
      for (std::int64_t x = 0; x < P; ++x) {
        if (!(place(lp, x) == slow[static_cast<std::size_t>(x)])) {
          return "P=" + std::to_string(P) + " r=" + std::to_string(r) + " PU " + std::to_string(x);
        }
      }
    }
  }
  return "";
}

}  // namespace collverify::fractional
