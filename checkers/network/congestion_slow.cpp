// The slow twin of edge_congestion (congestion.hpp): every (round, arc) crossing recorded in a
// std::map keyed by (tail node, direction) — links by the lexicographically smaller of their two
// arcs — and the maximum read off at the end.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>

#include "checkers/network/congestion.hpp"

namespace collverify::network {

CongestionResult edge_congestion_slow(const Network& net, const RoutedSchedule& s,
                                      CongestionUnit unit) {
  CongestionResult out;
  using Key = std::pair<std::int64_t, Direction>;  // (tail, direction)
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    std::map<Key, std::vector<std::int64_t>> crossing;  // key -> senders
    for (const Transmission& x : s.rounds[t]) {
      std::int64_t at = x.from;
      for (const Direction d : x.hops) {
        const auto next = net.target(at, d);
        if (!next) {
          out.defect = fmt::format("round {}: node {} has no arc in direction {} in {}", t, at, d,
                                   Network::describe(net.spec()));
          return out;
        }
        Key key{at, d};
        if (unit == CongestionUnit::link) key = std::min(key, Key{*next, net.reverse_direction(at, d)});
        crossing[key].push_back(x.from);
        at = *next;
      }
    }
    std::int64_t round_max = 0;
    for (const auto& [key, senders] : crossing)
      round_max = std::max<std::int64_t>(round_max, static_cast<std::int64_t>(senders.size()));
    out.per_round.push_back(round_max);
    if (round_max <= out.congestion) continue;
    out.congestion = round_max;
    for (const auto& [key, senders] : crossing) {  // ascending keys: the first is the smallest
      if (static_cast<std::int64_t>(senders.size()) != round_max) continue;
      CongestionWitness w;
      w.round = static_cast<std::int64_t>(t);
      w.count = round_max;
      w.arc = Arc{key.first, *net.target(key.first, key.second), key.second};
      w.senders = senders;
      std::sort(w.senders.begin(), w.senders.end());
      w.message = congestion_message(net, w, unit);
      out.witness = std::move(w);
      break;
    }
  }
  return out;
}

}  // namespace collverify::network
