#include "reference/trees/nonordered_bnb_bounds.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <map>

namespace collverify::trees::bnb {

using Idx = std::size_t;

Classes make_classes(const TreeProblem<std::int64_t>& problem, bool leaf_paid) {
  std::map<std::int64_t, std::vector<std::int64_t>, std::greater<>> by_size;
  for (std::int64_t v = 0; v < problem.p(); ++v)
    by_size[problem.m[static_cast<Idx>(v)]].push_back(v);
  Classes c;
  std::uint64_t radix = 1;
  for (auto& [size, ids] : by_size) {
    c.size.push_back(size);
    c.count.push_back(static_cast<int>(ids.size()));
    c.radix.push_back(radix);
    radix *= static_cast<std::uint64_t>(ids.size() + 1);
    c.ids.push_back(std::move(ids));
  }
  c.alpha = problem.cost.alpha;
  c.beta = problem.cost.beta;
  c.gamma = problem.cost.gamma;
  c.leaf_paid = leaf_paid;
  return c;
}

SetInfo set_info(const Classes& c, const Counts& s) {
  SetInfo out;
  for (int k = 0; k < c.n(); ++k) {
    const int n = s[static_cast<Idx>(k)];
    if (n == 0) continue;
    const std::int64_t w = c.size[static_cast<Idx>(k)];
    out.size += w * n;
    out.items += n;
    if (w > 0) out.nonzero += n;
    out.max_block = std::max(out.max_block, w);
    out.min_block = w;  // classes are decreasing: the last present is the smallest
    out.key += static_cast<std::uint64_t>(n) * c.radix[static_cast<Idx>(k)];
  }
  return out;
}

std::vector<std::int64_t> largest_blocks(const Classes& c, const Counts& s, int most) {
  std::vector<std::int64_t> out;
  for (int k = 0; k < c.n() && static_cast<int>(out.size()) < most; ++k) {
    const std::int64_t b = c.size[static_cast<std::size_t>(k)];
    for (int i = 0; b > 0 && i < s[static_cast<std::size_t>(k)] && static_cast<int>(out.size()) < most; ++i)
      out.push_back(b);
  }
  return out;
}

std::int64_t ceil_log2(std::int64_t n) {
  if (n <= 1) return 0;
  return 64 - __builtin_clzll(static_cast<unsigned long long>(n - 1));
}

namespace {

// Lemmas B1 and B2 for F(S, r) from the size and non-zero count of S \ {r}.
std::int64_t fixed_root(const Classes& c, std::int64_t rest_size, int rest_nonzero,
                        std::int64_t m_r) {
  if (rest_size == 0) return c.gamma * m_r;
  const std::int64_t volume = c.gamma * m_r + c.beta * rest_size + c.alpha;
  return std::max(volume, c.alpha * ceil_log2(rest_nonzero + 1));
}

// Lemmas B1 and B2 for G(Q), Q with `nonzero` >= 2 non-zero blocks of total `size`, where the
// root's block is at most `root_max` (beta >= gamma: a larger root block is cheaper).
std::int64_t multi_subtree(const Classes& c, std::int64_t size, int nonzero, std::int64_t root_max,
                           std::int64_t root_min) {
  const std::int64_t x = c.beta >= c.gamma ? std::min(root_max, size) : root_min;
  const std::int64_t volume = c.gamma * x + c.beta * (size - x) + c.alpha;
  return std::max(volume, c.alpha * ceil_log2(nonzero));
}

// One non-zero block of `size` (and possibly zero blocks): the block's owner is the root (its
// copy) or sends it to a zero-block root (a message).
std::int64_t single_block_subtree(const Classes& c, std::int64_t size, bool alone) {
  if (alone) return c.leaf_paid ? c.gamma * size : 0;
  return std::min(c.gamma * size, c.alpha + c.beta * size);
}

}  // namespace

std::int64_t fixed_root_bound(const Classes& c, const SetInfo& rest, std::int64_t m_r) {
  return fixed_root(c, rest.size, rest.nonzero, m_r);
}

std::int64_t subtree_bound(const Classes& c, const SetInfo& q) {
  if (q.items == 1) return c.leaf_paid ? c.gamma * q.size : 0;
  if (q.size == 0) return 0;
  if (q.nonzero == 1) return single_block_subtree(c, q.size, false);
  return multi_subtree(c, q.size, q.nonzero, q.max_block, q.min_block);
}

std::int64_t partition_bound(const Classes& c, const Counts& rest, std::int64_t m_r) {
  std::vector<std::int64_t> blocks;
  std::int64_t total = 0;
  for (int k = 0; k < c.n(); ++k) {
    const std::int64_t w = c.size[static_cast<Idx>(k)];
    for (int i = 0; w > 0 && i < rest[static_cast<Idx>(k)]; ++i) blocks.push_back(w), total += w;
  }
  if (total == 0) return c.gamma * m_r;
  if (total > kPartitionBoundMaxM) return 0;
  const int n = static_cast<int>(blocks.size());
  const Idx words = static_cast<Idx>(total / 64 + 1);
  // reach[k]: the sums of the k-subsets of the non-zero blocks, as a bitset over 0..total.
  std::vector<std::vector<std::uint64_t>> reach(static_cast<Idx>(n + 1),
                                                std::vector<std::uint64_t>(words, 0));
  reach[0][0] = 1;
  for (int i = 0; i < n; ++i) {
    const Idx shift_words = static_cast<Idx>(blocks[static_cast<Idx>(i)] / 64);
    const unsigned shift_bits = static_cast<unsigned>(blocks[static_cast<Idx>(i)] % 64);
    for (int k = i; k >= 0; --k) {
      const auto& from = reach[static_cast<Idx>(k)];
      auto& to = reach[static_cast<Idx>(k + 1)];
      for (Idx w = words; w-- > shift_words;) {
        const Idx src = w - shift_words;
        std::uint64_t v = from[src] << shift_bits;
        if (shift_bits != 0 && src > 0) v |= from[src - 1] >> (64 - shift_bits);
        to[w] |= v;
      }
    }
  }
  const std::int64_t largest = blocks.front();
  std::int64_t best = std::numeric_limits<std::int64_t>::max();
  for (int k = 1; k <= n; ++k) {
    const auto& bits = reach[static_cast<Idx>(k)];
    for (Idx w = 0; w < words; ++w) {
      for (std::uint64_t b = bits[w]; b != 0; b &= b - 1) {
        const std::int64_t s = static_cast<std::int64_t>(w * 64) + __builtin_ctzll(b);
        if (s == 0) continue;
        // k = 1: a lone leaf (free: 0) or with zero blocks; k >= 2: any root block in [0, largest].
        const std::int64_t g = k == 1 ? (c.leaf_paid ? single_block_subtree(c, s, false) : 0)
                                      : multi_subtree(c, s, k, largest, 0);
        const std::int64_t f = fixed_root(c, total - s, n - k, m_r);
        best = std::min(best, c.alpha + c.beta * s + std::max(g, f));
      }
    }
  }
  return best;
}

}  // namespace collverify::trees::bnb
