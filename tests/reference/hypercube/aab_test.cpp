// The rotation-class construction of all-to-all broadcast (seed 004, slides 27-43), its gaps
// (docs/ERRATA.md E40-E41, docs/READINGS.md R5) and the search fallback, judged by the structural checker.
#include <gtest/gtest.h>

#include <map>

#include "checkers/hypercube/tree_checks.hpp"
#include "model/error.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/hypercube/aab_search.hpp"
#include "reference/hypercube/hypercube_common.hpp"
#include "reference/hypercube/rotation_classes.hpp"

namespace hc = collverify::hypercube;
namespace hk = collverify::hypercube_check;

TEST(HypercubeAab, NumberingMatchesSlide34) {
  const auto num = hc::rotation_numbering(4);
  const std::map<std::int64_t, int> slide34{{0b0001, 1}, {0b1001, 4}, {0b1101, 3}, {0b0010, 2},
                                            {0b0011, 1}, {0b1011, 4}, {0b1111, 3}, {0b0100, 3},
                                            {0b0110, 2}, {0b0101, 1}, {0b0111, 1}, {0b1000, 4},
                                            {0b1100, 3}, {0b1010, 2}, {0b1110, 2}};
  for (const auto& [t, m] : slide34) EXPECT_EQ(num.m(t), m) << "t = " << t;
  // Classes of N_2 for d = 4: {0011, 0110, 1100, 1001} and the short class {0101, 1010} (E40).
  ASSERT_EQ(num.classes.size(), 5u);
  EXPECT_EQ(num.classes[2].size, 2);
  EXPECT_EQ(num.classes[4].size, 1);  // 1111
}

// By hand from Steps I-IV, d = 3: N_1 = 001, 010, 100 (m = 1, 2, 3); N_2's class starts at m = 1
// with 011 (bit 1 is 1, bit 3 is 0), then 110 (m = 2), 101 (m = 3); 111 gets m = 1. Parents:
// clear bit m: 011 <- 010, 110 <- 100, 101 <- 001, 111 <- 110.
TEST(HypercubeAab, TreeForD3ByHand) {
  const auto t = hc::aab_generic_tree(3);
  using E = hc::TreeEdge;
  const std::vector<E> want{E{0, 1, 0, 0}, E{0, 2, 1, 0}, E{0, 4, 2, 0}, E{2, 3, 0, 1},
                            E{4, 6, 1, 1}, E{1, 5, 2, 1}, E{6, 7, 0, 2}};
  EXPECT_EQ(t.edges, want);
  EXPECT_EQ(t.rounds, 3);
  EXPECT_EQ(hc::aab_edges_of_round(t, 1), (std::vector<E>{want[3], want[4], want[5]}));
  EXPECT_EQ(hc::aab_edges_of_round(t, 2), (std::vector<E>{want[6]}));
}

TEST(HypercubeAab, ConstructionIsAValidStarTreeForEveryDUpTo18) {
  for (int d = 1; d <= 18; ++d) {
    const auto t = hc::aab_construction_tree(d);
    const auto v = hk::check_aab_generic_tree(t);
    EXPECT_FALSE(v.has_value()) << "d = " << d << ": " << v->message;
    EXPECT_EQ(t.rounds, hc::aab_round_bound(d));
    EXPECT_EQ(static_cast<std::int64_t>(t.edges.size()), (std::int64_t{1} << d) - 1);
  }
}

// docs/READINGS.md R5: slide 32's remark reads as if "bit m(t) is 1" were the whole of Step III; without the
// second rule (bit m(t) - 1 is 0) the parent of 1111 is served in the same round, d = 4.
TEST(HypercubeAab, StepThreeWithoutItsSecondRuleFailsAtD4) {
  for (int d = 1; d <= 3; ++d) {
    EXPECT_FALSE(
        hk::check_aab_generic_tree(hc::aab_construction_tree(d, hc::StepThreeRule::first_only))
            .has_value());
  }
  const auto t = hc::aab_construction_tree(4, hc::StepThreeRule::first_only);
  const auto v = hk::check_aab_generic_tree(t);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->property, "parent_not_served");
  EXPECT_EQ(v->node, 0b1111);
  EXPECT_EQ(v->other, 0b1011);
  EXPECT_EQ(v->round, 3);
  EXPECT_EQ(v->dimension, 2);
}

TEST(HypercubeAab, SearchFindsValidTreesIndependently) {
  for (int d = 1; d <= 7; ++d) {
    const auto t = hc::search_generic_tree(d);
    ASSERT_FALSE(t.edges.empty()) << "d = " << d;
    EXPECT_EQ(t.source, "search");
    const auto v = hk::check_aab_generic_tree(t);
    EXPECT_FALSE(v.has_value()) << "d = " << d << ": " << v->message;
  }
  // A budget too small to finish is reported as an empty tree, never as a wrong one.
  EXPECT_TRUE(hc::search_generic_tree(6, 3).edges.empty());
}

TEST(HypercubeAab, RoutingTableIsTheTranslatedGenericTree) {
  const auto t = hc::aab_generic_tree(4);
  for (std::int64_t x = 0; x < 16; ++x) {
    const auto table = hc::aab_routing_table(t, x);
    ASSERT_EQ(table.size(), 4u);
    std::int64_t entries = 0;
    for (std::size_t r = 0; r < table.size(); ++r) {
      for (std::size_t j = 0; j < table[r].size(); ++j) {
        if (table[r][j] < 0) continue;
        ++entries;
        // The sender's generic twin is the parent of an edge of round r and dimension j.
        bool found = false;
        for (const auto& e : t.edges) {
          found = found || (e.round == static_cast<std::int64_t>(r) &&
                            e.dimension == static_cast<int>(j) && e.parent == (table[r][j] ^ x));
        }
        EXPECT_TRUE(found);
      }
    }
    EXPECT_EQ(entries, 15);
    EXPECT_EQ(table[0][0], x);  // first row: the source itself
  }
}

TEST(HypercubeAab, BadDimensionsAreInputErrorsNamingTheValue) {
  for (const int d : {-1, 31}) {
    try {
      (void)hc::aab_generic_tree(d);
      FAIL() << d;
    } catch (const collverify::InputError& e) {
      EXPECT_NE(std::string(e.what()).find("d = " + std::to_string(d)), std::string::npos);
    }
  }
  try {
    (void)hc::aab_schedule(24);  // 2^24 (2^24 - 1) transmissions cannot be materialised
    FAIL();
  } catch (const collverify::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("GiB"), std::string::npos) << e.what();
  }
}
