// circulant_ranks_pass (the fast path of check_circulant_schedule) against its slow twin
// check_circulant_ranks: the same yes/no on the reference tables, on every mutant kind, on many
// random broken entries at once (out-of-range values included), with and without baseblocks, and
// on sub-ranges of ranks (what the streaming checker asks for); the 128-bit variant likewise.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "checkers/circulant_invariants.hpp"
#include "generators/mutants.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/logp_schedule.hpp"

namespace collverify {
namespace {

// Compares the two on ranks [begin, end) and on the whole table; returns whether the slow twin
// found a violation anywhere.
bool expect_same(const CirculantSchedule& s, const CirculantCheckOptions& o, std::int64_t begin,
                 std::int64_t end, const std::string& what) {
  EXPECT_EQ(circulant_ranks_pass(s, begin, end, o), !check_circulant_ranks(s, begin, end, o))
      << what << " ranks [" << begin << ", " << end << ")";
  const Verdict slow = check_circulant_ranks(s, 0, s.p, o);
  EXPECT_EQ(circulant_ranks_pass(s, 0, s.p, o), !slow) << what;
  // The 128-bit variant (used for q > 31 only) must agree as well.
  EXPECT_EQ(circulant_ranks_pass_wide(s, begin, end, o), !check_circulant_ranks(s, begin, end, o))
      << what << " (wide) ranks [" << begin << ", " << end << ")";
  EXPECT_EQ(circulant_ranks_pass_wide(s, 0, s.p, o), !slow) << what << " (wide)";
  // check_circulant_schedule takes the fast path first: the witness must be the slow one's.
  const Verdict full = check_circulant_schedule(s, o);
  EXPECT_EQ(full.has_value(), slow.has_value()) << what;
  if (full && slow) {
    EXPECT_EQ(full->property, slow->property) << what;
    EXPECT_EQ(full->rank, slow->rank) << what;
    EXPECT_EQ(full->round, slow->round) << what;
  }
  return slow.has_value();
}

void check_range(std::int64_t lo, std::int64_t hi, int mutants_per_p, int random_per_p) {
  std::mt19937_64 g(static_cast<std::uint64_t>(lo * 7919 + hi));
  int rejected = 0, total = 0;
  for (std::int64_t p = lo; p <= hi; ++p) {
    const auto ref = p % 2 == 0 ? circulant::build_circulant_bcast(p)
                                : circulant::build_circulant_bcast_logp(p);
    const auto range = [&](std::int64_t& b, std::int64_t& e) {
      b = static_cast<std::int64_t>(g() % static_cast<std::uint64_t>(p));
      e = b + 1 + static_cast<std::int64_t>(g() % static_cast<std::uint64_t>(p - b));
    };
    std::int64_t b = 0, e = 0;
    range(b, e);
    ASSERT_FALSE(expect_same(ref, {}, b, e, "reference p=" + std::to_string(p)));
    for (const auto& m : circulant_mutants(ref, static_cast<std::uint64_t>(p), mutants_per_p)) {
      const auto bad = apply(ref, m);
      if (bad.skips != ref.skips) continue;  // shape and skips are not the ranks' business
      range(b, e);
      const std::string what = "p=" + std::to_string(p) + " " + m.describe();
      ++total;
      rejected += expect_same(bad, {}, b, e, what);
      CirculantCheckOptions none;
      none.has_baseblocks = false;
      expect_same(bad, none, b, e, what + " (no baseblocks)");
    }
    for (int t = 0; t < random_per_p; ++t) {
      auto bad = ref;
      const int edits = 1 + static_cast<int>(g() % 4);
      for (int i = 0; i < edits; ++i) {
        const auto r = static_cast<std::int64_t>(g() % static_cast<std::uint64_t>(p));
        const int k = static_cast<int>(g() % static_cast<std::uint64_t>(bad.q));
        const int v = static_cast<int>(g() % static_cast<std::uint64_t>(2 * bad.q + 6)) - bad.q - 3;
        switch (g() % 3) {
          case 0: bad.set_send(r, k, v); break;
          case 1: bad.set_recv(r, k, v); break;
          default: bad.baseblock[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(v);
        }
      }
      range(b, e);
      expect_same(bad, {}, b, e, "p=" + std::to_string(p) + " random edits");
      if (t == 0) {
        std::vector<std::int8_t>().swap(bad.baseblock);
        expect_same(bad, {}, b, e, "p=" + std::to_string(p) + " random edits, no baseblocks");
      }
    }
  }
  EXPECT_GT(rejected * 10, total * 8) << rejected << " of " << total;
}

TEST(CirculantFastPass, AgreesWithTheSlowTwinP2To200) { check_range(2, 200, 12, 12); }
TEST(CirculantFastPass, AgreesWithTheSlowTwinP201To1100) { check_range(201, 1100, 3, 3); }
TEST(CirculantFastPass, AgreesWithTheSlowTwinAroundPowersOfTwo) {
  for (int e = 11; e <= 16; ++e) {
    check_range((std::int64_t{1} << e) - 2, (std::int64_t{1} << e) + 2, 4, 4);
  }
}

// Every single-entry edit of a small table, every value in and around [-q, q).
TEST(CirculantFastPass, AgreesOnEverySingleEditP2To24) {
  for (std::int64_t p = 2; p <= 24; ++p) {
    const auto ref = circulant::build_circulant_bcast_logp(p);
    for (std::int64_t r = 0; r < p; ++r) {
      for (int k = 0; k < ref.q; ++k) {
        // Around [-q, q), and values whose v + q wraps a 64- or 128-bit shift.
        std::vector<int> values{-128, 127, 64 - ref.q, 63 - ref.q, -ref.q - 64, 128 - ref.q - 1};
        for (int v = -ref.q - 1; v <= ref.q; ++v) values.push_back(v);
        for (int v : values) {
          if (v < -128 || v > 127) continue;
          auto a = ref;
          a.set_recv(r, k, v);
          expect_same(a, {}, 0, p, "recv edit p=" + std::to_string(p));
          auto b = ref;
          b.set_send(r, k, v);
          expect_same(b, {}, 0, p, "send edit p=" + std::to_string(p));
        }
      }
    }
  }
}

}  // namespace
}  // namespace collverify
