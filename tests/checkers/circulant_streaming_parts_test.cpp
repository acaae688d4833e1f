// Splitting one streamed p into parts (as distributed verification does, one part per MPI
// rank): every split of the chunks into contiguous ranges, combined in any order, gives the
// verdict of one check over every chunk (itself the fast checker's), and leaves no differing
// bucket on a schedule without agreement violations. Mutants of the combination are rejected:
// a part left out, its sums left out, its witness left out.
#include "circulant_streaming_support.hpp"

#include <algorithm>
#include <numeric>

namespace collverify {
namespace {

using namespace streaming_test;

struct Split {
  int parts = 1;
  bool reverse = false;      // absorb the parts in reverse order
  int drop_part = -1;        // mutant: this part is not absorbed at all
  int drop_sums = -1;        // mutant: this part's sums are not absorbed
  int drop_witness = -1;     // mutant: this part's witness is not absorbed
};

struct SplitResult {
  Verdict verdict;
  std::int64_t differing = 0;
  std::int64_t done = 0;
  bool finished = false;
};

// Part j checks chunks [C j / parts, C (j + 1) / parts) on its own object (the same seed), as
// rank j of a job would; part 0 then absorbs the others.
SplitResult split_check(const CirculantSchedule& s, std::int64_t bucket, const Split& sp) {
  const StreamingOptions o{AgreementMode::fingerprint, bucket, 77};
  std::vector<std::unique_ptr<CirculantStreamingCheck>> parts;
  for (int j = 0; j < sp.parts; ++j) {
    parts.push_back(std::make_unique<CirculantStreamingCheck>(from_table(s), o));
  }
  SplitResult r;
  if ((r.verdict = parts[0]->shape())) {
    r.finished = true;
    return r;
  }
  const std::int64_t c = parts[0]->chunks();
  for (int j = 0; j < sp.parts; ++j) {
    for (std::int64_t i = c * j / sp.parts; i < c * (j + 1) / sp.parts; ++i) {
      parts[static_cast<std::size_t>(j)]->check_chunk(i);
    }
  }
  std::vector<int> order(static_cast<std::size_t>(sp.parts - 1));
  std::iota(order.begin(), order.end(), 1);
  if (sp.reverse) std::reverse(order.begin(), order.end());
  for (int j : order) {
    if (j == sp.drop_part) continue;
    StreamingPart part = parts[static_cast<std::size_t>(j)]->part();
    if (j == sp.drop_sums) std::fill(part.sums.begin(), part.sums.end(), 0);
    if (j == sp.drop_witness) part.best.reset();
    parts[0]->absorb(part);
  }
  r.done = parts[0]->part().chunks_done;
  r.differing = parts[0]->differing_buckets();
  if (r.done == c) {
    r.verdict = parts[0]->finish();
    r.finished = true;
  }
  return r;
}

TEST(CirculantStreamingParts, AnySplitInAnyOrderGivesTheVerdictOfOneCheck) {
  for (std::int64_t p : {2, 3, 100, 1000, 5000}) {
    const auto ref = circulant::build_circulant_bcast(p);
    std::vector<CirculantSchedule> schedules{ref};
    for (const auto& m : circulant_mutants(ref, 13, 6)) schedules.push_back(apply(ref, m));
    for (const auto& s : schedules) {
      const Verdict fast = check_circulant_schedule(s);
      for (int parts : {1, 2, 3, 4, 7}) {
        for (bool reverse : {false, true}) {
          const SplitResult r = split_check(s, 16, {parts, reverse});
          ASSERT_TRUE(r.finished) << "p=" << p << " parts " << parts;
          EXPECT_TRUE(same(r.verdict, fast)) << "p=" << p << " parts " << parts << ": "
                                             << show(r.verdict) << " vs " << show(fast);
        }
      }
      if (!fast) {
        EXPECT_EQ(split_check(s, 16, {4}).differing, 0) << "p=" << p;
      }
    }
  }
}

// An agreement violation whose sender and receiver lie in different parts is still found
// exactly: the receiver's term is in one part's sums, the sender's in the other's.
TEST(CirculantStreamingParts, AgreementAcrossTwoPartsIsFound) {
  const auto ref = circulant::build_circulant_bcast(1024);  // 64 chunks of 16; part 1 from 512
  const int k = 1;  // skips[1] = 2: rank 511 sends to rank 513
  // The first value for send[511][1] whose only witness is agreement (a block rank 511 holds).
  Verdict fast;
  auto s = ref;
  for (int v = -ref.q; v < ref.q && !(fast && fast->property == "agreement"); ++v) {
    if (v == ref.send_at(511, k)) continue;
    s = ref;
    s.set_send(511, k, v);
    fast = check_circulant_schedule(s);
  }
  ASSERT_TRUE(fast);
  ASSERT_EQ(fast->property, "agreement");
  ASSERT_EQ(fast->rank, 513);
  EXPECT_TRUE(same(split_check(s, 16, {2}).verdict, fast));
  EXPECT_TRUE(same(split_check(s, 16, {2, true}).verdict, fast));
}

// The mutants of the combination: each must show.
TEST(CirculantStreamingParts, BrokenCombinationsAreCaught) {
  const auto ref = circulant::build_circulant_bcast(5000);
  // A part left out: its chunks are not counted, finish() would be refused.
  EXPECT_FALSE(split_check(ref, 16, {4, false, 2}).finished);
  // A part's sums left out: buckets differ on the reference schedule (re-read, they pass, but
  // the combination is visibly wrong).
  EXPECT_GT(split_check(ref, 16, {4, false, -1, 3}).differing, 0);
  // A part's witness left out: a violation local to that part is missed. Rank 4000 lies in
  // part 3 of 4 (chunks 234..312 of 313, ranks 3744..4999). Rank 4000 receives its round-0
  // block again in round 1, and its sender of round 1 sends that block (so that sender and
  // receiver agree): a local witness, which only part 3's own verdict holds.
  auto s = ref;
  const int v = s.recv_at(4000, 0);
  s.set_recv(4000, 1, v);
  s.set_send(4000 - s.skips[1], 1, v);
  const Verdict fast = check_circulant_schedule(s);
  ASSERT_TRUE(fast);
  EXPECT_NE(fast->property, "agreement");
  EXPECT_GE(fast->rank, 3744);
  EXPECT_TRUE(same(split_check(s, 16, {4}).verdict, fast));
  EXPECT_FALSE(same(split_check(s, 16, {4, false, -1, -1, 3}).verdict, fast));
}

}  // namespace
}  // namespace collverify
