#include "checkers/fractional/reduction_check.hpp"

#include <fmt/format.h>

#include <vector>

#include "model/int_math.hpp"

namespace collverify::fractional_check {
namespace {

// The set of contributions of one partial sum, P bits.
using Sum = std::vector<std::uint64_t>;

std::int64_t first_common(const Sum& a, const Sum& b) {
  for (std::size_t w = 0; w < a.size(); ++w) {
    if (const std::uint64_t c = a[w] & b[w]) return static_cast<std::int64_t>(w * 64) + __builtin_ctzll(c);
  }
  return -1;
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
  const auto words = static_cast<std::size_t>((P + 63) / 64);
  auto at = [&](std::int64_t x, std::int64_t j) {
    return static_cast<std::size_t>(x * n + j);
  };
  std::vector<Sum> sum(static_cast<std::size_t>(P * n), Sum(words, 0));
  std::vector<std::uint8_t> sent(static_cast<std::size_t>(P * n), 0);
  for (std::int64_t x = 0; x < P; ++x) {
    for (std::int64_t j = 0; j < n; ++j) {
      sum[at(x, j)][static_cast<std::size_t>(x / 64)] |= std::uint64_t{1} << (x % 64);
    }
  }
  auto make = [&](const char* property, std::int64_t t, std::int64_t rank, std::int64_t block,
                  std::string message) {
    return Violation{property, P, n, rank, t, block, std::move(message)};
  };
  std::vector<int> sends(static_cast<std::size_t>(P), 0);
  std::vector<int> recvs(static_cast<std::size_t>(P), 0);
  for (std::size_t ti = 0; ti < s.rounds.size(); ++ti) {
    const auto t = static_cast<std::int64_t>(ti);
    const auto& round = s.rounds[ti];
    Verdict first;
    auto keep = [&](Violation v) {
      if (!first || v.rank < first->rank) first = std::move(v);
    };
    std::fill(sends.begin(), sends.end(), 0);
    std::fill(recvs.begin(), recvs.end(), 0);
    for (const Transfer& x : round) {
      if (x.from < 0 || x.from >= P || x.to < 0 || x.to >= P || x.block < 0 || x.block >= n ||
          x.stored_as < 0 || x.stored_as >= n) {
        keep(make("block_range", t, x.from, x.block,
                  fmt::format("PU {} sends packet {} to PU {} (slot {}); PUs 0..{}, packets 0..{}",
                              x.from, x.block, x.to, x.stored_as, P - 1, n - 1)));
        continue;
      }
      if (x.block != x.stored_as) {
        keep(make("agreement", t, x.to, x.stored_as,
                  fmt::format("PU {} sends its sum of packet {} but PU {} combines it into packet {}",
                              x.from, x.block, x.to, x.stored_as)));
      }
      if (++sends[static_cast<std::size_t>(x.from)] > s.model.ports) {
        keep(make("one_port_send", t, x.from, x.block,
                  fmt::format("PU {} sends {} messages in one round", x.from,
                              sends[static_cast<std::size_t>(x.from)])));
      }
      if (++recvs[static_cast<std::size_t>(x.to)] > s.model.ports) {
        keep(make("one_port_receive", t, x.to, x.block,
                  fmt::format("PU {} receives {} messages in one round", x.to,
                              recvs[static_cast<std::size_t>(x.to)])));
      }
    }
    if (s.model.duplex == Duplex::simplex) {
      for (const Transfer& x : round) {
        if (x.from >= 0 && x.from < P && recvs[static_cast<std::size_t>(x.from)] > 0) {
          keep(make("duplex", t, x.from, x.block,
                    fmt::format("PU {} sends and receives in one round of a simplex model", x.from)));
        }
      }
    }
    if (first) return first;
    // Messages are the senders' sums at the start of the round.
    std::vector<Sum> msg;
    msg.reserve(round.size());
    for (const Transfer& x : round) msg.push_back(sum[at(x.from, x.block)]);
    // A sum sent in this round is gone for what arrives in the same round too.
    for (const Transfer& x : round) sent[at(x.from, x.block)] = 1;
    for (std::size_t k = 0; k < round.size(); ++k) {
      const Transfer& x = round[k];
      const std::size_t dst = at(x.to, x.block);
      if (sent[dst]) {
        keep(make("late_contribution", t, x.to, x.block,
                  fmt::format("PU {} receives the sum of packet {} from PU {} in or after the round it sends "
                              "its own on", x.to, x.block, x.from)));
      }
      const std::int64_t c = first_common(sum[dst], msg[k]);
      if (c >= 0) {
        keep(make("counted_twice", t, x.to, x.block,
                  fmt::format("PU {} combines PU {}'s contribution to packet {} a second time "
                              "(from PU {})", x.to, c, x.block, x.from)));
      }
    }
    if (first) return first;
    for (std::size_t k = 0; k < round.size(); ++k) {
      const Transfer& x = round[k];
      Sum& dst = sum[at(x.to, x.block)];
      for (std::size_t w = 0; w < words; ++w) dst[w] |= msg[k][w];
    }
  }
  const auto rounds = static_cast<std::int64_t>(s.rounds.size());
  for (std::int64_t j = 0; j < n; ++j) {
    if (sent[at(root, j)]) {
      return make("root_total", rounds, root, j,
                  fmt::format("the root sent its sum of packet {} away", j));
    }
    const Sum& total = sum[at(root, j)];
    for (std::int64_t x = 0; x < P; ++x) {
      if (!((total[static_cast<std::size_t>(x / 64)] >> (x % 64)) & 1U)) {
        return make("root_total", rounds, x, j,
                    fmt::format("after {} rounds the root's sum of packet {} lacks PU {}'s "
                                "contribution", rounds, j, x));
      }
    }
  }
  return std::nullopt;
}

}  // namespace collverify::fractional_check
