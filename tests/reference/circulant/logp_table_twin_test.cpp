// The whole-p builder (build_circulant_bcast_logp, build_circulant_bcast_logp_into) against its
// slow twin build_circulant_bcast_logp_per_rank: identical skips, baseblocks and receive and
// send tables for every p up to 3000, near powers of two and for random large p, also when one
// buffer is reused across p in any order (larger, smaller, equal p).
#include <gtest/gtest.h>

#include <random>

#include "reference/circulant/logp_schedule.hpp"

namespace collverify::circulant {
namespace {

void expect_identical(const CirculantSchedule& fast, const CirculantSchedule& slow) {
  ASSERT_EQ(fast.p, slow.p);
  ASSERT_EQ(fast.q, slow.q) << "p=" << slow.p;
  ASSERT_EQ(fast.skips, slow.skips) << "p=" << slow.p;
  ASSERT_EQ(fast.baseblock, slow.baseblock) << "p=" << slow.p;
  ASSERT_EQ(fast.recv.size(), slow.recv.size()) << "p=" << slow.p;
  ASSERT_EQ(fast.send.size(), slow.send.size()) << "p=" << slow.p;
  for (std::int64_t r = 0; r < slow.p; ++r) {
    for (int k = 0; k < slow.q; ++k) {
      ASSERT_EQ(fast.recv_at(r, k), slow.recv_at(r, k)) << "recv p=" << slow.p << " r=" << r
                                                        << " k=" << k;
      ASSERT_EQ(fast.send_at(r, k), slow.send_at(r, k)) << "send p=" << slow.p << " r=" << r
                                                        << " k=" << k;
    }
  }
}

TEST(LogpTableTwin, EveryPUpTo3000) {
  for (std::int64_t p = 1; p <= 3000; ++p) {
    expect_identical(build_circulant_bcast_logp(p), build_circulant_bcast_logp_per_rank(p));
    if (HasFatalFailure()) return;
  }
}

TEST(LogpTableTwin, NearPowersOfTwoUpTo2To18) {
  for (int e = 12; e <= 18; ++e) {
    for (std::int64_t d = -3; d <= 3; ++d) {
      const std::int64_t p = (std::int64_t{1} << e) + d;
      expect_identical(build_circulant_bcast_logp(p), build_circulant_bcast_logp_per_rank(p));
      if (HasFatalFailure()) return;
    }
  }
}

TEST(LogpTableTwin, RandomLargeP) {
  std::mt19937_64 g(20261123);
  std::uniform_int_distribution<std::int64_t> pick(3001, std::int64_t{1} << 19);
  for (int i = 0; i < 24; ++i) {
    const std::int64_t p = pick(g);
    expect_identical(build_circulant_bcast_logp(p), build_circulant_bcast_logp_per_rank(p));
    if (HasFatalFailure()) return;
  }
}

// One buffer through ascending, descending, repeated and random p: stale entries of a previous
// p must never survive.
TEST(LogpTableTwin, ReusedBufferInAnyOrder) {
  std::vector<std::int64_t> ps;
  for (std::int64_t p = 1; p <= 300; ++p) ps.push_back(p);
  for (std::int64_t p = 300; p >= 1; p -= 7) ps.push_back(p);
  ps.insert(ps.end(), {5000, 5000, 17, 1, 2, 70000, 4097, 4096, 65536, 3});
  std::mt19937_64 g(7);
  for (int i = 0; i < 40; ++i) ps.push_back(1 + static_cast<std::int64_t>(g() % 20000));
  CirculantSchedule buffer;
  for (std::int64_t p : ps) {
    build_circulant_bcast_logp_into(p, buffer);
    expect_identical(buffer, build_circulant_bcast_logp_per_rank(p));
    if (HasFatalFailure()) return;
  }
}

TEST(LogpTableTwin, RejectsPOutsideTheRange) {
  CirculantSchedule buffer;
  EXPECT_ANY_THROW(build_circulant_bcast_logp_into(0, buffer));
  EXPECT_ANY_THROW(build_circulant_bcast_logp(-5));
}

}  // namespace
}  // namespace collverify::circulant
