#include "reference/hypercube/oas.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "model/error.hpp"
#include "model/memory.hpp"
#include "reference/hypercube/hypercube_common.hpp"
#include "reference/hypercube/rotation_classes.hpp"

namespace collverify::hypercube {

namespace {

std::int64_t bit_of(int b) {
  return std::int64_t{1} << b;
}

// The members of the rotation class of t, in rotation order from t.
std::vector<std::int64_t> rotations(std::int64_t t, int d) {
  std::vector<std::int64_t> out{t};
  for (std::int64_t r = rotate_left(t, d); r != t; r = rotate_left(r, d)) out.push_back(r);
  return out;
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
  // Step I: classes by number of ones, each by its smallest label (R_{k,1} first).
  std::vector<std::vector<std::int64_t>> reps(static_cast<std::size_t>(d) + 1);
  for (std::int64_t t = 1; t < nodes; ++t) {
    std::int64_t smallest = t;
    for (std::int64_t r = rotate_left(t, d); r != t; r = rotate_left(r, d))
      smallest = std::min(smallest, r);
    if (smallest == t) reps[static_cast<std::size_t>(popcount(t))].push_back(t);
  }
  // Step II, numbering each class from the member that makes Observation IV hold; m[x] as in
  // the lecture (1..d); full[x]: x lies in a class with d members.
  std::vector<int> m(static_cast<std::size_t>(nodes), 0);
  std::vector<char> full(static_cast<std::size_t>(nodes), 0);
  std::int64_t next = 1;
  const auto number_from = [&](std::int64_t first, std::int64_t parent_of_first) {
    const auto members = rotations(first, d);
    std::int64_t p = parent_of_first;
    for (const std::int64_t t : members) {
      m[static_cast<std::size_t>(t)] = static_cast<int>((next++ - 1) % d) + 1;
      full[static_cast<std::size_t>(t)] = members.size() == static_cast<std::size_t>(d);
      tree.parent[static_cast<std::size_t>(t)] = p;
      tree.subtree[static_cast<std::size_t>(t)] = m[static_cast<std::size_t>(t)] - 1;
      if (p != 0) p = rotate_left(p, d);
    }
  };
  number_from(1, 0);  // R_{1,1} from 0...01: m(e_j) = j + 1, all children of the root
  for (int k = 2; k <= d; ++k) {
    for (const std::int64_t rep : reps[static_cast<std::size_t>(k)]) {
      const int m0 = static_cast<int>((next - 1) % d) + 1;
      // Observation III: a member t0 and a 1 bit b with t0 - 2^b in a d-member class.
      std::int64_t t0 = -1;
      std::int64_t p0 = -1;
      for (const std::int64_t t : rotations(rep, d)) {
        for (int b = 0; b < d && t0 < 0; ++b) {
          const std::int64_t p = t ^ bit_of(b);
          if (((t >> b) & 1) != 0 && full[static_cast<std::size_t>(p)] != 0) {
            t0 = t;
            p0 = p;
          }
        }
        if (t0 >= 0) break;
      }
      if (t0 < 0) {
        // Observation III failed (never seen for d <= 20): any down-neighbour, judged later.
        ++tree.observation_three_failures;
        number_from(rep, rep ^ (rep & -rep));
        continue;
      }
      // Observation IV: rotate the pair i times so that the parent has m = m0; the class is
      // numbered from that member, so every member keeps m(t) = m(parent).
      const int i = ((m0 - m[static_cast<std::size_t>(p0)]) % d + d) % d;
      std::int64_t t = t0;
      std::int64_t p = p0;
      for (int r = 0; r < i; ++r) {
        t = rotate_left(t, d);
        p = rotate_left(p, d);
      }
      ++tree.aligned_classes;
      number_from(t, p);
    }
  }
  order_farthest_first(tree);
  return tree;
}

OasTree oas_tree_from_parents(int d, std::vector<std::int64_t> parent) {
  require_dimension(d, "oas");
  OasTree tree;
  tree.d = d;
  const std::int64_t nodes = std::int64_t{1} << d;
  CV_ASSERT(static_cast<std::int64_t>(parent.size()) == nodes, "one parent per node");
  tree.parent = std::move(parent);
  tree.subtree.assign(static_cast<std::size_t>(nodes), -1);
  for (int k = 1; k <= d; ++k) {  // parents have one 1 bit fewer: level by level
    for (std::int64_t x = 1; x < nodes; ++x) {
      if (popcount(x) != k) continue;
      const std::int64_t p = tree.parent[static_cast<std::size_t>(x)];
      CV_ASSERT(p >= 0 && popcount(p) == k - 1 && popcount(p ^ x) == 1, "shortest-path parent");
      tree.subtree[static_cast<std::size_t>(x)] =
          p == 0 ? __builtin_ctzll(static_cast<unsigned long long>(x))
                 : tree.subtree[static_cast<std::size_t>(p)];
    }
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
  // The last arrival: the packet at position i of depth h arrives in round i + h - 1.
  std::int64_t rounds = 0;
  for (const auto& o : tree.order) {
    for (std::size_t i = 0; i < o.size(); ++i) {
      rounds = std::max(rounds, static_cast<std::int64_t>(i) + tree.depth(o[i]));
    }
  }
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
        const network::Direction dir =
            __builtin_ctzll(static_cast<unsigned long long>(child ^ from));
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
