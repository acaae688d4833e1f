// The slow, obviously correct twin of the routed checker (contract: routed_check.hpp). Holdings
// are a std::map from node to the std::set of packets it holds; each round collects, per arc, the
// list of the first packets of the transmissions that use it, in stream order, per
// node the transmissions it sends and receives, and then reads every property off those sets
// from its definition. No stamps, no bitsets, no packet indices. Cost: O(log) per everything;
// for tests only.
#include <map>
#include <set>

#include "checkers/network/routed_check.hpp"

namespace collverify::network {

namespace {

using ArcKey = std::pair<std::int64_t, Direction>;  // (tail, direction)

struct RoundLog {
  std::map<ArcKey, std::vector<Packet>> users;            // first packet of each transmission
  std::map<std::int64_t, std::int64_t> sends, receives;   // transmissions per node
  std::vector<std::pair<std::int64_t, Packet>> arrivals;  // (node, packet)
  std::vector<RoutedWitness> found;
};

RoutedWitness witness(RoutedProperty p, std::int64_t node, std::int64_t detail,
                      std::vector<Packet> packets = {}) {
  RoutedWitness w;
  w.property = p;
  w.node = node;
  w.detail = detail;
  w.packets = std::move(packets);
  return w;
}

bool collective_has(const RoutedHeader& h, std::int64_t n, Packet p) {
  const bool origin_any = h.collective == Collective::aab || h.collective == Collective::reduce ||
                          h.collective == Collective::aas;
  if (origin_any ? (p.origin < 0 || p.origin >= n) : p.origin != h.root) return false;
  const bool scatter = h.collective == Collective::oas || h.collective == Collective::aas;
  return p.piece >= 0 && p.piece < (scatter ? n : h.pieces);
}

class SlowCheck {
 public:
  SlowCheck(const Network& net, const RoutedHeader& h) : net_(net), h_(h), n_(net.nodes()) {
    validate_header(net, h);
    for (std::int64_t v = 0; v < n_; ++v) {
      for (std::int64_t o = 0; o < n_; ++o) {
        for (std::int64_t piece = 0; piece < n_ || piece < h.pieces; ++piece) {
          const Packet p{o, piece};
          if (collective_has(h, n_, p) && starts_with(h, n_, v, p)) holds_[v].insert(p);
        }
      }
    }
  }

  std::optional<RoutedWitness> round(std::int64_t t, const Round& transmissions) {
    RoundLog log;
    for (const Transmission& x : transmissions) transmit(x, log);
    for (const auto& [arc, firsts] : log.users) {
      const Arc a{arc.first, *net_.target(arc.first, arc.second), arc.second};
      if (firsts.size() >= 2) {
        auto w = witness(RoutedProperty::arc_exclusivity, a.from, a.direction, {firsts[0], firsts[1]});
        w.arc = a;
        log.found.push_back(w);
      }
      const ArcKey back{a.to, net_.reverse_direction(a.from, a.direction)};
      // Simplex channels, from the definition: the reverse arc used in this round or before.
      if (h_.model.duplex == Duplex::simplex_channel &&
          (log.users.count(back) != 0 || used_before_.count(back) != 0)) {
        auto w = witness(RoutedProperty::one_way_channel, a.from, a.direction, {firsts[0]});
        w.arc = a;
        log.found.push_back(w);
      }
      if (h_.model.duplex == Duplex::half && a.from < a.to && log.users.count(back) != 0) {
        auto w = witness(RoutedProperty::arc_exclusivity, a.from, a.direction,
                         {firsts[0], log.users.at(back)[0]});
        w.arc = a;
        w.reverse = true;
        log.found.push_back(w);
      }
    }
    for (const auto& [v, k] : log.sends) {
      if (k > limit(v, true)) log.found.push_back(witness(RoutedProperty::port_limit, v, 0));
      if (h_.model.duplex == Duplex::simplex && log.receives.count(v) != 0) {
        log.found.push_back(witness(RoutedProperty::simplex, v, 0));
      }
    }
    for (const auto& [v, k] : log.receives) {
      if (k > limit(v, false)) log.found.push_back(witness(RoutedProperty::port_limit, v, 1));
    }
    for (const auto& [v, p] : log.arrivals) holds_[v].insert(p);
    for (const auto& [arc, firsts] : log.users) used_before_.insert(arc);
    if (log.found.empty()) return std::nullopt;
    RoutedWitness best = log.found.front();
    for (const RoutedWitness& w : log.found) {
      if (w < best) best = w;
    }
    best.round = t;
    describe_witness(net_, best);
    return best;
  }

  std::optional<RoutedWitness> missing() const {
    for (std::int64_t v = 0; v < n_; ++v) {
      std::set<Packet> want;
      for (std::int64_t o = 0; o < n_; ++o) {
        for (std::int64_t piece = 0; piece < n_ || piece < h_.pieces; ++piece) {
          const Packet p{o, piece};
          if (collective_has(h_, n_, p) && must_end_with(h_, n_, v, p)) want.insert(p);
        }
      }
      // Smallest by the fast checker's packet order: origin, then piece (= std::set order).
      const auto held = holds_.find(v);
      for (const Packet& p : want) {
        if (held == holds_.end() || held->second.count(p) == 0) {
          auto w = witness(RoutedProperty::completeness, v, kNone, {p});
          return w;
        }
      }
    }
    return std::nullopt;
  }

 private:
  std::int64_t limit(std::int64_t v, bool sending) const {
    if (h_.model.ports != CommModel::kAllPorts) return h_.model.ports;
    return sending ? net_.out_degree(v) : net_.in_degree(v);
  }

  void transmit(const Transmission& x, RoundLog& log) {
    if (x.from < 0 || x.from >= n_) {
      log.found.push_back(witness(RoutedProperty::node_in_network, x.from, 0));
      return;
    }
    const bool sf = h_.model.switching == Switching::store_and_forward;
    const auto hops = static_cast<std::int64_t>(x.hops.size());
    if (hops == 0 || (sf && hops != 1)) {
      log.found.push_back(witness(RoutedProperty::route_length, x.from, hops));
      return;
    }
    std::vector<ArcKey> path;
    std::int64_t at = x.from;
    for (const Direction d : x.hops) {
      const auto next = net_.target(at, d);
      if (!next) {
        auto w = witness(RoutedProperty::hop_exists, at, d);
        w.arc = Arc{at, -1, d};
        log.found.push_back(w);
        return;
      }
      path.emplace_back(at, d);
      at = *next;
    }
    if (x.packets.empty()) {
      log.found.push_back(witness(RoutedProperty::empty_transmission, x.from, 0));
      return;
    }
    for (const Packet& p : x.packets) {
      if (!collective_has(h_, n_, p)) {
        log.found.push_back(witness(RoutedProperty::packet_in_collective, x.from, 0, {p}));
        return;
      }
    }
    for (const Packet& p : x.packets) {
      if (holds_[x.from].count(p) == 0) {
        log.found.push_back(witness(RoutedProperty::causality, x.from, 0, {p}));
      }
    }
    if (!h_.model.combining && x.packets.size() > 1) {
      auto w = witness(RoutedProperty::non_combining, x.from, path.front().second,
                       {x.packets[0], x.packets[1]});
      w.arc = Arc{x.from, *net_.target(x.from, path.front().second), path.front().second};
      log.found.push_back(w);
    }
    for (const ArcKey& a : path) {
      log.users[a].push_back(x.packets.front());
    }
    ++log.sends[x.from];
    ++log.receives[at];
    for (const Packet& p : x.packets) log.arrivals.emplace_back(at, p);
    if (h_.model.intermediate_reception) {  // every node after the first on the route
      for (std::size_t k = 1; k < path.size(); ++k) {
        for (const Packet& p : x.packets) log.arrivals.emplace_back(path[k].first, p);
      }
    }
  }

  const Network& net_;
  RoutedHeader h_;
  std::int64_t n_;
  std::map<std::int64_t, std::set<Packet>> holds_;
  std::set<ArcKey> used_before_;  // every arc used in an earlier round
};

}  // namespace

RoutedResult check_routed_slow(const Network& net, const RoutedSchedule& s,
                               RoutedCheckOptions options) {
  SlowCheck check(net, header_of(s));
  RoutedResult r;
  r.rounds = static_cast<std::int64_t>(s.rounds.size());
  r.lower_bound = options.lower_bound;
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    r.transmissions += static_cast<std::int64_t>(s.rounds[t].size());
    for (const Transmission& x : s.rounds[t]) {
      r.deliveries += static_cast<std::int64_t>(x.packets.size());
    }
    if (!r.witness) r.witness = check.round(static_cast<std::int64_t>(t), s.rounds[t]);
  }
  if (!r.witness) r.witness = check.missing();
  if (!r.witness && r.lower_bound != kNone && r.rounds < r.lower_bound) {
    r.witness = witness(RoutedProperty::lower_bound, kNone, r.lower_bound);
  }
  if (r.witness && (r.witness->property == RoutedProperty::completeness ||
                    r.witness->property == RoutedProperty::lower_bound)) {
    r.witness->round = r.rounds;
    describe_witness(net, *r.witness);
  }
  return r;
}

}  // namespace collverify::network
