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

// The two unknowns of the query, rank r and round k, and the terms built over them.
struct BcastTerms {
  BcastTerms(z3::context& context, int rounds, unsigned rank_width)
      : ctx(context),
        q(rounds),
        wr(rank_width),
        r(context.bv_const("r", rank_width)),
        k(context.bv_const("k", kValBits)) {}

  // A block (or round) as a constant.
  z3::expr val(int v) const { return ctx.bv_val(v, kValBits); }
  // A rank as a constant.
  z3::expr rk(std::int64_t v) const { return ctx.bv_val(static_cast<std::uint64_t>(v), wr); }
  // Whether block e is in the range -q..q-1 (a block at all).
  z3::expr inr(const z3::expr& e) const { return e >= val(-q) && e < val(q); }
  // col[k], for a column with one entry per round.
  z3::expr at_k(const std::vector<z3::expr>& col) const {
    z3::expr e = col[static_cast<std::size_t>(q - 1)];
    for (int j = q - 2; j >= 0; --j) e = z3::ite(k == val(j), col[static_cast<std::size_t>(j)], e);
    return e;
  }

  z3::context& ctx;
  const int q;
  const unsigned wr;
  const z3::expr r;
  const z3::expr k;
};

// Rank r's recv and send entries of every round, and at round k: the skip, r's recv and send
// entries and the send entry of the rank `from` that r receives from. Every term is kept until
// the proof ends: Z3 reuses the ids of freed terms, and the ids steer its search, so freeing one
// earlier would change the witnesses found under a resource limit.
struct BcastColumns {
  std::vector<z3::expr> skip_at;
  z3::expr skipk, from;
  std::vector<z3::expr> rv, sv, sfrom;
  z3::expr rvk, svk, sfromk;
};

// The recv and send tables of s as lookups indexed by r (p <= 2^q), selected at round k.
BcastColumns round_columns(const BcastTerms& t, const CirculantSchedule& s) {
  const std::int64_t p = s.p;
  const int bits = t.q;  // p <= 2^q
  std::vector<z3::expr> skip_at;
  for (int j = 0; j < t.q; ++j) skip_at.push_back(t.rk(s.skips[static_cast<std::size_t>(j)]));
  const z3::expr skipk = t.at_k(skip_at);
  const z3::expr from = z3::ite(z3::uge(t.r, skipk), t.r - skipk, t.r + t.rk(p) - skipk);

  std::vector<z3::expr> rv, sv, sfrom;
  std::vector<int> col(static_cast<std::size_t>(p));
  for (int j = 0; j < t.q; ++j) {
    for (std::int64_t i = 0; i < p; ++i) col[static_cast<std::size_t>(i)] = s.recv_at(i, j);
    rv.push_back(lookup(t.ctx, col, t.r, bits));
    for (std::int64_t i = 0; i < p; ++i) col[static_cast<std::size_t>(i)] = s.send_at(i, j);
    sv.push_back(lookup(t.ctx, col, t.r, bits));
    sfrom.push_back(lookup(t.ctx, col, from, bits));
  }
  const z3::expr rvk = t.at_k(rv);
  const z3::expr svk = t.at_k(sv);
  const z3::expr sfromk = t.at_k(sfrom);
  return BcastColumns{std::move(skip_at), skipk, from, std::move(rv), std::move(sv),
                      std::move(sfrom),   rvk,   svk,  sfromk};
}

// c: the first in-range current-phase entry of r's recv row, received in round kc (has_c: r
// has one).
struct FirstCurrent {
  z3::expr has_c, c, kc;
};

// The first current-phase block of r's recv row, and its round.
FirstCurrent first_current(const BcastTerms& t, const std::vector<z3::expr>& rv) {
  z3::expr has_c = t.ctx.bool_val(false);
  z3::expr c = t.val(0);
  z3::expr kc = t.val(0);
  for (int j = t.q - 1; j >= 0; --j) {
    const auto& e = rv[static_cast<std::size_t>(j)];
    const z3::expr first = t.inr(e) && e >= t.val(0);
    has_c = has_c || first;
    c = z3::ite(first, e, c);
    kc = z3::ite(first, t.val(j), kc);
  }
  return FirstCurrent{has_c, c, kc};
}

// Whether r received block v in a round before k.
z3::expr received_before_k(const BcastTerms& t, const std::vector<z3::expr>& rv,
                           const z3::expr& v) {
  z3::expr any = t.ctx.bool_val(false);
  for (int j = 0; j < t.q; ++j) {
    any = any || (t.val(j) < t.k && rv[static_cast<std::size_t>(j)] == v);
  }
  return any;
}

// Each property of the seed's invariants as its violation at (r, k), in the order reported.
std::vector<Case> violation_cases(const BcastTerms& t, const CirculantSchedule& s,
                                  const BcastProofOptions& o, const BcastColumns& cols,
                                  const FirstCurrent& fc) {
  const z3::expr& r = t.r;
  const z3::expr& k = t.k;
  const z3::expr &rvk = cols.rvk, &svk = cols.svk, &sfromk = cols.sfromk;
  const z3::expr &has_c = fc.has_c, &c = fc.c, &kc = fc.kc;
  const int q = t.q;
  const auto val = [&](int v) { return t.val(v); };
  const auto inr = [&](const z3::expr& e) { return t.inr(e); };
  const auto received_before = [&](const z3::expr& v) { return received_before_k(t, cols.rv, v); };
  // not_root and to_not_root outlive this function inside the first two cases.
  const z3::expr not_root = r != t.rk(0);
  const z3::expr to_not_root = (r + cols.skipk) != t.rk(s.p);

  std::vector<Case> cases;
  cases.push_back({"value_range", not_root && !inr(rvk), rvk, std::nullopt});
  cases.push_back({"value_range", to_not_root && !inr(svk), svk, std::nullopt});
  cases.push_back(
      {"receive_set",
       not_root && ((inr(rvk) && rvk >= val(0) && k != kc) || (!has_c && k == val(q - 1))), rvk,
       has_c});
  cases.push_back({"no_redundant_receive",
                   not_root && inr(rvk) && rvk < val(0) &&
                       ((has_c && rvk == c - val(q)) || received_before(rvk)),
                   rvk, std::nullopt});
  if (o.has_baseblocks && !s.baseblock.empty()) {
    std::vector<int> bb(s.baseblock.begin(), s.baseblock.end());
    const z3::expr bbr = lookup(t.ctx, bb, r, q);
    cases.push_back({"baseblock", not_root && has_c && k == kc && bbr != c, c, std::nullopt});
  }
  cases.push_back({"agreement", not_root && inr(sfromk) && sfromk != rvk, rvk, std::nullopt});
  cases.push_back({"send_before_receive",
                   not_root && to_not_root && inr(svk) &&
                       !((svk < val(0) && has_c && svk == c - val(q)) || received_before(svk)),
                   svk, std::nullopt});
  cases.push_back({"root_block_order", r == t.rk(0) && inr(svk) && svk > k, svk, std::nullopt});
  return cases;
}

// The solver calls of one proof, counted in res.solver_calls, and the model of the last sat.
struct BcastSearch {
  z3::solver& sol;
  BcastProofResult& res;
  std::optional<z3::model> model;

  // Checks the assertions, with extra (if given) added for this call only.
  SolverOutcome check(const std::optional<z3::expr>& extra) {
    ++res.solver_calls;
    if (extra) {
      sol.push();
      sol.add(*extra);
    }
    const SolverOutcome out = outcome(sol.check());
    if (out == SolverOutcome::sat) model = sol.get_model();
    if (extra) sol.pop();
    return out;
  }

  // Binary search for the smallest value of `var` (unsigned) with a violation, then fix it.
  template <class MakeValue>
  void minimise(const z3::expr& var, const MakeValue& mk) {
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
  }
};

// The first case with a violation at the fixed (r, k); when the search stopped short of that,
// the first case the last model satisfies.
std::size_t violated_case(BcastSearch& search, const std::vector<Case>& cases) {
  std::size_t which = cases.size();
  for (std::size_t i = 0; i < cases.size() && search.res.smallest; ++i) {
    const SolverOutcome out = search.check(cases[i].holds);
    if (out == SolverOutcome::sat) {
      which = i;
      break;
    }
    if (out == SolverOutcome::inconclusive) search.res.smallest = false;
  }
  if (which == cases.size()) {
    // Not minimised to the end: report the first case the last model satisfies.
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (search.model->eval(cases[i].holds, true).is_true()) {
        which = i;
        break;
      }
    }
  }
  CV_ASSERT(which < cases.size(), "a sat model satisfies one of the violation cases");
  return which;
}

// After a sat answer: the witness with the smallest round k, then rank r, then case (as far
// as the solver's limits allow; res.smallest says whether it got there).
Violation smallest_witness(BcastSearch& search, const BcastTerms& t, const std::vector<Case>& cases,
                           std::int64_t p) {
  search.minimise(t.k, [&](std::int64_t v) { return t.val(static_cast<int>(v)); });
  if (search.res.smallest) search.minimise(t.r, [&](std::int64_t v) { return t.rk(v); });
  const Case& cs = cases[violated_case(search, cases)];
  const z3::model& model = *search.model;
  const std::int64_t wr_rank = unsigned_val(model, t.r);
  const int wk = signed8(model, t.k);
  std::int64_t block = signed8(model, cs.block);
  if (cs.has_block && !model.eval(*cs.has_block, true).is_true()) block = kNone;
  const std::string b = block == kNone ? std::string("none") : std::to_string(block);
  return Violation{
      cs.property,
      p,
      kNone,
      wr_rank,
      wk,
      block,
      fmt::format(
          "Z3 model: {} at rank {} in round {} (block {}){}", cs.property, wr_rank, wk, b,
          search.res.smallest ? ", the smallest witness" : ", not proved smallest (rlimit)")};
}

}  // namespace

BcastProofResult prove_bcast(const CirculantSchedule& s, const BcastProofOptions& o) {
  if (s.p < 2 || s.p > kMaxProveBcastP) {
    throw InputError(
        fmt::format("prove bcast: p = {} is outside the accepted 2..{}", s.p, kMaxProveBcastP));
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
  const unsigned wr = static_cast<unsigned>(q) + 2;  // r + skips[k] < 2p fits

  z3::context ctx;
  z3::solver sol(ctx);
  apply_limits(ctx, sol, o.solver);
  const BcastTerms t(ctx, q, wr);
  const BcastColumns cols = round_columns(t, s);
  const FirstCurrent fc = first_current(t, cols.rv);
  const std::vector<Case> cases = violation_cases(t, s, o, cols, fc);
  z3::expr any = ctx.bool_val(false);
  for (const auto& cs : cases) any = any || cs.holds;
  sol.add(z3::ult(t.r, t.rk(p)) && z3::ult(t.k, t.val(q)) && any);

  BcastSearch search{sol, res, std::nullopt};
  res.outcome = search.check(std::nullopt);
  if (res.outcome == SolverOutcome::sat) res.violation = smallest_witness(search, t, cases, p);
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
