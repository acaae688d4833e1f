// Shared by the streaming checker's default and slow tests: the streaming check fed from a
// table, the modes it runs in, and the comparison with the fast checker and the generic
// simulation.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "checkers/circulant_invariants.hpp"
#include "checkers/circulant_streaming.hpp"
#include "checkers/lower_bounds.hpp"
#include "checkers/simulate.hpp"
#include "generators/block_counts.hpp"
#include "generators/mutants.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify::streaming_test {

inline StreamingInput from_table(const CirculantSchedule& s, bool baseblocks = true) {
  StreamingInput in;
  in.p = s.p;
  in.skips = s.skips;
  in.rows = [&s](std::int64_t r, std::span<std::int8_t> recv, std::span<std::int8_t> send) {
    std::copy_n(s.recv_row(r).begin(), s.q, recv.begin());
    std::copy_n(s.send_row(r).begin(), s.q, send.begin());
  };
  if (baseblocks && !s.baseblock.empty()) {
    in.baseblock = [&s](std::int64_t r) { return int{s.baseblock[static_cast<std::size_t>(r)]}; };
  }
  return in;
}

inline std::string show(const Verdict& v) {
  if (!v) return "pass";
  return v->property + " rank " + std::to_string(v->rank) + " round " + std::to_string(v->round) +
         " block " + std::to_string(v->block) + ": " + v->message;
}

inline bool same(const Verdict& a, const Verdict& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a || (a->property == b->property && a->p == b->p && a->n == b->n && a->rank == b->rank &&
                a->round == b->round && a->block == b->block && a->message == b->message);
}

// The modes compared with the fast checker: fingerprint with the default buckets, with buckets
// of 1, 2 and 4 ranks (many buckets, wrap-around at p, receivers spread over 3 buckets), and the
// exact neighbour recomputation. `few` keeps three of them (for the larger p of the default
// suite).
inline std::vector<StreamingOptions> modes(std::uint64_t seed, bool few = false) {
  std::vector<StreamingOptions> out;
  for (std::int64_t l : {0, 1, 2, 4}) {
    if (!few || l == 0 || l == 2) out.push_back({AgreementMode::fingerprint, l, seed});
  }
  if (!few) out.push_back({AgreementMode::exact, 0, seed});
  out.push_back({AgreementMode::exact, 4, seed});
  return out;
}

// Every streaming mode gives exactly the fast checker's verdict; returns that verdict.
inline Verdict expect_streaming_equals_fast(const CirculantSchedule& s, const std::string& what,
                                            bool baseblocks = true, bool few = false) {
  const Verdict fast = check_circulant_schedule(s, {baseblocks});
  for (const auto& m : modes(static_cast<std::uint64_t>(s.p) * 7919 + 1, few)) {
    const Verdict v = check_circulant_streaming(from_table(s, baseblocks), m);
    EXPECT_TRUE(same(v, fast)) << what << " (bucket " << m.bucket_ranks << ", "
                               << (m.agreement == AgreementMode::exact ? "exact" : "fingerprint")
                               << "):\n  streaming: " << show(v) << "\n  fast:      " << show(fast);
  }
  return fast;
}

inline bool generic_rejects(const CirculantSchedule& s) {
  for (std::int64_t n : BlockCounts::parse(BlockCounts::kDefault).for_p(s.p)) {
    if (simulate_schedule(circulant::expand_bcast(s, n), bcast_round_lower_bound(s.p, n)).verdict) {
      return true;
    }
  }
  return false;
}

// `per_kind` mutants of every kind (fields drawn from `seed`), and `random` drawn by
// circulant_mutants.
inline std::vector<CirculantMutant> mutants_of_every_kind(const CirculantSchedule& s,
                                                          std::uint64_t seed, int per_kind,
                                                          int random) {
  std::vector<CirculantMutant> out = circulant_mutants(s, seed, random);
  std::mt19937_64 g(seed);
  auto pick = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(g);
  };
  for (int kind = 0; kind <= static_cast<int>(CirculantMutation::relabel_blocks); ++kind) {
    for (int i = 0; i < per_kind; ++i) {
      CirculantMutant m;
      m.kind = static_cast<CirculantMutation>(kind);
      m.rank = pick(0, s.p - 1);
      m.other = pick(0, s.p - 1);
      m.k1 = static_cast<int>(pick(0, s.q - 1));
      m.k2 = static_cast<int>(pick(0, s.q - 1));
      m.delta = pick(0, 1) == 0 ? -1 : 1;
      out.push_back(m);
    }
  }
  return out;
}

struct RangeOptions {
  int per_kind = 1;        // mutants of every kind per p
  int random = 0;          // more, drawn by circulant_mutants
  int generic_every = 1;   // mutants also simulated for every p divisible by this
  bool few_modes = false;  // three streaming modes instead of six
};

// For every p in [lo, hi]: the reference passes all three checkers; on every mutant the
// streaming modes equal the fast checker, and (for the p chosen by generic_every) a generic
// rejection implies theirs. The fast checker's own relation to the generic simulation is
// tested for every p up to 512 in fast_vs_generic_test.cpp.
inline void check_range(std::int64_t lo, std::int64_t hi, const RangeOptions& o) {
  int rejected = 0, total = 0;
  for (std::int64_t p = lo; p <= hi; ++p) {
    const auto s = circulant::build_circulant_bcast(p);
    ASSERT_FALSE(expect_streaming_equals_fast(s, "reference p=" + std::to_string(p))) << p;
    ASSERT_FALSE(generic_rejects(s)) << p;
    if (s.q == 0) continue;
    const auto seed = static_cast<std::uint64_t>(p);
    for (const auto& m : mutants_of_every_kind(s, seed, o.per_kind, o.random)) {
      const auto bad = apply(s, m);
      const std::string what = "p=" + std::to_string(p) + " " + m.describe();
      const Verdict v = expect_streaming_equals_fast(bad, what, true, o.few_modes);
      ++total;
      rejected += v.has_value();
      if (p % o.generic_every == 0) {
        EXPECT_TRUE(!generic_rejects(bad) || v) << what << ": generic rejects, streaming passes";
      }
    }
  }
  EXPECT_GT(rejected * 10, total * 7) << rejected << " of " << total;
}

}  // namespace collverify::streaming_test
