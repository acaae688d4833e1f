#include "checkers/data_simulate.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "checkers/data_simulate_common.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"

namespace collverify {
namespace {

using data_simulate::Checks;

class Bits {
 public:
  explicit Bits(std::int64_t count) : words_(static_cast<std::size_t>((count + 63) / 64), 0) {}
  bool has(std::int64_t i) const {
    return (words_[static_cast<std::size_t>(i / 64)] >> (i % 64)) & 1U;
  }
  void set(std::int64_t i) {
    words_[static_cast<std::size_t>(i / 64)] |= std::uint64_t{1} << (i % 64);
  }

 private:
  std::vector<std::uint64_t> words_;
};

// Allgather: bit (r p + origin) n + block says rank r holds that item.
class AllgatherRun {
 public:
  explicit AllgatherRun(const CollectiveSchedule& h)
      : h_(h), held_(h.p * h.p * h.n), stamp_(static_cast<std::size_t>(h.p), -1) {
    for (std::int64_t r = 0; r < h.p; ++r) {
      for (std::int64_t b = 0; b < h.n; ++b) held_.set(index(r, {r, b}));
    }
  }

  Verdict step(const Round& round, std::int64_t t) {
    Checks c(h_, t);
    std::vector<bool> failed(round.size(), false);
    for (std::size_t i = 0; i < round.size(); ++i) {
      const Message& m = round[i];
      failed[i] = !c.ranks_and_ports(m) || !c.agreement(m);
      if (failed[i]) continue;
      for (const Item& it : m.items) {
        if (!c.item_in_range(m, it)) {
          failed[i] = true;
          continue;
        }
        if (stamp_[static_cast<std::size_t>(it.origin)] == static_cast<std::int64_t>(i)) {
          c.one_block_per_origin(m, it);
          failed[i] = true;
        }
        stamp_[static_cast<std::size_t>(it.origin)] = static_cast<std::int64_t>(i);
        if (!held_.has(index(m.from, it))) {
          c.send_before_receive(m, it);
          failed[i] = true;
        }
      }
    }
    for (std::size_t i = 0; i < round.size(); ++i) {
      if (failed[i]) continue;
      const Message& m = round[i];
      for (const Item& it : m.items) {
        if (held_.has(index(m.to, it))) c.redundant(m, it);
        held_.set(index(m.to, it));
      }
    }
    std::fill(stamp_.begin(), stamp_.end(), -1);
    return c.first();
  }

  Verdict complete(std::int64_t rounds) const {
    for (std::int64_t r = 0; r < h_.p; ++r) {
      for (std::int64_t o = 0; o < h_.p; ++o) {
        for (std::int64_t b = 0; b < h_.n; ++b) {
          if (!held_.has(index(r, {o, b})) && data_simulate::block_has_data(h_, o, b)) {
            return data_simulate::lacks(h_, rounds, r, {o, b});
          }
        }
      }
    }
    return std::nullopt;
  }

 private:
  std::int64_t index(std::int64_t r, Item it) const {
    return (r * h_.p + it.origin) * h_.n + it.block;
  }

  const CollectiveSchedule& h_;
  Bits held_;
  std::vector<std::int64_t> stamp_;  // message index that last carried each origin
};

// Census: bit r p + o says origin o is in S_r. A rank's own input is never in its S (that would
// be a double count, reported when it arrives), so x_r + S_r is a set and bits are exact.
class CensusRun {
 public:
  explicit CensusRun(const CollectiveSchedule& h) : h_(h), acc_(h.p * h.p) {}

  Verdict step(const Round& round, std::int64_t t) {
    Checks c(h_, t);
    std::vector<bool> failed(round.size(), false);
    for (std::size_t i = 0; i < round.size(); ++i) failed[i] = !c.ranks_and_ports(round[i]);
    // What every message carries, fixed before any receive of the round (lock step).
    std::vector<std::vector<std::int64_t>> content(round.size());
    for (std::size_t i = 0; i < round.size(); ++i) {
      if (failed[i]) continue;
      const Message& m = round[i];
      if (m.own) content[i].push_back(m.from);
      if (m.partial) {
        for (std::int64_t o = 0; o < h_.p; ++o) {
          if (acc_.has(m.from * h_.p + o)) content[i].push_back(o);
        }
      }
    }
    for (std::size_t i = 0; i < round.size(); ++i) {
      if (failed[i]) continue;
      const Message& m = round[i];
      if (content[i].empty()) c.empty_partial_sum(m);
      for (std::int64_t o : content[i]) {
        if (o == m.to || acc_.has(m.to * h_.p + o)) {
          c.counted_twice(m, o);
          break;
        }
      }
      for (std::int64_t o : content[i]) acc_.set(m.to * h_.p + o);
    }
    return c.first();
  }

  Verdict complete(std::int64_t rounds) const {
    for (std::int64_t r = 0; r < h_.p; ++r) {
      for (std::int64_t o = 0; o < h_.p; ++o) {
        if (o != r && !acc_.has(r * h_.p + o)) return data_simulate::not_once(h_, rounds, r, o, 0);
      }
    }
    return std::nullopt;
  }

 private:
  const CollectiveSchedule& h_;
  Bits acc_;
};

template <class Run>
CollectiveResult run_all(Run& run, const CollectiveSchedule& h, std::int64_t round_count,
                         const RoundAt& round_at, std::int64_t lower_bound) {
  CollectiveResult result;
  result.rounds = round_count;
  result.lower_bound = lower_bound;
  for (std::int64_t t = 0; t < round_count; ++t) {
    if (Verdict v = run.step(round_at(t), t)) {
      result.verdict = std::move(v);
      return result;
    }
  }
  result.verdict = run.complete(round_count);
  if (!result.verdict)
    result.verdict = data_simulate::round_count_check(h, round_count, lower_bound);
  return result;
}

}  // namespace

std::int64_t data_simulation_bytes(CollectiveKind kind, std::int64_t p, std::int64_t n) {
  const std::string what = fmt::format("the data-level simulation of p = {}, n = {}", p, n);
  if (kind == CollectiveKind::census) return checked_mul(p, p, what) / 4 + 64;
  return checked_mul(checked_mul(p, p, what), n, what) / 8 + checked_mul(p, 8, what) + 64;
}

CollectiveResult simulate_collective(const CollectiveSchedule& h, std::int64_t round_count,
                                     const RoundAt& round_at, std::int64_t lower_bound) {
  data_simulate::check_header(h);
  require_memory(
      data_simulation_bytes(h.kind, h.p, h.n),
      fmt::format("the holdings of the data-level simulation of p = {}, n = {}", h.p, h.n));
  if (h.kind == CollectiveKind::census) {
    CensusRun run(h);
    return run_all(run, h, round_count, round_at, lower_bound);
  }
  AllgatherRun run(h);
  return run_all(run, h, round_count, round_at, lower_bound);
}

CollectiveResult simulate_collective(const CollectiveSchedule& s, std::int64_t lower_bound) {
  return simulate_collective(
      s, static_cast<std::int64_t>(s.rounds.size()),
      [&s](std::int64_t t) { return s.rounds[static_cast<std::size_t>(t)]; }, lower_bound);
}

}  // namespace collverify
