// Test helpers for the closed-form torus cycles: a union-find twin of the cycle tracer (the
// number of cycles of one colour, from nothing but the colouring) and deterministic mutants of
// plans and of cycle lists, each with the witness the cycle checker must give.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "model/network/network.hpp"
#include "reference/torus/hamilton_closed.hpp"

namespace collverify::torus::twins {

// Connected components of the links of `colour` (colouring[2 v + d], node v = x + a y).
inline std::int64_t components(std::int64_t a, std::int64_t b, const std::vector<std::uint8_t>& colouring,
                               int colour) {
  const std::int64_t N = a * b;
  std::vector<std::int64_t> parent(static_cast<std::size_t>(N));
  std::iota(parent.begin(), parent.end(), 0);
  const auto find = [&](std::int64_t v) {
    while (parent[static_cast<std::size_t>(v)] != v) {
      parent[static_cast<std::size_t>(v)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(v)])];
      v = parent[static_cast<std::size_t>(v)];
    }
    return v;
  };
  std::int64_t count = N;
  for (std::int64_t v = 0; v < N; ++v) {
    const std::int64_t x = v % a;
    const std::int64_t y = v / a;
    const std::int64_t ends[2] = {(x + 1) % a + a * y, x + a * ((y + 1) % b)};
    for (int d = 0; d < 2; ++d) {
      if (colouring[static_cast<std::size_t>(2 * v + d)] != colour) continue;
      const std::int64_t r = find(v);
      const std::int64_t s = find(ends[d]);
      if (r != s) {
        parent[static_cast<std::size_t>(r)] = s;
        --count;
      }
    }
  }
  return count;
}

struct PlanMutant {
  std::string name;
  ClosedPlan plan;
};

// Plans that must not decompose: the last square dropped (the last merge of R in A and C, of B
// in B: that colour splits in two).
inline std::vector<PlanMutant> plan_mutants(const ClosedPlan& p) {
  std::vector<PlanMutant> out;
  {
    PlanMutant m{"last_square_dropped", p};
    m.plan.squares.pop_back();
    out.push_back(std::move(m));
  }
  return out;
}

struct ListMutant {
  std::string name;
  std::vector<std::vector<std::int64_t>> cycles;
  std::string property;
  std::int64_t cycle = -1;
};

inline bool torus_neighbours(const network::Network& n, std::int64_t u, std::int64_t v) {
  for (network::Direction d = 0; d < n.width(); ++d) {
    if (n.target(u, d) == v) return true;
  }
  return false;
}

// node_dropped        cycle 1 without its last node: cycle_length on cycle 1;
// two_links_swapped   cycle 0 reversed between positions 1 and j, where its node j is node 0's
//                     neighbour on cycle 1: cycle 0 swaps its links (0, c1) and (cj, cj+1) for
//                     (0, cj) and (c1, cj+1): not_a_link on cycle 0 unless c1 and cj+1 are
//                     neighbours, then cycle 1's first link (0, cj) is shared.
inline std::vector<ListMutant> cycle_list_mutants(const network::Network& n,
                                                  const std::vector<std::vector<std::int64_t>>& c) {
  std::vector<ListMutant> out;
  {
    ListMutant m{"node_dropped", c, "cycle_length", 1};
    m.cycles[1].pop_back();
    out.push_back(std::move(m));
  }
  {
    const auto& c0 = c[0];
    const auto j = static_cast<std::size_t>(std::find(c0.begin(), c0.end(), c[1][1]) - c0.begin());
    ListMutant m{"two_links_swapped", c, "not_a_link", 0};
    std::reverse(m.cycles[0].begin() + 1, m.cycles[0].begin() + static_cast<std::ptrdiff_t>(j) + 1);
    if (torus_neighbours(n, c0[1], c0[(j + 1) % c0.size()])) {
      m.property = "shared_link";
      m.cycle = 1;
    }
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace collverify::torus::twins
