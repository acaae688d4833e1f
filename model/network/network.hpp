// A processor network (docs/DESIGN.md "Networks, routed schedules and contention"): a Boost.Graph
// adjacency_list<vecS, vecS, bidirectionalS> whose vertices are the processors 0..N-1 and whose
// edges are arcs, two per physical link (one per direction), each labelled with its Direction.
// The graph type lives in model/network/network_graph.hpp: Boost.Graph's headers cost about two
// seconds of compiling per file, and most files that use a Network never touch the graph.
//
// Numbering and direction names (the collverify-routed/1 contract, docs/FORMATS.md):
//   hypercube(d)        N = 2^d, node = its binary label, coordinate j = bit j; direction j
//                       ("j") flips bit j. Degree d.
//   torus(sides)        N = s0 * s1 * ..., node = c0 + s0 * (c1 + s1 * c2 ...) (row-major, first
//                       coordinate fastest); direction 2i ("+i") adds 1 to coordinate i, 2i+1
//                       ("-i") subtracts 1, wrapping. Side 1: no link in that dimension; side 2:
//                       two parallel links between the same pair, labelled + and -.
//   mesh(sides)         as the torus without wrap-around: "+i" exists only where c_i + 1 < s_i,
//                       "-i" only where c_i > 0.
//   fully_connected(p)  N = p; direction v ("v") goes straight to node v (v != the sender).
//   hierarchical_crossbar(a, b, channels)   (seed 002 Section 4, our reading of "an a x b
//                       hierarchical crossbar, each module with a limited number of channels to
//                       other modules"): a modules of b PUs, node = l + b * m for PU l of module m
//                       (coordinates (l, m)). Inside a module every PU reaches every other one
//                       through the module's crossbar: direction l' ("L<l'>") goes to PU l' of
//                       the same module. The first `channels` PUs of each module are its
//                       gateways: gateway l reaches gateway l of every other module m' through
//                       direction b + m' ("M<m'>"). So a module has `channels` links to the rest
//                       of the machine, each reaching any other module.
// Two arcs form one link when they join the same pair in opposite directions and their labels
// are each other's reverse (reverse_direction); a torus side of 2 thus has two links.
//
// Translations (vertex symmetry): hypercube u xor t, torus coordinate-wise addition, fully
// connected (u + t) mod p; they map 0 to t and arcs to arcs (translate_direction). Meshes and
// crossbars have none.
//
// Cost: the graph takes about 100 bytes per arc plus a dense lookup table of N * width() 32-bit
// node ids (target() is O(1); N < 2^31); memory_estimate() says how much before anything is allocated, and
// every constructor refuses, with that estimate, a network that would not fit (model/memory.hpp).
// Distances and connectivity are Boost.Graph breadth-first searches: O(N + arcs) per source.
//
// Example: hypercube(3).target(5, 1) == 7; torus({4, 3}).direction_name(3) == "-1";
// torus({4, 3}).target(0, 3) == 8 (coordinate 1 wraps from 0 to 2); distance(0, 7) on hypercube(3)
// is 3.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/network/routed_schedule.hpp"

namespace collverify::network {

// The Boost.Graph adjacency_list (model/network/network_graph.hpp); built once, then shared
// read-only by copies of the Network.
struct NetworkGraph;

// One arc: the node it leaves, the node it enters and its direction.
struct Arc {
  std::int64_t from = 0;
  std::int64_t to = 0;
  Direction direction = 0;
};

class Network {
 public:
  static Network hypercube(std::int64_t d);
  static Network torus(std::vector<std::int64_t> sides);
  static Network mesh(std::vector<std::int64_t> sides);
  static Network hierarchical_crossbar(std::int64_t a, std::int64_t b, std::int64_t channels);
  static Network fully_connected(std::int64_t p);
  // Any of the above; InputError naming the bad parameter (d < 0, a side < 1, ...).
  static Network from_spec(const NetworkSpec& spec);

  // Bytes the network of `spec` would take, or InputError when its size overflows 64 bits or a
  // parameter is invalid (the check every constructor makes before allocating).
  static std::int64_t memory_estimate(const NetworkSpec& spec);
  // "hypercube d = 4", "torus 5x5", ...: how messages name the network.
  static std::string describe(const NetworkSpec& spec);

  const NetworkSpec& spec() const { return spec_; }
  NetworkKind kind() const { return spec_.kind; }
  std::int64_t nodes() const { return nodes_; }
  std::int64_t arcs() const { return arcs_; }
  // Direction labels are 0..width()-1 (not every node has every one: mesh borders, crossbars).
  Direction width() const { return width_; }
  std::int64_t out_degree(std::int64_t node) const;
  std::int64_t in_degree(std::int64_t node) const;
  // The Boost.Graph view (include model/network/network_graph.hpp to use it).
  const NetworkGraph& graph() const { return *graph_; }

  // The node the arc (node, direction) enters, or nullopt when there is no such arc (also for a
  // node or direction out of range).
  std::optional<std::int64_t> target(std::int64_t node, Direction direction) const {
    if (node < 0 || node >= nodes_ || direction < 0 || direction >= width_) return std::nullopt;
    const std::int32_t t = targets_[static_cast<std::size_t>(node * width_ + direction)];
    if (t < 0) return std::nullopt;
    return std::int64_t{t};
  }
  // Dense arc id node * width() + direction, for tables indexed by arc (the arc must exist).
  std::int64_t arc_id(std::int64_t node, Direction direction) const {
    return node * width_ + direction;
  }
  // The label of the other arc of the same link, leaving target(node, direction).
  Direction reverse_direction(std::int64_t node, Direction direction) const;

  // "3", "+1", "-0", "12", "L3", "M2".
  std::string direction_name(Direction direction) const;
  // The inverse of direction_name for this network; InputError naming `word` and the accepted
  // forms when it is not a direction of this network.
  Direction parse_direction(std::string_view word) const;

  // Coordinates as the numbering above defines them (hypercube: the d bits, low first;
  // torus/mesh: c0, c1, ...; crossbar: (l, m); fully connected: (u)).
  std::vector<std::int64_t> coordinates(std::int64_t node) const;

  // Vertex symmetry: hypercube, torus and fully connected networks have translations.
  bool has_translations() const;
  // The translation that maps 0 to `by`, applied to `node`.
  std::int64_t translate(std::int64_t node, std::int64_t by) const;
  // The label of the image of arc (node, direction) under translate(., by).
  Direction translate_direction(Direction direction, std::int64_t by) const;

  // Hop distances from `source` (Boost.Graph breadth_first_search); -1 for unreachable nodes.
  std::vector<std::int64_t> distances_from(std::int64_t source) const;
  std::int64_t distance(std::int64_t from, std::int64_t to) const;
  // Largest distance from `source` (-1 if some node is unreachable).
  std::int64_t eccentricity(std::int64_t source) const;
  // Largest distance over all pairs (-1 if not connected): one BFS when the network has
  // translations, N otherwise.
  std::int64_t diameter() const;
  bool connected() const;
  // Empty when `tree` (arcs given as (tail node, direction)) is a spanning tree directed away
  // from `root`: every arc exists, there are N - 1 of them, and a BFS from `root` over them
  // reaches every node; otherwise what is wrong.
  std::string spanning_tree_defect(std::int64_t root,
                                   std::span<const std::pair<std::int64_t, Direction>> tree) const;

 private:
  Network(NetworkSpec spec, std::int64_t nodes, Direction width);
  void add_arc(std::int64_t from, std::int64_t to, Direction direction);
  void finish();

  NetworkSpec spec_;
  std::int64_t nodes_ = 0;
  std::int64_t arcs_ = 0;
  Direction width_ = 0;
  std::shared_ptr<NetworkGraph> graph_;  // mutated only while a constructor builds it
  std::vector<std::int32_t> targets_;  // node * width + direction -> target, -1: none
};

}  // namespace collverify::network
