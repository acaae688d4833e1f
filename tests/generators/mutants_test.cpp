#include <set>
#include <gtest/gtest.h>

#include "generators/mutants.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify {
namespace {

TEST(Mutants, DeterministicAndAlwaysAChange) {
  const auto s = circulant::build_circulant_bcast(33);
  const auto a = circulant_mutants(s, 7, 50);
  const auto b = circulant_mutants(s, 7, 50);
  ASSERT_EQ(a.size(), 50U);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].describe(), b[i].describe());
    const auto m = apply(s, a[i]);
    EXPECT_TRUE(m.recv != s.recv || m.send != s.send || m.skips != s.skips) << a[i].describe();
  }
}

TEST(Mutants, EveryKindIsDrawn) {
  const auto s = circulant::build_circulant_bcast(100);
  std::set<int> kinds;
  for (const auto& m : circulant_mutants(s, 1, 200)) kinds.insert(static_cast<int>(m.kind));
  EXPECT_EQ(kinds.size(), 7U);
}

TEST(Mutants, ScheduleMutantsChangeTheSchedule) {
  const auto e = circulant::expand_bcast(circulant::build_circulant_bcast(20), 6);
  for (const auto& m : schedule_mutants(e, 3, 40)) {
    const auto x = apply(e, m);
    bool same = x.rounds.size() == e.rounds.size();
    for (std::size_t t = 0; same && t < e.rounds.size(); ++t) {
      same = x.rounds[t].size() == e.rounds[t].size();
      for (std::size_t i = 0; same && i < e.rounds[t].size(); ++i) {
        same = x.rounds[t][i].to == e.rounds[t][i].to && x.rounds[t][i].block == e.rounds[t][i].block;
      }
    }
    EXPECT_FALSE(same) << m.describe();
  }
}

}  // namespace
}  // namespace collverify
