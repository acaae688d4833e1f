// Pins seed-000 errata E1 and E11 (docs/ERRATA.md): Algorithm 6, line 1 calls recvsched(r, q)
// and Algorithm 9, line 2 recvsched(j, q), which ask Algorithm 4 (inclusive loop i = 0..k) for an
// entry q that does not exist: its line 4 would read skips[q + 1], and skips has q + 1 entries
// (skips[0] = 1 .. skips[q] = p). The literal call cannot run; the reference asks for
// entries 0..q-1 and refuses k = q.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "reference/circulant/recv_schedule.hpp"
#include "reference/circulant/skips.hpp"
#include "reference/circulant/transcription.hpp"

namespace collverify::circulant {
namespace {

TEST(ErrataE1, SkipsHaveNoEntryQPlusOneForAnyP) {
  for (std::int64_t p = 2; p <= 4096; ++p) {
    const Circulant c(p);
    ASSERT_EQ(c.skips.size(), static_cast<std::size_t>(c.q) + 1) << "p = " << p;
    ASSERT_EQ(c.skip(c.q), p) << "p = " << p;
  }
}

TEST(ErrataE1, TheLiteralCallForEntryQIsRefused) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  for (const std::int64_t p : {2, 3, 20, 33}) {
    const Circulant c(p);
    std::vector<std::int8_t> row(static_cast<std::size_t>(c.q) + 1);
    // The resolution: entries 0..q-1 of every rank.
    for (std::int64_t r = 0; r < p; ++r) recv_schedule(c, r, c.q - 1, Transcriptions::corrected(), row);
    // Algorithm 6's literal recvsched(r, q) (and Algorithm 9's recvsched(j, q)).
    EXPECT_DEATH(recv_schedule(c, 1, c.q, Transcriptions::corrected(), row), "0 <= k < q")
        << "p = " << p;
  }
}

}  // namespace
}  // namespace collverify::circulant
