#include "generators/torus_mutants.hpp"

#include <algorithm>

namespace collverify::torus_mutants {

namespace net = network;

namespace {

bool adjacent(const net::Network& n, std::int64_t a, std::int64_t b) {
  for (net::Direction d = 0; d < n.width(); ++d) {
    const auto t = n.target(a, d);
    if (t && *t == b) return true;
  }
  return false;
}

std::int64_t end_of(const net::Network& n, const net::Transmission& x) {
  std::int64_t at = x.from;
  for (const net::Direction d : x.hops) at = *n.target(at, d);
  return at;
}

}  // namespace

std::vector<Mutant<Cycles>> cycle_mutants(const net::Network& n, const Cycles& cycles) {
  std::vector<Mutant<Cycles>> out;
  if (cycles.size() < 2 || cycles[0].size() < 8) return out;
  const auto& c0 = cycles[0];
  const auto N = static_cast<std::int64_t>(c0.size());
  {
    Mutant<Cycles> m{"repeated_node", cycles, {}};
    m.value[0][1] = c0[3];
    m.witness = {"repeated_node", 0, 3, -1, -1, c0[3]};
    out.push_back(std::move(m));
  }
  for (std::int64_t q = 0; q + 2 < N; ++q) {
    if (adjacent(n, c0[static_cast<std::size_t>(q)], c0[static_cast<std::size_t>(q + 2)])) continue;
    Mutant<Cycles> m{"non_link_step", cycles, {}};
    std::swap(m.value[0][static_cast<std::size_t>(q + 1)], m.value[0][static_cast<std::size_t>(q + 2)]);
    m.witness = {"not_a_link", 0, q, -1, -1, c0[static_cast<std::size_t>(q)]};
    out.push_back(std::move(m));
    break;
  }
  {
    Mutant<Cycles> m{"shared_link", cycles, {}};
    std::rotate_copy(c0.begin(), c0.begin() + 5, c0.end(), m.value[1].begin());
    m.witness = {"shared_link", 1, 0, -1, -1, c0[5]};
    out.push_back(std::move(m));
  }
  {
    Mutant<Cycles> m{"short_cycle", cycles, {}};
    const std::int64_t s0 = n.spec().params.at(0);
    m.value[0].clear();
    for (std::int64_t x = 0; x < s0; ++x) m.value[0].push_back(x);
    m.witness = {"cycle_length", 0, -1, -1, -1, -1};
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<Mutant<net::RoutedSchedule>> wormhole_mutants(const net::Network& n,
                                                          const net::RoutedSchedule& s) {
  std::vector<Mutant<net::RoutedSchedule>> out;
  if (s.rounds.empty()) return out;
  for (std::size_t r = 0; r < s.rounds.size(); ++r) {
    const net::Round& round = s.rounds[r];
    bool done = false;
    for (std::size_t i = 0; i + 1 < round.size() && !done; ++i) {
      for (std::size_t j = i + 1; j < round.size(); ++j) {
        if (round[j].from != round[i].from) continue;
        Mutant<net::RoutedSchedule> m{"shared_link", s, {}};
        auto& hops = m.value.rounds[r][j].hops;
        hops.insert(hops.begin(), round[i].hops.front());
        m.witness = {"link_disjoint", -1, -1, static_cast<std::int64_t>(r),
                     static_cast<std::int64_t>(j), round[j].from};
        out.push_back(std::move(m));
        done = true;
        break;
      }
    }
    if (done) break;
  }
  {
    const std::size_t last = s.rounds.size() - 1;
    if (!s.rounds[last].empty()) {
      Mutant<net::RoutedSchedule> m{"from_uninformed", s, {}};
      const std::int64_t target = end_of(n, s.rounds[last][0]);
      m.value.rounds[last][0].from = target;
      m.witness = {"path_from_uninformed", -1, -1, static_cast<std::int64_t>(last), 0, target};
      out.push_back(std::move(m));
    }
  }
  {
    Mutant<net::RoutedSchedule> m{"informed_twice", s, {}};
    m.value.rounds.push_back({net::Transmission{s.root, {0}, {{s.root, 0}}}});
    m.witness = {"informed_twice", -1, -1, static_cast<std::int64_t>(s.rounds.size()), 0,
                 *n.target(s.root, 0)};
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace collverify::torus_mutants
