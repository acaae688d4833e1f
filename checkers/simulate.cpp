#include "checkers/simulate.hpp"

#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

namespace collverify {
namespace {

class Holdings {
 public:
  Holdings(std::int64_t p, std::int64_t n)
      : n_(n), bits_(static_cast<std::size_t>((p * n + 63) / 64), 0) {}
  bool has(std::int64_t r, std::int64_t b) const {
    const auto i = static_cast<std::size_t>(r * n_ + b);
    return (bits_[i / 64] >> (i % 64)) & 1U;
  }
  void add(std::int64_t r, std::int64_t b) {
    const auto i = static_cast<std::size_t>(r * n_ + b);
    bits_[i / 64] |= std::uint64_t{1} << (i % 64);
  }

 private:
  std::int64_t n_;
  std::vector<std::uint64_t> bits_;
};

Violation make(const Schedule& s, std::string property, std::int64_t round, std::int64_t rank,
               std::int64_t block, std::string message) {
  return Violation{std::move(property), s.p, s.n, rank, round, block, std::move(message)};
}

void keep_smaller(Verdict& best, Violation v) {
  if (!best || v.rank < best->rank) best = std::move(v);
}

bool rank_ok(const Schedule& s, std::int64_t r) { return r >= 0 && r < s.p; }
bool block_ok(const Schedule& s, std::int64_t b) { return b >= 0 && b < s.n; }
bool block_or_nothing(const Schedule& s, std::int64_t b) { return b == kNothing || block_ok(s, b); }

std::string block_text(std::int64_t b) {
  return b == kNothing ? std::string("nothing") : fmt::format("block {}", b);
}

// Checks one transfer against the holdings at the start of round t.
Verdict check_transfer(const Schedule& s, const Holdings& h, std::int64_t t, const Transfer& x) {
  if (!rank_ok(s, x.from) || !rank_ok(s, x.to) || !block_or_nothing(s, x.block) ||
      !block_or_nothing(s, x.stored_as) || (x.block == kNothing && x.stored_as == kNothing)) {
    return make(s, "block_range", t, rank_ok(s, x.to) ? x.to : kNone, x.stored_as,
                fmt::format("rank {} sends {} to rank {}, which expects {}; blocks are 0..{} and "
                            "ranks 0..{}", x.from, block_text(x.block), x.to,
                            block_text(x.stored_as), s.n - 1, s.p - 1));
  }
  if (x.block != x.stored_as) {
    return make(s, "agreement", t, x.to, x.stored_as,
                fmt::format("rank {} sends {} but rank {} expects {}", x.from, block_text(x.block),
                            x.to, block_text(x.stored_as)));
  }
  if (!h.has(x.from, x.block)) {
    return make(s, "send_before_receive", t, x.from, x.block,
                fmt::format("rank {} sends block {} to rank {} before it has received it",
                            x.from, x.block, x.to));
  }
  if (h.has(x.to, x.block)) {
    return make(s, "no_redundant_receive", t, x.to, x.block,
                fmt::format("rank {} receives block {} from rank {} but already has it", x.to,
                            x.block, x.from));
  }
  return std::nullopt;
}

// Adds the initial holdings; block_range if one names a rank or block outside the schedule.
Verdict add_initial(const Schedule& s, Holdings& held) {
  for (const Holding& h : s.initial) {
    if (!rank_ok(s, h.rank) || !block_ok(s, h.block)) {
      return make(s, "block_range", kNone, rank_ok(s, h.rank) ? h.rank : kNone, h.block,
                  fmt::format("rank {} is said to hold block {} initially; blocks are "
                              "0..{} and ranks 0..{}",
                              h.rank, h.block, s.n - 1, s.p - 1));
    }
    held.add(h.rank, h.block);
  }
  return std::nullopt;
}

// Checks every transfer of round t against the holdings at its start, then the ports
// (one_port_send, one_port_receive, duplex): the violation at the smallest rank, if any. sends
// and recvs are zero on entry and left zero.
Verdict check_round(const Schedule& s, const Holdings& held, std::int64_t t,
                    const std::vector<Transfer>& round, std::vector<int>& sends,
                    std::vector<int>& recvs) {
  Verdict first;
  for (const Transfer& x : round) {
    if (Verdict v = check_transfer(s, held, t, x)) {
      keep_smaller(first, std::move(*v));
      continue;
    }
    const int ns = ++sends[static_cast<std::size_t>(x.from)];
    const int nr = ++recvs[static_cast<std::size_t>(x.to)];
    if (ns > s.model.ports) {
      keep_smaller(first, make(s, "one_port_send", t, x.from, x.block,
                               fmt::format("rank {} sends {} messages in one round; the model "
                                           "allows {}",
                                           x.from, ns, s.model.ports)));
    }
    if (nr > s.model.ports) {
      keep_smaller(first, make(s, "one_port_receive", t, x.to, x.block,
                               fmt::format("rank {} receives {} messages in one round; the "
                                           "model allows {}",
                                           x.to, nr, s.model.ports)));
    }
  }
  for (const Transfer& x : round) {
    if (!rank_ok(s, x.from) || !rank_ok(s, x.to)) continue;
    if (s.model.duplex == Duplex::simplex && recvs[static_cast<std::size_t>(x.from)] > 0) {
      keep_smaller(first, make(s, "duplex", t, x.from, x.block,
                               fmt::format("rank {} sends and receives in one round of a "
                                           "simplex model",
                                           x.from)));
    }
  }
  for (const Transfer& x : round) {
    if (rank_ok(s, x.from) && rank_ok(s, x.to)) {
      sends[static_cast<std::size_t>(x.from)] = 0;
      recvs[static_cast<std::size_t>(x.to)] = 0;
    }
  }
  return first;
}

// Adds what round t delivers. A block received twice in the same round is caught here: the
// second add finds it held (no_redundant_receive).
Verdict receive_round(const Schedule& s, Holdings& held, std::int64_t t,
                      const std::vector<Transfer>& round) {
  for (const Transfer& x : round) {
    if (held.has(x.to, x.block)) {
      return make(s, "no_redundant_receive", t, x.to, x.block,
                  fmt::format("rank {} receives block {} twice in round {}", x.to, x.block, t));
    }
    held.add(x.to, x.block);
  }
  return std::nullopt;
}

// completeness after all `rounds`: every holding of the goal (every rank every block when there
// is none) is held; block_range if the goal names a rank or block outside the schedule.
Verdict completeness_violation(const Schedule& s, const Holdings& held, std::int64_t rounds) {
  const auto lacks = [&](std::int64_t r, std::int64_t b) {
    return make(s, "completeness", rounds, r, b,
                fmt::format("after {} rounds rank {} lacks block {}", rounds, r, b));
  };
  if (s.goal) {
    for (const Holding& h : *s.goal) {
      if (!rank_ok(s, h.rank) || !block_ok(s, h.block)) {
        return make(s, "block_range", kNone, kNone, h.block,
                    fmt::format("the goal names rank {} and block {}; blocks are 0..{} "
                                "and ranks 0..{}",
                                h.rank, h.block, s.n - 1, s.p - 1));
      }
      if (!held.has(h.rank, h.block)) return lacks(h.rank, h.block);
    }
    return std::nullopt;
  }
  for (std::int64_t r = 0; r < s.p; ++r) {
    for (std::int64_t b = 0; b < s.n; ++b) {
      if (!held.has(r, b)) return lacks(r, b);
    }
  }
  return std::nullopt;
}

}  // namespace

SimulationResult simulate_schedule(const Schedule& s, std::int64_t lower_bound_rounds) {
  SimulationResult result;
  result.rounds = static_cast<std::int64_t>(s.rounds.size());
  result.lower_bound = lower_bound_rounds;
  Holdings held(s.p, s.n);
  result.verdict = add_initial(s, held);
  if (result.verdict) return result;
  std::vector<int> sends(static_cast<std::size_t>(s.p), 0);
  std::vector<int> recvs(static_cast<std::size_t>(s.p), 0);
  for (std::int64_t t = 0; t < result.rounds; ++t) {
    const auto& round = s.rounds[static_cast<std::size_t>(t)];
    result.verdict = check_round(s, held, t, round, sends, recvs);
    if (result.verdict) return result;
    result.verdict = receive_round(s, held, t, round);
    if (result.verdict) return result;
  }
  result.verdict = completeness_violation(s, held, result.rounds);
  if (result.verdict) return result;
  if (result.rounds != lower_bound_rounds) {
    result.verdict = make(
        s, "round_optimal", result.rounds, kNone, kNone,
        fmt::format("{} rounds, but the lower bound is {}", result.rounds, lower_bound_rounds));
  }
  return result;
}

}  // namespace collverify
