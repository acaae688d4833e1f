// Z3 synthesis of time-arc-disjoint trees (TADTs, seed 003: Lemma 8, Definition 9, Corollary 10,
// Lemma 11) of minimum height, for the networks with no closed-form construction (even and
// rectangular tori, 3D tori with any sides, meshes).
//
// Two modes, chosen by the network:
//   generic   (torus, hypercube: vertex-symmetric and orthogonal, translate_direction is the
//             identity): one spanning tree rooted at 0 whose arcs at each level have pairwise
//             distinct directions (Lemma 11); its N translations are then pairwise TADTs.
//   per_root  (mesh: no translations): N trees, tree r rooted at r, such that no arc (u, d) is
//             used by two trees at the same level (Definition 9 directly).
// Encoding (one Z3 query per height h, plain Booleans and cardinalities, solver "QF_FD"):
//   x[v][l][d]   v is entered at level l over the arc of direction d (from pred(v, d), the node
//                whose d-arc enters v); only for l >= dist(root, pred) (a node at distance delta
//                cannot send before level delta), l < h;
//   exactly one x per non-root node; at most one x per (level, direction) (generic) or per
//   (level, arc) over the trees (per_root); x[v][l][d] -> e[pred][l-1] where e[u][t] ("u holds
//   the packet after level t") -> e[u][t-1] or some x[u][t][.], e[u][-1] false, e[root][.] true.
// Implied constraints (tori only, TadtEncoding::redundant): e defined both ways and at most
// k * h - (N - 1) empty slots. On tori with odd sides the search first asks once, at L, for a
// tree invariant under a rotation or point reflection (tadt_symmetric_encoding).
// Search: h from the lower bound L upwards until sat (at most N - 1: a breadth-first order with
// one arc per level always fits), giving up after max_inconclusive exhausted rlimits in a row.
// L = max(Lemma 8's ceil((N - 1)/k), the root's eccentricity (per_root: the diameter)), where k is the smallest in-degree (torus: the degree; a mesh corner
// receives its N - 1 packets through 2 ports). Optimality: h = L, or Z3 answered unsat at h - 1;
// an exhausted rlimit at h - 1 leaves the height inconclusive (exit 3), never a pass.
// Trust: every tree Z3 returns is re-checked by recheck_tadt (spanning-tree structure plus the
// routed checker of checkers/network/ on the all-to-all schedule of the N trees, all-port, full
// duplex, store-and-forward, non-combining, held against L); a tree that fails is reported as
// recheck_failed (exit 1), not as a result.
// Cost: (N - 1) * h * k Booleans (per_root: N times that); sizes above kMaxTadtVariables are
// refused up front with the count. Ties: whatever model Z3 returns first (deterministic for a
// given Z3 version and rlimit).
// Example: torus 3x3: L = ceil(8/4) = 2, sat at h = 2, optimal (equals the bound); mesh 2x2:
// L = max(ceil(3/2), 2) = 2, four trees of height 2.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/network/level_tree.hpp"
#include "model/network/network.hpp"
#include "proofs/solver.hpp"

namespace collverify::proofs {

enum class TadtMode { generic, per_root };
const char* to_string(TadtMode m);

// Boolean variables of the encoding above which a size is refused (about 1 KiB of Z3 memory
// each with the clauses).
inline constexpr std::int64_t kMaxTadtVariables = 2'000'000;

struct TadtLowerBound {
  std::int64_t nodes = 0;
  std::int64_t ports = 0;         // k: the smallest in-degree
  std::int64_t lemma8 = 0;        // ceil((N - 1) / k)
  std::int64_t eccentricity = 0;  // generic: of node 0; per_root: the diameter
  std::int64_t value = 0;         // max of the two
};

struct TadtAttempt {
  std::int64_t height = 0;
  SolverOutcome outcome = SolverOutcome::inconclusive;
  std::int64_t variables = 0;
  double seconds = 0;
  bool symmetric = false;  // asked for a tree invariant under tadt_symmetric_encoding's map
};

enum class TadtStatus {
  optimal,         // a tree of height h, re-checked, and h is proved minimal
  inconclusive,    // a tree (re-checked) but minimality not proved, or no tree within the limits
  recheck_failed,  // Z3's tree failed the independent re-check: an encoding bug (exit 1)
};
const char* to_string(TadtStatus s);

struct TadtSynthOptions {
  SolverOptions solver;
  // Start one level below the lower bound, so that Z3 itself confirms the bound (a cross-check of
  // the encoding; a tree found there fails the re-check's lower_bound).
  bool from_below_bound = false;
  std::int64_t max_height = 0;  // 0: N - 1
  // The search gives up after this many inconclusive heights in a row (each costs a whole rlimit;
  // a larger height is usually easier, so one or two are worth trying).
  std::int64_t max_inconclusive = 3;
  bool redundant = true;  // TadtEncoding::redundant in every generic query (meshes: never)
  // Before the search, ask once at the lower bound for a tree invariant under
  // tadt_symmetric_encoding's map (tori with odd sides; a quarter or half of the problem). A tree
  // found there is re-checked like any other and is optimal by the bound; an unsat or inconclusive
  // answer there proves nothing and the ordinary search follows.
  bool symmetric_first = true;
};

struct TadtSynthResult {
  TadtMode mode = TadtMode::generic;
  TadtLowerBound bound;
  bool found = false;
  std::int64_t height = 0;
  std::vector<network::LevelTree> trees;  // generic: one, rooted at 0; per_root: N, tree r at r
  std::vector<TadtAttempt> attempts;      // in the order asked
  TadtStatus status = TadtStatus::inconclusive;
  std::string proof;    // one line: why h is minimal, or why that is not known
  std::string recheck;  // empty: the re-check passed; otherwise its witness
  double seconds = 0;
};

// The mode of `net`; InputError for networks the synthesis does not take (fully connected,
// crossbar) or that are not connected.
TadtMode tadt_mode(const network::Network& net);
TadtLowerBound tadt_lower_bound(const network::Network& net, TadtMode mode);
// Booleans of the query at height h (InputError on overflow).
std::int64_t tadt_variables(const network::Network& net, TadtMode mode, std::int64_t h);

// Refuses, before the network is built, a torus or mesh whose query at Lemma 8's bound would
// exceed kMaxTadtVariables: (N - 1)^2 (times N on a mesh) is a lower bound on that count, since
// h * width >= N - 1 there. InputError naming the network and the count.
void require_tadt_size(const network::NetworkSpec& spec);

// Variants of the encoding. redundant: implied constraints that help propagation (held[u][t]
// defined both ways; at most k * h - (N - 1) slots left empty). node_map / direction_map (generic
// mode only; empty: none): an automorphism g of the network fixing 0, and the tree is asked to be
// invariant under it (x[v][l][d] == x[g v][l][g d]) -- a restriction, so its unsat proves nothing.
struct TadtEncoding {
  bool redundant = false;
  std::vector<std::int64_t> node_map;
  std::vector<network::Direction> direction_map;
};

// The automorphism tadt_symmetric_encoding uses on a torus whose sides are all odd and >= 3
// (fixed-point free on the nodes other than 0, so invariant trees may exist): 2D square, the
// rotation (x, y) -> (-y, x) ("+0" -> "+1" -> "-0" -> "-1"), the four snakes of the seed; otherwise
// the point reflection v -> -v ("+i" <-> "-i"). Empty maps for any other network.
TadtEncoding tadt_symmetric_encoding(const network::Network& net);

// One query: a tree (or N trees) of height <= h, or unsat / inconclusive.
struct TadtQuery {
  TadtAttempt attempt;
  std::vector<network::LevelTree> trees;  // when sat
};
TadtQuery tadt_query(const network::Network& net, TadtMode mode, std::int64_t h,
                     const SolverOptions& options, const TadtEncoding& encoding = {});

// The search from the lower bound upwards; InputError when the first query exceeds
// kMaxTadtVariables (the message names the network and the count).
TadtSynthResult synthesize_tadt(const network::Network& net, const TadtSynthOptions& options);

// Sets status and proof of a result whose tree (height, recheck filled in) was found after
// `attempts`: recheck_failed if the re-check failed; optimal if height <= the lower bound or the
// (non-symmetric) attempt at height - 1 was unsat; inconclusive otherwise (part of synthesize_tadt, exposed for
// its tests).
void judge_tadt(TadtSynthResult& r, std::uint64_t rlimit);

// The independent re-check. `trees`: one generic tree (networks with translations; all N
// translations are checked) or N trees, tree r rooted at r. Empty when every tree is a spanning
// tree of `net` (Network::spanning_tree_defect) with non-negative levels and the all-to-all
// routed schedule passes check_routed against `lower_bound` (kNone: none); otherwise the defect,
// led by the property broken ("spanning_tree: ...", "arc_exclusivity: round 1: ...", the routed
// checker's property names).
std::string recheck_tadt(const network::Network& net, std::span<const network::LevelTree> trees,
                         std::int64_t lower_bound);

// The slow, obviously correct twin of the search: the smallest height for which some assignment
// of a (level, direction) to every non-root node of every tree uses each slot (generic: (level,
// direction); per_root: (level, arc)) at most once and gives every node a level above its
// parent's; by backtracking over nodes in index order. For tiny networks only: InputError above
// kMaxBruteForceItems (non-root nodes over all trees).
inline constexpr std::int64_t kMaxBruteForceItems = 12;
std::int64_t tadt_min_height_brute_force(const network::Network& net);

// 0 optimal, 1 recheck_failed, 3 inconclusive.
int tadt_exit_code(const TadtSynthResult& r);

}  // namespace collverify::proofs
