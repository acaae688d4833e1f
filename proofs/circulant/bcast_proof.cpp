#include "proofs/circulant/bcast_proof.hpp"

#include <fmt/format.h>

#include <array>
#include <optional>
#include <vector>

#include "checkers/circulant_invariants.hpp"
#include "model/error.hpp"
#include "proofs/z3_limits.hpp"

namespace collverify::proofs {
namespace {

constexpr unsigned kValBits = 8;  // blocks are int8 in the tables

// values[i] for a symbolic index idx < 2^bits: a balanced if-then-else tree over idx's bits,
// equal subtrees shared (a column with runs of equal entries stays small).
z3::expr lookup(z3::context& ctx, const std::vector<int>& values, const z3::expr& idx, int bits) {
  const std::size_t n = std::size_t{1} << bits;
  std::vector<z3::expr> level;
  level.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    level.push_back(ctx.bv_val(i < values.size() ? values[i] : 0, kValBits));
  }
  for (int b = 0; b < bits; ++b) {
    const auto ub = static_cast<unsigned>(b);
    const z3::expr bit = idx.extract(ub, ub) == ctx.bv_val(1, 1);
    std::vector<z3::expr> next;
    next.reserve(level.size() / 2);
    for (std::size_t i = 0; i + 1 < level.size(); i += 2) {
      if (z3::eq(level[i], level[i + 1])) {
        next.push_back(level[i]);
      } else {
        next.push_back(z3::ite(bit, level[i + 1], level[i]));
      }
    }
    level = std::move(next);
  }
  return level[0];
}

struct Case {
  const char* property;
  z3::expr holds;  // the violation at (r, k)
  z3::expr block;  // the witness block (ignored when has_block is false)
  std::optional<z3::expr> has_block;
};

int signed8(const z3::model& m, const z3::expr& e) {
  const std::uint64_t u = m.eval(e, true).get_numeral_uint64();
  return static_cast<int>(static_cast<std::int8_t>(static_cast<std::uint8_t>(u & 0xffU)));
}

std::int64_t unsigned_val(const z3::model& m, const z3::expr& e) {
  return static_cast<std::int64_t>(m.eval(e, true).get_numeral_uint64());
}

bool same_witness(const Violation& a, const Violation& b) {
  return a.property == b.property && a.rank == b.rank && a.round == b.round && a.block == b.block;
}

}  // namespace

BcastProofResult prove_bcast(const CirculantSchedule& s, const BcastProofOptions& o) {
  if (s.p < 2 || s.p > kMaxProveBcastP) {
    throw InputError(fmt::format("prove bcast: p = {} is outside the accepted 2..{}", s.p,
                                 kMaxProveBcastP));
  }
  BcastProofResult res;
  const CirculantCheckOptions copt{o.has_baseblocks};
  res.checker_violation = check_circulant_schedule(s, copt);
  if (Verdict v = check_circulant_shape(s)) {
    res.outcome = SolverOutcome::sat;
    res.violation = v;
    res.checker_agrees = true;
    return res;
  }
  const std::int64_t p = s.p;
  const int q = s.q;
  const int bits = q;  // p <= 2^q
  const unsigned wr = static_cast<unsigned>(q) + 2;  // r + skips[k] < 2p fits

  z3::context ctx;
  z3::solver sol(ctx);
  apply_limits(ctx, sol, o.solver);
  const z3::expr r = ctx.bv_const("r", wr);
  const z3::expr k = ctx.bv_const("k", kValBits);
  const auto val = [&](int v) { return ctx.bv_val(v, kValBits); };
  const auto rk = [&](std::int64_t v) { return ctx.bv_val(static_cast<std::uint64_t>(v), wr); };
  const auto inr = [&](const z3::expr& e) { return e >= val(-q) && e < val(q); };
  const auto at_k = [&](const std::vector<z3::expr>& col) {
    z3::expr e = col[static_cast<std::size_t>(q - 1)];
    for (int j = q - 2; j >= 0; --j) e = z3::ite(k == val(j), col[static_cast<std::size_t>(j)], e);
    return e;
  };

  std::vector<z3::expr> skip_at;
  for (int j = 0; j < q; ++j) skip_at.push_back(rk(s.skips[static_cast<std::size_t>(j)]));
  const z3::expr skipk = at_k(skip_at);
  const z3::expr from = z3::ite(z3::uge(r, skipk), r - skipk, r + rk(p) - skipk);

  std::vector<z3::expr> rv, sv, sfrom;
  std::vector<int> col(static_cast<std::size_t>(p));
  for (int j = 0; j < q; ++j) {
    for (std::int64_t i = 0; i < p; ++i) col[static_cast<std::size_t>(i)] = s.recv_at(i, j);
    rv.push_back(lookup(ctx, col, r, bits));
    for (std::int64_t i = 0; i < p; ++i) col[static_cast<std::size_t>(i)] = s.send_at(i, j);
    sv.push_back(lookup(ctx, col, r, bits));
    sfrom.push_back(lookup(ctx, col, from, bits));
  }
  const z3::expr rvk = at_k(rv);
  const z3::expr svk = at_k(sv);
  const z3::expr sfromk = at_k(sfrom);

  // c: the first in-range current-phase entry of r's recv row, received in round kc.
  z3::expr has_c = ctx.bool_val(false);
  z3::expr c = val(0);
  z3::expr kc = val(0);
  for (int j = q - 1; j >= 0; --j) {
    const auto& e = rv[static_cast<std::size_t>(j)];
    const z3::expr first = inr(e) && e >= val(0);
    has_c = has_c || first;
    c = z3::ite(first, e, c);
    kc = z3::ite(first, val(j), kc);
  }
  const auto received_before_k = [&](const z3::expr& v) {
    z3::expr any = ctx.bool_val(false);
    for (int j = 0; j < q; ++j) any = any || (val(j) < k && rv[static_cast<std::size_t>(j)] == v);
    return any;
  };
  const z3::expr not_root = r != rk(0);
  const z3::expr to_not_root = (r + skipk) != rk(p);

  std::vector<Case> cases;
  cases.push_back({"value_range", not_root && !inr(rvk), rvk, std::nullopt});
  cases.push_back({"value_range", to_not_root && !inr(svk), svk, std::nullopt});
  cases.push_back({"receive_set",
                   not_root && ((inr(rvk) && rvk >= val(0) && k != kc) ||
                                (!has_c && k == val(q - 1))),
                   rvk, has_c});
  cases.push_back({"no_redundant_receive",
                   not_root && inr(rvk) && rvk < val(0) &&
                       ((has_c && rvk == c - val(q)) || received_before_k(rvk)),
                   rvk, std::nullopt});
  if (o.has_baseblocks && !s.baseblock.empty()) {
    std::vector<int> bb(s.baseblock.begin(), s.baseblock.end());
    const z3::expr bbr = lookup(ctx, bb, r, bits);
    cases.push_back({"baseblock", not_root && has_c && k == kc && bbr != c, c, std::nullopt});
  }
  cases.push_back({"agreement", not_root && inr(sfromk) && sfromk != rvk, rvk, std::nullopt});
  cases.push_back({"send_before_receive",
                   not_root && to_not_root && inr(svk) &&
                       !((svk < val(0) && has_c && svk == c - val(q)) || received_before_k(svk)),
                   svk, std::nullopt});
  cases.push_back({"root_block_order", r == rk(0) && inr(svk) && svk > k, svk, std::nullopt});

  z3::expr any = ctx.bool_val(false);
  for (const auto& cs : cases) any = any || cs.holds;
  sol.add(z3::ult(r, rk(p)) && z3::ult(k, val(q)) && any);

  std::optional<z3::model> model;
  const auto check = [&](const std::optional<z3::expr>& extra) {
    ++res.solver_calls;
    if (extra) {
      sol.push();
      sol.add(*extra);
    }
    const SolverOutcome out = outcome(sol.check());
    if (out == SolverOutcome::sat) model = sol.get_model();
    if (extra) sol.pop();
    return out;
  };

  res.outcome = check(std::nullopt);
  if (res.outcome == SolverOutcome::sat) {
    // Binary search for the smallest value of `var` (unsigned) with a violation, then fix it.
    const auto minimise = [&](const z3::expr& var, auto mk) {
      std::int64_t lo = 0;
      std::int64_t hi = unsigned_val(*model, var);
      while (lo < hi && res.smallest) {
        const std::int64_t mid = lo + (hi - lo) / 2;
        const SolverOutcome out = check(z3::ule(var, mk(mid)));
        if (out == SolverOutcome::sat) {
          hi = unsigned_val(*model, var);
        } else if (out == SolverOutcome::unsat) {
          lo = mid + 1;
        } else {
          res.smallest = false;
        }
      }
      if (res.smallest) {
        sol.add(var == mk(hi));
      }
    };
    minimise(k, [&](std::int64_t v) { return val(static_cast<int>(v)); });
    if (res.smallest) minimise(r, rk);
    std::size_t which = cases.size();
    for (std::size_t i = 0; i < cases.size() && res.smallest; ++i) {
      const SolverOutcome out = check(cases[i].holds);
      if (out == SolverOutcome::sat) {
        which = i;
        break;
      }
      if (out == SolverOutcome::inconclusive) res.smallest = false;
    }
    if (which == cases.size()) {
      // Not minimised to the end: report the first case the last model satisfies.
      for (std::size_t i = 0; i < cases.size(); ++i) {
        if (model->eval(cases[i].holds, true).is_true()) {
          which = i;
          break;
        }
      }
    }
    CV_ASSERT(which < cases.size(), "a sat model satisfies one of the violation cases");
    const Case& cs = cases[which];
    const std::int64_t wr_rank = unsigned_val(*model, r);
    const int wk = signed8(*model, k);
    std::int64_t block = signed8(*model, cs.block);
    if (cs.has_block && !model->eval(*cs.has_block, true).is_true()) block = kNone;
    const std::string b = block == kNone ? std::string("none") : std::to_string(block);
    res.violation = Violation{cs.property, p, kNone, wr_rank, wk, block,
                              fmt::format("Z3 model: {} at rank {} in round {} (block {}){}",
                                          cs.property, wr_rank, wk, b,
                                          res.smallest ? ", the smallest witness"
                                                       : ", not proved smallest (rlimit)")};
  }
  if (res.outcome == SolverOutcome::unsat) {
    res.checker_agrees = !res.checker_violation.has_value();
  } else if (res.outcome == SolverOutcome::sat) {
    res.checker_agrees = res.checker_violation.has_value() &&
                         (!res.smallest || same_witness(*res.violation, *res.checker_violation));
  }
  return res;
}

int bcast_exit_code(const BcastProofResult& r) {
  if (r.outcome == SolverOutcome::inconclusive) return 3;
  if (r.outcome == SolverOutcome::sat || r.checker_violation) return 1;
  return 0;
}

}  // namespace collverify::proofs
