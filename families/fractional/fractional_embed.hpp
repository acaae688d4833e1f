// Fractional-tree embeddings of seed 002 §4 (issue 12, "Embeddings") for the CLI and the campaign:
// one embedding run with everything the checkers say about it (run_embedding), and the family
// "fractional-embed" over every buildable size of a PU count.
//
// An embedding target is "mesh:AxB" (reference/embedding/mesh_placement.hpp: r = r1 r2 with
// A / r1 = B / r2 a power of two; XY routing), "crossbar:AxB" (A modules of B PUs, two channels
// each way; reference/embedding/crossbar_tree.hpp) or "crossbar2g:AxB" (the variant with one
// channel less: two global groups per module, B >= 2r, 2 channels out and 1 in); P must be A B. The broadcast is Figure 2 in lock step on
// the embedding's tree, embedded with wormhole switching (one schedule step = one round, a
// transfer's route crossed in its round: the paper's edge congestion) or store-and-forward.
// Judged, all from the routed paths (checkers/network): the arc and link congestion (fast, and the
// slow twin which must agree), the routed checker on the rounds as they are (passes only with arc
// congestion 1), the routed checker after split_congested_rounds (every node must get every
// packet; its rounds against the schedule's steps are the slowdown), and on crossbars the
// channel budget (<= 2 partner modules each way; crossbar2g: 2 out, 1 in) and channel load (1).
// Family "fractional-embed" (p = P, a power of two in 1..4096): instances are the meshes A x B
// with A, B <= 64 and r1 x r2 in {1x1, 1x2, 2x1, 2x2, 2x4, 4x2, 4x4}, and the crossbars A x B
// (A, B powers of two <= 64) with r in {1, 2, 4}, r <= B (crossbar2g: 2r <= B); s = 2r + 1 (two runs and a padded one),
// wormhole. Meshes with n <= 2 cells a side use the quad construction (reference/embedding/
// mesh_quad.hpp), the others the H-tree (Hilbert) order. Violations: congestion_twins_agree,
// all_nodes_reached (after the split), mesh_quad_congestion_one (a quad mesh above congestion 1 or
// refused by the routed checker), crossbar_congestion_one, crossbar_channel_budget,
// crossbar_channel_load_one. An H-tree mesh's congestion above 1 is not a violation (the paper:
// "often" 1); it is the instance's rounds > lower bound (lower bound = the schedule's steps).
// Cost: O(P s * route length) per instance.
// Example: run_embedding(mesh 8x16, P = 128, r = 2, s = 8) has arc congestion 3 (docs/ERRATA.md
// E28); crossbar 8x8, r = 2: arc congestion 1, budget 2/2, load 1.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checkers/network/channel_budget.hpp"
#include "checkers/network/congestion.hpp"
#include "checkers/network/routed_check.hpp"
#include "engine/family.hpp"
#include "model/network/routed_schedule.hpp"
#include "model/schedule.hpp"
#include "reference/embedding/group_tree.hpp"
#include "reference/embedding/mesh_placement.hpp"

namespace collverify::engine {

struct EmbedTarget {
  enum class Kind { mesh, crossbar, crossbar_two_groups };
  Kind kind = Kind::mesh;
  std::int64_t a = 1;
  std::int64_t b = 1;
};
// "mesh:8x16", "crossbar:256x64", "crossbar2g:256x64"; InputError naming the text otherwise.
EmbedTarget parse_embed_target(const std::string& text);
bool is_crossbar(const EmbedTarget& t);     // either crossbar construction
std::int64_t channels_in(const EmbedTarget& t);  // the incoming channel budget: 2, or 1 for crossbar2g
std::string describe(const EmbedTarget& t);  // "mesh:8x16"

struct EmbedRun {
  EmbedTarget target;
  std::int64_t P = 0, r = 1, s = 1;
  Switching switching = Switching::wormhole;
  network::NetworkSpec network;
  std::int64_t r1 = 0, r2 = 0;               // mesh cells
  embedding::CellOrder order = embedding::CellOrder::hilbert;  // mesh: quad (n <= 2) or hilbert
  embedding::GroupTree tree;
  std::vector<std::int64_t> placement;       // PU -> node
  std::vector<std::int64_t> group_module;    // crossbar: module of each group
  Schedule schedule;
  network::RoutedSchedule routed;
  std::int64_t depth = 0;         // d + 1 of the embedded tree
  std::int64_t plain_depth = 0;   // d + 1 of the plain fractional layout of P
  std::int64_t steps = 0;         // schedule steps
  network::CongestionResult arc;
  network::CongestionResult link;
  bool twins_agree = true;
  network::RoutedResult routed_check;  // the rounds as they are
  std::int64_t split_rounds = 0;
  network::RoutedResult split_check;   // after split_congested_rounds
  std::optional<network::ChannelBudgetResult> budget;  // crossbar
};

// InputError naming the value: a bad target, P != A B, r, s (as the constructions refuse them).
EmbedRun run_embedding(const EmbedTarget& target, std::int64_t P, std::int64_t r, std::int64_t s,
                       Switching switching = Switching::wormhole);

// What must hold of a run (see above), as violations (p = P, n = instance).
std::vector<Violation> embed_violations(const EmbedRun& run, std::int64_t n);

struct EmbedInstance {
  EmbedTarget target;
  std::int64_t r = 1;
};
std::vector<EmbedInstance> embed_instances(std::int64_t P);

class FractionalEmbedFamily final : public Family {
 public:
  std::string name() const override { return "fractional-embed"; }
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  Outcome check(std::int64_t p, const CheckContext& context) const override;
};

}  // namespace collverify::engine
