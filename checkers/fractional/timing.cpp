#include "checkers/fractional/timing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "model/fractional/recurrence.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify::fractional_check {

std::int64_t last_pu_step(const Schedule& s) {
  const auto p = static_cast<std::size_t>(s.p);
  const auto n = static_cast<std::size_t>(s.n);
  std::vector<std::uint64_t> bits((p * n + 63) / 64, 0);
  std::vector<std::int64_t> count(p, 0);
  auto add = [&](std::int64_t r, std::int64_t b) {
    if (r < 0 || r >= s.p || b < 0 || b >= s.n) return;
    const std::size_t i = static_cast<std::size_t>(r) * n + static_cast<std::size_t>(b);
    if ((bits[i / 64] >> (i % 64)) & 1U) return;
    bits[i / 64] |= std::uint64_t{1} << (i % 64);
    ++count[static_cast<std::size_t>(r)];
  };
  for (const Holding& h : s.initial) add(h.rank, h.block);
  auto complete = [&] {
    return std::all_of(count.begin(), count.end(), [&](std::int64_t c) { return c == s.n; });
  };
  if (complete()) return 0;
  std::int64_t incomplete = static_cast<std::int64_t>(
      std::count_if(count.begin(), count.end(), [&](std::int64_t c) { return c < s.n; }));
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    for (const Transfer& x : s.rounds[t]) {
      if (x.to < 0 || x.to >= s.p) continue;
      const std::int64_t before = count[static_cast<std::size_t>(x.to)];
      add(x.to, x.stored_as);
      if (before < s.n && count[static_cast<std::size_t>(x.to)] == s.n) --incomplete;
    }
    if (incomplete == 0) return static_cast<std::int64_t>(t) + 1;
  }
  return kNone;
}

std::string Claim::difference_text(std::int64_t steps) const {
  const std::int64_t a = difference_num(steps);
  const std::int64_t g = std::gcd(a < 0 ? -a : a, den);
  if (a == 0) return "0";
  if (den / g == 1) return fmt::format("{}", a / g);
  return fmt::format("{}/{}", a / g, den / g);
}

Claim paper_claim(std::int64_t P, std::int64_t r, std::int64_t s) {
  Claim c;
  c.d = fractional::depth(P, r == 0 ? fractional::kChain : r);
  if (r == 0) {
    c.num = c.d + s;
    c.den = 1;
  } else {
    c.num = c.d * r + s * (r + 1);
    c.den = r;
  }
  return c;
}

Claim simplex_claim(std::int64_t P, std::int64_t r, std::int64_t s) {
  Claim c = paper_claim((P + 1) / 2, r, s);
  c.num *= 2;
  return c;
}

Claim simplex_binary_claim(std::int64_t P, std::int64_t s) {
  Claim c;
  c.d = fractional::depth(P, 1);
  c.num = c.d + 3 * s;
  c.den = 1;
  return c;
}

std::int64_t bound4_steps(std::int64_t P, std::int64_t s) {
  if (P < 2) return 0;  // nobody to reach
  return std::max<std::int64_t>(s, ceil_log2(P));
}

std::int64_t bound5_steps(std::int64_t P, std::int64_t s) {
  if (P < 2) return 0;
  // ceil(2 (1 - 1/P) s) = ceil(2 (P - 1) s / P)
  const std::int64_t v = (2 * (P - 1) * s + P - 1) / P;
  return std::max<std::int64_t>(v, ceil_log2(P) - 4);
}

std::int64_t bound6_steps(std::int64_t P, std::int64_t s) {
  return P >= 2 ? s - 1 + ceil_log2(P) : 0;
}

double bound4_time(std::int64_t P, double k) { return k + std::log2(static_cast<double>(P)); }
double bound5_time(std::int64_t P, double k) {
  const double p = static_cast<double>(P);
  return 2.0 * (1.0 - 1.0 / p) * k + (std::log2(p) - 4.0);
}
double bound6_time(std::int64_t P, double k) {
  const double a = 1.0 + std::sqrt(std::log2(static_cast<double>(P)) / k);
  return k * a * a;
}

TimingReport check_timing(const Schedule& s, std::int64_t r, bool simplex) {
  TimingReport rep;
  rep.claim = simplex ? simplex_claim(s.p, r, s.n) : paper_claim(s.p, r, s.n);
  rep.bound4 = bound4_steps(s.p, s.n);
  rep.bound5 = simplex ? bound5_steps(s.p, s.n) : 0;
  rep.bound6 = bound6_steps(s.p, s.n);
  rep.steps = last_pu_step(s);
  if (rep.steps == kNone) {
    rep.verdict = Violation{"completeness", s.p, s.n, kNone, static_cast<std::int64_t>(s.rounds.size()),
                            kNone, fmt::format("after {} rounds some PU lacks a packet", s.rounds.size())};
    return rep;
  }
  auto below = [&](const char* which, std::int64_t bound) {
    if (rep.steps >= bound || rep.verdict) return;
    rep.verdict = Violation{"lower_bound", s.p, s.n, kNone, rep.steps, kNone,
                            fmt::format("the last PU holds all {} packets after {} steps, below "
                                        "the lower bound {} of {} steps",
                                        s.n, rep.steps, which, bound)};
  };
  below("(6)", rep.bound6);
  below("(4)", rep.bound4);
  if (simplex) below("(5)", rep.bound5);
  return rep;
}

RunRateReport check_run_rate(const Schedule& s, const Schedule& two_runs, std::int64_t r) {
  CV_ASSERT(r >= 1 && two_runs.n == 2 * r && s.n > 2 * r && two_runs.p == s.p,
            "check_run_rate: a broadcast of more than two runs against one of two runs");
  RunRateReport rep;
  rep.runs = (s.n + r - 1) / r;
  rep.steps = last_pu_step(s);
  rep.two_run_steps = last_pu_step(two_runs);
  auto incomplete = [&](const Schedule& x) {
    return Violation{"completeness", x.p, x.n, kNone, static_cast<std::int64_t>(x.rounds.size()),
                     kNone, fmt::format("after {} rounds some PU lacks one of the {} packets",
                                        x.rounds.size(), x.n)};
  };
  if (rep.steps == kNone) {
    rep.verdict = incomplete(s);
    return rep;
  }
  if (rep.two_run_steps == kNone) {
    rep.verdict = incomplete(two_runs);
    return rep;
  }
  rep.bound = rep.two_run_steps + (rep.runs - 2) * (2 * r + 1);
  if (rep.steps > rep.bound) {
    rep.verdict = Violation{
        "above_run_rate", s.p, s.n, kNone, rep.steps, kNone,
        fmt::format("the last PU holds all {} packets ({} runs of {}) after {} steps, above {} "
                    "(the two-run broadcast's {} steps + {} more runs of 2r + 1 = {} steps)",
                    s.n, rep.runs, r, rep.steps, rep.bound, rep.two_run_steps, rep.runs - 2,
                    2 * r + 1)};
  }
  return rep;
}

}  // namespace collverify::fractional_check
