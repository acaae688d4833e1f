#include "reference/hypercube/aab_search.hpp"

#include <algorithm>
#include <vector>

#include "reference/hypercube/hypercube_common.hpp"

namespace collverify::hypercube {

namespace {

struct Search {
  int d = 0;
  std::int64_t nodes = 0;
  std::int64_t rounds = 0;
  std::int64_t budget = 0;
  std::vector<std::int64_t> served;  // round the node receives in, -1 for 0...0, -2 not yet
  std::vector<TreeEdge> edges;
  std::int64_t missing = 0;  // nodes not yet in the tree
  std::int64_t idle = 0;     // idle (round, dimension) slots still allowed

  bool candidate(std::int64_t c, int j, std::int64_t r) const {
    const std::int64_t p = c ^ (std::int64_t{1} << j);
    return served[static_cast<std::size_t>(c)] == -2 && ((c >> j) & 1) != 0 &&
           served[static_cast<std::size_t>(p)] != -2 && served[static_cast<std::size_t>(p)] < r;
  }

  // Fills dimension j of round r, then the next dimension / round.
  bool fill(std::int64_t r, int j) {
    if (missing == 0) return true;
    if (r == rounds) return false;
    if (j == d) return fill(r + 1, 0);
    if (--budget < 0) return false;
    std::vector<std::int64_t> cands;
    for (std::int64_t c = 0; c < nodes; ++c) {
      if (candidate(c, j, r)) cands.push_back(c);
    }
    std::stable_sort(cands.begin(), cands.end(),
                     [](std::int64_t a, std::int64_t b) { return popcount(a) < popcount(b); });
    for (const std::int64_t c : cands) {
      served[static_cast<std::size_t>(c)] = r;
      edges.push_back(TreeEdge{c ^ (std::int64_t{1} << j), c, j, r});
      --missing;
      if (fill(r, j + 1)) return true;
      ++missing;
      edges.pop_back();
      served[static_cast<std::size_t>(c)] = -2;
      if (budget < 0) return false;
    }
    if (idle > 0) {
      --idle;
      if (fill(r, j + 1)) return true;
      ++idle;
    }
    return false;
  }
};

}  // namespace

GenericTree search_generic_tree(int d, std::int64_t budget) {
  require_dimension(d, "aab search");
  GenericTree tree;
  tree.d = d;
  tree.source = "search";
  if (d == 0) return tree;
  Search s;
  s.d = d;
  s.nodes = std::int64_t{1} << d;
  s.rounds = aab_round_bound(d);
  s.budget = budget;
  s.served.assign(static_cast<std::size_t>(s.nodes), -2);
  s.served[0] = -1;
  s.missing = s.nodes - 1;
  s.idle = s.rounds * d - s.missing;
  if (!s.fill(0, 0)) return tree;
  tree.rounds = s.rounds;
  tree.edges = std::move(s.edges);
  std::sort(tree.edges.begin(), tree.edges.end(), [](const TreeEdge& a, const TreeEdge& b) {
    return a.round != b.round ? a.round < b.round : a.dimension < b.dimension;
  });
  return tree;
}

}  // namespace collverify::hypercube
