// ScheduleSource of the built-in constructions: build() and rank_rows() agree, rank_rows of the
// default (logp) source gives the same rows from several threads at p = 2^30 as the library
// called directly, and the literal transcription is refused with logp.
#include <gtest/gtest.h>

#include <random>
#include <thread>
#include <vector>

#include "families/circulant/schedule_source.hpp"
#include "model/error.hpp"
#include "reference/circulant/logp_schedule.hpp"

namespace collverify::engine {
namespace {

std::vector<int> as_ints(const std::vector<std::int8_t>& v) {
  return {v.begin(), v.end()};
}

TEST(ScheduleSource, RankRowsEqualTheBuiltTablesForBothConstructions) {
  for (Construction c : {Construction::logp, Construction::alg45}) {
    const auto source = reference_source(c);
    for (std::int64_t p = 2; p <= 150; ++p) {
      const auto s = source->build(p);
      std::vector<std::int8_t> recv(static_cast<std::size_t>(s.q)), send(recv.size());
      for (std::int64_t r = 0; r < p; ++r) {
        source->rank_rows(p, r, recv, send);
        ASSERT_EQ(as_ints(send), std::vector<int>(s.send_row(r).begin(), s.send_row(r).end()))
            << construction_name(c) << " p=" << p << " r=" << r;
        if (r == 0) continue;  // the root's receive row carries no meaning
        ASSERT_EQ(as_ints(recv), std::vector<int>(s.recv_row(r).begin(), s.recv_row(r).end()))
            << construction_name(c) << " p=" << p << " r=" << r;
      }
    }
  }
}

TEST(ScheduleSource, RankBaseblockEqualsTheBuiltTablesBaseblocks) {
  for (Construction c : {Construction::logp, Construction::alg45}) {
    const auto source = reference_source(c);
    ASSERT_TRUE(source->states_baseblocks());
    for (std::int64_t p = 2; p <= 150; ++p) {
      const auto s = source->build(p);
      for (std::int64_t r = 1; r < p; ++r) {
        ASSERT_EQ(source->rank_baseblock(p, r), s.baseblock[static_cast<std::size_t>(r)])
            << construction_name(c) << " p=" << p << " r=" << r;
      }
    }
  }
}

// What a streaming check of p = 2^30 does: rank_rows from several threads, alternating with
// another p so that the per-thread circulant cache is replaced under way.
TEST(ScheduleSource, LogpRankRowsAreThreadSafeAtTwoToThe30) {
  const auto source = reference_source();
  const std::int64_t big = std::int64_t{1} << 30, other = 1000003;
  auto worker = [&](std::uint64_t seed, bool& ok) {
    std::mt19937_64 g(seed);
    for (int i = 0; i < 2000; ++i) {
      const std::int64_t p = i % 3 == 0 ? other : big;
      const circulant::Circulant c(p);
      const std::int64_t r = std::uniform_int_distribution<std::int64_t>(0, p - 1)(g);
      std::vector<std::int8_t> recv(static_cast<std::size_t>(c.q)), send(recv.size());
      std::vector<std::int8_t> want_recv(recv.size()), want_send(recv.size());
      source->rank_rows(p, r, recv, send);
      circulant::logp_recv_schedule(c, r, want_recv);
      circulant::logp_send_schedule(c, r, want_send);
      if (recv != want_recv || send != want_send) ok = false;
    }
  };
  bool ok1 = true, ok2 = true, ok3 = true;
  std::thread t1(worker, 1, std::ref(ok1)), t2(worker, 2, std::ref(ok2));
  worker(3, ok3);
  t1.join();
  t2.join();
  EXPECT_TRUE(ok1 && ok2 && ok3);
}

TEST(ScheduleSource, LiteralTranscriptionOnlyWithAlg45) {
  EXPECT_THROW(reference_source(Construction::logp, circulant::Transcriptions::literal()),
               InputError);
  EXPECT_NO_THROW(reference_source(Construction::alg45, circulant::Transcriptions::literal()));
  EXPECT_EQ(parse_construction("logp", "--construction"), Construction::logp);
  EXPECT_EQ(parse_construction("alg45", "--construction"), Construction::alg45);
  EXPECT_THROW(parse_construction("alg4", "--construction"), InputError);
}

}  // namespace
}  // namespace collverify::cli
