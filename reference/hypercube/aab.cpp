#include "reference/hypercube/aab.hpp"

#include <algorithm>

#include "model/error.hpp"
#include "reference/hypercube/aab_search.hpp"
#include "reference/hypercube/hypercube_common.hpp"
#include "reference/hypercube/rotation_classes.hpp"

namespace collverify::hypercube {

namespace {

void sort_edges(std::vector<TreeEdge>& edges) {
  std::sort(edges.begin(), edges.end(), [](const TreeEdge& a, const TreeEdge& b) {
    return a.round != b.round ? a.round < b.round : a.dimension < b.dimension;
  });
}

}  // namespace

GenericTree aab_construction_tree(int d, StepThreeRule rule) {
  require_dimension(d, "aab");
  GenericTree tree;
  tree.d = d;
  tree.source = "construction";
  if (d == 0) return tree;
  const RotationNumbering num = rotation_numbering(d, rule);
  tree.rounds = aab_round_bound(d);
  tree.edges.reserve(num.order.size());
  for (const std::int64_t t : num.order) {
    const int m = num.m(t);
    const std::int64_t n = num.number[static_cast<std::size_t>(t)];
    tree.edges.push_back(TreeEdge{t ^ (std::int64_t{1} << (m - 1)), t, m - 1, (n - 1) / d});
  }
  sort_edges(tree.edges);
  return tree;
}

bool parents_served_first(const GenericTree& tree) {
  std::vector<std::int64_t> served(std::size_t{1} << tree.d, -2);
  served[0] = -1;
  for (const TreeEdge& e : tree.edges) served[static_cast<std::size_t>(e.child)] = e.round;
  for (const TreeEdge& e : tree.edges) {
    const std::int64_t p = served[static_cast<std::size_t>(e.parent)];
    if (p == -2 || p >= e.round) return false;
  }
  return true;
}

GenericTree aab_generic_tree(int d) {
  GenericTree tree = aab_construction_tree(d);
  if (parents_served_first(tree)) return tree;
  GenericTree found = search_generic_tree(d);
  CV_ASSERT(!found.edges.empty(), "the search finds a tree for every d it is asked");
  return found;
}

std::vector<TreeEdge> aab_edges_of_round(const GenericTree& tree, std::int64_t round) {
  std::vector<TreeEdge> out;
  for (const TreeEdge& e : tree.edges) {
    if (e.round == round) out.push_back(e);
  }
  sort_edges(out);
  return out;
}

std::vector<std::vector<std::int64_t>> aab_routing_table(const GenericTree& tree, std::int64_t x) {
  std::vector<std::vector<std::int64_t>> table(
      static_cast<std::size_t>(tree.rounds),
      std::vector<std::int64_t>(static_cast<std::size_t>(tree.d), -1));
  for (const TreeEdge& e : tree.edges) {
    table[static_cast<std::size_t>(e.round)][static_cast<std::size_t>(e.dimension)] = e.parent ^ x;
  }
  return table;
}

std::vector<std::vector<TreeEdge>> aab_edges_by_round(const GenericTree& tree) {
  std::vector<std::vector<TreeEdge>> by_round(static_cast<std::size_t>(tree.rounds));
  for (const TreeEdge& e : tree.edges) {
    CV_ASSERT(e.round >= 0 && e.round < tree.rounds, "edge rounds lie inside the tree's rounds");
    by_round[static_cast<std::size_t>(e.round)].push_back(e);
  }
  return by_round;
}

void stream_aab_round_sends(const std::vector<std::vector<TreeEdge>>& by_round, std::int64_t r,
                            std::int64_t first, std::int64_t end, network::RoutedSink& sink) {
  // The sends go out in batches (RoutedSink::send_hops), in the same order.
  constexpr std::size_t kBatch = 4096;
  std::vector<network::SingleHop> batch;
  batch.reserve(kBatch);
  const std::vector<TreeEdge>& edges = by_round[static_cast<std::size_t>(r)];
  for (std::int64_t t = first; t < end; ++t) {
    for (const TreeEdge& e : edges) {
      batch.push_back({e.parent ^ t, static_cast<network::Direction>(e.dimension), {t, 0}});
      if (batch.size() == kBatch) {
        sink.send_hops(batch);
        batch.clear();
      }
    }
  }
  if (!batch.empty()) sink.send_hops(batch);
}

void stream_aab_tree(const GenericTree& tree, network::RoutedSink& sink) {
  const std::int64_t nodes = std::int64_t{1} << tree.d;
  const auto by_round = aab_edges_by_round(tree);
  for (std::int64_t r = 0; r < tree.rounds; ++r) {
    sink.begin_round(r);
    stream_aab_round_sends(by_round, r, 0, nodes, sink);
    sink.end_round();
  }
}

void stream_aab(int d, network::RoutedSink& sink) {
  require_dimension(d, "aab");
  require_stream_size(static_cast<double>(aab_transmission_bound(d)), "aab");
  stream_aab_tree(aab_generic_tree(d), sink);
}

network::RoutedSchedule aab_schedule_of_tree(const GenericTree& tree) {
  network::RoutedSchedule s;
  s.network = hypercube_spec(tree.d);
  s.collective = network::Collective::aab;
  CollectingSink sink(s);
  stream_aab_tree(tree, sink);
  return s;
}

network::RoutedSchedule aab_schedule(int d) {
  require_dimension(d, "aab");
  require_materialise(static_cast<double>(aab_transmission_bound(d)), "aab");
  return aab_schedule_of_tree(aab_generic_tree(d));
}

}  // namespace collverify::hypercube
