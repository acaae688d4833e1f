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

bool generic_rejects(const CirculantSchedule& s) {
  for (std::int64_t n : BlockCounts::parse(BlockCounts::kDefault).for_p(s.p)) {
    if (simulate_schedule(circulant::expand_bcast(s, n), bcast_round_lower_bound(s.p, n)).verdict) {
      return true;
    }
  }
  return false;
}

void check_range(std::int64_t lo, std::int64_t hi, int mutants_per_p) {
  int rejected = 0, total = 0;
  for (std::int64_t p = lo; p <= hi; ++p) {
    const auto s = circulant::build_circulant_bcast(p);
    ASSERT_FALSE(check_circulant_schedule(s)) << p;
    ASSERT_FALSE(generic_rejects(s)) << p;
    for (const auto& m : circulant_mutants(s, static_cast<std::uint64_t>(p), mutants_per_p)) {
      const auto bad = apply(s, m);
      const bool generic = generic_rejects(bad);
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
TEST(FastVsGeneric, AgreeOnReferenceAndMutantsP129To320) { check_range(129, 320, 4); }
TEST(FastVsGeneric, AgreeOnReferenceAndMutantsP321To512) { check_range(321, 512, 2); }

}  // namespace
}  // namespace collverify
