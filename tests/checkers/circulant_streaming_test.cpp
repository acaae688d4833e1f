// The streaming checker against the fast checker (the same witness, message included) and the
// generic simulation (the same verdict on the reference; every generic rejection is a streaming
// rejection), for every p up to 512, in both agreement modes and several bucket sizes.
#include "circulant_streaming_support.hpp"

#include <thread>

namespace collverify {
namespace {

using namespace streaming_test;

// The header's example.
TEST(CirculantStreaming, ExampleP4) {
  auto s = circulant::build_circulant_bcast(4);
  EXPECT_FALSE(expect_streaming_equals_fast(s, "p=4"));
  s.set_send(0, 1, 0);
  const Verdict v = expect_streaming_equals_fast(s, "p=4, send[0][1] = 0");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->property, "agreement");
  EXPECT_EQ(v->rank, 2);
  EXPECT_EQ(v->round, 1);
  EXPECT_EQ(v->block, 1);
}

// Every p up to 512, every mutant kind; the bigger sweep is circulant_streaming_slow_test.cpp.
TEST(CirculantStreaming, AgreesWithFastAndGenericP1To128) {
  check_range(1, 128, {1, 2, 1, false});
}
TEST(CirculantStreaming, AgreesWithFastAndGenericP129To224) {
  check_range(129, 224, {1, 0, 8, true});
}
TEST(CirculantStreaming, AgreesWithFastAndGenericP225To320) {
  check_range(225, 320, {1, 0, 8, true});
}
TEST(CirculantStreaming, AgreesWithFastAndGenericP321To416) {
  check_range(321, 416, {1, 0, 16, true});
}
TEST(CirculantStreaming, AgreesWithFastAndGenericP417To512) {
  check_range(417, 512, {1, 0, 16, true});
}

// Many broken entries at once, out-of-range values included: the smallest witness must still
// be the fast checker's, and an out-of-range send (which makes the sums differ without an
// agreement violation) must not be reported as one.
TEST(CirculantStreaming, SameWitnessUnderManyBrokenEntries) {
  std::mt19937_64 g(2026);
  for (std::int64_t p = 2; p <= 200; p += 3) {
    const auto ref = circulant::build_circulant_bcast(p);
    for (int trial = 0; trial < 6; ++trial) {
      auto s = ref;
      const int edits = 1 + static_cast<int>(g() % 8);
      for (int e = 0; e < edits; ++e) {
        const auto r = static_cast<std::int64_t>(g() % static_cast<std::uint64_t>(p));
        const int k = static_cast<int>(g() % static_cast<std::uint64_t>(s.q));
        const int v = static_cast<int>(g() % static_cast<std::uint64_t>(2 * s.q + 6)) - s.q - 3;
        if (g() % 2 == 0) {
          s.set_send(r, k, v);
        } else {
          s.set_recv(r, k, v);
        }
      }
      expect_streaming_equals_fast(s, "p=" + std::to_string(p) + " trial " + std::to_string(trial));
      expect_streaming_equals_fast(s, "no baseblocks p=" + std::to_string(p), false);
    }
  }
}

TEST(CirculantStreaming, OutOfRangeSendIsValueRangeNotAgreement) {
  auto s = circulant::build_circulant_bcast(20);
  s.set_send(3, 2, 7);  // q = 5
  const Verdict v = expect_streaming_equals_fast(s, "send[3][2] = 7");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->property, "value_range");
  EXPECT_EQ(v->rank, 3);
}

TEST(CirculantStreaming, ShapeAndSkipsLikeTheFastChecker) {
  auto s = circulant::build_circulant_bcast(20);
  s.skips[3] = 6;
  EXPECT_EQ(expect_streaming_equals_fast(s, "skips[3] = 6")->property, "skips");
  s.skips.pop_back();
  StreamingInput in = from_table(s);
  const Verdict v = check_circulant_streaming(in);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->property, "shape");
}

// Chunks checked from two threads in any order give the sequential verdict.
TEST(CirculantStreaming, ThreadsGiveTheSequentialVerdict) {
  const auto ref = circulant::build_circulant_bcast(5000);
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    for (const auto& m : circulant_mutants(ref, seed, 4)) {
      const auto s = apply(ref, m);
      for (std::int64_t bucket : {16, 256}) {
        CirculantStreamingCheck check(from_table(s), {AgreementMode::fingerprint, bucket, seed});
        if (check.shape()) continue;
        std::atomic<std::int64_t> next{0};
        auto work = [&] {
          for (std::int64_t i; (i = next.fetch_add(1)) < check.chunks();) {
            check.check_chunk(check.chunks() - 1 - i);
          }
        };
        std::thread t(work);
        work();
        t.join();
        const Verdict v = check.finish();
        EXPECT_TRUE(same(v, check_circulant_schedule(s))) << m.describe() << ": " << show(v);
      }
    }
  }
}

// Stopped early, partial() is the best local witness of the chunks checked.
TEST(CirculantStreaming, PartialReportsWhatWasChecked) {
  auto s = circulant::build_circulant_bcast(1000);
  s.set_recv(900, 0, s.recv_at(900, 1));  // a repeated receive at rank 900
  CirculantStreamingCheck check(from_table(s), {AgreementMode::fingerprint, 64, 5});
  ASSERT_FALSE(check.shape());
  check.check_chunk(0);
  EXPECT_FALSE(check.partial());
  check.check_chunk(900 / 64);
  ASSERT_TRUE(check.partial());
  EXPECT_EQ(check.partial()->rank, 900);
}

// Different x (seeds) cannot change a verdict, only, with negligible probability, miss one.
TEST(CirculantStreaming, SeedsDoNotChangeTheVerdict) {
  const auto ref = circulant::build_circulant_bcast(777);
  for (const auto& m : circulant_mutants(ref, 99, 20)) {
    const auto s = apply(ref, m);
    const Verdict fast = check_circulant_schedule(s);
    for (std::uint64_t seed : {0u, 1u, 12345u}) {
      const Verdict v =
          check_circulant_streaming(from_table(s), {AgreementMode::fingerprint, 8, seed});
      EXPECT_TRUE(same(v, fast)) << m.describe() << " seed " << seed;
    }
  }
}

// The point of the fingerprint: one row computation per rank, plus 2 L to localise a bucket;
// the exact mode computes every receiver's row as well.
TEST(CirculantStreaming, FingerprintComputesEachRowOnce) {
  auto s = circulant::build_circulant_bcast(1000);
  auto count = [&](const StreamingOptions& o) {
    std::atomic<std::int64_t> calls{0};
    StreamingInput in = from_table(s);
    in.rows = [&, inner = in.rows](std::int64_t r, std::span<std::int8_t> recv,
                                   std::span<std::int8_t> send) {
      ++calls;
      inner(r, recv, send);
    };
    check_circulant_streaming(std::move(in), o);
    return calls.load();
  };
  EXPECT_EQ(count({AgreementMode::fingerprint, 64, 3}), 1000);
  EXPECT_GT(count({AgreementMode::exact, 64, 3}), 1000 * s.q);
  s.set_send(500, 4, s.send_at(500, 4) == 0 ? 1 : 0);  // one agreement violation
  EXPECT_LE(count({AgreementMode::fingerprint, 64, 3}), 1000 + 2 * 64);
}

}  // namespace
}  // namespace collverify
