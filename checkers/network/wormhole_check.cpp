#include "checkers/network/wormhole_check.hpp"

#include <fmt/format.h>

#include "checkers/network/cycle_check.hpp"
#include "model/error.hpp"

namespace collverify::network {

std::int64_t wormhole_broadcast_bound(const Network& net) {
  std::int64_t degree = 0;
  for (std::int64_t v = 0; v < net.nodes(); ++v) degree = std::max(degree, net.out_degree(v));
  std::int64_t rounds = 0;
  std::int64_t reach = 1;
  while (reach < net.nodes()) {
    reach *= degree + 1;
    ++rounds;
    if (degree == 0) return -1;
  }
  return rounds;
}

WormholeResult check_wormhole_broadcast(const Network& net, const RoutedSchedule& s) {
  if (s.collective != Collective::oab || s.model.switching != Switching::wormhole || s.pieces != 1) {
    throw InputError(
        "the wormhole broadcast checker takes a one-to-all broadcast (collective oab, one piece) "
        "with wormhole switching");
  }
  const std::int64_t N = net.nodes();
  if (s.root < 0 || s.root >= N) {
    throw InputError(fmt::format("root {} is not a node 0..{}", s.root, N - 1));
  }
  WormholeResult r;
  r.rounds = static_cast<std::int64_t>(s.rounds.size());
  r.lower_bound = wormhole_broadcast_bound(net);
  std::vector<std::uint8_t> informed(static_cast<std::size_t>(N), 0);
  informed[static_cast<std::size_t>(s.root)] = 1;
  r.informed = 1;
  // arc_owner[arc] = 1 + worm index that used it in round `arc_round[arc]`.
  std::vector<std::int64_t> arc_owner(static_cast<std::size_t>(N * net.width()), 0);
  std::vector<std::int64_t> arc_round(static_cast<std::size_t>(N * net.width()), -1);
  std::vector<std::int64_t> target_worm(static_cast<std::size_t>(N), -1);
  std::vector<std::int64_t> target_round(static_cast<std::size_t>(N), -1);
  std::vector<std::int64_t> used_by_self;  // arcs of the current worm
  auto fail = [&](WormholeWitness w) {
    r.witness = std::move(w);
    return r;
  };
  for (std::int64_t t = 0; t < r.rounds; ++t) {
    const Round& round = s.rounds[static_cast<std::size_t>(t)];
    std::vector<std::int64_t> ends;
    for (std::size_t wi = 0; wi < round.size(); ++wi) {
      const Transmission& x = round[wi];
      const auto w = static_cast<std::int64_t>(wi);
      ++r.worms;
      WormholeWitness base;
      base.round = t;
      base.worm = w;
      base.node = x.from;
      if (x.from < 0 || x.from >= N) {
        base.property = "node_in_network";
        base.message = fmt::format("node_in_network: round {} worm {}: sender {} is not in 0..{}",
                                   t, w, x.from, N - 1);
        return fail(base);
      }
      std::int64_t at = x.from;
      for (std::size_t h = 0; h < x.hops.size(); ++h) {
        const auto next = net.target(at, x.hops[h]);
        if (!next) {
          base.property = "hop_exists";
          base.arc = Arc{at, -1, x.hops[h]};
          base.message = fmt::format("hop_exists: round {} worm {} from {}: hop {} leaves {} by "
                                     "direction {}, which is no arc",
                                     t, w, node_name(net, x.from), h, node_name(net, at),
                                     x.hops[h]);
          return fail(base);
        }
        at = *next;
      }
      if (x.hops.empty()) {
        base.property = "hop_exists";
        base.message = fmt::format("hop_exists: round {} worm {} from {} has no hop", t, w,
                                   node_name(net, x.from));
        return fail(base);
      }
      if (informed[static_cast<std::size_t>(x.from)] == 0) {
        base.property = "path_from_uninformed";
        base.message = fmt::format(
            "path_from_uninformed: round {} worm {} starts at {}, which is not informed before "
            "round {}",
            t, w, node_name(net, x.from), t);
        return fail(base);
      }
      used_by_self.clear();
      at = x.from;
      for (const Direction d : x.hops) {
        const std::int64_t arc = net.arc_id(at, d);
        const std::int64_t to = *net.target(at, d);
        const auto ai = static_cast<std::size_t>(arc);
        if (arc_round[ai] == t && arc_owner[ai] == w + 1) {
          base.property = "arc_reused_in_path";
          base.arc = Arc{at, to, d};
          base.message = fmt::format("arc_reused_in_path: round {} worm {} from {} crosses {} -> {} "
                                     "\"{}\" twice",
                                     t, w, node_name(net, x.from), node_name(net, at),
                                     node_name(net, to), net.direction_name(d));
          return fail(base);
        }
        if (arc_round[ai] == t) {
          base.property = "link_disjoint";
          base.arc = Arc{at, to, d};
          base.other_worm = arc_owner[ai] - 1;
          base.message = fmt::format(
              "link_disjoint: round {}: worm {} from {} and worm {} from {} both cross {} -> {} "
              "\"{}\"",
              t, base.other_worm, node_name(net, round[static_cast<std::size_t>(base.other_worm)].from),
              w, node_name(net, x.from), node_name(net, at), node_name(net, to),
              net.direction_name(d));
          return fail(base);
        }
        arc_round[ai] = t;
        arc_owner[ai] = w + 1;
        at = to;
      }
      const auto ei = static_cast<std::size_t>(at);
      if (informed[ei] != 0 || target_round[ei] == t) {
        base.property = "informed_twice";
        base.node = at;
        base.other_worm = target_round[ei] == t ? target_worm[ei] : -1;
        base.message = fmt::format(
            "informed_twice: round {} worm {} from {} ends at {}, which {}", t, w,
            node_name(net, x.from), node_name(net, at),
            informed[ei] != 0 ? std::string("is already informed")
                              : fmt::format("worm {} of the same round informs too", target_worm[ei]));
        return fail(base);
      }
      target_round[ei] = t;
      target_worm[ei] = w;
      ends.push_back(at);
    }
    for (const std::int64_t v : ends) informed[static_cast<std::size_t>(v)] = 1;
    r.informed += static_cast<std::int64_t>(ends.size());
  }
  for (std::int64_t v = 0; v < N; ++v) {
    if (informed[static_cast<std::size_t>(v)] == 0) {
      WormholeWitness w;
      w.property = "completeness";
      w.round = r.rounds;
      w.node = v;
      w.message = fmt::format("completeness: after {} rounds {} is not informed ({} of {} are)",
                              r.rounds, node_name(net, v), r.informed, N);
      return fail(w);
    }
  }
  if (r.rounds < r.lower_bound) {
    WormholeWitness w;
    w.property = "lower_bound";
    w.round = r.rounds;
    w.message = fmt::format("lower_bound: {} rounds, below the bound ceil(log_(D+1) N) = {}",
                            r.rounds, r.lower_bound);
    return fail(w);
  }
  return r;
}

}  // namespace collverify::network
