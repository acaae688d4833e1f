// The fast routed checker with more than 2^32 packets (label slow: 1 GiB of holdings and 2^32
// initial holdings set one by one): the first packet on an arc keeps the high 32 bits of its
// index (a table the checker only allocates then), so a collision names the right packets.
#include <gtest/gtest.h>

#include "checkers/network/routed_check.hpp"

namespace collverify::network {
namespace {

TEST(RoutedCheckWide, FirstPacketsAboveTwoToThe32KeepTheirHighBits) {
  const Network cube = Network::hypercube(1);
  RoutedHeader h;
  h.collective = Collective::oab;
  h.pieces = (std::int64_t{1} << 32) + 2;
  RoutedChecker checker(cube, h);
  checker.begin_round(0);
  const Direction dim[] = {0};
  const Packet high[] = {{0, (std::int64_t{1} << 32) + 1}};
  const Packet low[] = {{0, 1}};  // the same low 32 bits
  checker.send(0, dim, high);
  checker.send(0, dim, low);
  checker.end_round();
  const auto r = checker.finish();
  ASSERT_TRUE(r.witness.has_value());
  EXPECT_EQ(r.witness->property, RoutedProperty::arc_exclusivity);
  EXPECT_EQ(r.witness->packets, (std::vector<Packet>{high[0], low[0]})) << r.witness->message;
}

}  // namespace
}  // namespace collverify::network
