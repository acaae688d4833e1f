// The pieces of reference/trees/nonordered_bnb shared by its search and its bounds: block
// sizes grouped into classes of equal size (the symmetry the search breaks), sets as counts per
// class, and the lower bounds B1-B3 of docs/RESULTS-trees-bnb.md on the Proposition 2 values
//   F(S, r)  a tree over S rooted at r,   G(S)  a tree over S with the best root.
// Each bound is O(number of classes) except the partition bound, O(n^2 Size / 64 + n Size) for
// n non-zero blocks (a subset-sum table over (count, size)).
// Example: sizes {5, 1, 5, 0} -> classes size {5, 1, 0}, count {2, 1, 1}, radix {1, 3, 6}; the
// set {5, 0} is counts {1, 0, 1}, key 1 + 6 = 7.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "model/tree_cost.hpp"
#include "reference/trees/nonordered_bnb.hpp"

namespace collverify::trees::bnb {

using Counts = std::array<std::uint8_t, static_cast<std::size_t>(kBnbMaxP)>;

struct Classes {
  std::vector<std::int64_t> size;              // distinct block sizes, decreasing
  std::vector<int> count;                      // processors per class
  std::vector<std::vector<std::int64_t>> ids;  // their ranks, increasing
  std::vector<std::uint64_t> radix;            // key(S) = sum count_c(S) * radix[c]
  std::int64_t alpha = 0, beta = 0, gamma = 0;
  bool leaf_paid = false;
  int n() const { return static_cast<int>(size.size()); }
};

Classes make_classes(const TreeProblem<std::int64_t>& problem, bool leaf_paid);

// What the bounds need to know of a set.
struct SetInfo {
  std::int64_t size = 0;  // Size(S)
  int items = 0;          // processors
  int nonzero = 0;        // processors with m_v > 0
  std::int64_t max_block = 0;
  std::int64_t min_block = 0;  // of the processors present (0 when empty)
  std::uint64_t key = 0;
};
SetInfo set_info(const Classes& c, const Counts& s);

// The largest non-zero blocks of `s`, decreasing (with repeats), at most `most` of them.
std::vector<std::int64_t> largest_blocks(const Classes& c, const Counts& s, int most = 6);

// ceil(log2 n) for n >= 1.
std::int64_t ceil_log2(std::int64_t n);

// B1 + B2 for F(S, r): `rest` = S \ {r}, m_r the root's block.
std::int64_t fixed_root_bound(const Classes& c, const SetInfo& rest, std::int64_t m_r);
// B1 + B2 for G(Q) (Q non-empty).
std::int64_t subtree_bound(const Classes& c, const SetInfo& q);
// B3 for F(S, r): the root's last message splits `rest` in two. Returns 0 (no bound) when
// Size(rest) > kPartitionBoundMaxM.
std::int64_t partition_bound(const Classes& c, const Counts& rest, std::int64_t m_r);

}  // namespace collverify::trees::bnb
