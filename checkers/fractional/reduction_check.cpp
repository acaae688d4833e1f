#include "checkers/fractional/reduction_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model/int_math.hpp"

namespace collverify::fractional_check {
namespace {

// The set of contributions of one partial sum, P bits: a view of words_ words of a flat table.
using Sum = std::span<const std::uint64_t>;

std::int64_t first_common(Sum a, Sum b) {
  for (std::size_t w = 0; w < a.size(); ++w) {
    if (const std::uint64_t c = a[w] & b[w]) return static_cast<std::int64_t>(w * 64) + __builtin_ctzll(c);
  }
  return -1;
}

// The partial sums of every (PU x, packet j): the contributions each holds, and whether PU x has
// sent it away (after which nothing may arrive for it). One flat table of P * n * words words
// (no allocation per sum or per message: a vector per sum and a copy per message cost more than
// the check itself).
class PartialSums {
 public:
  // Every PU starts with its own contribution to every packet.
  PartialSums(std::int64_t P, std::int64_t n)
      : n_(n),
        words_(static_cast<std::size_t>((P + 63) / 64)),
        bits_(static_cast<std::size_t>(P * n) * words_, 0),
        sent_(static_cast<std::size_t>(P * n), 0) {
    for (std::int64_t x = 0; x < P; ++x) {
      for (std::int64_t j = 0; j < n; ++j) {
        bits_[at(x, j) * words_ + static_cast<std::size_t>(x / 64)] |= std::uint64_t{1} << (x % 64);
      }
    }
  }

  // The index of (x, j) in the tables.
  std::size_t at(std::int64_t x, std::int64_t j) const {
    return static_cast<std::size_t>(x * n_ + j);
  }
  // The contributions PU x holds for packet j.
  Sum sum(std::int64_t x, std::int64_t j) const {
    return {bits_.data() + at(x, j) * words_, words_};
  }
  // Whether PU x has sent its sum of packet j away.
  bool sent(std::int64_t x, std::int64_t j) const { return sent_[at(x, j)] != 0; }

  // A sum sent in this round is gone for what arrives in the same round too.
  void mark_sent(const std::vector<Transfer>& round) {
    for (const Transfer& x : round) sent_[at(x.from, x.block)] = 1;
  }
  // Each receiver combines the sender's sum into its own. The message is the sender's sum at
  // the start of the round, read here in place: check_contributions has found no transfer into
  // a sum sent away in this round (late_contribution), so no sum read here is written in this
  // round.
  void combine(const std::vector<Transfer>& round) {
    for (const Transfer& x : round) {
      std::uint64_t* dst = bits_.data() + at(x.to, x.block) * words_;
      const Sum m = sum(x.from, x.block);
      for (std::size_t w = 0; w < words_; ++w) dst[w] |= m[w];
    }
  }

 private:
  std::int64_t n_;
  std::size_t words_;
  std::vector<std::uint64_t> bits_;
  std::vector<std::uint8_t> sent_;
};

// The violation a round reports: the one at the smallest rank, the first found among equals.
class RoundWitness {
 public:
  RoundWitness(std::int64_t P, std::int64_t n, std::int64_t t) : P_(P), n_(n), t_(t) {}

  // Keeps the violation if it is at a smaller rank than the one kept so far.
  void keep(const char* property, std::int64_t rank, std::int64_t block, std::string message) {
    Violation v{property, P_, n_, rank, t_, block, std::move(message)};
    if (!first_ || v.rank < first_->rank) first_ = std::move(v);
  }
  // Whether the round has a violation.
  explicit operator bool() const { return first_.has_value(); }
  // The kept violation, moved out.
  Verdict take() { return std::move(first_); }

 private:
  std::int64_t P_;
  std::int64_t n_;
  std::int64_t t_;
  Verdict first_;
};

// block_range, agreement, one_port_send, one_port_receive and (simplex) duplex for one round;
// sends and recvs are scratch counters of P entries.
void check_round_shape(const Schedule& s, const std::vector<Transfer>& round,
                       std::vector<int>& sends, std::vector<int>& recvs, RoundWitness& first) {
  const std::int64_t P = s.p;
  const std::int64_t n = s.n;
  std::fill(sends.begin(), sends.end(), 0);
  std::fill(recvs.begin(), recvs.end(), 0);
  for (const Transfer& x : round) {
    if (x.from < 0 || x.from >= P || x.to < 0 || x.to >= P || x.block < 0 || x.block >= n ||
        x.stored_as < 0 || x.stored_as >= n) {
      first.keep("block_range", x.from, x.block,
                 fmt::format("PU {} sends packet {} to PU {} (slot {}); PUs 0..{}, packets 0..{}",
                             x.from, x.block, x.to, x.stored_as, P - 1, n - 1));
      continue;
    }
    if (x.block != x.stored_as) {
      first.keep(
          "agreement", x.to, x.stored_as,
          fmt::format("PU {} sends its sum of packet {} but PU {} combines it into packet {}",
                      x.from, x.block, x.to, x.stored_as));
    }
    if (++sends[static_cast<std::size_t>(x.from)] > s.model.ports) {
      first.keep("one_port_send", x.from, x.block,
                 fmt::format("PU {} sends {} messages in one round", x.from,
                             sends[static_cast<std::size_t>(x.from)]));
    }
    if (++recvs[static_cast<std::size_t>(x.to)] > s.model.ports) {
      first.keep("one_port_receive", x.to, x.block,
                 fmt::format("PU {} receives {} messages in one round", x.to,
                             recvs[static_cast<std::size_t>(x.to)]));
    }
  }
  if (s.model.duplex == Duplex::simplex) {
    for (const Transfer& x : round) {
      if (x.from >= 0 && x.from < P && recvs[static_cast<std::size_t>(x.from)] > 0) {
        first.keep("duplex", x.from, x.block,
                   fmt::format("PU {} sends and receives in one round of a simplex model", x.from));
      }
    }
  }
}

// late_contribution and counted_twice: no message arrives at a sum already sent away (this round
// included; mark_sent comes first), and none carries a contribution the receiver already holds.
void check_contributions(const PartialSums& sums, const std::vector<Transfer>& round,
                         RoundWitness& first) {
  for (std::size_t k = 0; k < round.size(); ++k) {
    const Transfer& x = round[k];
    if (sums.sent(x.to, x.block)) {
      first.keep("late_contribution", x.to, x.block,
                 fmt::format("PU {} receives the sum of packet {} from PU {} in or after the round "
                             "it sends its own on",
                             x.to, x.block, x.from));
    }
    const std::int64_t c = first_common(sums.sum(x.to, x.block), sums.sum(x.from, x.block));
    if (c >= 0) {
      first.keep("counted_twice", x.to, x.block,
                 fmt::format("PU {} combines PU {}'s contribution to packet {} a second time "
                             "(from PU {})",
                             x.to, c, x.block, x.from));
    }
  }
}

// root_total: after every round the root still holds its sum of each packet, with every PU's
// contribution.
Verdict root_total_violation(const PartialSums& sums, std::int64_t P, std::int64_t n,
                             std::int64_t root, std::int64_t rounds) {
  for (std::int64_t j = 0; j < n; ++j) {
    if (sums.sent(root, j)) {
      return Violation{"root_total",
                       P,
                       n,
                       root,
                       rounds,
                       j,
                       fmt::format("the root sent its sum of packet {} away", j)};
    }
    const Sum total = sums.sum(root, j);
    for (std::int64_t x = 0; x < P; ++x) {
      if (!((total[static_cast<std::size_t>(x / 64)] >> (x % 64)) & 1U)) {
        return Violation{"root_total",
                         P,
                         n,
                         x,
                         rounds,
                         j,
                         fmt::format("after {} rounds the root's sum of packet {} lacks PU {}'s "
                                     "contribution",
                                     rounds, j, x)};
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::int64_t reduction_check_bytes(std::int64_t P, std::int64_t n) {
  const std::string what = fmt::format("reduction check P = {}, n = {}", P, n);
  const std::int64_t words = (P + 63) / 64;
  return checked_mul(checked_mul(checked_mul(P, n, what), words, what), 8, what);
}

Verdict check_reduction(const Schedule& s, std::int64_t root) {
  const std::int64_t P = s.p;
  const std::int64_t n = s.n;
  PartialSums sums(P, n);
  std::vector<int> sends(static_cast<std::size_t>(P), 0);
  std::vector<int> recvs(static_cast<std::size_t>(P), 0);
  for (std::size_t ti = 0; ti < s.rounds.size(); ++ti) {
    const auto& round = s.rounds[ti];
    RoundWitness first(P, n, static_cast<std::int64_t>(ti));
    check_round_shape(s, round, sends, recvs, first);
    if (first) return first.take();
    sums.mark_sent(round);
    check_contributions(sums, round, first);
    if (first) return first.take();
    sums.combine(round);
  }
  return root_total_violation(sums, P, n, root, static_cast<std::int64_t>(s.rounds.size()));
}

}  // namespace collverify::fractional_check
