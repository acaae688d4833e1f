#include "proofs/trees/nonordered_z3.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "checkers/trees/tree_time.hpp"
#include "model/error.hpp"
#include "proofs/z3_limits.hpp"

namespace collverify::proofs {
namespace {

using Idx = std::size_t;

// Parent and previous-sibling choices are Boolean matrices with exactly-one constraints (far
// better propagated than integer equalities); times and sizes are integers.
struct Encoding {
  z3::context& ctx;
  std::int64_t p = 0;
  std::vector<z3::expr> x;   // x[w * p + u]: u is w's parent (x[u * p + u]: u is the root)
  std::vector<z3::expr> y;   // y[w * p + v]: v is w's previous sibling (v != w)
  std::vector<z3::expr> first, lvl, size, done, recv;
  z3::expr total;
  explicit Encoding(z3::context& c) : ctx(c), total(c.int_const("T")) {}
  const z3::expr& X(std::int64_t w, std::int64_t u) const { return x[static_cast<Idx>(w * p + u)]; }
  const z3::expr& Y(std::int64_t w, std::int64_t v) const { return y[static_cast<Idx>(w * p + v)]; }
};

z3::expr val(z3::context& ctx, std::int64_t v) { return ctx.int_val(static_cast<int64_t>(v)); }

void declare(Encoding& e, std::int64_t p) {
  z3::context& ctx = e.ctx;
  e.p = p;
  for (std::int64_t w = 0; w < p; ++w) {
    for (std::int64_t u = 0; u < p; ++u) {
      e.x.push_back(ctx.bool_const(fmt::format("x{}_{}", w, u).c_str()));
      e.y.push_back(ctx.bool_const(fmt::format("y{}_{}", w, u).c_str()));
    }
    e.first.push_back(ctx.bool_const(fmt::format("first{}", w).c_str()));
    e.lvl.push_back(ctx.int_const(fmt::format("lvl{}", w).c_str()));
    e.size.push_back(ctx.int_const(fmt::format("size{}", w).c_str()));
    e.done.push_back(ctx.int_const(fmt::format("done{}", w).c_str()));
    e.recv.push_back(ctx.int_const(fmt::format("recv{}", w).c_str()));
  }
}

// Shape: one parent each, one root, previous siblings share the parent, distinct predecessors.
void encode_shape(const Encoding& e, z3::solver& s) {
  z3::context& ctx = e.ctx;
  const std::int64_t p = e.p;
  z3::expr_vector roots(ctx);
  for (std::int64_t w = 0; w < p; ++w) {
    const Idx j = static_cast<Idx>(w);
    z3::expr_vector parents(ctx), preds(ctx);
    for (std::int64_t u = 0; u < p; ++u) parents.push_back(e.X(w, u));
    preds.push_back(e.first[j]);
    for (std::int64_t v = 0; v < p; ++v) {
      if (v != w) preds.push_back(e.Y(w, v));
    }
    s.add(z3::atmost(parents, 1) && z3::atleast(parents, 1) && z3::atmost(preds, 1));
    s.add(z3::implies(!e.X(w, w), z3::atleast(preds, 1)));
    s.add(z3::implies(e.X(w, w), !z3::atleast(preds, 1) && e.lvl[j] == 0));
    s.add(!e.Y(w, w));
    roots.push_back(e.X(w, w));
    for (std::int64_t v = 0; v < p; ++v) {
      if (v == w) continue;
      s.add(z3::implies(e.Y(w, v), !e.X(v, v)));
      for (std::int64_t u = 0; u < p; ++u) {
        if (u != w) s.add(z3::implies(e.Y(w, v) && e.X(w, u), e.X(v, u)));
      }
      if (v > w) {
        for (std::int64_t u = 0; u < p; ++u) {
          if (u != w && u != v) s.add(!(e.first[j] && e.first[static_cast<Idx>(v)] && e.X(w, u) && e.X(v, u)));
          if (u != w && u != v) s.add(!(e.Y(w, u) && e.Y(v, u)));
        }
      }
    }
  }
  s.add(z3::atmost(roots, 1) && z3::atleast(roots, 1));
}

// Symmetry (equal blocks): processors with equal blocks (other than a fixed root) can trade
// places, so each such class is ordered by (depth, end of its message) along the ranks.
void break_equal_sizes(const Encoding& e, z3::solver& s, const TreeProblem<std::int64_t>& pr,
                       RootChoice root) {
  const std::int64_t p = pr.p();
  for (std::int64_t w = 0; w < p; ++w) {
    if (root.root && *root.root == w) continue;
    for (std::int64_t v = w + 1; v < p; ++v) {
      if (root.root && *root.root == v) continue;
      if (pr.m[static_cast<Idx>(v)] != pr.m[static_cast<Idx>(w)]) continue;
      const Idx i = static_cast<Idx>(w), j = static_cast<Idx>(v);
      s.add(e.lvl[i] < e.lvl[j] || (e.lvl[i] == e.lvl[j] && e.recv[i] <= e.recv[j]));
      break;  // the next processor of the class: consecutive pairs order the whole class
    }
  }
}

// Heap order (gamma <= beta; docs/RESULTS-trees-bnb.md, Part 3): every tree can be rebuilt, no
// slower, so that every subtree below the root's own choice is rooted at its largest block, i.e.
// no child holds a larger block than its parent (a fixed root excepted). So x[w][u] is false
// whenever m_w > m_u. The mutant (tests only) forbids m_w < m_u instead.
void break_heap_order(const Encoding& e, z3::solver& s, const TreeProblem<std::int64_t>& pr,
                      RootChoice root, const Z3TreeRules& rules) {
  if (!rules.heap_order || pr.cost.gamma > pr.cost.beta) return;
  const std::int64_t p = pr.p();
  for (std::int64_t u = 0; u < p; ++u) {
    if (root.root && *root.root == u) continue;
    const std::int64_t mu = pr.m[static_cast<Idx>(u)];
    for (std::int64_t w = 0; w < p; ++w) {
      const std::int64_t mw = pr.m[static_cast<Idx>(w)];
      if (w != u && (rules.heap_mutant ? mw < mu : mw > mu)) s.add(!e.X(w, u));
    }
  }
}

void encode(Encoding& e, z3::solver& s, const TreeProblem<std::int64_t>& pr, RootChoice root,
            trees::LeafCopy leaf, const Z3TreeRules& rules) {
  z3::context& ctx = e.ctx;
  const std::int64_t p = pr.p();
  const auto& c = pr.cost;
  declare(e, p);
  encode_shape(e, s);
  auto dur = [&](std::int64_t w) {
    const z3::expr& sz = e.size[static_cast<Idx>(w)];
    const z3::expr msg = val(ctx, c.alpha) + val(ctx, c.beta) * sz;
    return pr.m[static_cast<Idx>(w)] > 0 ? msg : z3::ite(sz > 0, msg, val(ctx, 0));
  };
  std::int64_t total_size = 0;
  for (const std::int64_t b : pr.m) total_size += b;
  for (std::int64_t u = 0; u < p; ++u) {
    const Idx i = static_cast<Idx>(u);
    const std::int64_t copy_len = c.gamma * pr.m[i];
    // LeafCopy::free: only a processor with children copies its block.
    z3::expr has_child = ctx.bool_val(false);
    for (std::int64_t w = 0; w < p; ++w) {
      if (w != u) has_child = has_child || e.X(w, u);
    }
    const z3::expr copy = leaf == trees::LeafCopy::paid ? val(ctx, copy_len)
                                                        : z3::ite(has_child, val(ctx, copy_len), val(ctx, 0));
    s.add(e.lvl[i] >= 0 && e.lvl[i] < val(ctx, p) && e.size[i] >= val(ctx, pr.m[i]));
    // Implied (the tree spans everything): the root's size is m, every size at most m.
    s.add(e.size[i] <= val(ctx, total_size) && z3::implies(e.X(u, u), e.size[i] == val(ctx, total_size)));
    s.add(z3::implies(e.X(u, u), e.total >= e.done[i]));
    s.add(e.done[i] >= copy);
    // u's message to its parent ends after u is done (and after the parent's previous item).
    s.add(z3::implies(!e.X(u, u), e.recv[i] >= e.done[i] + dur(u)));
    z3::expr sum = val(ctx, pr.m[i]);
    z3::expr busy = copy;  // implied: the port is busy this long before done[u]
    z3::expr degree = val(ctx, 0);
    for (std::int64_t w = 0; w < p; ++w) {
      if (w == u) continue;
      const Idx j = static_cast<Idx>(w);
      sum = sum + z3::ite(e.X(w, u), e.size[j], val(ctx, 0));
      // Children that send (a subtree of size 0 sends nothing and costs no alpha).
      const z3::expr sends = pr.m[j] > 0 ? e.X(w, u) : e.X(w, u) && e.size[j] > 0;
      degree = degree + z3::ite(sends, val(ctx, 1), val(ctx, 0));
      busy = busy + z3::ite(e.X(w, u), dur(w), val(ctx, 0));
      // w under u: one deeper; u is done after w's message; the first child follows u's copy.
      s.add(z3::implies(e.X(w, u), e.lvl[j] == e.lvl[i] + 1 && e.done[i] >= e.recv[j]));
      s.add(z3::implies(e.X(w, u) && e.first[j], e.recv[j] >= val(ctx, copy_len) + dur(w)));
      // w's previous sibling is u: w's message follows u's.
      s.add(z3::implies(e.Y(w, u), e.recv[j] >= e.recv[i] + dur(w)));
      // Symmetry (ERD): siblings are received in order of their done times (see the header).
      s.add(z3::implies(e.Y(w, u), e.done[i] <= e.done[j]));
    }
    s.add(e.size[i] == sum);
    s.add(e.done[i] >= busy);
    // The same busy time in terms of u's own size and degree (linear once the degree is known):
    // copy + beta * (Size(u) - m_u) + alpha * (children that send).
    s.add(e.done[i] >= copy + val(ctx, c.beta) * (e.size[i] - val(ctx, pr.m[i])) +
                           val(ctx, c.alpha) * degree);
  }
  if (root.root) s.add(e.X(*root.root, *root.root));
  break_equal_sizes(e, s, pr, root);
  break_heap_order(e, s, pr, root, rules);
}

std::int64_t int_of(const z3::model& m, const z3::expr& x) {
  std::int64_t v = 0;
  const bool ok = m.eval(x, true).is_numeral_i64(v);
  CV_ASSERT(ok, "Z3 model value does not fit int64");
  return v;
}

// The tree of a model: the copy first, then the children by the end of their message (ties by
// rank).
GatherTree tree_of(const Encoding& e, const z3::model& m, std::int64_t p) {
  GatherTree t;
  t.sequence.assign(static_cast<Idx>(p), {});
  std::vector<std::vector<std::pair<std::int64_t, std::int64_t>>> items(static_cast<Idx>(p));
  for (std::int64_t u = 0; u < p; ++u) {
    std::int64_t parent = -1;
    for (std::int64_t v = 0; v < p; ++v) {
      if (m.eval(e.X(u, v), true).is_true()) parent = v;
    }
    CV_ASSERT(parent >= 0, "Z3 model: a processor without parent");
    if (parent == u) {
      t.root = u;
    } else {
      items[static_cast<Idx>(parent)].emplace_back(int_of(m, e.recv[static_cast<Idx>(u)]), u);
    }
  }
  for (std::int64_t u = 0; u < p; ++u) {
    auto& it = items[static_cast<Idx>(u)];
    std::sort(it.begin(), it.end());
    t.sequence[static_cast<Idx>(u)].push_back(u);
    for (const auto& [end, w] : it) t.sequence[static_cast<Idx>(u)].push_back(w);
  }
  return t;
}

struct Session {
  z3::context ctx;
  z3::solver solver;
  Encoding enc;
  std::int64_t p;
  trees::LeafCopy leaf;
  Session(const TreeProblem<std::int64_t>& pr, RootChoice root, const SolverOptions& o,
          trees::LeafCopy l, const Z3TreeRules& rules)
      : solver(ctx), enc(ctx), p(pr.p()), leaf(l) {
    apply_limits(ctx, solver, o);
    encode(enc, solver, pr, root, leaf, rules);
  }
  // Adds T <= bound and checks; on sat stores the re-evaluated tree in `witness`.
  SolverOutcome check_within(const TreeProblem<std::int64_t>& pr, std::int64_t bound,
                             TreeSolution* witness) {
    solver.add(enc.total <= val(ctx, bound));
    const SolverOutcome o = outcome(solver.check());
    if (o == SolverOutcome::sat && witness != nullptr) {
      const z3::model m = solver.get_model();
      GatherTree t = tree_of(enc, m, p);
      CV_ASSERT(is_spanning_tree(t), "Z3 model is not a spanning tree: encoding bug");
      const std::int64_t time = trees::gather_time(t, pr, leaf);
      CV_ASSERT(time <= int_of(m, enc.total), "Figure 1 time above the model's T: encoding bug");
      *witness = TreeSolution{time, std::move(t)};
    }
    return o;
  }
};

}  // namespace

SolverOutcome nonordered_tree_within(const TreeProblem<std::int64_t>& problem, RootChoice root,
                                     std::int64_t bound, const SolverOptions& options,
                                     TreeSolution* witness, trees::LeafCopy leaf,
                                     const Z3TreeRules& rules) {
  require_exact_tree_problem(problem, root, kZ3TreeMaxP, "Z3 tree solver");
  Session session(problem, root, options, leaf, rules);
  return session.check_within(problem, bound, witness);
}

Z3TreeResult nonordered_z3(const TreeProblem<std::int64_t>& problem, RootChoice root,
                           const SolverOptions& options, std::optional<std::int64_t> first_bound,
                           trees::LeafCopy leaf, const Z3TreeRules& rules) {
  require_exact_tree_problem(problem, root, kZ3TreeMaxP, "Z3 tree solver");
  Session session(problem, root, options, leaf, rules);
  Z3TreeResult r;
  std::int64_t bound = first_bound.value_or(tree_time_upper_bound(problem));
  while (true) {
    TreeSolution found;
    ++r.solver_calls;
    const SolverOutcome o = session.check_within(problem, bound, &found);
    if (o == SolverOutcome::inconclusive) return r;
    if (o == SolverOutcome::unsat) {
      CV_ASSERT(r.best.has_value() || first_bound.has_value(), "Z3: no tree within the bound every tree meets");
      r.outcome = SolverOutcome::unsat;
      r.proof = fmt::format("no tree with completion time <= {}: unsat", bound);
      return r;
    }
    r.best = found;
    bound = found.time - 1;
  }
}

}  // namespace collverify::proofs
