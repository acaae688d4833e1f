#include "proofs/trees/kported_gather.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "proofs/z3_limits.hpp"

namespace collverify::proofs {
namespace {

using Idx = std::size_t;

std::int64_t message(const KPortedProblem& pr, std::int64_t b) { return b == 0 ? 0 : pr.alpha + pr.beta * b; }

}  // namespace

void require_kported_problem(const KPortedProblem& pr) {
  if (pr.m.empty()) throw InputError("k-ported gather: no blocks; give at least one");
  if (pr.m.size() > 64) throw InputError(fmt::format("k-ported gather: {} blocks, at most 64", pr.m.size()));
  if (pr.k < 1 || pr.k > 64) throw InputError(fmt::format("k-ported gather: k = {} ports, accepted 1..64", pr.k));
  if (pr.alpha < 0 || pr.beta < 0) {
    throw InputError(fmt::format("k-ported gather: alpha = {}, beta = {}; accepted: integers >= 0", pr.alpha, pr.beta));
  }
  std::int64_t total = 0;
  for (Idx i = 0; i < pr.m.size(); ++i) {
    if (pr.m[i] < 0) throw InputError(fmt::format("k-ported gather: block m_{} = {} is negative", i, pr.m[i]));
    total = checked_add(total, checked_add(pr.alpha, checked_mul(pr.beta, pr.m[i], "beta * m_i"), "alpha + beta m_i"),
                        "k-ported gather: total time");
  }
  checked_mul(total, 4, "k-ported gather: time bound");
}

std::int64_t star_gather_time(const KPortedProblem& pr, const std::vector<std::int64_t>& port) {
  CV_ASSERT(port.size() == pr.m.size(), "one port per block");
  std::vector<std::int64_t> finish(static_cast<Idx>(pr.k), 0);  // each port receives in turn
  for (Idx i = 0; i < pr.m.size(); ++i) {
    CV_ASSERT(port[i] >= 0 && port[i] < pr.k, "port outside [0, k)");
    finish[static_cast<Idx>(port[i])] += message(pr, pr.m[i]);
  }
  return *std::max_element(finish.begin(), finish.end());  // the root's m_r = 0: no copy
}

KPortedSchedule kported_brute_force(const KPortedProblem& pr) {
  require_kported_problem(pr);
  if (pr.m.size() > 12) throw InputError("k-ported brute force: at most 12 blocks");
  std::vector<std::int64_t> port(pr.m.size(), 0);
  KPortedSchedule best{star_gather_time(pr, port), port};
  while (true) {
    Idx i = 0;
    for (; i < port.size(); ++i) {
      if (++port[i] < pr.k) break;
      port[i] = 0;
    }
    if (i == port.size()) return best;
    const std::int64_t t = star_gather_time(pr, port);
    if (t < best.time) best = {t, port};
  }
}

KPortedResult kported_gather_z3(const KPortedProblem& pr, const SolverOptions& options) {
  require_kported_problem(pr);
  z3::context ctx;
  z3::solver s(ctx);
  apply_limits(ctx, s, options);
  const Idx n = pr.m.size(), k = static_cast<Idx>(pr.k);
  std::vector<z3::expr> on;  // on[i * k + j]: block i goes to port j
  for (Idx i = 0; i < n; ++i) {
    z3::expr_vector row(ctx);
    for (Idx j = 0; j < k; ++j) {
      on.push_back(ctx.bool_const(fmt::format("on{}_{}", i, j).c_str()));
      row.push_back(on.back());
    }
    s.add(z3::atmost(row, 1) && z3::atleast(row, 1));
  }
  s.add(on[0]);  // ports are interchangeable: block 0 on port 0
  const z3::expr total = ctx.int_const("T");
  for (Idx j = 0; j < k; ++j) {
    z3::expr load = ctx.int_val(0);
    for (Idx i = 0; i < n; ++i) {
      load = load + z3::ite(on[i * k + j], ctx.int_val(static_cast<int64_t>(message(pr, pr.m[i]))), ctx.int_val(0));
    }
    s.add(total >= load);
  }
  KPortedResult r;
  std::int64_t bound = 0;
  for (const std::int64_t b : pr.m) bound += message(pr, b);
  while (true) {
    s.add(total <= ctx.int_val(static_cast<int64_t>(bound)));
    ++r.solver_calls;
    const SolverOutcome o = outcome(s.check());
    if (o == SolverOutcome::inconclusive) return r;
    if (o == SolverOutcome::unsat) {
      CV_ASSERT(r.found, "k-ported Z3: the serial bound is always met");
      r.outcome = o;
      r.proof = fmt::format("no schedule with completion time <= {}: unsat", bound);
      return r;
    }
    const z3::model mdl = s.get_model();
    std::vector<std::int64_t> port(n, -1);
    for (Idx i = 0; i < n; ++i) {
      for (Idx j = 0; j < k; ++j) {
        if (mdl.eval(on[i * k + j], true).is_true()) port[i] = static_cast<std::int64_t>(j);
      }
    }
    r.best = {star_gather_time(pr, port), port};  // re-simulated, never the model's T
    r.found = true;
    bound = r.best.time - 1;
  }
}

}  // namespace collverify::proofs
