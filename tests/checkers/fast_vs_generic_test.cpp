// The fast circulant checker and the generic simulation must agree: on the reference schedule
// both pass; every mutant the generic simulation rejects (for some n) the fast checker rejects.
#include <gtest/gtest.h>

#include "checkers/circulant_invariants.hpp"
#include "checkers/lower_bounds.hpp"
#include "checkers/simulate.hpp"
#include "generators/block_counts.hpp"
#include "generators/mutants.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify {
namespace {

bool generic_rejects(const CirculantSchedule& s, const std::string& blocks = BlockCounts::kDefault) {
  for (std::int64_t n : BlockCounts::parse(blocks).for_p(s.p)) {
    if (simulate_schedule(circulant::expand_bcast(s, n), bcast_round_lower_bound(s.p, n)).verdict) {
      return true;
    }
  }
  return false;
}

// Every n from 1 to 2q + 2: every number of dummy rounds, and at least three phases.
std::string every_n(int q) {
  std::string out = "1";
  for (int n = 2; n <= 2 * q + 2; ++n) {
    out.push_back(',');  // (not "," + ...: GCC 12 warns falsely, -Wrestrict)
    out.append(std::to_string(n));
  }
  return out;
}

void check_range(std::int64_t lo, std::int64_t hi, int mutants_per_p) {
  int rejected = 0, total = 0;
  for (std::int64_t p = lo; p <= hi; ++p) {
    const auto s = circulant::build_circulant_bcast(p);
    ASSERT_FALSE(check_circulant_schedule(s)) << p;
    ASSERT_FALSE(generic_rejects(s)) << p;
    for (const auto& m : circulant_mutants(s, static_cast<std::uint64_t>(p), mutants_per_p)) {
      const auto bad = apply(s, m);
      // Small p: every n; larger p: the default block counts.
      const bool generic = generic_rejects(bad, p <= 64 ? every_n(s.q) : BlockCounts::kDefault);
      const bool fast = check_circulant_schedule(bad).has_value();
      ++total;
      rejected += fast;
      ASSERT_TRUE(!generic || fast) << "p=" << p << " mutant " << m.describe()
                                    << ": the generic simulation rejects it, the fast check not";
    }
  }
  // Survivors are mutants of entries no one reads (the root's receive row); most must die.
  EXPECT_GT(rejected * 10, total * 8) << rejected << " of " << total;
}

TEST(FastVsGeneric, AgreeOnReferenceAndMutantsP2To128) { check_range(2, 128, 12); }

// Relabelling two blocks everywhere keeps every local invariant; only the order in which blocks
// leave the root changes. Random single-entry mutants never produce this, so every pair of
// labels is tried: both checkers must reject every one (the root then sends some block early).
// The default block counts do not reach every number of dummy rounds (p = 9, labels 1 and 2
// fail only for n = 3 mod 4), so the simulation runs every n from 1 to 2q + 2 here.
TEST(FastVsGeneric, BothRejectEveryRelabelling) {
  for (std::int64_t p = 3; p <= 80; ++p) {
    const auto s = circulant::build_circulant_bcast(p);
    for (int a = 0; a < s.q; ++a) {
      for (int b = a + 1; b < s.q; ++b) {
        CirculantMutant m;
        m.kind = CirculantMutation::relabel_blocks;
        m.k1 = a;
        m.k2 = b;
        const auto bad = apply(s, m);
        const auto fast = check_circulant_schedule(bad);
        ASSERT_TRUE(fast) << "p=" << p << " " << m.describe();
        EXPECT_EQ(fast->property, "root_block_order");
        EXPECT_TRUE(generic_rejects(bad, every_n(s.q))) << "p=" << p << " " << m.describe();
      }
    }
  }
}

// Every explicit-schedule mutant (dropped round, block off by one, re-targeted or duplicated
// transfer) of a correct expansion must be rejected by the generic simulation.
TEST(FastVsGeneric, GenericRejectsEveryScheduleMutant) {
  for (std::int64_t p : {2, 3, 5, 9, 20, 33, 100}) {
    const auto s = circulant::build_circulant_bcast(p);
    for (std::int64_t n : BlockCounts::parse(BlockCounts::kDefault).for_p(p)) {
      const auto e = circulant::expand_bcast(s, n);
      for (const auto& m : schedule_mutants(e, static_cast<std::uint64_t>(p * 100 + n), 25)) {
        const auto r = simulate_schedule(apply(e, m), bcast_round_lower_bound(p, n));
        EXPECT_TRUE(r.verdict) << "p=" << p << " n=" << n << " " << m.describe();
      }
    }
  }
}
TEST(FastVsGeneric, AgreeOnReferenceAndMutantsP129To320) { check_range(129, 320, 4); }
TEST(FastVsGeneric, AgreeOnReferenceAndMutantsP321To512) { check_range(321, 512, 2); }

}  // namespace
}  // namespace collverify
