#include "reference/hypercube/oas.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "model/error.hpp"
#include "model/memory.hpp"
#include "reference/hypercube/hypercube_common.hpp"
#include "reference/hypercube/rotation_classes.hpp"

namespace collverify::hypercube {

namespace {

// An aligned compatible pair for the class starting with `t`: (bit b of t, so that t' = t - 2^b
// lies in a d-member class and m(t') = m(t)); -1 when there is none.
int aligned_bit(const RotationNumbering& num, const std::vector<std::int64_t>& class_size,
                std::int64_t t) {
  for (int b = 0; b < num.d; ++b) {
    if (((t >> b) & 1) == 0) continue;
    const std::int64_t tp = t ^ (std::int64_t{1} << b);
    if (tp == 0) continue;
    if (class_size[static_cast<std::size_t>(tp)] == num.d && num.m(tp) == num.m(t)) return b;
  }
  return -1;
}

}  // namespace

int OasTree::depth(std::int64_t x) const {
  int h = 0;
  for (; x != 0; x = parent[static_cast<std::size_t>(x)]) ++h;
  return h;
}

OasTree oas_tree(int d) {
  require_dimension(d, "oas");
  require_memory((std::int64_t{1} << d) * 64, "oas tree");
  OasTree tree;
  tree.d = d;
  const std::int64_t nodes = std::int64_t{1} << d;
  tree.parent.assign(static_cast<std::size_t>(nodes), -1);
  tree.subtree.assign(static_cast<std::size_t>(nodes), -1);
  if (d == 0) return tree;
  const RotationNumbering num = rotation_numbering(d);
  std::vector<std::int64_t> class_size(static_cast<std::size_t>(nodes), 0);
  for (const RotationClass& c : num.classes) {
    for (std::int64_t i = 0; i < c.size; ++i) {
      class_size[static_cast<std::size_t>(num.order[static_cast<std::size_t>(c.first + i)])] =
          c.size;
    }
  }
  for (const RotationClass& c : num.classes) {
    const auto member = [&](std::int64_t i) {
      return num.order[static_cast<std::size_t>(c.first + i)];
    };
    if (c.ones == 1) {
      for (std::int64_t i = 0; i < c.size; ++i) tree.parent[static_cast<std::size_t>(member(i))] = 0;
      continue;
    }
    // Observation III/IV: an aligned pair for some member; the rotations carry it over.
    std::int64_t start = -1;
    int b = -1;
    for (std::int64_t i = 0; i < c.size && b < 0; ++i) {
      b = aligned_bit(num, class_size, member(i));
      start = i;
    }
    if (b >= 0) {
      ++tree.aligned_classes;
      std::int64_t t = member(start);
      std::int64_t tp = t ^ (std::int64_t{1} << b);
      for (std::int64_t i = 0; i < c.size; ++i) {
        tree.parent[static_cast<std::size_t>(t)] = tp;
        t = rotate_left(t, d);
        tp = rotate_left(tp, d);
      }
      continue;
    }
    // E25: no aligned compatible class; each member takes a parent with the same m(x), or
    // else any parent (the balance check then judges the tree).
    for (std::int64_t i = 0; i < c.size; ++i) {
      const std::int64_t t = member(i);
      std::int64_t chosen = -1;
      for (int bb = 0; bb < d && chosen < 0; ++bb) {
        const std::int64_t tp = t ^ (std::int64_t{1} << bb);
        if (((t >> bb) & 1) != 0 && tp != 0 && num.m(tp) == num.m(t)) chosen = tp;
      }
      if (chosen < 0) chosen = t ^ (t & -t);
      tree.parent[static_cast<std::size_t>(t)] = chosen;
      ++tree.per_node_fallbacks;
    }
  }
  for (std::int64_t x = 1; x < nodes; ++x) {
    std::int64_t a = x;
    while (tree.parent[static_cast<std::size_t>(a)] != 0) a = tree.parent[static_cast<std::size_t>(a)];
    tree.subtree[static_cast<std::size_t>(x)] = __builtin_ctzll(static_cast<unsigned long long>(a));
  }
  order_farthest_first(tree);
  return tree;
}

void order_farthest_first(OasTree& tree) {
  tree.order.assign(static_cast<std::size_t>(tree.d), {});
  const std::int64_t nodes = std::int64_t{1} << tree.d;
  std::vector<int> depth(static_cast<std::size_t>(nodes), 0);
  for (std::int64_t x = 1; x < nodes; ++x) {
    depth[static_cast<std::size_t>(x)] = tree.depth(x);
    tree.order[static_cast<std::size_t>(tree.subtree[static_cast<std::size_t>(x)])].push_back(x);
  }
  for (auto& o : tree.order) {
    std::stable_sort(o.begin(), o.end(), [&](std::int64_t a, std::int64_t b) {
      return depth[static_cast<std::size_t>(a)] > depth[static_cast<std::size_t>(b)];
    });
  }
}

void stream_oas_tree(const OasTree& tree, std::int64_t root, network::RoutedSink& sink) {
  std::int64_t rounds = 0;
  for (const auto& o : tree.order) rounds = std::max(rounds, static_cast<std::int64_t>(o.size()));
  std::vector<std::int64_t> path;
  for (std::int64_t r = 0; r < rounds; ++r) {
    sink.begin_round(r);
    for (const auto& o : tree.order) {
      // The packet that left the root h rounds ago makes its hop h now.
      for (std::int64_t h = 0; h <= r && h < tree.d; ++h) {
        if (r - h >= static_cast<std::int64_t>(o.size())) continue;
        const std::int64_t dest = o[static_cast<std::size_t>(r - h)];
        path.clear();
        for (std::int64_t x = dest; x != 0; x = tree.parent[static_cast<std::size_t>(x)]) {
          path.push_back(x);
        }
        if (h >= static_cast<std::int64_t>(path.size())) continue;  // already delivered
        const std::int64_t child = path[path.size() - 1 - static_cast<std::size_t>(h)];
        const std::int64_t from = tree.parent[static_cast<std::size_t>(child)];
        const network::Direction dir = __builtin_ctzll(static_cast<unsigned long long>(child ^ from));
        const network::Packet packet{root, dest ^ root};
        sink.send(from ^ root, {&dir, 1}, {&packet, 1});
      }
    }
    sink.end_round();
  }
}

void stream_oas(int d, std::int64_t root, network::RoutedSink& sink) {
  require_dimension(d, "oas");
  if (root < 0 || root >= (std::int64_t{1} << d)) {
    throw InputError(fmt::format("oas: root {} is not a node of the {}-cube (0..{})", root, d,
                                 (std::int64_t{1} << d) - 1));
  }
  require_stream_size(static_cast<double>(oas_transmission_bound(d)), "oas");
  stream_oas_tree(oas_tree(d), root, sink);
}

network::RoutedSchedule oas_schedule_of_tree(const OasTree& tree, std::int64_t root) {
  network::RoutedSchedule s;
  s.network = hypercube_spec(tree.d);
  s.collective = network::Collective::oas;
  s.root = root;
  CollectingSink sink(s);
  stream_oas_tree(tree, root, sink);
  return s;
}

network::RoutedSchedule oas_schedule(int d, std::int64_t root) {
  require_dimension(d, "oas");
  require_materialise(static_cast<double>(oas_transmission_bound(d)), "oas");
  network::RoutedSchedule s;
  s.network = hypercube_spec(d);
  s.collective = network::Collective::oas;
  s.root = root;
  CollectingSink sink(s);
  stream_oas(d, root, sink);
  return s;
}

}  // namespace collverify::hypercube
