// The fractional family: every P of 1..40 passes with every instance counted and the last PU's
// step reported; a mutant schedule fails the family's checks with P, the instance, the PU, the
// step and the packet; a schedule slower than the paper's claim is "above_claim"; bad P refused;
// the routed converter's schedule passes the routed checker and a broken one does not.
#include "families/fractional/fractional_family.hpp"

#include <gtest/gtest.h>

#include "checkers/network/routed_check.hpp"
#include "generators/fractional_mutants.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/fractional/broadcast.hpp"

namespace collverify::engine {
namespace {

namespace fr = fractional;

TEST(FractionalFamily, SmallRangePasses) {
  const FractionalFamily family;
  const auto n = static_cast<std::int64_t>(fractional_instances().size());
  for (std::int64_t P = 1; P <= 40; ++P) {
    const Outcome o = family.check(P, {});
    EXPECT_EQ(o.status, Status::pass) << P << ": " << (o.violations.empty() ? "" : o.violations[0].message);
    EXPECT_EQ(o.instances, n);
    for (const InstanceResult& r : o.instance_results) {
      if (P >= 2) {
        EXPECT_GE(r.rounds, r.lower_bound);
      }
    }
  }
}

TEST(FractionalFamily, HeaderExampleCount) {
  EXPECT_EQ(fractional_instances().size(), 55U);
  EXPECT_EQ(FractionalFamily().check(5, {}).instances, 55);
}

TEST(FractionalFamily, MutantFailsWithWitness) {
  const FractionalInstance inst{fr::Layout::fractional, 2, 5, false, false};
  const fr::BroadcastResult b = fr::broadcast({fr::Layout::fractional, 12, 2, 5, false});
  const auto m = fractional_mutants::sent_before_arrival(b.schedule);
  ASSERT_TRUE(m);
  const auto v = check_fractional_schedule(m->schedule, inst, 7);
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v[0].property, "send_before_receive");
  EXPECT_EQ(v[0].p, 12);
  EXPECT_EQ(v[0].n, 7);
  EXPECT_EQ(v[0].rank, m->witness.rank);
  EXPECT_EQ(v[0].round, m->witness.round);
  EXPECT_EQ(v[0].block, m->witness.block);
  EXPECT_NE(v[0].message.find("fractional r = 2, s = 5, duplex"), std::string::npos);
}

TEST(FractionalFamily, SlowerThanTheClaimIsReported) {
  // The chain's schedule with an empty step put in front: d + s + 1 > d + s.
  const FractionalInstance inst{fr::Layout::chain, 0, 3, false, false};
  fr::BroadcastResult b = fr::broadcast({fr::Layout::chain, 6, 0, 3, false});
  b.schedule.rounds.insert(b.schedule.rounds.begin(), std::vector<Transfer>{});
  const auto v = check_fractional_schedule(b.schedule, inst, 0);
  ASSERT_EQ(v.size(), 1U);
  EXPECT_EQ(v[0].property, "above_claim");
  EXPECT_NE(v[0].message.find("difference -1"), std::string::npos);
}

TEST(FractionalFamily, RoutedConverterAgrees) {
  const fr::BroadcastResult b = fr::broadcast({fr::Layout::fractional, 20, 3, 7, true});
  network::RoutedSchedule routed = fractional_routed(b.schedule);
  const network::Network net = network::Network::from_spec(routed.network);
  EXPECT_FALSE(network::check_routed(net, routed).witness);
  EXPECT_EQ(routed.model.duplex, Duplex::simplex);
  // The same with one transmission sent by a PU that does not hold the packet yet.
  routed.rounds[0][0].from = 7;
  const auto r = network::check_routed(net, routed);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(std::string(network::to_string(r.witness->property)), "causality");
}

TEST(FractionalFamily, RefusesBadP) {
  const FractionalFamily family;
  EXPECT_THROW(family.accept(0), InputError);
  EXPECT_THROW(family.accept(std::int64_t{1} << 40), InputError);
  EXPECT_NO_THROW(family.accept(1024));
  EXPECT_GT(family.bytes(1024, 1), 0);
}

}  // namespace
}  // namespace collverify::engine
