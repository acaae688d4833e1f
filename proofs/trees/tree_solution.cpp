#include "proofs/trees/tree_solution.hpp"

#include <fmt/format.h>

#include <cstddef>
#include <vector>

#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify::proofs {

using Idx = std::size_t;

std::int64_t tree_time_upper_bound(const TreeProblem<std::int64_t>& problem) {
  std::int64_t m = 0;
  for (const std::int64_t v : problem.m) m = checked_add(m, v, "total block size m");
  const auto& c = problem.cost;
  const std::int64_t per_message = checked_add(c.alpha, checked_mul(c.beta, m, "beta * m"), "alpha + beta * m");
  return checked_add(checked_mul(problem.p(), per_message, "p * (alpha + beta * m)"),
                     checked_mul(c.gamma, m, "gamma * m"), "tree time bound");
}

void require_exact_tree_problem(const TreeProblem<std::int64_t>& problem, RootChoice root,
                                std::int64_t max_p, const std::string& solver) {
  const std::int64_t p = problem.p();
  if (p < 1) throw InputError(solver + ": p = 0 (an empty block list); at least one block is needed");
  if (p > max_p) {
    throw InputError(fmt::format("{}: p = {} is above this solver's limit {}", solver, p, max_p));
  }
  if (!problem.cost.homogeneous()) throw InputError(solver + ": only homogeneous costs are accepted");
  const auto& c = problem.cost;
  for (const auto& [name, v] : {std::pair{"alpha", c.alpha}, {"beta", c.beta}, {"gamma", c.gamma}}) {
    if (v < 0) throw InputError(fmt::format("{}: {} = {} is negative; accepted: integers >= 0", solver, name, v));
  }
  for (std::int64_t i = 0; i < p; ++i) {
    if (problem.m[static_cast<Idx>(i)] < 0) {
      throw InputError(fmt::format("{}: block size m_{} = {} is negative; accepted: integers >= 0",
                                   solver, i, problem.m[static_cast<Idx>(i)]));
    }
  }
  if (root.root && (*root.root < 0 || *root.root >= p)) {
    throw InputError(fmt::format("{}: root {} is outside [0, {})", solver, *root.root, p));
  }
  // Headroom of 4x so sums of two tree times and a message never overflow inside a solver.
  const std::int64_t bound = tree_time_upper_bound(problem);
  checked_mul(bound, 4, fmt::format("{}: the completion-time bound {}", solver, bound));
}

bool is_spanning_tree(const GatherTree& tree) {
  const std::int64_t p = tree.p();
  if (tree.root < 0 || tree.root >= p) return false;
  std::vector<int> named(static_cast<Idx>(p), 0);  // times v appears in another's sequence
  for (std::int64_t v = 0; v < p; ++v) {
    int self = 0;
    for (const std::int64_t c : tree.sequence[static_cast<Idx>(v)]) {
      if (c < 0 || c >= p) return false;
      if (c == v) {
        ++self;
      } else {
        ++named[static_cast<Idx>(c)];
      }
    }
    if (self != 1) return false;
  }
  for (std::int64_t v = 0; v < p; ++v) {
    if (named[static_cast<Idx>(v)] != (v == tree.root ? 0 : 1)) return false;
  }
  std::vector<char> seen(static_cast<Idx>(p), 0);
  std::vector<std::int64_t> stack{tree.root};
  seen[static_cast<Idx>(tree.root)] = 1;
  std::int64_t reached = 0;
  while (!stack.empty()) {
    const std::int64_t v = stack.back();
    stack.pop_back();
    ++reached;
    for (const std::int64_t c : tree.children(v)) {
      if (seen[static_cast<Idx>(c)]) return false;
      seen[static_cast<Idx>(c)] = 1;
      stack.push_back(c);
    }
  }
  return reached == p;
}

namespace {

struct Range {
  std::int64_t lo, hi, count;
};

Range subtree_range(const GatherTree& tree, std::int64_t v, std::vector<Range>& memo,
                    std::vector<char>& done) {
  if (done[static_cast<Idx>(v)]) return memo[static_cast<Idx>(v)];
  Range r{v, v, 1};
  for (const std::int64_t c : tree.children(v)) {
    const Range s = subtree_range(tree, c, memo, done);
    r.lo = std::min(r.lo, s.lo);
    r.hi = std::max(r.hi, s.hi);
    r.count += s.count;
  }
  done[static_cast<Idx>(v)] = 1;
  memo[static_cast<Idx>(v)] = r;
  return r;
}

}  // namespace

bool is_strongly_ordered(const GatherTree& tree) {
  CV_ASSERT(is_spanning_tree(tree), "is_strongly_ordered needs a spanning tree");
  const Idx p = static_cast<Idx>(tree.p());
  std::vector<Range> memo(p);
  std::vector<char> done(p, 0);
  for (std::int64_t v = 0; v < tree.p(); ++v) {
    const Range r = subtree_range(tree, v, memo, done);
    if (r.hi - r.lo + 1 != r.count) return false;
    std::int64_t next = r.lo;
    for (const std::int64_t c : tree.sequence[static_cast<Idx>(v)]) {
      const Range s = c == v ? Range{v, v, 1} : subtree_range(tree, c, memo, done);
      if (s.lo != next) return false;
      next = s.hi + 1;
    }
  }
  return true;
}

}  // namespace collverify::proofs
