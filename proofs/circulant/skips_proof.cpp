#include "proofs/circulant/skips_proof.hpp"

#include <functional>

#include "proofs/z3_limits.hpp"

namespace collverify::proofs {
namespace {

struct Obligation {
  std::string name;
  std::string statement;
  std::vector<std::string> vars;
  std::function<z3::expr(z3::context&, const std::function<z3::expr(const std::string&)>&)>
      hypotheses;
  std::function<z3::expr(z3::context&, const std::function<z3::expr(const std::string&)>&)> claim;
};

using Var = std::function<z3::expr(const std::string&)>;

// y is Algorithm 1's halving of x (ceil), or the false floor variant.
z3::expr halves(const z3::expr& y, const z3::expr& x, SkipsVariant v) {
  if (v == SkipsVariant::floor_halving) return 2 * y <= x && 2 * y >= x - 1;
  return 2 * y >= x && 2 * y <= x + 1;
}

// s = ceil(p / P) for P > 0, as integer inequalities: (s - 1) P < p <= s P.
z3::expr is_ceil_div(const z3::expr& s, const z3::expr& p, const z3::expr& P) {
  return P >= 1 && (s - 1) * P < p && p <= s * P;
}

std::vector<Obligation> obligations(SkipsVariant v) {
  std::vector<Obligation> o;
  o.push_back({"halving_terminates", "x >= 2 and y = half(x) imply 1 <= y < x", {"x", "y"},
               [v](z3::context&, const Var& x) { return x("x") >= 2 && halves(x("y"), x("x"), v); },
               [](z3::context&, const Var& x) { return x("y") >= 1 && x("y") < x("x"); }});
  o.push_back({"closed_form_base", "p >= 2 implies skips[q] = p = ceil(p / 1)", {"p"},
               [](z3::context&, const Var& x) { return x("p") >= 2; },
               [](z3::context& c, const Var& x) { return is_ceil_div(x("p"), x("p"), c.int_val(1)); }});
  o.push_back({"closed_form_step",
               "s = ceil(p/P), s >= 2, s2 = half(s) imply s2 = ceil(p/(2P))",
               {"p", "P", "s", "s2"},
               [v](z3::context&, const Var& x) {
                 return x("p") >= 2 && is_ceil_div(x("s"), x("p"), x("P")) && x("s") >= 2 &&
                        halves(x("s2"), x("s"), v);
               },
               [](z3::context&, const Var& x) { return is_ceil_div(x("s2"), x("p"), 2 * x("P")); }});
  o.push_back({"last_halving_from_two", "x >= 2 and half(x) = 1 imply x = 2", {"x", "y"},
               [v](z3::context&, const Var& x) {
                 return x("x") >= 2 && halves(x("y"), x("x"), v) && x("y") == 1;
               },
               [](z3::context&, const Var& x) { return x("x") == 2; }});
  o.push_back({"rounds_are_ceil_log2",
               "2 = ceil(p/P) (the last skip before 1) implies P < p <= 2P, so the loop fills "
               "skips[0..q] with q = ceil(log2 p)",
               {"p", "P"},
               [](z3::context& c, const Var& x) {
                 return x("p") >= 2 && is_ceil_div(c.int_val(2), x("p"), x("P"));
               },
               [](z3::context&, const Var& x) { return x("P") < x("p") && x("p") <= 2 * x("P"); }});
  o.push_back({"lemma1_double",
               v == SkipsVariant::strict_double ? "b >= 2 and a = half(b) imply a + a > b"
                                                : "b >= 2 and a = half(b) imply b <= a + a <= b + 1",
               {"b", "a"},
               [v](z3::context&, const Var& x) { return x("b") >= 2 && halves(x("a"), x("b"), v); },
               [v](z3::context&, const Var& x) {
                 if (v == SkipsVariant::strict_double) return x("a") + x("a") > x("b");
                 return x("a") + x("a") >= x("b") && x("a") + x("a") <= x("b") + 1;
               }});
  o.push_back({"lemma1_prefix_base", "s0 = 1 and s1 = 2 imply s0 >= s1 - 1", {"s0", "s1"},
               [](z3::context&, const Var& x) { return x("s0") == 1 && x("s1") == 2; },
               [](z3::context&, const Var& x) { return x("s0") >= x("s1") - 1; }});
  o.push_back({"lemma1_prefix_step",
               "S >= b - 1, c >= 2, b = half(c) imply S + b >= c - 1 (S = skips[0] + ... + "
               "skips[k], b = skips[k+1], c = skips[k+2])",
               {"S", "b", "c"},
               [v](z3::context&, const Var& x) {
                 return x("S") >= x("b") - 1 && x("c") >= 2 && halves(x("b"), x("c"), v);
               },
               [](z3::context&, const Var& x) { return x("S") + x("b") >= x("c") - 1; }});
  o.push_back({"lemma1_telescope_base", "T0 = 0 implies T0 = s0 - s0", {"T", "s0"},
               [](z3::context&, const Var& x) { return x("T") == 0; },
               [](z3::context&, const Var& x) { return x("T") == x("s0") - x("s0"); }});
  o.push_back({"lemma1_telescope_step",
               "T = s - s0 implies T + (s2 - s) = s2 - s0 (with s0 = 1, s_q = p: the sum is p - 1)",
               {"T", "s", "s2", "s0"},
               [](z3::context&, const Var& x) { return x("T") == x("s") - x("s0"); },
               [](z3::context&, const Var& x) { return x("T") + (x("s2") - x("s")) == x("s2") - x("s0"); }});
  return o;
}

}  // namespace

std::vector<ObligationResult> prove_skips(const SolverOptions& options, SkipsVariant variant) {
  std::vector<ObligationResult> out;
  for (const Obligation& ob : obligations(variant)) {
    z3::context ctx;
    std::map<std::string, z3::expr> vars;
    for (const auto& name : ob.vars) vars.emplace(name, ctx.int_const(name.c_str()));
    const Var var = [&vars](const std::string& n) { return vars.at(n); };
    const z3::expr hyp = ob.hypotheses(ctx, var);
    const z3::expr claim = ob.claim(ctx, var);
    z3::solver s(ctx);
    apply_limits(ctx, s, options);
    s.add(hyp && !claim);
    ObligationResult r;
    r.name = ob.name;
    r.statement = ob.statement;
    r.formula = z3::implies(hyp, claim).to_string();
    r.outcome = outcome(s.check());
    if (r.outcome == SolverOutcome::sat) {
      const z3::model m = s.get_model();
      for (const auto& [name, e] : vars) {
        r.counterexample[name] = m.eval(e, true).get_numeral_int64();
      }
    }
    out.push_back(std::move(r));
  }
  return out;
}

int skips_exit_code(const std::vector<ObligationResult>& results) {
  bool inconclusive = false;
  for (const auto& r : results) {
    if (r.outcome == SolverOutcome::sat) return 1;
    if (r.outcome == SolverOutcome::inconclusive) inconclusive = true;
  }
  return inconclusive ? 3 : 0;
}

}  // namespace collverify::proofs
