#include "checkers/network/wormhole_check.hpp"

#include <fmt/format.h>

#include <optional>
#include <vector>

#include "checkers/network/cycle_check.hpp"
#include "model/error.hpp"

namespace collverify::network {

namespace {

// InputError unless s is a one-piece oab broadcast with wormhole switching from a node of net.
void require_wormhole_broadcast(const Network& net, const RoutedSchedule& s) {
  if (s.collective != Collective::oab || s.model.switching != Switching::wormhole ||
      s.pieces != 1) {
    throw InputError(
        "the wormhole broadcast checker takes a one-to-all broadcast (collective oab, one piece) "
        "with wormhole switching");
  }
  const std::int64_t N = net.nodes();
  if (s.root < 0 || s.root >= N) {
    throw InputError(fmt::format("root {} is not a node 0..{}", s.root, N - 1));
  }
}

// What the rounds so far have left, per node and per arc: who is informed, which worm crossed
// an arc (arc_owner = 1 + worm index, in round arc_round) and which worm ended at a node in which
// round.
struct WormholeState {
  WormholeState(std::int64_t nodes, std::int64_t arcs)
      : informed(static_cast<std::size_t>(nodes), 0),
        arc_owner(static_cast<std::size_t>(arcs), 0),
        arc_round(static_cast<std::size_t>(arcs), -1),
        target_worm(static_cast<std::size_t>(nodes), -1),
        target_round(static_cast<std::size_t>(nodes), -1) {}

  std::vector<std::uint8_t> informed;
  std::vector<std::int64_t> arc_owner;
  std::vector<std::int64_t> arc_round;
  std::vector<std::int64_t> target_worm;
  std::vector<std::int64_t> target_round;
};

// node_in_network and hop_exists: worm x starts at a node and every hop (at least one) is an arc.
// On a violation fills base (round, worm and node already set) and returns true.
bool path_broken(const Network& net, const Transmission& x, WormholeWitness& base) {
  const std::int64_t N = net.nodes();
  const std::int64_t t = base.round;
  const std::int64_t w = base.worm;
  if (x.from < 0 || x.from >= N) {
    base.property = "node_in_network";
    base.message = fmt::format("node_in_network: round {} worm {}: sender {} is not in 0..{}", t, w,
                               x.from, N - 1);
    return true;
  }
  std::int64_t at = x.from;
  for (std::size_t h = 0; h < x.hops.size(); ++h) {
    const auto next = net.target(at, x.hops[h]);
    if (!next) {
      base.property = "hop_exists";
      base.arc = Arc{at, -1, x.hops[h]};
      base.message = fmt::format(
          "hop_exists: round {} worm {} from {}: hop {} leaves {} by "
          "direction {}, which is no arc",
          t, w, node_name(net, x.from), h, node_name(net, at), x.hops[h]);
      return true;
    }
    at = *next;
  }
  if (x.hops.empty()) {
    base.property = "hop_exists";
    base.message = fmt::format("hop_exists: round {} worm {} from {} has no hop", t, w,
                               node_name(net, x.from));
    return true;
  }
  return false;
}

// path_from_uninformed: worm x starts at a node informed before its round. On a violation
// fills base and returns true.
bool starts_uninformed(const Network& net, const Transmission& x, const WormholeState& st,
                       WormholeWitness& base) {
  if (st.informed[static_cast<std::size_t>(x.from)] != 0) return false;
  base.property = "path_from_uninformed";
  base.message = fmt::format(
      "path_from_uninformed: round {} worm {} starts at {}, which is not informed before round {}",
      base.round, base.worm, node_name(net, x.from), base.round);
  return true;
}

// arc_reused_in_path and link_disjoint: worm x of `round` crosses no arc twice and no arc another
// worm of the round crossed; marks its arcs as its own and sets `at` to its end. On a violation
// fills base and returns true.
bool claim_arcs(const Network& net, const Round& round, const Transmission& x, WormholeState& st,
                WormholeWitness& base, std::int64_t& at) {
  const std::int64_t t = base.round;
  const std::int64_t w = base.worm;
  at = x.from;
  for (const Direction d : x.hops) {
    const std::int64_t arc = net.arc_id(at, d);
    const std::int64_t to = *net.target(at, d);
    const auto ai = static_cast<std::size_t>(arc);
    if (st.arc_round[ai] == t && st.arc_owner[ai] == w + 1) {
      base.property = "arc_reused_in_path";
      base.arc = Arc{at, to, d};
      base.message = fmt::format(
          "arc_reused_in_path: round {} worm {} from {} crosses {} -> {} "
          "\"{}\" twice",
          t, w, node_name(net, x.from), node_name(net, at), node_name(net, to),
          net.direction_name(d));
      return true;
    }
    if (st.arc_round[ai] == t) {
      base.property = "link_disjoint";
      base.arc = Arc{at, to, d};
      base.other_worm = st.arc_owner[ai] - 1;
      base.message = fmt::format(
          "link_disjoint: round {}: worm {} from {} and worm {} from {} both cross {} -> {} "
          "\"{}\"",
          t, base.other_worm, node_name(net, round[static_cast<std::size_t>(base.other_worm)].from),
          w, node_name(net, x.from), node_name(net, at), node_name(net, to), net.direction_name(d));
      return true;
    }
    st.arc_round[ai] = t;
    st.arc_owner[ai] = w + 1;
    at = to;
  }
  return false;
}

// informed_twice: worm x's end `at` is neither informed already nor the end of another worm of
// the round; records it as this worm's. On a violation fills base and returns true.
bool informs_twice(const Network& net, const Transmission& x, std::int64_t at, WormholeState& st,
                   WormholeWitness& base) {
  const std::int64_t t = base.round;
  const std::int64_t w = base.worm;
  const auto ei = static_cast<std::size_t>(at);
  if (st.informed[ei] != 0 || st.target_round[ei] == t) {
    base.property = "informed_twice";
    base.node = at;
    base.other_worm = st.target_round[ei] == t ? st.target_worm[ei] : -1;
    base.message =
        fmt::format("informed_twice: round {} worm {} from {} ends at {}, which {}", t, w,
                    node_name(net, x.from), node_name(net, at),
                    st.informed[ei] != 0
                        ? std::string("is already informed")
                        : fmt::format("worm {} of the same round informs too", st.target_worm[ei]));
    return true;
  }
  st.target_round[ei] = t;
  st.target_worm[ei] = w;
  return false;
}

// Checks every worm of round t in order and then informs their ends; on the first violation
// sets r.witness and returns false.
bool check_round(const Network& net, const Round& round, std::int64_t t, WormholeState& st,
                 WormholeResult& r) {
  std::vector<std::int64_t> ends;
  for (std::size_t wi = 0; wi < round.size(); ++wi) {
    const Transmission& x = round[wi];
    const auto w = static_cast<std::int64_t>(wi);
    ++r.worms;
    WormholeWitness base;
    base.round = t;
    base.worm = w;
    base.node = x.from;
    std::int64_t at = 0;
    if (path_broken(net, x, base) || starts_uninformed(net, x, st, base) ||
        claim_arcs(net, round, x, st, base, at) || informs_twice(net, x, at, st, base)) {
      r.witness = std::move(base);
      return false;
    }
    ends.push_back(at);
  }
  for (const std::int64_t v : ends) st.informed[static_cast<std::size_t>(v)] = 1;
  r.informed += static_cast<std::int64_t>(ends.size());
  return true;
}

// completeness and lower_bound, once every round has passed: the first node left uninformed, or
// fewer rounds than the bound.
std::optional<WormholeWitness> final_violation(const Network& net, const WormholeState& st,
                                               const WormholeResult& r) {
  const std::int64_t N = net.nodes();
  for (std::int64_t v = 0; v < N; ++v) {
    if (st.informed[static_cast<std::size_t>(v)] == 0) {
      WormholeWitness w;
      w.property = "completeness";
      w.round = r.rounds;
      w.node = v;
      w.message = fmt::format("completeness: after {} rounds {} is not informed ({} of {} are)",
                              r.rounds, node_name(net, v), r.informed, N);
      return w;
    }
  }
  if (r.rounds < r.lower_bound) {
    WormholeWitness w;
    w.property = "lower_bound";
    w.round = r.rounds;
    w.message = fmt::format("lower_bound: {} rounds, below the bound ceil(log_(D+1) N) = {}",
                            r.rounds, r.lower_bound);
    return w;
  }
  return std::nullopt;
}

}  // namespace

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
  require_wormhole_broadcast(net, s);
  const std::int64_t N = net.nodes();
  WormholeResult r;
  r.rounds = static_cast<std::int64_t>(s.rounds.size());
  r.lower_bound = wormhole_broadcast_bound(net);
  WormholeState st(N, N * net.width());
  st.informed[static_cast<std::size_t>(s.root)] = 1;
  r.informed = 1;
  for (std::int64_t t = 0; t < r.rounds; ++t) {
    if (!check_round(net, s.rounds[static_cast<std::size_t>(t)], t, st, r)) return r;
  }
  if (auto w = final_violation(net, st, r)) r.witness = std::move(*w);
  return r;
}

}  // namespace collverify::network
