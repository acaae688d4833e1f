// The rows of a circulant schedule around a witness, as the reports show them: which entries
// are marked (both ends of an agreement witness), and which ranks are shown (both ends, even
// far apart).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "checkers/circulant_invariants.hpp"
#include "families/circulant/bcast_excerpt.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify::engine {
namespace {

bool shows(const ScheduleExcerpt& e, std::int64_t rank) {
  return std::find(e.ranks.begin(), e.ranks.end(), rank) != e.ranks.end();
}

bool marks(const ScheduleExcerpt& e, std::int64_t rank, int round, const std::string& table) {
  return std::any_of(e.marks.begin(), e.marks.end(), [&](const ExcerptMark& m) {
    return m.rank == rank && m.round == round && m.table == table;
  });
}

// What a reader needs of an agreement excerpt: the sender's send entry and the receiver's recv
// entry of the round marked, both columns shown, columns ascending.
::testing::AssertionResult shows_both_ends(const ScheduleExcerpt& e, std::int64_t sender,
                                           std::int64_t receiver, int round) {
  if (!marks(e, sender, round, "send")) return ::testing::AssertionFailure() << "send unmarked";
  if (!marks(e, receiver, round, "recv")) return ::testing::AssertionFailure() << "recv unmarked";
  if (!shows(e, sender) || !shows(e, receiver)) {
    return ::testing::AssertionFailure() << "a column is missing";
  }
  if (!std::is_sorted(e.ranks.begin(), e.ranks.end())) {
    return ::testing::AssertionFailure() << "ranks not ascending";
  }
  return ::testing::AssertionSuccess();
}

// p = 33: in round 2 (skips[2] = 3) rank 31 sends to (31 + 3) mod 33 = 1. Breaking send[31][2]
// makes rank 1's receive disagree with rank 31's send: the first failure of a real library's
// generator, whose excerpt once showed ranks 0-4 only.
CirculantSchedule far_apart_mutant() {
  auto s = circulant::build_circulant_bcast(33);
  EXPECT_EQ(s.skips[2], 3);
  const int want = s.recv_at(1, 2);
  s.set_send(31, 2, want == 0 ? 1 : 0);
  return s;
}

TEST(BcastExcerpt, AgreementMarksSenderAndReceiverFarApart) {
  const CirculantSchedule s = far_apart_mutant();
  const Verdict v = check_circulant_schedule(s, {true});
  ASSERT_TRUE(v);
  ASSERT_EQ(v->property, "agreement");
  ASSERT_EQ(v->rank, 1);
  ASSERT_EQ(v->round, 2);
  const ScheduleExcerpt e = excerpt_around(s, *v);
  EXPECT_TRUE(shows_both_ends(e, 31, 1, 2));
  EXPECT_EQ(e.marks.size(), 2u);
  // A few columns around each rank, in two groups: 0..3 and 29..32.
  EXPECT_EQ(e.ranks, (std::vector<std::int64_t>{0, 1, 2, 3, 29, 30, 31, 32}));
  EXPECT_EQ(e.recv.size(), e.ranks.size());
  EXPECT_EQ(e.send.size(), e.ranks.size());
  EXPECT_EQ(e.baseblock.size(), e.ranks.size());
  EXPECT_EQ(e.send[6][2], s.send_at(31, 2));
  // The entries as the rows show them, sender first.
  EXPECT_EQ(marked_entries_text(e), "send[31][2] = " + std::to_string(s.send_at(31, 2)) +
                                        ", recv[1][2] = " + std::to_string(s.recv_at(1, 2)));
}

// The test above must reject an excerpt that marks one end only or drops a column.
TEST(BcastExcerpt, OneSidedExcerptIsRejected) {
  const CirculantSchedule s = far_apart_mutant();
  const ScheduleExcerpt good = excerpt_around(s, *check_circulant_schedule(s, {true}));
  ASSERT_TRUE(shows_both_ends(good, 31, 1, 2));
  ScheduleExcerpt receiver_only = good;
  receiver_only.marks.erase(receiver_only.marks.begin());
  EXPECT_FALSE(shows_both_ends(receiver_only, 31, 1, 2));
  ScheduleExcerpt sender_only = good;
  sender_only.marks.pop_back();
  EXPECT_FALSE(shows_both_ends(sender_only, 31, 1, 2));
  ScheduleExcerpt near_only = good;  // the old excerpt: ranks 0..4 around the receiver
  near_only.ranks = {0, 1, 2, 3, 4};
  EXPECT_FALSE(shows_both_ends(near_only, 31, 1, 2));
}

// A generic witness (n set, absolute round) marks the same two entries in the round of a phase.
TEST(BcastExcerpt, GenericAgreementWitnessMarksBothEnds) {
  const auto s = circulant::build_circulant_bcast(20);
  const Violation v{"agreement", 20, 5, 13, 5, 2, ""};
  const ScheduleExcerpt e = excerpt_around(s, v);
  const int k = (5 + circulant::dummy_rounds(5, 5)) % 5;
  const std::int64_t sender = (13 - s.skips[static_cast<std::size_t>(k)] + 20) % 20;
  EXPECT_TRUE(shows_both_ends(e, sender, 13, k));
}

// The excerpt marks the send table for send-side witnesses (the root sending early included)
// and the receive table otherwise; one mark each.
TEST(BcastExcerpt, MarksTheTableTheWitnessNames) {
  const auto s = circulant::build_circulant_bcast(20);
  auto e = excerpt_around(s, Violation{"root_block_order", 20, kNone, 0, 0, 1, ""});
  ASSERT_EQ(e.marks.size(), 1u);
  EXPECT_TRUE(marks(e, 0, 0, "send"));
  EXPECT_EQ(e.ranks.front(), 0);
  EXPECT_EQ(e.ranks.back(), 3);
  EXPECT_TRUE(e.recv.front().empty());  // the root's receive row is shown as '-'
  e = excerpt_around(s, Violation{"no_redundant_receive", 20, kNone, 7, 1, -3, ""});
  ASSERT_EQ(e.marks.size(), 1u);
  EXPECT_TRUE(marks(e, 7, 1, "recv"));
  EXPECT_EQ(e.ranks, (std::vector<std::int64_t>{4, 5, 6, 7, 8, 9, 10}));
  e = excerpt_around(s, Violation{"value_range", 20, kNone, 7, 1, 9, "send[7][1] = 9 is outside"});
  EXPECT_TRUE(marks(e, 7, 1, "send"));
  e = excerpt_around(s, Violation{"shape", 20, kNone, kNone, kNone, kNone, ""});
  EXPECT_TRUE(e.marks.empty());
  EXPECT_EQ(marked_entries_text(e), "");
}

}  // namespace
}  // namespace collverify::engine
