#include "generators/hypercube_mutants.hpp"

#include <algorithm>

namespace collverify::hypercube {

namespace {

int ones(std::int64_t x) {
  return __builtin_popcountll(static_cast<unsigned long long>(x));
}

std::vector<std::int64_t> served_rounds(const GenericTree& t) {
  std::vector<std::int64_t> at(std::size_t{1} << t.d, -2);
  at[0] = -1;
  for (const TreeEdge& e : t.edges) at[static_cast<std::size_t>(e.child)] = e.round;
  return at;
}

void resort(GenericTree& t) {
  std::stable_sort(t.edges.begin(), t.edges.end(), [](const TreeEdge& a, const TreeEdge& b) {
    return a.round != b.round ? a.round < b.round : a.dimension < b.dimension;
  });
}

}  // namespace

std::optional<HypercubeMutant<GenericTree>> mutate_star_clash(const GenericTree& tree) {
  const auto at = served_rounds(tree);
  for (const TreeEdge& a : tree.edges) {  // a: the edge that stays
    for (std::size_t i = 0; i < tree.edges.size(); ++i) {
      const TreeEdge& b = tree.edges[i];  // b: moved to a's round
      if (b.round <= a.round || b.dimension != a.dimension) continue;
      if (at[static_cast<std::size_t>(b.parent)] >= a.round) continue;
      GenericTree m = tree;
      m.edges[i].round = a.round;
      m.source = "mutant: star_clash";
      resort(m);
      return HypercubeMutant<GenericTree>{std::move(m),
                                          {a.round, std::min(a.child, b.child), a.dimension}};
    }
  }
  return std::nullopt;
}

std::optional<HypercubeMutant<GenericTree>> mutate_attached_twice(const GenericTree& tree) {
  const auto at = served_rounds(tree);
  for (std::size_t i = tree.edges.size(); i-- > 0;) {
    const TreeEdge& e = tree.edges[i];
    const std::int64_t bit = std::int64_t{1} << e.dimension;
    for (std::int64_t c2 = 1; c2 < (std::int64_t{1} << tree.d); ++c2) {
      const std::int64_t p2 = c2 ^ bit;
      if (c2 == e.child || (c2 & bit) == 0) continue;
      if (at[static_cast<std::size_t>(c2)] >= e.round ||
          at[static_cast<std::size_t>(p2)] >= e.round)
        continue;
      GenericTree m = tree;
      m.edges[i] = TreeEdge{p2, c2, e.dimension, e.round};
      m.source = "mutant: attached_twice";
      return HypercubeMutant<GenericTree>{std::move(m), {e.round, c2, e.dimension}};
    }
  }
  return std::nullopt;
}

std::optional<HypercubeMutant<std::vector<std::int64_t>>> mutate_unbalanced_subtree(
    int d, const std::vector<std::int64_t>& parent) {
  const std::int64_t nodes = std::int64_t{1} << d;
  if (d < 1) return std::nullopt;
  const std::int64_t bound = ((std::int64_t{1} << d) - 1 + d - 1) / d;
  std::vector<int> top(static_cast<std::size_t>(nodes), -1);
  std::vector<std::int64_t> size(static_cast<std::size_t>(d), 0);
  std::vector<char> has_child(static_cast<std::size_t>(nodes), 0);
  for (int k = 1; k <= d; ++k) {
    for (std::int64_t x = 1; x < nodes; ++x) {
      if (ones(x) != k) continue;
      const std::int64_t p = parent[static_cast<std::size_t>(x)];
      top[static_cast<std::size_t>(x)] = p == 0
                                             ? __builtin_ctzll(static_cast<unsigned long long>(x))
                                             : top[static_cast<std::size_t>(p)];
      ++size[static_cast<std::size_t>(top[static_cast<std::size_t>(x)])];
      has_child[static_cast<std::size_t>(p)] = 1;
    }
  }
  for (std::int64_t x = 1; x < nodes; ++x) {
    if (has_child[static_cast<std::size_t>(x)] != 0) continue;
    for (int b = 0; b < d; ++b) {
      const std::int64_t y = x ^ (std::int64_t{1} << b);
      if (((x >> b) & 1) == 0 || y == 0) continue;
      const int j = top[static_cast<std::size_t>(y)];
      if (j == top[static_cast<std::size_t>(x)] || size[static_cast<std::size_t>(j)] != bound)
        continue;
      auto m = parent;
      m[static_cast<std::size_t>(x)] = y;
      return HypercubeMutant<std::vector<std::int64_t>>{std::move(m),
                                                        {-1, std::int64_t{1} << j, j}};
    }
  }
  return std::nullopt;
}

std::optional<HypercubeMutant<std::vector<std::vector<std::int64_t>>>> mutate_shallow_first(
    const std::vector<std::vector<std::int64_t>>& order) {
  for (std::size_t j = 0; j < order.size(); ++j) {
    const auto& o = order[j];
    if (o.size() < 2 || ones(o.front()) < 2 || ones(o.back()) != 1) continue;
    auto m = order;
    std::swap(m[j].front(), m[j].back());
    // Round 0 now carries distance 1; the next farther packet follows in round 1.
    return HypercubeMutant<std::vector<std::vector<std::int64_t>>>{std::move(m),
                                                                   {1, 0, static_cast<int>(j)}};
  }
  return std::nullopt;
}

std::optional<HypercubeMutant<network::RoutedSchedule>> mutate_forwarded_early(
    const network::RoutedSchedule& s) {
  if (s.rounds.size() < 2) return std::nullopt;
  const auto on_arc = [](network::Round& r) -> network::Transmission* {
    for (auto& x : r) {
      if (x.from == 0 && x.hops.size() == 1 && x.hops[0] == 0) return &x;
    }
    return nullptr;
  };
  network::RoutedSchedule m = s;
  network::Transmission* first = on_arc(m.rounds[0]);
  network::Transmission* second = on_arc(m.rounds[1]);
  if (first == nullptr || second == nullptr || second->packets.empty() ||
      second->packets[0].origin == 0) {
    return std::nullopt;
  }
  std::swap(first->packets, second->packets);
  return HypercubeMutant<network::RoutedSchedule>{std::move(m), {0, 0, 0}};
}

std::optional<HypercubeMutant<network::RoutedSchedule>> mutate_two_on_one_arc(
    const network::RoutedSchedule& s) {
  if (s.rounds.empty() || s.rounds.back().empty()) return std::nullopt;
  network::RoutedSchedule m = s;
  network::Transmission extra = m.rounds.back().front();
  extra.packets = {network::Packet{extra.from, extra.from}};  // its own packet, held throughout
  const MutantWitness w{static_cast<std::int64_t>(m.rounds.size()) - 1, extra.from,
                        extra.hops.at(0)};
  m.rounds.back().push_back(std::move(extra));
  return HypercubeMutant<network::RoutedSchedule>{std::move(m), w};
}

std::optional<HypercubeMutant<network::RoutedSchedule>> mutate_dropped_last(
    const network::RoutedSchedule& s) {
  if (s.rounds.empty() || s.rounds.back().empty()) return std::nullopt;
  network::RoutedSchedule m = s;
  const network::Transmission x = m.rounds.back().back();
  m.rounds.back().pop_back();
  const MutantWitness w{static_cast<std::int64_t>(m.rounds.size()) - 1,
                        x.from ^ (std::int64_t{1} << x.hops.at(0)), x.hops.at(0)};
  return HypercubeMutant<network::RoutedSchedule>{std::move(m), w};
}

std::optional<HypercubeMutant<network::RoutedSchedule>> mutate_early_sender(
    const network::RoutedSchedule& s) {
  if (s.rounds.empty() || s.network.params.empty() || s.network.params[0] < 2) return std::nullopt;
  network::RoutedSchedule m = s;
  const std::int64_t sender = s.root ^ 2;
  m.rounds[0].push_back(network::Transmission{sender, {0}, {network::Packet{s.root, 0}}});
  return HypercubeMutant<network::RoutedSchedule>{std::move(m), {0, sender, 0}};
}

}  // namespace collverify::hypercube
