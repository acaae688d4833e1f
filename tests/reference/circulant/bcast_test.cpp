#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <vector>

#include "checkers/circulant_invariants.hpp"
#include "checkers/lower_bounds.hpp"
#include "checkers/simulate.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/recv_schedule.hpp"
#include "reference/circulant/send_schedule.hpp"

namespace collverify::circulant {
namespace {

std::vector<int> row(std::span<const std::int8_t> r) { return {r.begin(), r.end()}; }

TEST(Bcast, HeaderExampleP4) {
  const auto s = build_circulant_bcast(4);
  EXPECT_EQ(row(s.recv_row(1)), (std::vector<int>{0, -1}));
  EXPECT_EQ(row(s.recv_row(2)), (std::vector<int>{-2, 1}));
  EXPECT_EQ(row(s.recv_row(3)), (std::vector<int>{-1, 0}));
  EXPECT_EQ(row(s.send_row(0)), (std::vector<int>{0, 1}));
}

TEST(Bcast, RootSendsBlockKInRoundK) {
  for (std::int64_t p : {2, 3, 20, 31, 32, 33, 1000}) {
    const auto s = build_circulant_bcast(p);
    for (int k = 0; k < s.q; ++k) EXPECT_EQ(s.send_at(0, k), k) << "p=" << p;
  }
}

// Algorithm 4 computes entry i from entries 0..i-1 only, which the table lookup of the send
// schedule relies on: recvsched(r, i) is a prefix of recvsched(r, q - 1).
TEST(Bcast, ReceiveScheduleIsPrefixClosed) {
  for (std::int64_t p = 2; p <= 200; ++p) {
    const Circulant c(p);
    std::vector<std::int8_t> full(static_cast<std::size_t>(c.q)), part(full.size());
    for (std::int64_t r = 0; r < p; ++r) {
      recv_schedule(c, r, c.q - 1, {}, full);
      for (int i = 0; i < c.q; ++i) {
        recv_schedule(c, r, i, {}, part);
        for (int j = 0; j <= i; ++j) ASSERT_EQ(part[j], full[j]) << p << " " << r << " " << i;
      }
    }
  }
}

// The fast twin (table lookup) and the slow Algorithm 5 (per rank, O(q^3)) agree.
TEST(Bcast, SendTableLookupAgreesWithAlgorithm5) {
  for (std::int64_t p = 1; p <= 300; ++p) {
    const auto s = build_circulant_bcast(p);
    const Circulant c(p);
    for (std::int64_t r = 0; r < p; ++r) {
      const auto one = rank_schedule(c, r);
      ASSERT_EQ(row(s.send_row(r)), std::vector<int>(one.send.begin(), one.send.end()))
          << "p=" << p << " r=" << r;
      ASSERT_EQ(row(s.recv_row(r)), std::vector<int>(one.recv.begin(), one.recv.end()));
    }
  }
}

// The sliding-window table build (O(p q)) and Algorithm 4 with Algorithm 3 per rank (O(p q^2))
// give the same tables, in both readings of line 2 of Algorithm 4.
TEST(Bcast, SlidingWindowTablesEqualPerRankAlgorithm4) {
  for (std::int64_t p = 1; p <= 1200; ++p) {
    for (auto line2 : {Transcription::corrected, Transcription::literal}) {
      BcastOptions o;
      o.transcription.alg4_line2 = line2;
      const auto fast = build_circulant_bcast(p, o);
      const auto slow = build_circulant_bcast_per_rank(p, o);
      ASSERT_EQ(fast.recv, slow.recv) << "p=" << p;
      ASSERT_EQ(fast.send, slow.send) << "p=" << p;
      ASSERT_EQ(fast.baseblock, slow.baseblock) << "p=" << p;
    }
  }
}

TEST(Bcast, DummyRoundsMakeThePhasesWhole) {
  for (int q = 1; q < 10; ++q) {
    for (std::int64_t n = 1; n < 40; ++n) {
      const int x = dummy_rounds(q, n);
      EXPECT_GE(x, 0);
      EXPECT_LT(x, q);
      EXPECT_EQ((x + n - 1 + q) % q, 0);
    }
  }
}

TEST(Bcast, ExpansionHasNMinus1PlusQRoundsAndNothingForTheRoot) {
  const auto s = build_circulant_bcast(20);
  for (std::int64_t n : {1, 2, 5, 6, 11, 17, 40}) {
    const Schedule e = expand_bcast(s, n);
    EXPECT_EQ(static_cast<std::int64_t>(e.rounds.size()), n - 1 + s.q);
    for (const auto& round : e.rounds) {
      for (const Transfer& t : round) {
        EXPECT_NE(t.to, 0);
        EXPECT_GE(t.block, 0);
        EXPECT_LT(t.block, n);
      }
    }
  }
}

TEST(Bcast, CorrectedConstructionPassesBothCheckersForAllPUpTo512) {
  for (std::int64_t p = 1; p <= 512; ++p) {
    const auto s = build_circulant_bcast(p);
    const auto fast = check_circulant_schedule(s);
    ASSERT_FALSE(fast) << fast->message;
    const std::int64_t q = s.q;
    for (std::int64_t n : {std::int64_t{1}, std::int64_t{2}, q, q + 1, 2 * q + 1, 3 * q + 2}) {
      if (n < 1) continue;
      const auto r = simulate_schedule(expand_bcast(s, n), bcast_round_lower_bound(p, n));
      ASSERT_FALSE(r.verdict) << "p=" << p << " n=" << n << ": " << r.verdict->message;
    }
  }
}

// Erratum E3: line 2 of Algorithm 4 starts with B empty. The smallest counterexample the
// checkers find is p = 5: rank 1 is scheduled to receive its own baseblock of the previous
// phase again (round 1), and with n = 3 it never receives block 0.
TEST(Bcast, LiteralAlgorithm4FailsFirstAtP5) {
  BcastOptions literal;
  literal.transcription.alg4_line2 = Transcription::literal;
  for (std::int64_t p = 2; p < 5; ++p) {
    EXPECT_FALSE(check_circulant_schedule(build_circulant_bcast(p, literal))) << p;
  }
  const auto s = build_circulant_bcast(5, literal);
  const auto fast = check_circulant_schedule(s);
  ASSERT_TRUE(fast);
  EXPECT_EQ(fast->property, "no_redundant_receive");
  EXPECT_EQ(fast->rank, 1);
  EXPECT_EQ(fast->round, 1);
  EXPECT_EQ(fast->block, -3);
  Verdict generic;
  for (std::int64_t n = 1; n <= 11 && !generic; ++n) {
    generic = simulate_schedule(expand_bcast(s, n), bcast_round_lower_bound(5, n)).verdict;
    if (generic) {
      EXPECT_EQ(n, 3);
    }
  }
  ASSERT_TRUE(generic);
  EXPECT_EQ(generic->property, "completeness");
  EXPECT_EQ(generic->rank, 1);
  EXPECT_EQ(generic->block, 0);
}

// Erratum E2 is real for RangeBlocks but does not reach the schedules: with only line 20 read
// literally, the tables are the same as the corrected ones for every p checked here.
TEST(Bcast, LiteralRangeBlocksLeavesTheTablesUnchanged) {
  BcastOptions only_line20;
  only_line20.transcription.alg3_line20 = Transcription::literal;
  for (std::int64_t p = 2; p <= 1024; ++p) {
    const auto a = build_circulant_bcast(p);
    const auto b = build_circulant_bcast(p, only_line20);
    ASSERT_EQ(a.recv, b.recv) << p;
  }
}

}  // namespace
}  // namespace collverify::circulant
