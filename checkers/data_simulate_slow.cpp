// The slow twin of data_simulate.cpp: every rank holds a std::set of (origin, block) pairs
// (census: a std::map from origin to how often x_r + S_r counts it), messages are evaluated on a
// copy of the holdings taken at the start of the round, and nothing is packed into bits.
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "checkers/data_simulate.hpp"
#include "checkers/data_simulate_common.hpp"

namespace collverify {
namespace {

using Pair = std::pair<std::int64_t, std::int64_t>;
using data_simulate::Checks;

Verdict allgather_round(const CollectiveSchedule& s, std::vector<std::set<Pair>>& held,
                        const Round& round, std::int64_t t) {
  Checks c(s, t);
  const std::vector<std::set<Pair>> before = held;
  std::vector<bool> ok(round.size(), true);
  for (std::size_t i = 0; i < round.size(); ++i) {
    const Message& m = round[i];
    if (!c.ranks_and_ports(m) || !c.agreement(m)) {
      ok[i] = false;
      continue;
    }
    std::set<std::int64_t> origins;
    for (const Item& it : m.items) {
      if (!c.item_in_range(m, it)) {
        ok[i] = false;
        continue;
      }
      if (!origins.insert(it.origin).second) {
        c.one_block_per_origin(m, it);
        ok[i] = false;
      }
      if (before[static_cast<std::size_t>(m.from)].count({it.origin, it.block}) == 0) {
        c.send_before_receive(m, it);
        ok[i] = false;
      }
    }
  }
  for (std::size_t i = 0; i < round.size(); ++i) {
    if (!ok[i]) continue;
    const Message& m = round[i];
    for (const Item& it : m.items) {
      if (!held[static_cast<std::size_t>(m.to)].insert({it.origin, it.block}).second) {
        c.redundant(m, it);
      }
    }
  }
  return c.first();
}

Verdict census_round(const CollectiveSchedule& s, std::vector<std::map<std::int64_t, int>>& acc,
                     const Round& round, std::int64_t t) {
  Checks c(s, t);
  const std::vector<std::map<std::int64_t, int>> before = acc;
  for (const Message& m : round) {
    if (!c.ranks_and_ports(m)) continue;
    std::map<std::int64_t, int> sent;
    if (m.own) ++sent[m.from];
    if (m.partial) {
      for (const auto& [o, count] : before[static_cast<std::size_t>(m.from)]) sent[o] += count;
    }
    if (sent.empty()) c.empty_partial_sum(m);
    auto& mine = acc[static_cast<std::size_t>(m.to)];
    bool twice = false;
    for (const auto& [o, count] : sent) {
      const int total = count + mine[o] + (o == m.to ? 1 : 0);
      if (total > 1 && !twice) {
        c.counted_twice(m, o);
        twice = true;
      }
    }
    for (const auto& [o, count] : sent) mine[o] += count;
  }
  return c.first();
}

}  // namespace

CollectiveResult simulate_collective_slow(const CollectiveSchedule& s, std::int64_t lower_bound) {
  data_simulate::check_header(s);
  CollectiveResult result;
  result.rounds = static_cast<std::int64_t>(s.rounds.size());
  result.lower_bound = lower_bound;
  const auto p = static_cast<std::size_t>(s.p);
  std::vector<std::set<Pair>> held(p);
  std::vector<std::map<std::int64_t, int>> acc(p);
  for (std::int64_t r = 0; r < s.p; ++r) {
    for (std::int64_t b = 0; b < s.n; ++b) held[static_cast<std::size_t>(r)].insert({r, b});
  }
  for (std::int64_t t = 0; t < result.rounds; ++t) {
    const Round& round = s.rounds[static_cast<std::size_t>(t)];
    result.verdict = s.kind == CollectiveKind::census ? census_round(s, acc, round, t)
                                                      : allgather_round(s, held, round, t);
    if (result.verdict) return result;
  }
  for (std::int64_t r = 0; r < s.p; ++r) {
    for (std::int64_t o = 0; o < s.p; ++o) {
      if (s.kind == CollectiveKind::census) {
        auto& mine = acc[static_cast<std::size_t>(r)];
        const auto it = mine.find(o);
        const int count = (it == mine.end() ? 0 : it->second) + (o == r ? 1 : 0);
        if (count != 1) {
          result.verdict = data_simulate::not_once(s, result.rounds, r, o, count);
          return result;
        }
        continue;
      }
      for (std::int64_t b = 0; b < s.n; ++b) {
        if (held[static_cast<std::size_t>(r)].count({o, b}) == 0 &&
            data_simulate::block_has_data(s, o, b)) {
          result.verdict = data_simulate::lacks(s, result.rounds, r, {o, b});
          return result;
        }
      }
    }
  }
  result.verdict = data_simulate::round_count_check(s, result.rounds, lower_bound);
  return result;
}

}  // namespace collverify
