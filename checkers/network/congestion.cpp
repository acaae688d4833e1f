#include "checkers/network/congestion.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace collverify::network {
namespace {

// The key of the unit an arc counts on: the arc itself, or the smaller of a link's two arcs.
std::int64_t unit_key(const Network& net, std::int64_t from, Direction d, CongestionUnit unit) {
  const std::int64_t own = net.arc_id(from, d);
  if (unit == CongestionUnit::arc) return own;
  const std::int64_t to = *net.target(from, d);
  const std::int64_t back = net.arc_id(to, net.reverse_direction(from, d));
  return std::min(own, back);
}

}  // namespace

std::string congestion_message(const Network& net, const CongestionWitness& w, CongestionUnit unit) {
  return fmt::format("round {}: {} transmissions cross the {} {} -> {} ({}) (senders {})", w.round,
                     w.count, unit == CongestionUnit::arc ? "arc" : "link", w.arc.from, w.arc.to,
                     net.direction_name(w.arc.direction), fmt::join(w.senders, ", "));
}

CongestionResult edge_congestion(const Network& net, const RoutedSchedule& s, CongestionUnit unit) {
  CongestionResult out;
  const auto width = static_cast<std::int64_t>(net.width());
  std::vector<std::int32_t> count(static_cast<std::size_t>(net.nodes() * width), 0);
  std::vector<std::int64_t> touched;
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    std::int64_t round_max = 0;
    for (const Transmission& x : s.rounds[t]) {
      std::int64_t at = x.from;
      for (const Direction d : x.hops) {
        const std::optional<std::int64_t> next = net.target(at, d);
        if (!next) {
          out.defect = fmt::format("round {}: node {} has no arc in direction {} in {}", t, at, d,
                                   Network::describe(net.spec()));
          return out;
        }
        const std::int64_t key = unit_key(net, at, d, unit);
        if (count[static_cast<std::size_t>(key)]++ == 0) touched.push_back(key);
        round_max = std::max<std::int64_t>(round_max, count[static_cast<std::size_t>(key)]);
        at = *next;
      }
    }
    out.per_round.push_back(round_max);
    if (round_max > out.congestion) {
      out.congestion = round_max;
      // The smallest key reaching the maximum, and who crosses it.
      std::int64_t best = -1;
      for (const std::int64_t key : touched)
        if (count[static_cast<std::size_t>(key)] == round_max && (best < 0 || key < best)) best = key;
      CongestionWitness w;
      w.round = static_cast<std::int64_t>(t);
      w.count = round_max;
      w.arc.from = best / width;
      w.arc.direction = static_cast<Direction>(best % width);
      w.arc.to = *net.target(w.arc.from, w.arc.direction);
      for (const Transmission& x : s.rounds[t]) {
        std::int64_t at = x.from;
        for (const Direction d : x.hops) {
          if (unit_key(net, at, d, unit) == best) w.senders.push_back(x.from);
          at = *net.target(at, d);
        }
      }
      std::sort(w.senders.begin(), w.senders.end());
      w.message = congestion_message(net, w, unit);
      out.witness = std::move(w);
    }
    for (const std::int64_t key : touched) count[static_cast<std::size_t>(key)] = 0;
    touched.clear();
  }
  return out;
}

}  // namespace collverify::network
