#include "proofs/circulant/count_schedules.hpp"

#include <fmt/format.h>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "proofs/z3_limits.hpp"

namespace collverify::proofs {

void require_count_p(std::int64_t p) {
  if (p < 2 || p > kMaxCountP) {
    throw InputError(fmt::format("count-schedules: p = {} is outside the accepted 2..{}", p,
                                 kMaxCountP));
  }
}

std::vector<std::int64_t> halving_skips(std::int64_t p) {
  const int q = ceil_log2(p);
  std::vector<std::int64_t> s(static_cast<std::size_t>(q) + 1);
  std::int64_t x = p;
  for (int k = q; k >= 0; --k) {
    s[static_cast<std::size_t>(k)] = x;
    x = (x + 1) / 2;
  }
  CV_ASSERT(s[0] == 1, "q halvings of p end at 1");
  return s;
}

namespace {

// Two stages. Stage 1 decides for every non-root t the round kc_t in which it receives its one
// current-phase block c_t, round by round: the root's receiver skips[k] must take block k in
// round k (a non-root's other entries are negative), any other t may take its sender's c if the
// sender got it in an earlier round. Stage 2 then fills the other q - 1 entries of every row,
// round by round: a negative block the sender holds (c_r - q, or a negative it received in an
// earlier round) that t has not received yet and that is not c_t - q. So every row's negatives
// are exactly {-q, ..., -1} minus c_t - q.
class Backtracker {
 public:
  // keep = false: count the tables without listing them (no limit).
  Backtracker(std::int64_t p, std::int64_t limit, bool keep = true)
      : p_(p), q_(ceil_log2(p)), limit_(limit), keep_(keep), skips_(halving_skips(p)),
        x_(static_cast<std::size_t>(p * q_), 0), c_(static_cast<std::size_t>(p), -1),
        kc_(static_cast<std::size_t>(p), -1), neg_(static_cast<std::size_t>(p), 0) {}

  Enumeration run() {
    out_.complete = true;
    stage1(0, 1);
    return std::move(out_);
  }

  std::uint64_t counted() const { return counted_; }

 private:
  static std::size_t u(std::int64_t v) { return static_cast<std::size_t>(v); }
  std::int8_t& at(std::int64_t t, int k) { return x_[u(t * q_ + k)]; }
  std::uint64_t bit(int v) const { return std::uint64_t{1} << (v + q_); }
  std::int64_t sender(std::int64_t t, int k) const { return mod_p(t - skips_[u(k)], p_); }

  void stage1(int k, std::int64_t t) {
    if (!out_.complete) return;
    if (t == p_) {
      if (k + 1 < q_) {
        stage1(k + 1, 1);
        return;
      }
      for (std::int64_t r = 1; r < p_; ++r) {
        if (c_[u(r)] < 0) return;  // a rank without a current-phase block
      }
      stage2(0, 1);
      return;
    }
    const std::int64_t r = sender(t, k);
    const std::size_t ti = u(t);
    if (r == 0) {  // the root sends block k: t must take it as its c
      if (c_[ti] >= 0) return;
      take(t, k, k);
      return;
    }
    if (c_[ti] < 0 && c_[u(r)] >= 0 && kc_[u(r)] < k) take(t, k, c_[u(r)]);
    if (c_[ti] < 0 && k + 1 == q_) return;  // the row would end without a current block
    stage1(k, t + 1);  // t's entry in round k is negative (filled in stage 2)
  }

  void take(std::int64_t t, int k, int c) {
    c_[u(t)] = c;
    kc_[u(t)] = k;
    at(t, k) = static_cast<std::int8_t>(c);
    stage1(k, t + 1);
    c_[u(t)] = -1;
    kc_[u(t)] = -1;
  }

  void stage2(int k, std::int64_t t) {
    if (!out_.complete) return;
    if (t == p_) {
      if (k + 1 < q_) {
        stage2(k + 1, 1);
      } else {
        record();
      }
      return;
    }
    const std::size_t ti = u(t);
    if (kc_[ti] == k) {
      stage2(k, t + 1);
      return;
    }
    const std::int64_t r = sender(t, k);
    if (r == 0) return;  // cannot happen after stage 1: the root's receiver took block k
    std::uint64_t held = bit(c_[u(r)] - q_);
    for (int j = 0; j < k; ++j) {
      if (at(r, j) < 0) held |= bit(at(r, j));
    }
    const std::uint64_t allowed = held & ~neg_[ti] & ~bit(c_[ti] - q_);
    for (int v = -q_; v < 0; ++v) {
      if ((allowed & bit(v)) == 0) continue;
      at(t, k) = static_cast<std::int8_t>(v);
      neg_[ti] |= bit(v);
      stage2(k, t + 1);
      neg_[ti] &= ~bit(v);
    }
    at(t, k) = 0;
  }

  void record() {
    if (!keep_) {
      ++counted_;
      return;
    }
    if (static_cast<std::int64_t>(out_.tables.size()) >= limit_) {
      out_.complete = false;
      return;
    }
    out_.tables.emplace_back(x_.begin() + q_, x_.end());
  }

  std::int64_t p_;
  int q_;
  std::int64_t limit_;
  bool keep_;
  std::uint64_t counted_ = 0;
  std::vector<std::int64_t> skips_;
  std::vector<std::int8_t> x_;  // row 0 unused
  std::vector<int> c_, kc_;
  std::vector<std::uint64_t> neg_;
  Enumeration out_;
};

}  // namespace

Enumeration enumerate_backtracking(std::int64_t p, std::int64_t limit) {
  require_count_p(p);
  return Backtracker(p, limit).run();
}

std::uint64_t count_backtracking(std::int64_t p) {
  require_count_p(p);
  Backtracker b(p, 0, false);
  b.run();
  return b.counted();
}

Enumeration enumerate_z3(std::int64_t p, std::int64_t limit, const SolverOptions& options) {
  require_count_p(p);
  const int q = ceil_log2(p);
  const auto skips = halving_skips(p);
  z3::context ctx;
  z3::solver sol(ctx);
  apply_limits(ctx, sol, options);
  std::vector<z3::expr> x;  // x[(t - 1) q + k]
  for (std::int64_t t = 1; t < p; ++t) {
    for (int k = 0; k < q; ++k) {
      x.push_back(ctx.int_const(fmt::format("recv_{}_{}", t, k).c_str()));
    }
  }
  const auto X = [&](std::int64_t t, int j) -> const z3::expr& {
    return x[static_cast<std::size_t>((t - 1) * q + j)];
  };
  std::vector<z3::expr> c;  // c[t - 1]
  for (std::int64_t t = 1; t < p; ++t) {
    z3::expr nonneg = ctx.int_val(0);
    z3::expr ct = ctx.int_val(0);
    for (int k = 0; k < q; ++k) {
      sol.add(X(t, k) >= -q && X(t, k) < q);
      nonneg = nonneg + z3::ite(X(t, k) >= 0, ctx.int_val(1), ctx.int_val(0));
      ct = ct + z3::ite(X(t, k) >= 0, X(t, k), ctx.int_val(0));
    }
    sol.add(nonneg == 1);  // receive_set
    c.push_back(ct);
  }
  for (std::int64_t t = 1; t < p; ++t) {
    const z3::expr& ct = c[static_cast<std::size_t>(t - 1)];
    for (int k = 0; k < q; ++k) {
      sol.add(z3::implies(X(t, k) < 0, X(t, k) != ct - q));  // no_redundant_receive
      for (int j = 0; j < k; ++j) {
        sol.add(z3::implies(X(t, k) < 0, X(t, k) != X(t, j)));
      }
      const std::int64_t r = mod_p(t - skips[static_cast<std::size_t>(k)], p);
      if (r == 0) {
        sol.add(X(t, k) == k);  // the root sends block k in round k
      } else {
        z3::expr held = X(t, k) == c[static_cast<std::size_t>(r - 1)] - q;
        for (int j = 0; j < k; ++j) held = held || X(t, k) == X(r, j);
        sol.add(held);  // send_before_receive
      }
    }
  }
  Enumeration out;
  for (;;) {
    ++out.solver_calls;
    out.last = outcome(sol.check());
    if (out.last == SolverOutcome::unsat) {
      out.complete = true;
      break;
    }
    if (out.last == SolverOutcome::inconclusive) break;
    if (static_cast<std::int64_t>(out.tables.size()) >= limit) break;
    const z3::model m = sol.get_model();
    RecvTable tab;
    z3::expr block = ctx.bool_val(false);
    for (const auto& e : x) {
      const int v = m.eval(e, true).get_numeral_int();
      tab.push_back(static_cast<std::int8_t>(v));
      block = block || e != v;
    }
    out.tables.push_back(std::move(tab));
    sol.add(block);
  }
  return out;
}

CirculantSchedule complete_schedule(std::int64_t p, const RecvTable& t) {
  CirculantSchedule s = CirculantSchedule::allocate(p);
  const int q = s.q;
  CV_ASSERT(static_cast<std::int64_t>(t.size()) == (p - 1) * q, "a recv table of p - 1 rows");
  s.skips = halving_skips(p);
  s.baseblock.assign(static_cast<std::size_t>(p), 0);
  s.baseblock[0] = static_cast<std::int8_t>(q);
  for (std::int64_t r = 1; r < p; ++r) {
    for (int k = 0; k < q; ++k) {
      const int v = t[static_cast<std::size_t>((r - 1) * q + k)];
      s.set_recv(r, k, v);
      if (v >= 0) s.baseblock[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(v);
    }
  }
  for (std::int64_t r = 0; r < p; ++r) {
    for (int k = 0; k < q; ++k) {
      const std::int64_t to = mod_p(r + s.skips[static_cast<std::size_t>(k)], p);
      if (r == 0) {
        s.set_send(r, k, k);
      } else if (to == 0) {
        s.set_send(r, k, s.baseblock[static_cast<std::size_t>(r)] - q);
      } else {
        s.set_send(r, k, s.recv_at(to, k));
      }
    }
  }
  return s;
}

}  // namespace collverify::proofs
