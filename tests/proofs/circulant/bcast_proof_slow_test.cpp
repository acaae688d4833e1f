// Many mutants at several p <= 64: the Z3 witness equals the fast checker's smallest witness,
// and the mutants reach every per-rank property. Seconds to minutes: LABEL slow.
#include <gtest/gtest.h>

#include <map>

#include "generators/mutants.hpp"
#include "reference/circulant/bcast.hpp"
#include "tests/proofs/circulant/witness_compare.hpp"

namespace collverify {
namespace {

TEST(ProveBcastSlow, ManyMutantsUpTo64) {
  std::map<std::string, int> seen;
  for (std::int64_t p : {2, 3, 5, 8, 9, 12, 17, 20, 31, 33, 48, 63, 64}) {
    const auto s = circulant::build_circulant_bcast(p);
    for (const auto& m : circulant_mutants(s, static_cast<std::uint64_t>(p) * 104729U, 40)) {
      ++seen[expect_same_witness(apply(s, m), "p = " + std::to_string(p) + ", " + m.describe())];
    }
  }
  for (const char* prop : {"receive_set", "no_redundant_receive", "agreement",
                           "send_before_receive", "root_block_order"}) {
    EXPECT_GT(seen[prop], 0) << prop;
  }
  for (const auto& [prop, n] : seen) std::printf("%s: %d\n", prop.c_str(), n);
}

}  // namespace
}  // namespace collverify
