// The DP-versus-brute-force check shared by optimal_test (p <= 8) and the slow test (p = 9).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "checkers/trees/brute_force.hpp"
#include "checkers/trees/tree_check.hpp"
#include "checkers/trees/tree_time.hpp"
#include "reference/trees/optimal.hpp"
#include "tests/reference/trees/tree_test_util.hpp"

namespace collverify::trees::testing {

template <class T>
void expect_sound_segment(const TreeResult<T>& r, const TreeProblem<T>& pr) {
  ASSERT_FALSE(check_tree_shape(r.tree).has_value());
  ASSERT_FALSE(check_tree_order(r.tree, OrderRule::segment).has_value());
  EXPECT_EQ(gather_time(r.tree, pr, LeafCopy::free), r.time);
}

// The optimal DP against the brute force over all segment-ordered trees for every p in
// [lo, hi], every fixed root and the best root, both cost models; one enumeration per p, every
// tree evaluated for several problems at once.
inline void dp_equals_brute_force(std::int64_t lo, std::int64_t hi, std::uint64_t seed) {
  namespace cv = collverify;
  namespace tr = collverify::trees;
  std::mt19937_64 g(seed);
  for (std::int64_t p = lo; p <= hi; ++p) {
    std::vector<cv::TreeProblem<std::int64_t>> problems;
    const int per_model = p <= 6 ? 4 : (p <= 8 ? 2 : 1);
    for (int x = 0; x < per_model; ++x) {
      problems.push_back(random_homogeneous(g, p));
      problems.push_back(random_per_pair(g, p));
    }
    // best[problem][root]
    std::vector<std::vector<std::int64_t>> best(problems.size(),
                                                std::vector<std::int64_t>(p, INT64_MAX));
    std::int64_t trees = 0;
    tr::for_each_ordered_tree(p, {}, [&](const cv::GatherTree& t) {
      ++trees;
      for (std::size_t q = 0; q < problems.size(); ++q) {
        auto& b = best[q][static_cast<std::size_t>(t.root)];
        b = std::min(b, tr::gather_time(t, problems[q], tr::LeafCopy::free));
      }
    });
    for (std::size_t q = 0; q < problems.size(); ++q) {
      const auto& pr = problems[q];
      SCOPED_TRACE(::testing::Message() << "p = " << p << " problem " << q
                                        << (pr.cost.homogeneous() ? " homogeneous" : " per-pair"));
      std::int64_t overall = INT64_MAX;
      for (std::int64_t r = 0; r < p; ++r) {
        const auto res = tr::optimal_ordered_tree(pr, tr::RootMode::fixed(r));
        EXPECT_EQ(res.time, best[q][static_cast<std::size_t>(r)]) << "root " << r;
        EXPECT_EQ(res.tree.root, r);
        expect_sound_segment(res, pr);
        overall = std::min(overall, res.time);
      }
      const auto res = tr::optimal_ordered_tree(pr, tr::RootMode::best_root());
      EXPECT_EQ(res.time, overall);
      expect_sound_segment(res, pr);
    }
    if (p == 9) {
      EXPECT_EQ(trees, 366080);
    }
  }
}

}  // namespace collverify::trees::testing
