// The fast routed checker (contract: routed_check.hpp). Holdings are one bitset of P bits per node;
// arcs and nodes carry a round stamp, so nothing is cleared between rounds: an arc's stamp is
// 2 * round' for "used once in this round" and 2 * round' + 1 for "collision already reported"
// (round' counts begin_round calls from 1). Deliveries of a round are buffered and applied at
// end_round, so a packet received in round t is held from round t + 1; causality is judged there
// too, for all sends of the round at once, against the holdings before the deliveries.
#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#include "checkers/network/routed_check.hpp"
#include "model/error.hpp"

namespace collverify::network {

namespace {

struct FreeDeleter {
  void operator()(std::uint64_t* p) const { std::free(p); }
};
using Words = std::unique_ptr<std::uint64_t[], FreeDeleter>;

// Zeroed words on 2 MiB-aligned memory marked for transparent huge pages: the holdings of a large
// all-to-all are hundreds of MiB read at random, and 4 KiB pages would add a TLB miss to most
// deliveries.
Words zeroed_words(std::size_t count) {
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  const std::size_t bytes = std::max<std::size_t>((count * 8 + kHuge - 1) / kHuge * kHuge, kHuge);
  void* p = std::aligned_alloc(kHuge, bytes);
  if (p == nullptr) throw std::bad_alloc();
  (void)madvise(p, bytes, MADV_HUGEPAGE);  // advice only: without it the checker is just slower
  std::memset(p, 0, bytes);
  return Words(static_cast<std::uint64_t*>(p));
}

}  // namespace

struct RoutedChecker::State {
  struct NodeRound {
    std::uint32_t send_stamp = 0;
    std::uint32_t recv_stamp = 0;
    std::int32_t sends = 0;
    std::int32_t recvs = 0;
    std::int32_t send_limit = 0;
    std::int32_t recv_limit = 0;
  };
  // One cache line access per arc and round: the stamp and the first packet's index.
  struct ArcRound {
    std::uint32_t stamp = 0;
    std::int64_t first = 0;
  };

  const Network& net;
  RoutedHeader h;
  RoutedCheckOptions options;
  std::int64_t n = 0;
  std::int64_t packets = 0;
  std::int64_t words = 0;
  Words holds;                               // n * words
  std::vector<ArcRound> arc_round;           // per arc id
  std::vector<NodeRound> node_round;
  std::vector<std::pair<std::int64_t, std::int64_t>> pending;  // (node, packet index) received
  std::vector<std::pair<std::int64_t, std::int64_t>> reads;    // (node, packet index) sent
  struct Hop {
    std::int64_t id = 0;  // arc id
    Arc arc;
  };
  std::vector<Hop> route;                    // the arcs of the current transmission
  std::vector<std::int64_t> indices;         // packet indices of the current transmission
  std::optional<RoutedWitness> best;         // smallest candidate of the current round
  std::optional<RoutedWitness> witness;
  std::uint32_t stamp = 0;
  std::int64_t round = -1;
  std::int64_t rounds = 0;
  std::int64_t transmissions = 0;
  std::int64_t deliveries = 0;
  bool finished = false;
  bool sf = true;

  State(const Network& network, const RoutedHeader& header, RoutedCheckOptions o)
      : net(network), h(header), options(o), n(network.nodes()) {
    validate_header(net, h);
    sf = h.model.switching == Switching::store_and_forward;
    packets = packet_count(h, n);
    words = (packets + 63) / 64;
    holds = zeroed_words(static_cast<std::size_t>(n * words));
    // A node starts with the packets whose origin it is.
    for (std::int64_t i = 0; i < packets; ++i) set(packet_of(h, n, i).origin, i);
    const auto arcs = static_cast<std::size_t>(n * net.width());
    arc_round.assign(arcs, ArcRound{});
    node_round.assign(static_cast<std::size_t>(n), NodeRound{});
    for (std::int64_t v = 0; v < n; ++v) {
      const auto all = h.model.ports == CommModel::kAllPorts;
      node_round[static_cast<std::size_t>(v)].send_limit =
          static_cast<std::int32_t>(all ? net.out_degree(v) : h.model.ports);
      node_round[static_cast<std::size_t>(v)].recv_limit =
          static_cast<std::int32_t>(all ? net.in_degree(v) : h.model.ports);
    }
  }

  bool held(std::int64_t v, std::int64_t i) const {
    return (holds[static_cast<std::size_t>(v * words + i / 64)] >> (i % 64)) & 1U;
  }
  void set(std::int64_t v, std::int64_t i) {
    holds[static_cast<std::size_t>(v * words + i / 64)] |= std::uint64_t{1} << (i % 64);
  }

  void consider(RoutedWitness w) {
    w.round = round;
    if (!best || w < *best) best = std::move(w);
  }

  RoutedWitness make(RoutedProperty p, std::int64_t node, std::int64_t detail) const {
    RoutedWitness w;
    w.property = p;
    w.node = node;
    w.detail = detail;
    return w;
  }

  // The first five properties; false: the transmission is skipped.
  bool shape_ok(std::int64_t from, std::span<const Direction> hops,
                std::span<const Packet> ps) {
    if (from < 0 || from >= n) {
      consider(make(RoutedProperty::node_in_network, from, 0));
      return false;
    }
    if (hops.empty() || (sf && hops.size() != 1)) {
      consider(make(RoutedProperty::route_length, from, static_cast<std::int64_t>(hops.size())));
      return false;
    }
    route.clear();
    std::int64_t u = from;
    for (const Direction dir : hops) {
      const auto t = net.target(u, dir);
      if (!t) {
        auto w = make(RoutedProperty::hop_exists, u, dir);
        w.arc = Arc{u, -1, dir};
        consider(std::move(w));
        return false;
      }
      route.push_back({net.arc_id(u, dir), Arc{u, *t, dir}});
      u = *t;
    }
    if (ps.empty()) {
      consider(make(RoutedProperty::empty_transmission, from, 0));
      return false;
    }
    indices.clear();
    for (const Packet& p : ps) {
      const std::int64_t i = packet_index(h, n, p);
      if (i < 0) {
        auto w = make(RoutedProperty::packet_in_collective, from, 0);
        w.packets = {p};
        consider(std::move(w));
        return false;
      }
      indices.push_back(i);
    }
    return true;
  }

  void use_arc(const Hop& hop, std::int64_t first) {
    ArcRound& mine = arc_round[static_cast<std::size_t>(hop.id)];
    const std::uint32_t used = 2 * stamp;
    if (mine.stamp == used) {
      auto w = make(RoutedProperty::arc_exclusivity, hop.arc.from, hop.arc.direction);
      w.arc = hop.arc;
      w.packets = {packet_of(h, n, mine.first), packet_of(h, n, first)};
      consider(std::move(w));
      mine.stamp = used + 1;
    } else if (mine.stamp != used + 1) {
      mine.stamp = used;
      mine.first = first;
    }
    if (h.model.duplex != Duplex::half) return;
    const Arc& arc = hop.arc;
    const Direction back = net.reverse_direction(arc.from, arc.direction);
    const ArcRound& other = arc_round[static_cast<std::size_t>(net.arc_id(arc.to, back))];
    if (other.stamp != used && other.stamp != used + 1) return;
    const bool mine_first = arc.from < arc.to;
    const Arc low = mine_first ? arc : Arc{arc.to, arc.from, back};
    auto w = make(RoutedProperty::arc_exclusivity, low.from, low.direction);
    w.arc = low;
    w.reverse = true;
    const Packet a = packet_of(h, n, mine.first), b = packet_of(h, n, other.first);
    w.packets = mine_first ? std::vector<Packet>{a, b} : std::vector<Packet>{b, a};
    consider(std::move(w));
  }

  void send(std::int64_t from, std::span<const Direction> hops, std::span<const Packet> ps) {
    ++transmissions;
    deliveries += static_cast<std::int64_t>(ps.size());
    if (witness) return;
    if (sf && hops.size() == 1 && ps.size() == 1 && send_one(from, hops[0], ps[0])) return;
    if (!shape_ok(from, hops, ps)) return;
    for (const std::int64_t i : indices) reads.emplace_back(from, i);
    if (!h.model.combining && ps.size() > 1) {
      const Arc arc = route.front().arc;
      auto w = make(RoutedProperty::non_combining, from, arc.direction);
      w.arc = arc;
      w.packets = {ps[0], ps[1]};
      consider(std::move(w));
    }
    for (const Hop& hop : route) use_arc(hop, indices.front());
    const std::int64_t to = route.back().arc.to;
    ports_and_simplex(from, to);
    for (const std::int64_t i : indices) pending.emplace_back(to, i);
  }

  // The common case, one hop and one packet in store-and-forward, without the route and index
  // vectors. Anything the first five properties would refuse goes the general way (false).
  bool send_one(std::int64_t from, Direction dir, const Packet& p) {
    const auto to = net.target(from, dir);  // nullopt also for `from` or `dir` out of range
    if (!to) return false;
    const std::int64_t i = packet_index(h, n, p);
    if (i < 0) return false;
    reads.emplace_back(from, i);
    use_arc(Hop{net.arc_id(from, dir), Arc{from, *to, dir}}, i);
    ports_and_simplex(from, *to);
    pending.emplace_back(*to, i);
    return true;
  }

  void ports_and_simplex(std::int64_t from, std::int64_t to) {
    NodeRound& s = node_round[static_cast<std::size_t>(from)];
    NodeRound& r = node_round[static_cast<std::size_t>(to)];
    if (s.send_stamp != stamp) s.send_stamp = stamp, s.sends = 0;
    if (++s.sends > s.send_limit) {
      consider(make(RoutedProperty::port_limit, from, 0));
    }
    if (r.recv_stamp != stamp) r.recv_stamp = stamp, r.recvs = 0;
    if (++r.recvs > r.recv_limit) {
      consider(make(RoutedProperty::port_limit, to, 1));
    }
    if (h.model.duplex == Duplex::simplex) {
      if (s.recv_stamp == stamp) consider(make(RoutedProperty::simplex, from, 0));
      if (r.send_stamp == stamp) consider(make(RoutedProperty::simplex, to, 0));
    }
  }

  const std::uint64_t* word_of(std::int64_t v, std::int64_t i) const {
    return holds.get() + v * words + i / 64;
  }

  // Causality against the holdings at the start of the round, then the round's deliveries. Both
  // loops touch one random word of the holdings per entry; prefetching a few entries ahead lets
  // those misses overlap (the holdings of a large all-to-all are far bigger than the caches).
  void end_round() {
    constexpr std::size_t kAhead = 16;
    for (std::size_t k = 0; k < reads.size(); ++k) {
      if (k + kAhead < reads.size()) {
        __builtin_prefetch(word_of(reads[k + kAhead].first, reads[k + kAhead].second));
      }
      const auto [v, i] = reads[k];
      if (!held(v, i)) {
        auto w = make(RoutedProperty::causality, v, 0);
        w.packets = {packet_of(h, n, i)};
        consider(std::move(w));
      }
    }
    reads.clear();
    for (std::size_t k = 0; k < pending.size(); ++k) {
      if (k + kAhead < pending.size()) {
        __builtin_prefetch(word_of(pending[k + kAhead].first, pending[k + kAhead].second), 1);
      }
      set(pending[k].first, pending[k].second);
    }
    pending.clear();
    if (best && !witness) {
      describe_witness(net, *best);
      witness = std::move(best);
    }
    best.reset();
  }

  RoutedWitness missing_at(std::int64_t v, std::int64_t i) const {
    RoutedWitness w;
    w.property = RoutedProperty::completeness;
    w.node = v;
    w.packets = {packet_of(h, n, i)};
    return w;
  }

  // The smallest node missing a packet it must end with, and its smallest such packet.
  std::optional<RoutedWitness> missing() const {
    for (std::int64_t v = 0; v < n; ++v) {
      switch (h.collective) {
        case Collective::reduce:
          if (v != h.root) break;
          [[fallthrough]];
        case Collective::oab:
        case Collective::bcast:
        case Collective::aab:
          for (std::int64_t k = 0; k < words; ++k) {
            const std::uint64_t want =
                k + 1 < words || packets % 64 == 0 ? ~std::uint64_t{0}
                                                   : (std::uint64_t{1} << (packets % 64)) - 1;
            const std::uint64_t lack = want & ~holds[static_cast<std::size_t>(v * words + k)];
            if (lack != 0) return missing_at(v, k * 64 + std::countr_zero(lack));
          }
          break;
        case Collective::oas:
          if (!held(v, v)) return missing_at(v, v);
          break;
        case Collective::aas:
          for (std::int64_t j = 0; j < n; ++j) {
            if (!held(v, j * n + v)) return missing_at(v, j * n + v);
          }
          break;
      }
    }
    return std::nullopt;
  }
};

RoutedChecker::RoutedChecker(const Network& net, const RoutedHeader& h,
                             RoutedCheckOptions options)
    : s_(new State(net, h, options)) {}

RoutedChecker::~RoutedChecker() { delete s_; }

void RoutedChecker::begin_round(std::int64_t round) {
  CV_ASSERT(s_->round + 1 == round, "rounds are streamed in order from 0");
  s_->round = round;
  s_->rounds = round + 1;
  ++s_->stamp;
}

void RoutedChecker::send(std::int64_t from, std::span<const Direction> hops,
                         std::span<const Packet> packets) {
  s_->send(from, hops, packets);
}

void RoutedChecker::end_round() { s_->end_round(); }

RoutedResult RoutedChecker::finish() {
  CV_ASSERT(!s_->finished, "finish() once");
  s_->finished = true;
  RoutedResult r;
  r.rounds = s_->rounds;
  r.lower_bound = s_->options.lower_bound;
  r.transmissions = s_->transmissions;
  r.deliveries = s_->deliveries;
  r.witness = std::move(s_->witness);
  if (!r.witness) r.witness = s_->missing();
  if (!r.witness && r.lower_bound != kNone && r.rounds < r.lower_bound) {
    RoutedWitness w;
    w.property = RoutedProperty::lower_bound;
    w.detail = r.lower_bound;
    r.witness = w;
  }
  if (r.witness && (r.witness->property == RoutedProperty::completeness ||
                    r.witness->property == RoutedProperty::lower_bound)) {
    r.witness->round = r.rounds;
    describe_witness(s_->net, *r.witness);
  }
  return r;
}

RoutedResult check_routed(const Network& net, const RoutedSchedule& s,
                          RoutedCheckOptions options) {
  RoutedChecker checker(net, header_of(s), options);
  replay(s, checker);
  return checker.finish();
}

}  // namespace collverify::network
