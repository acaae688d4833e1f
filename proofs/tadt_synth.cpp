#include "proofs/tadt_synth.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <utility>

#include "checkers/network/routed_check.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/verdict.hpp"
#include "proofs/z3_limits.hpp"

namespace collverify::proofs {

using network::Direction;
using network::LevelArc;
using network::LevelTree;
using network::Network;
using Idx = std::size_t;

const char* to_string(TadtMode m) { return m == TadtMode::generic ? "generic" : "per_root"; }

const char* to_string(TadtStatus s) {
  switch (s) {
    case TadtStatus::optimal: return "optimal";
    case TadtStatus::inconclusive: return "inconclusive";
    case TadtStatus::recheck_failed: return "recheck_failed";
  }
  return "?";
}

TadtMode tadt_mode(const Network& net) {
  const auto kind = net.kind();
  if (kind != network::NetworkKind::torus && kind != network::NetworkKind::hypercube &&
      kind != network::NetworkKind::mesh) {
    throw InputError(fmt::format("TADT synthesis: {} is not a torus, mesh or hypercube",
                                 Network::describe(net.spec())));
  }
  if (!net.connected()) {
    throw InputError(fmt::format("TADT synthesis: {} is not connected",
                                 Network::describe(net.spec())));
  }
  return kind == network::NetworkKind::mesh ? TadtMode::per_root : TadtMode::generic;
}

TadtLowerBound tadt_lower_bound(const Network& net, TadtMode mode) {
  TadtLowerBound b;
  b.nodes = net.nodes();
  if (b.nodes <= 1) return b;
  b.ports = net.in_degree(0);
  for (std::int64_t v = 1; v < b.nodes; ++v) b.ports = std::min(b.ports, net.in_degree(v));
  CV_ASSERT(b.ports > 0, "a connected network of two or more nodes has in-degree >= 1");
  b.lemma8 = (b.nodes - 1 + b.ports - 1) / b.ports;
  b.eccentricity = mode == TadtMode::generic ? net.eccentricity(0) : net.diameter();
  b.value = std::max(b.lemma8, b.eccentricity);
  return b;
}

std::int64_t tadt_variables(const Network& net, TadtMode mode, std::int64_t h) {
  const std::string what = "TADT synthesis variables";
  std::int64_t v = checked_mul(net.nodes() - 1, checked_mul(h, net.width(), what), what);
  return mode == TadtMode::per_root ? checked_mul(v, net.nodes(), what) : v;
}

void require_tadt_size(const network::NetworkSpec& spec) {
  std::int64_t n = 1, least = 0;
  bool overflow = false;
  for (const std::int64_t side : spec.params) {
    if (side < 1) throw InputError(fmt::format("TADT synthesis: side {} is below 1", side));
    overflow = overflow || __builtin_mul_overflow(n, side, &n);
  }
  overflow = overflow || __builtin_mul_overflow(n - 1, n - 1, &least);
  if (spec.kind == network::NetworkKind::mesh) {
    overflow = overflow || __builtin_mul_overflow(least, n, &least);
  }
  if (overflow || least > kMaxTadtVariables) {
    throw InputError(fmt::format("TADT synthesis of {}: at least {} Boolean variables (accepted: "
                                 "at most {}); take smaller sides", Network::describe(spec),
                                 overflow ? std::string("2^63") : std::to_string(least),
                                 kMaxTadtVariables));
  }
}

namespace {

// The encoding of one height; `roots` is {0} (generic) or every node (per_root).
class Encoding {
 public:
  Encoding(const Network& net, TadtMode mode, std::int64_t h, const TadtEncoding& encoding,
           z3::context& ctx)
      : net_(net), mode_(mode), h_(h), n_(static_cast<Idx>(net.nodes())),
        k_(static_cast<Idx>(net.width())), enc_(encoding), ctx_(ctx) {
    pred_.assign(n_ * k_, -1);
    for (std::int64_t u = 0; u < net.nodes(); ++u) {
      for (Direction d = 0; d < net.width(); ++d) {
        if (const auto t = net.target(u, d)) pred_[static_cast<Idx>(*t) * k_ + static_cast<Idx>(d)] = u;
      }
    }
    roots_ = mode == TadtMode::generic ? 1 : n_;
  }

  std::int64_t add_to(z3::solver& s) {
    std::int64_t count = 0;
    // One expr_vector each: copies of a z3::expr_vector share the same Z3 vector.
    const Idx slots = static_cast<Idx>(h_) * (mode_ == TadtMode::generic ? k_ : n_ * k_);
    slots_.clear();
    for (Idx i = 0; i < slots; ++i) slots_.emplace_back(ctx_);
    x_.assign(roots_, std::vector<std::vector<Var>>(n_));
    for (Idx r = 0; r < roots_; ++r) count += add_tree(s, r);
    z3::expr_vector occupied(ctx_);
    for (const auto& slot : slots_) {
      if (slot.size() > 1) s.add(z3::atmost(slot, 1));
      if (!enc_.redundant || slot.empty()) continue;
      occupied.push_back(ctx_.bool_const(fmt::format("occ_{}", occupied.size()).c_str()));
      s.add(z3::implies(occupied.back(), z3::mk_or(slot)));
    }
    if (enc_.redundant) {  // the slots left empty are at most k * h - (N - 1) per tree
      s.add(z3::atleast(occupied, static_cast<unsigned>(roots_ * (n_ - 1))));
    }
    if (!enc_.node_map.empty()) add_symmetry(s);
    return count;
  }

  std::vector<LevelTree> decode(const z3::model& m) const {
    std::vector<LevelTree> out(roots_);
    for (Idx r = 0; r < roots_; ++r) {
      out[r].root = static_cast<std::int64_t>(r);
      for (Idx v = 0; v < n_; ++v) {
        for (const Var& x : x_[r][v]) {
          if (!m.eval(x.lit, true).is_true()) continue;
          out[r].arcs.push_back(LevelArc{pred_[v * k_ + static_cast<Idx>(x.d)], x.d, x.l});
        }
      }
    }
    return out;
  }

 private:
  struct Var {
    Direction d;
    std::int64_t l;
    z3::expr lit;
  };

  z3::expr_vector& slot(Idx v, Direction d, std::int64_t l) {
    const Idx dl = static_cast<Idx>(l) * k_ + static_cast<Idx>(d);
    return slots_[mode_ == TadtMode::generic ? dl : dl * n_ + v];  // per_root: the arc into v
  }

  z3::expr bool_var(const char* tag, Idx r, Idx v, std::int64_t a, std::int64_t b) {
    return ctx_.bool_const(fmt::format("{}_{}_{}_{}_{}", tag, r, v, a, b).c_str());
  }

  std::int64_t add_tree(z3::solver& s, Idx r) {
    const auto dist = net_.distances_from(static_cast<std::int64_t>(r));
    // held[v][t]: v holds the packet after level t (only as strong as the x that justify it).
    std::vector<std::vector<z3::expr>> held(n_);
    std::int64_t count = 0;
    for (Idx v = 0; v < n_; ++v) {
      if (v == r) continue;
      for (std::int64_t l = 0; l < h_; ++l) {
        for (Direction d = 0; d < net_.width(); ++d) {
          const std::int64_t u = pred_[v * k_ + static_cast<Idx>(d)];
          if (u < 0 || l < dist[static_cast<Idx>(u)]) continue;
          x_[r][v].push_back(Var{d, l, bool_var("x", r, v, l, d)});
          slot(v, d, l).push_back(x_[r][v].back().lit);
          ++count;
        }
      }
      z3::expr_vector mine(ctx_);
      for (const Var& x : x_[r][v]) mine.push_back(x.lit);
      if (mine.empty()) {
        s.add(ctx_.bool_val(false));  // v cannot be reached within h levels
        continue;
      }
      s.add(z3::atleast(mine, 1) && z3::atmost(mine, 1));
      for (std::int64_t t = 0; t + 1 < h_; ++t) {
        held[v].push_back(bool_var("e", r, v, t, 0));
        z3::expr why = t > 0 ? held[v][static_cast<Idx>(t - 1)] : ctx_.bool_val(false);
        for (const Var& x : x_[r][v]) {
          if (x.l == t) why = why || x.lit;
        }
        s.add(z3::implies(held[v].back(), why));
        if (enc_.redundant) s.add(z3::implies(why, held[v].back()));
      }
    }
    for (Idx v = 0; v < n_; ++v) {
      for (const Var& x : x_[r][v]) {
        const Idx u = static_cast<Idx>(pred_[v * k_ + static_cast<Idx>(x.d)]);
        if (u != r) s.add(z3::implies(x.lit, held[u][static_cast<Idx>(x.l - 1)]));
      }
    }
    return count;
  }

  // x[v][l][d] == x[g v][l][g d] for the automorphism g of the encoding (generic mode).
  void add_symmetry(z3::solver& s) {
    for (Idx v = 0; v < n_; ++v) {
      const Idx gv = static_cast<Idx>(enc_.node_map[v]);
      for (const Var& x : x_[0][v]) {
        const Direction gd = enc_.direction_map[static_cast<Idx>(x.d)];
        bool matched = false;
        for (const Var& y : x_[0][gv]) {
          if (y.l == x.l && y.d == gd) s.add(x.lit == y.lit), matched = true;
        }
        CV_ASSERT(matched, "an automorphism fixing 0 keeps distances, so the image variable exists");
      }
    }
  }

  const Network& net_;
  TadtMode mode_;
  std::int64_t h_;
  Idx n_, k_, roots_ = 1;
  const TadtEncoding& enc_;
  z3::context& ctx_;
  std::vector<std::int64_t> pred_;  // v * k + d -> the node whose d-arc enters v, -1: none
  std::vector<z3::expr_vector> slots_;
  std::vector<std::vector<std::vector<Var>>> x_;  // [root][v]
};

using Clock = std::chrono::steady_clock;

}  // namespace

TadtEncoding tadt_symmetric_encoding(const Network& net) {
  TadtEncoding e;
  const auto& sides = net.spec().params;
  if (net.kind() != network::NetworkKind::torus) return e;
  for (const std::int64_t side : sides) {
    if (side < 3 || side % 2 == 0) return e;
  }
  const bool rotation = sides.size() == 2 && sides[0] == sides[1];
  for (std::int64_t v = 0; v < net.nodes(); ++v) {
    auto c = net.coordinates(v);
    if (rotation) {
      c = {(sides[1] - c[1]) % sides[1], c[0]};
    } else {
      for (std::size_t i = 0; i < c.size(); ++i) c[i] = (sides[i] - c[i]) % sides[i];
    }
    std::int64_t id = 0;
    for (std::size_t i = c.size(); i-- > 0;) id = id * sides[i] + c[i];
    e.node_map.push_back(id);
  }
  if (rotation) {
    e.direction_map = {2, 3, 1, 0};  // +0 -> +1, -0 -> -1, +1 -> -0, -1 -> +0
  } else {
    for (Direction d = 0; d < net.width(); ++d) e.direction_map.push_back(d ^ 1);
  }
  return e;
}

TadtQuery tadt_query(const Network& net, TadtMode mode, std::int64_t h,
                     const SolverOptions& options, const TadtEncoding& encoding) {
  const auto t0 = Clock::now();
  TadtQuery q;
  q.attempt.height = h;
  z3::context ctx;
  z3::solver s(ctx, "QF_FD");
  apply_limits(ctx, s, options);
  Encoding enc(net, mode, h, encoding, ctx);
  q.attempt.variables = enc.add_to(s);
  q.attempt.outcome = outcome(s.check());
  if (q.attempt.outcome == SolverOutcome::sat) q.trees = enc.decode(s.get_model());
  q.attempt.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return q;
}

std::string recheck_tadt(const Network& net, std::span<const LevelTree> trees,
                         std::int64_t lower_bound) {
  std::vector<LevelTree> all;
  if (trees.size() == 1 && net.has_translations()) {
    all = network::all_translations(net, trees[0]);
  } else {
    all.assign(trees.begin(), trees.end());
  }
  if (static_cast<std::int64_t>(all.size()) != net.nodes()) {
    return fmt::format("trees: {} trees for {} nodes", all.size(), net.nodes());
  }
  for (std::size_t r = 0; r < all.size(); ++r) {
    if (all[r].root != static_cast<std::int64_t>(r)) {
      return fmt::format("trees: tree {} is rooted at {}", r, all[r].root);
    }
    std::vector<std::pair<std::int64_t, Direction>> arcs;
    for (const LevelArc& a : all[r].arcs) {
      if (a.level < 0) {
        return fmt::format("level: tree {}: arc from {} at level {}", r, a.from, a.level);
      }
      arcs.emplace_back(a.from, a.direction);
    }
    const std::string defect = net.spanning_tree_defect(all[r].root, arcs);
    if (!defect.empty()) return fmt::format("spanning_tree: tree {}: {}", r, defect);
  }
  const auto schedule = network::all_to_all_schedule(net, all);
  const auto result = network::check_routed(net, schedule, {lower_bound});
  if (result.witness) {
    return fmt::format("{}: {}", network::to_string(result.witness->property),
                       result.witness->message);
  }
  return "";
}

namespace {

std::string bound_text(const TadtLowerBound& b) {
  return fmt::format("lower bound max(Lemma 8: ceil({}/{}) = {}, eccentricity {}) = {}",
                     b.nodes - 1, b.ports, b.lemma8, b.eccentricity, b.value);
}

void require_size(const Network& net, TadtMode mode, std::int64_t h) {
  const std::int64_t v = tadt_variables(net, mode, h);
  if (v > kMaxTadtVariables) {
    throw InputError(fmt::format(
        "TADT synthesis of {}: {} Boolean variables at height {} (accepted: at most {}); take "
        "smaller sides",
        Network::describe(net.spec()), v, h, kMaxTadtVariables));
  }
}

}  // namespace

void judge_tadt(TadtSynthResult& r, std::uint64_t rlimit) {
  const std::int64_t h = r.height;
  const TadtAttempt* below = nullptr;
  for (const TadtAttempt& a : r.attempts) {
    if (a.height == h - 1 && !a.symmetric) below = &a;  // a restricted query proves nothing
  }
  if (!r.recheck.empty()) {
    r.status = TadtStatus::recheck_failed;
    r.proof = fmt::format("Z3's tree of height {} fails the re-check: {}", h, r.recheck);
  } else if (h <= r.bound.value) {
    r.status = TadtStatus::optimal;
    r.proof = fmt::format("height {} equals the {}", h, bound_text(r.bound));
    if (below != nullptr) {
      r.proof += fmt::format("; Z3 at height {}: {}", h - 1, to_string(below->outcome));
    }
  } else if (below != nullptr && below->outcome == SolverOutcome::unsat) {
    r.status = TadtStatus::optimal;
    r.proof = fmt::format("no tree of height <= {}: Z3 unsat (rlimit {}); above the {}", h - 1,
                          rlimit, bound_text(r.bound));
  } else {
    r.status = TadtStatus::inconclusive;
    r.proof = below != nullptr
                  ? fmt::format("minimality not proved: Z3 gave up at height {} (rlimit {}); {}",
                                h - 1, rlimit, bound_text(r.bound))
                  : fmt::format("minimality not proved: height {} was not decided; {}", h - 1,
                                bound_text(r.bound));
  }
}

namespace {

void accept_tree(const Network& net, TadtSynthResult& r, TadtQuery& q, std::uint64_t rlimit) {
  r.found = true;
  r.trees = std::move(q.trees);
  for (const LevelTree& t : r.trees) r.height = std::max(r.height, network::height(t));
  r.recheck = recheck_tadt(net, r.trees, r.bound.value);
  judge_tadt(r, rlimit);
}

}  // namespace

TadtSynthResult synthesize_tadt(const Network& net, const TadtSynthOptions& options) {
  const auto t0 = Clock::now();
  TadtSynthResult r;
  r.mode = tadt_mode(net);
  r.bound = tadt_lower_bound(net, r.mode);
  const std::int64_t n = net.nodes();
  if (n == 1) {
    r.found = true;
    r.trees.push_back(LevelTree{});
    r.status = TadtStatus::optimal;
    r.proof = "a single node: height 0";
    return r;
  }
  const std::int64_t last = options.max_height > 0 ? options.max_height : n - 1;
  std::int64_t h = r.bound.value;
  if (options.from_below_bound && h > 0) --h;
  require_size(net, r.mode, h);
  TadtEncoding plain;
  // The implied constraints help the generic tree (9x9: from minutes to a second) but slow the
  // per-root meshes down (4x4: 7 s -> 100 s): one cardinality over N (N - 1) trees' slots.
  plain.redundant = options.redundant && r.mode == TadtMode::generic;
  if (options.symmetric_first && !options.from_below_bound) {
    TadtEncoding sym = tadt_symmetric_encoding(net);
    sym.redundant = options.redundant;
    if (!sym.node_map.empty()) {
      TadtQuery q = tadt_query(net, r.mode, h, options.solver, sym);
      q.attempt.symmetric = true;
      r.attempts.push_back(q.attempt);
      if (q.attempt.outcome == SolverOutcome::sat) {
        accept_tree(net, r, q, options.solver.rlimit);
        r.proof += sym.direction_map[0] == 2  // "+0" -> "+1": the rotation, not a reflection
                       ? "; the tree is invariant under the rotation (x, y) -> (-y, x)"
                       : "; the tree is invariant under the point reflection v -> -v";
        r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        return r;
      }
    }
  }
  std::int64_t inconclusive_in_a_row = 0;
  for (; h <= last && inconclusive_in_a_row < options.max_inconclusive; ++h) {
    if (tadt_variables(net, r.mode, h) > kMaxTadtVariables) break;
    TadtQuery q = tadt_query(net, r.mode, h, options.solver, plain);
    r.attempts.push_back(q.attempt);
    const bool gave_up = q.attempt.outcome == SolverOutcome::inconclusive;
    inconclusive_in_a_row = gave_up ? inconclusive_in_a_row + 1 : 0;
    if (q.attempt.outcome != SolverOutcome::sat) continue;
    accept_tree(net, r, q, options.solver.rlimit);
    break;
  }
  if (!r.found) {
    r.status = TadtStatus::inconclusive;
    r.proof = fmt::format("no tree found up to height {} (rlimit {}, {} inconclusive in a row, at "
                          "most {} variables); {}", r.attempts.back().height, options.solver.rlimit,
                          inconclusive_in_a_row, kMaxTadtVariables, bound_text(r.bound));
  }
  r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return r;
}

namespace {

// Backtracking of tadt_min_height_brute_force at one height.
struct BruteForce {
  const Network& net;
  bool generic;  // slots (level, direction); otherwise (level, arc)
  std::int64_t h;
  std::vector<std::pair<std::int64_t, std::int64_t>> items;  // (root, node)
  std::vector<std::int64_t> level, from;                     // per item
  std::vector<char> used;                                    // per slot

  std::int64_t item_of(std::int64_t root, std::int64_t node) const {
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (items[i] == std::pair{root, node}) return static_cast<std::int64_t>(i);
    }
    return -1;
  }

  bool valid() const {  // every node above its parent in its own tree
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (from[i] == items[i].first) continue;
      if (level[static_cast<Idx>(item_of(items[i].first, from[i]))] >= level[i]) return false;
    }
    return true;
  }

  bool search(std::size_t i) {
    if (i == items.size()) return valid();
    const auto [root, v] = items[i];
    for (std::int64_t l = 0; l < h; ++l) {
      for (Direction d = 0; d < net.width(); ++d) {
        std::int64_t u = -1;
        for (std::int64_t w = 0; w < net.nodes() && u < 0; ++w) {
          if (net.target(w, d) == v) u = w;
        }
        if (u < 0) continue;
        const std::int64_t key = l * net.width() + d;
        const Idx slot = static_cast<Idx>(generic ? key : key * net.nodes() + v);
        if (used[slot]) continue;
        used[slot] = 1, level[i] = l, from[i] = u;
        if (search(i + 1)) return true;
        used[slot] = 0;
      }
    }
    return false;
  }
};

}  // namespace

std::int64_t tadt_min_height_brute_force(const Network& net) {
  const TadtMode mode = tadt_mode(net);
  const std::int64_t n = net.nodes();
  const std::int64_t items = (n - 1) * (mode == TadtMode::generic ? 1 : n);
  if (items > kMaxBruteForceItems) {
    throw InputError(fmt::format("TADT brute force: {} has {} tree nodes to place (accepted: at "
                                 "most {})", Network::describe(net.spec()), items,
                                 kMaxBruteForceItems));
  }
  for (std::int64_t h = 0;; ++h) {
    BruteForce b{net, mode == TadtMode::generic, h, {}, {}, {}, {}};
    for (std::int64_t r = 0; r < (mode == TadtMode::generic ? 1 : n); ++r) {
      for (std::int64_t v = 0; v < n; ++v) {
        if (v != r) b.items.emplace_back(r, v);
      }
    }
    b.level.assign(b.items.size(), -1);
    b.from.assign(b.items.size(), -1);
    b.used.assign(static_cast<Idx>(h * net.width() * n), 0);
    if (b.search(0)) return h;
  }
}

int tadt_exit_code(const TadtSynthResult& r) {
  switch (r.status) {
    case TadtStatus::optimal: return 0;
    case TadtStatus::recheck_failed: return 1;
    case TadtStatus::inconclusive: return 3;
  }
  return 3;
}

}  // namespace collverify::proofs
