#include "proofs/trees/min_broadcast_time.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <set>

#include "model/error.hpp"
#include "proofs/z3_limits.hpp"

namespace collverify::proofs {
namespace {

using Idx = std::size_t;

std::vector<std::vector<char>> adjacency(const BroadcastGraph& g) {
  std::vector<std::vector<char>> adj(static_cast<Idx>(g.n), std::vector<char>(static_cast<Idx>(g.n), 0));
  for (const auto& [a, b] : g.edges) {
    adj[static_cast<Idx>(a)][static_cast<Idx>(b)] = 1;
    adj[static_cast<Idx>(b)][static_cast<Idx>(a)] = 1;
  }
  return adj;
}

}  // namespace

void require_broadcast_graph(const BroadcastGraph& g) {
  if (g.n < 1 || g.n > 64) throw InputError(fmt::format("broadcast graph: n = {} vertices, accepted 1..64", g.n));
  if (g.root < 0 || g.root >= g.n) throw InputError(fmt::format("broadcast graph: root {} outside [0, {})", g.root, g.n));
  for (const auto& [a, b] : g.edges) {
    if (a < 0 || a >= g.n || b < 0 || b >= g.n) {
      throw InputError(fmt::format("broadcast graph: edge {}-{} has an end outside [0, {})", a, b, g.n));
    }
    if (a == b) throw InputError(fmt::format("broadcast graph: self loop {}-{}", a, b));
  }
  const auto adj = adjacency(g);
  std::vector<char> seen(static_cast<Idx>(g.n), 0);
  std::vector<std::int64_t> stack{g.root};
  seen[static_cast<Idx>(g.root)] = 1;
  while (!stack.empty()) {
    const std::int64_t v = stack.back();
    stack.pop_back();
    for (std::int64_t w = 0; w < g.n; ++w) {
      if (adj[static_cast<Idx>(v)][static_cast<Idx>(w)] && !seen[static_cast<Idx>(w)]) {
        seen[static_cast<Idx>(w)] = 1;
        stack.push_back(w);
      }
    }
  }
  for (std::int64_t v = 0; v < g.n; ++v) {
    if (!seen[static_cast<Idx>(v)]) throw InputError(fmt::format("broadcast graph: vertex {} is unreachable from root {}", v, g.root));
  }
}

std::string check_broadcast_schedule(const BroadcastGraph& g, const BroadcastSchedule& s) {
  const auto adj = adjacency(g);
  if (s.caller.size() != static_cast<Idx>(g.n) || s.round.size() != static_cast<Idx>(g.n)) return "one entry per vertex";
  if (s.round[static_cast<Idx>(g.root)] != 0) return "the root is informed at round 0";
  std::set<std::pair<std::int64_t, std::int64_t>> calls;  // (caller, round)
  std::int64_t last = 0;
  for (std::int64_t v = 0; v < g.n; ++v) {
    if (v == g.root) continue;
    const std::int64_t c = s.caller[static_cast<Idx>(v)], r = s.round[static_cast<Idx>(v)];
    if (c < 0 || c >= g.n || !adj[static_cast<Idx>(c)][static_cast<Idx>(v)]) {
      return fmt::format("vertex {}: caller {} is not a neighbour", v, c);
    }
    if (r < 1 || s.round[static_cast<Idx>(c)] >= r) return fmt::format("vertex {}: caller {} not informed before round {}", v, c, r);
    if (!calls.insert({c, r}).second) return fmt::format("vertex {} calls twice in round {}", c, r);
    last = std::max(last, r);
  }
  if (last != s.rounds) return fmt::format("the last round is {}, not {}", last, s.rounds);
  return "";
}

std::int64_t mbt_brute_force(const BroadcastGraph& g) {
  require_broadcast_graph(g);
  if (g.n > 10) throw InputError("minimum broadcast time brute force: at most 10 vertices");
  const auto adj = adjacency(g);
  const std::uint32_t full = (1U << g.n) - 1;
  std::vector<std::uint32_t> frontier{1U << g.root};
  std::vector<char> seen(Idx{1} << g.n, 0);
  seen[Idx{1} << g.root] = 1;
  for (std::int64_t rounds = 0;; ++rounds) {
    for (const std::uint32_t s : frontier) {
      if (s == full) return rounds;
    }
    std::vector<std::uint32_t> next;
    for (const std::uint32_t s : frontier) {
      // Every way for the informed vertices (in rank order) to call one uninformed neighbour or
      // nobody, each uninformed vertex called at most once.
      std::vector<std::int64_t> informed;
      for (std::int64_t v = 0; v < g.n; ++v) {
        if (s >> v & 1U) informed.push_back(v);
      }
      auto extend = [&](auto&& self, Idx i, std::uint32_t cur) -> void {
        if (i == informed.size()) {
          if (!seen[cur]) seen[cur] = 1, next.push_back(cur);
          return;
        }
        self(self, i + 1, cur);
        for (std::int64_t w = 0; w < g.n; ++w) {
          if (!(cur >> w & 1U) && adj[static_cast<Idx>(informed[i])][static_cast<Idx>(w)]) self(self, i + 1, cur | 1U << w);
        }
      };
      extend(extend, 0, s);
    }
    frontier = std::move(next);
  }
}

MbtResult mbt_z3(const BroadcastGraph& g, const SolverOptions& options) {
  require_broadcast_graph(g);
  const auto adj = adjacency(g);
  z3::context ctx;
  z3::solver s(ctx);
  apply_limits(ctx, s, options);
  const Idx n = static_cast<Idx>(g.n);
  std::vector<z3::expr> round, caller;  // caller[v * n + w]: w informs v
  for (Idx v = 0; v < n; ++v) round.push_back(ctx.int_const(fmt::format("round{}", v).c_str()));
  for (Idx v = 0; v < n; ++v) {
    for (Idx w = 0; w < n; ++w) caller.push_back(ctx.bool_const(fmt::format("call{}_{}", v, w).c_str()));
  }
  const z3::expr total = ctx.int_const("R");
  for (Idx v = 0; v < n; ++v) {
    z3::expr_vector callers(ctx);
    for (Idx w = 0; w < n; ++w) {
      if (!adj[v][w] || static_cast<std::int64_t>(v) == g.root) {
        s.add(!caller[v * n + w]);
        continue;
      }
      callers.push_back(caller[v * n + w]);
      s.add(z3::implies(caller[v * n + w], round[v] >= round[w] + 1));
      for (Idx x = v + 1; x < n; ++x) {
        if (adj[x][w]) s.add(z3::implies(caller[v * n + w] && caller[x * n + w], round[v] != round[x]));
      }
    }
    if (static_cast<std::int64_t>(v) == g.root) {
      s.add(round[v] == 0);
    } else {
      s.add(z3::atmost(callers, 1) && z3::atleast(callers, 1) && round[v] >= 1);
    }
    s.add(total >= round[v]);
  }
  MbtResult r;
  std::int64_t bound = g.n - 1;  // a spanning tree informs one vertex per round at worst
  while (true) {
    s.add(total <= ctx.int_val(static_cast<int64_t>(bound)));
    ++r.solver_calls;
    const SolverOutcome o = outcome(s.check());
    if (o == SolverOutcome::inconclusive) return r;
    if (o == SolverOutcome::unsat) {
      CV_ASSERT(r.found || g.n == 1, "MBT Z3: n - 1 rounds always suffice");
      if (!r.found) r.best = {0, {-1}, {0}}, r.found = true;
      r.outcome = o;
      r.proof = fmt::format("no broadcast in <= {} rounds: unsat", bound);
      return r;
    }
    const z3::model m = s.get_model();
    BroadcastSchedule sch;
    sch.caller.assign(n, -1);
    sch.round.assign(n, 0);
    for (Idx v = 0; v < n; ++v) {
      std::int64_t rv = 0;
      CV_ASSERT(m.eval(round[v], true).is_numeral_i64(rv), "MBT Z3: round not an int64");
      sch.round[v] = rv;
      for (Idx w = 0; w < n; ++w) {
        if (m.eval(caller[v * n + w], true).is_true()) sch.caller[v] = static_cast<std::int64_t>(w);
      }
      sch.rounds = std::max(sch.rounds, rv);
    }
    const std::string fault = check_broadcast_schedule(g, sch);
    CV_ASSERT(fault.empty(), "MBT Z3: the model's schedule fails the checker: encoding bug");
    r.best = sch;
    r.found = true;
    bound = sch.rounds - 1;
  }
}

}  // namespace collverify::proofs
