// The rows of a circulant schedule around a witness, as the reports show them.
#include <gtest/gtest.h>

#include "engine/bcast_excerpt.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify::engine {
namespace {

// The excerpt marks the send table for send-side witnesses (the root sending early included)
// and the receive table otherwise.
TEST(BcastExcerpt, MarksTheTableTheWitnessNames) {
  const auto s = circulant::build_circulant_bcast(20);
  Violation v{"root_block_order", 20, kNone, 0, 0, 1, ""};
  auto e = excerpt_around(s, v);
  EXPECT_EQ(e.marked_table, "send");
  EXPECT_EQ(e.marked_rank, 0);
  EXPECT_EQ(e.ranks.front(), 0);
  EXPECT_TRUE(e.recv.front().empty());  // the root's receive row is shown as '-'
  v = {"agreement", 20, 5, 13, 5, 2, ""};  // generic witness: absolute round 5, n = 5
  e = excerpt_around(s, v);
  EXPECT_EQ(e.marked_table, "recv");
  EXPECT_EQ(e.marked_round, (5 + circulant::dummy_rounds(5, 5)) % 5);
}

}  // namespace
}  // namespace collverify::engine
