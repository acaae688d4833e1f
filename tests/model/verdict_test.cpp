// Violation's order (model/verdict.hpp): the smallest-witness rule first, then every other
// field, so that it is a total order consistent with ==: two violations that differ in any
// field, including only in the program route's element type or buffering (`instance`) or its
// MPI function (`op`), are ordered one way and are not equal.
#include "model/verdict.hpp"

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

namespace collverify {
namespace {

Violation program_witness(const std::string& instance) {
  Violation v;
  v.property = "deadlock";
  v.p = 4;
  v.count = 8;
  v.root = 0;
  v.rank = 1;
  v.call = 2;
  v.op = "MPI_Send";
  v.instance = instance;
  v.message = "rank 1 waits for rank 0";
  return v;
}

// Exactly one of a < b, b < a, a == b.
void expect_trichotomy(const Violation& a, const Violation& b) {
  const int holds = int(a < b) + int(b < a) + int(a == b);
  EXPECT_EQ(holds, 1) << a.instance << " / " << b.instance;
}

TEST(Violation, DifferingOnlyInElementTypeIsOrderedAndNotEqual) {
  const Violation a = program_witness("bcast int rendezvous");
  const Violation b = program_witness("bcast double rendezvous");
  EXPECT_FALSE(a == b);
  EXPECT_TRUE(a < b || b < a);
  EXPECT_NE(a < b, b < a);
  expect_trichotomy(a, b);
}

TEST(Violation, DifferingOnlyInBufferingIsOrderedAndNotEqual) {
  const Violation a = program_witness("bcast int rendezvous");
  const Violation b = program_witness("bcast int eager");
  EXPECT_FALSE(a == b);
  EXPECT_NE(a < b, b < a);
  expect_trichotomy(a, b);
}

TEST(Violation, EveryFieldTakesPart) {
  const Violation base = program_witness("bcast int rendezvous");
  std::vector<Violation> one_off;
  auto with = [&](auto change) {
    Violation v = base;
    change(v);
    one_off.push_back(v);
  };
  with([](Violation& v) { v.property = "no_progress"; });
  with([](Violation& v) { v.p = 5; });
  with([](Violation& v) { v.n = 3; });
  with([](Violation& v) { v.rank = 2; });
  with([](Violation& v) { v.round = 1; });
  with([](Violation& v) { v.block = -1; });
  with([](Violation& v) { v.message = "another sentence"; });
  with([](Violation& v) { v.count = 9; });
  with([](Violation& v) { v.root = 1; });
  with([](Violation& v) { v.call = 3; });
  with([](Violation& v) { v.op = "MPI_Recv"; });
  with([](Violation& v) { v.instance = "bcast int eager"; });
  for (const Violation& v : one_off) {
    EXPECT_FALSE(v == base) << v.property << " " << v.message;
    EXPECT_NE(v < base, base < v) << v.property << " " << v.message;
  }
  EXPECT_TRUE(base == program_witness("bcast int rendezvous"));
  EXPECT_FALSE(base < program_witness("bcast int rendezvous"));
}

TEST(Violation, TheSmallestWitnessRuleComesFirst) {
  // p before n before round before rank, whatever the later fields say.
  Violation small = program_witness("z");
  Violation large = program_witness("a");
  large.p = 5;
  EXPECT_LT(small, large);
  large = program_witness("a");
  large.round = 0;  // kNone < 0: a violation without a round sorts before one with a round
  EXPECT_LT(small, large);
  large = program_witness("a");
  large.rank = 2;
  EXPECT_LT(small, large);
}

TEST(Violation, SortingIsIndependentOfTheInputOrder) {
  std::vector<Violation> forward{program_witness("bcast int rendezvous"),
                                 program_witness("bcast int eager"),
                                 program_witness("bcast double rendezvous"),
                                 program_witness("bcast double eager")};
  std::vector<Violation> backward(forward.rbegin(), forward.rend());
  std::stable_sort(forward.begin(), forward.end());
  std::stable_sort(backward.begin(), backward.end());
  EXPECT_TRUE(forward == backward);
  EXPECT_EQ(std::min_element(backward.begin(), backward.end())->instance, "bcast double eager");
}

}  // namespace
}  // namespace collverify
