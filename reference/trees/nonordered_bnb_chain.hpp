// Lemma B4 of docs/RESULTS-trees-bnb.md (the receive-chain bound) for the non-ordered branch
// and bound: a root that receives d messages finishes at gamma m_r + beta Size(R) + d alpha +
// its idle time, and the subtree it receives at time tau holds at most C(tau) volume, the
// largest subtree any tree of the instance's blocks (at most M' each) can complete by tau.
// So the volume a root gathers grows at most like a doubling per message; the bound is the
// least d alpha + idle with which the greedy chain (every message as large as C allows, all
// idle first) reaches Size(R).
// C(tau) is built bottom-up in tau (one table per M', lazily, up to the time limit t_max):
//   C(tau) = max(M', max{ s : a non-leaf subtree of size s fits by tau }), each s capped by
//   the count bound of B2 (at most 2^floor(tau / alpha) non-zero blocks, the largest ones).
// Cost: O(t_max + Size) feasibility tests per table, each O(d^2) table reads for d messages;
// a query is a binary search on the time, O(log t_max d^2). Disabled (every bound 0) when
// alpha = 0 or t_max > kChainMaxTime.
// Lemma B5 (gamma <= beta, heap-ordered trees: Lemma H): the children of a node have distinct
// roots, the k-th largest at most the k-th largest block (the (k + 1)-th inside C, whose root
// is one of them), so the greedy's first messages take those blocks' tables under the best
// assignment of seeds to messages (a DP over subsets, 2^K K for K <= 6).
// Example: m = {2001, 1929, ..., 72} (decreasing, p = 28), alpha = 100, beta = gamma = 1: the
// root 2001 needs 4 messages (volume 2001 -> 4002 -> 8004 -> 16008 -> all), so G >= m + 400.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "reference/trees/nonordered_bnb_bounds.hpp"

namespace collverify::trees::bnb {

inline constexpr std::int64_t kChainMaxTime = std::int64_t{1} << 22;

class ChainBound {
 public:
  // `t_max`: no bound above it is needed (the first incumbent); bounds are capped there.
  // `inflate` > 0 is a mutant for the tests (every non-zero bound raised by it): the
  // cross-checks against the subset DP must catch it.
  // `seed_inflate` > 0 raises only Lemma B5 (the mutant of that bound).
  // `seeds` false: Lemma B5 off (B4 as before it; the benchmark's same-run baseline).
  ChainBound(const Classes& c, std::int64_t t_max, std::int64_t inflate = 0,
             std::int64_t seed_inflate = 0, bool seeds = true);
  bool enabled() const { return enabled_; }

  // F(S, r) >= the result (at most t_max): root block m_r, S \ {r} of total `rest_size` with
  // `rest_nonzero` non-zero blocks, the largest `rest_max`.
  std::int64_t fixed_root(std::int64_t m_r, std::int64_t rest_size, int rest_nonzero,
                          std::int64_t rest_max);
  // Lemma B5 (distinct seeds), gamma <= beta: as fixed_root, but in a heap-ordered tree the
  // k-th largest root among the first i children is at most seeds[k - 1], the k-th largest
  // non-zero block of S \ {r} (`seeds` decreasing, at most kSeeds used), so the greedy's first
  // kSeeds messages take their capacities from those blocks' tables under the best assignment
  // of seeds to messages (exact, over subsets); later messages as in B4. At least B4's value
  // for the same set (seeds[0] = the largest block). With gamma > beta: fixed_root.
  std::int64_t fixed_root_seeds(std::int64_t m_r, std::int64_t rest_size, int rest_nonzero,
                                const std::vector<std::int64_t>& seeds);
  static constexpr int kSeeds = 6;
  static constexpr int kTableSeeds = 3;  // the same inside C's recursion (Claim 1')

  // G(Q) >= the result for |Q| >= 2 with Size(Q) > max_block (else 0): any root.
  std::int64_t subtree(std::int64_t size, int nonzero, std::int64_t max_block);

  // Claim 1 inverted: any subtree of size `size` over blocks <= m_prime takes at least the least
  // tau with C(tau) >= size (0 when size <= m_prime; t_max when none). O(log t_max) once the
  // table is filled; monotone in size, so it bounds every completion of a growing subtree.
  std::int64_t subtree_time(std::int64_t m_prime, std::int64_t size);

  // C(tau) for blocks at most m_prime (tests).
  std::int64_t capacity(std::int64_t m_prime, std::int64_t tau);

 private:
  struct Table {
    std::int64_t m_prime = 0;
    int blocks = 0;                  // non-zero blocks <= m_prime in the instance
    std::vector<std::int64_t> top;   // top[k]: the sum of the k largest of them
    std::vector<std::int64_t> child_seeds;  // the 2nd .. (kTableSeeds + 1)-th largest of them
    std::vector<Table*> children;           // their tables
    std::vector<std::int64_t> cap;   // C(0..filled-1)
  };
  Table& table(std::int64_t m_prime);
  std::int64_t cap_at(Table& t, std::int64_t tau);
  bool reaches(const Table& t, std::int64_t start, std::int64_t need, int messages,
               std::int64_t limit) const;
  bool chain_fits(Table& t, std::int64_t base, std::int64_t start, std::int64_t need, int max_d,
                  std::int64_t time);
  bool subtree_fits(Table& t, std::int64_t s, std::int64_t tau);
  std::int64_t least_time(Table& t, std::int64_t base, std::int64_t start, std::int64_t need,
                          int max_d, std::int64_t lo);
  std::int64_t best_assignment(const std::vector<Table*>& ts, const std::int64_t* xs,
                               int n) const;
  bool reaches_seeds(const std::vector<Table*>& ts, std::int64_t start, std::int64_t need,
                     int messages, std::int64_t limit) const;
  bool seeds_fit(const std::vector<Table*>& ts, std::int64_t base, std::int64_t start,
                 std::int64_t need, int max_d, std::int64_t time);

  const Classes& c_;
  std::int64_t t_max_;
  std::int64_t inflate_;
  std::int64_t seed_inflate_;
  bool seeds_;  // Lemma B5 on (and gamma <= beta)
  bool enabled_;
  std::vector<std::int64_t> blocks_;  // every non-zero block, decreasing
  std::map<std::int64_t, Table> tables_;
};

}  // namespace collverify::trees::bnb
