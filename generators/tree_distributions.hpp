// The eleven block-size distributions of seed 001, Section 5.1 (from [20]), with average block
// size b > 0, parameter lambda (rho in the paper; 5 in its tables) and a seed for the random ones.
//
//   same          m_i = b
//   random        m_i uniform in [1, 2b]
//   random_decreasing / random_increasing   random, sorted decreasingly / increasingly
//   bucket        m_i = ceil(b/2) + uniform in [1, b]         ("Random bucket")
//   spikes        m_i = lambda b with probability 1/lambda, else 1
//   decreasing    m_i = floor(2b (p - i) / p) + 1
//   increasing    m_i = floor(2b (i + 1) / p) + 1
//   alternating   m_i = b + floor(b/2) for even i, b - floor(b/2) for odd i
//   skewed        m_i = floor(p b / lambda) for i < lambda, 1 for the others
//   two_blocks    m_0 = m_{p-1} = floor(p b / 2), all others 0 (p = 1: m_0 = floor(b / 2))
// Random draws use a 64-bit Mersenne twister seeded with `seed` and unbiased rejection sampling
// (written here, so the sequence is the same on every platform). Every product is checked; an
// overflow or a bad b, lambda or p is an InputError naming the value.
// Example: decreasing, p = 4, b = 2: {5, 4, 3, 2}.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace collverify {

enum class TreeDistribution {
  same,
  random,
  random_decreasing,
  random_increasing,
  bucket,
  spikes,
  decreasing,
  increasing,
  alternating,
  skewed,
  two_blocks,
};

struct DistributionParams {
  std::int64_t b = 1000;
  std::int64_t lambda = 5;
  std::uint64_t seed = 1;
};

// In the paper's order (Table 1).
const std::vector<TreeDistribution>& all_tree_distributions();
std::string distribution_name(TreeDistribution d);
// InputError listing the accepted names.
TreeDistribution parse_distribution(const std::string& name);

std::vector<std::int64_t> block_sizes(TreeDistribution d, std::int64_t p,
                                      const DistributionParams& params);

}  // namespace collverify
