#include <gtest/gtest.h>

#include "checkers/circulant_invariants.hpp"
#include "generators/mutants.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify {
namespace {

CirculantSchedule p20() { return circulant::build_circulant_bcast(20); }

Violation must_break(const CirculantSchedule& s, const char* property) {
  const auto v = check_circulant_schedule(s);
  EXPECT_TRUE(v) << "expected " << property;
  if (!v) return {};
  EXPECT_EQ(v->property, property) << v->message;
  return *v;
}

TEST(CirculantInvariants, AcceptsTheReferenceSchedule) {
  EXPECT_FALSE(check_circulant_schedule(p20()));
}

TEST(CirculantInvariants, RejectsWrongShape) {
  auto s = p20();
  s.recv.pop_back();
  must_break(s, "shape");
}

TEST(CirculantInvariants, RejectsWrongSkips) {
  auto s = p20();
  s.skips[3] = 6;
  const auto v = must_break(s, "skips");
  EXPECT_EQ(v.round, kNone);
  EXPECT_NE(v.message.find("skips[3] = 6"), std::string::npos) << v.message;
}

TEST(CirculantInvariants, RejectsEntriesOutOfRange) {
  auto s = p20();
  s.set_recv(7, 2, 5);  // q = 5: entries lie in [-5, 5)
  const auto v = must_break(s, "value_range");
  EXPECT_EQ(v.rank, 7);
  EXPECT_EQ(v.round, 2);
  EXPECT_EQ(v.block, 5);
}

TEST(CirculantInvariants, RejectsTwoBlocksOfTheCurrentPhase) {
  auto s = p20();
  // rank 4 receives baseblock 0 in round 2; make round 4 a current-phase block too.
  s.set_recv(4, 4, 1);
  must_break(s, "receive_set");
}

TEST(CirculantInvariants, RejectsARepeatedReceive) {
  auto s = p20();
  s.set_recv(4, 1, s.recv_at(4, 0));
  const auto v = must_break(s, "no_redundant_receive");
  EXPECT_EQ(v.rank, 4);
  EXPECT_EQ(v.round, 1);
}

TEST(CirculantInvariants, RejectsReceivingTheOwnBaseblockAgain) {
  auto s = p20();
  // rank 4's baseblock is 0: receiving -5 (block 0 of the previous phase) is redundant.
  int k = 0;
  while (s.recv_at(4, k) >= 0 || s.recv_at(4, k) == -5) ++k;
  s.set_recv(4, k, -5);
  must_break(s, "no_redundant_receive");
}

TEST(CirculantInvariants, RejectsAWrongBaseblockEntry) {
  auto s = p20();
  s.baseblock[6] = 3;
  must_break(s, "baseblock");
  CirculantCheckOptions none;
  none.has_baseblocks = false;
  EXPECT_FALSE(check_circulant_schedule(s, none));
}

// A schedule that states no baseblocks (empty vector) is checked without them, whatever the
// options say (it once read past the empty vector).
TEST(CirculantInvariants, EmptyBaseblocksMeanNoneStated) {
  auto s = circulant::build_circulant_bcast(1000);
  std::vector<std::int8_t>().swap(s.baseblock);
  EXPECT_FALSE(check_circulant_schedule(s));
  s.set_recv(7, 0, s.recv_at(7, 1));
  EXPECT_TRUE(check_circulant_schedule(s));
}

TEST(CirculantInvariants, RejectsDisagreement) {
  auto s = p20();
  s.set_send(3, 1, -4);  // rank 3 holds -4 (received in round 0), rank 5 expects -3
  const auto v = must_break(s, "agreement");
  EXPECT_EQ(v.rank, 5);  // the receiver: 3 + skips[1] = 5
  EXPECT_EQ(v.round, 1);
}

TEST(CirculantInvariants, RejectsSendBeforeReceive) {
  auto s = p20();
  // Rank 1 (baseblock 0, received in round 0) forwards block 0 in round 1 to rank 3; make both
  // rank 1's send and rank 3's receive a block rank 1 does not have yet: block 1.
  s.set_send(1, 0, 1);
  s.set_recv(2, 0, 1);
  s.set_recv(2, 1, -5);
  const auto v = check_circulant_schedule(s);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->property, "send_before_receive");
  EXPECT_EQ(v->rank, 1);
  EXPECT_EQ(v->round, 0);
}

// The root may send current-phase block v only from round v on: with the dummy rounds of
// Algorithm 6 an earlier round does not take place for some n. Relabelling blocks 0 and 1
// keeps every other invariant (the reviewer's counterexample: p = 4, n = 2 fails in the
// generic simulation with send_before_receive at rank 1, round 0).
TEST(CirculantInvariants, RejectsTheRootSendingABlockBeforeItsRound) {
  CirculantMutant m;
  m.kind = CirculantMutation::relabel_blocks;
  m.k1 = 0;
  m.k2 = 1;
  const auto s = apply(circulant::build_circulant_bcast(4), m);
  const auto v = check_circulant_schedule(s);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->property, "root_block_order");
  EXPECT_EQ(v->rank, 0);
  EXPECT_EQ(v->round, 0);
  EXPECT_EQ(v->block, 1);
}

TEST(CirculantInvariants, IgnoresTheRootsReceiveRowAndSendsToTheRoot) {
  auto s = p20();
  for (int k = 0; k < s.q; ++k) s.set_recv(0, k, -1);
  s.set_send(19, 0, -4);  // 19 + skips[0] = 20 = 0 mod p: the root
  EXPECT_FALSE(check_circulant_schedule(s));
}

TEST(CirculantInvariants, SmallestRoundThenRankFirst) {
  auto s = p20();
  s.set_recv(5, 4, s.recv_at(5, 0));    // a repeat in round 4
  s.set_recv(12, 1, s.recv_at(12, 0));  // a repeat in round 1, larger rank: wins
  const auto v = check_circulant_schedule(s);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->round, 1);
  EXPECT_EQ(v->rank, 12);
  EXPECT_EQ(v->property, "no_redundant_receive");  // not its echo, agreement
}

}  // namespace
}  // namespace collverify
