// Property: for a random p up to 3000 and a random mutant of the reference schedule, if the
// generic simulation rejects the mutant for some default n, the fast checker rejects it too.
// RapidCheck prints the p and the mutant's seed of a counterexample, which reproduce it.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "checkers/circulant_invariants.hpp"
#include "checkers/lower_bounds.hpp"
#include "checkers/simulate.hpp"
#include "generators/block_counts.hpp"
#include "generators/mutants.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify {
namespace {

RC_GTEST_PROP(FastVsGeneric, GenericRejectionImpliesFastRejection, ()) {
  const std::int64_t p = *rc::gen::inRange<std::int64_t>(2, 3000);
  const std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>();
  const auto s = circulant::build_circulant_bcast(p);
  const auto mutants = circulant_mutants(s, seed, 1);
  RC_PRE(!mutants.empty());
  const auto bad = apply(s, mutants.front());
  bool generic = false;
  for (std::int64_t n : BlockCounts::parse(BlockCounts::kDefault).for_p(p)) {
    generic = generic ||
              simulate_schedule(circulant::expand_bcast(bad, n), bcast_round_lower_bound(p, n))
                  .verdict.has_value();
  }
  RC_TAG(generic ? "generic rejects" : "generic accepts");
  RC_ASSERT(!generic || check_circulant_schedule(bad).has_value());
}

}  // namespace
}  // namespace collverify
