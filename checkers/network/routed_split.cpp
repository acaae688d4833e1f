// The routed checker split by origin (contract: routed_split.hpp).
#include "checkers/network/routed_split.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "checkers/network/routed_check_state.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"

namespace collverify::network {

namespace {

bool split_by_origin(const RoutedHeader& h) {
  return h.collective == Collective::aab || h.collective == Collective::aas ||
         h.collective == Collective::reduce;
}

std::int64_t per_origin(const RoutedHeader& h, std::int64_t nodes) {
  return h.collective == Collective::aas ? nodes : h.pieces;
}

}  // namespace

// One origin range: its checker state, fed through the RoutedSink interface, and the bitmap of
// the arcs it used in the round.
struct RoutedSplitCheck::Part final : RoutedSink {
  RoutedCheckState s;
  std::vector<std::uint64_t> used;
  bool closed = false;

  Part(const Network& net, const RoutedHeader& h, RoutedCheckOptions o, std::int64_t first,
       std::int64_t count)
      : s(net, h, o, first, count),
        used(static_cast<std::size_t>((net.nodes() * net.width() + 63) / 64), 0) {}

  void begin_round(std::int64_t) override {
    CV_ASSERT(false, "a part's rounds are begun by RoutedSplitCheck::begin_round");
  }
  void send(std::int64_t from, std::span<const Direction> hops,
            std::span<const Packet> packets) override {
    s.send(from, hops, packets);
  }
  void send_hops(std::span<const SingleHop> batch) override { s.send_hops(batch); }
  void end_round() override {
    CV_ASSERT(false, "a part's rounds are ended by RoutedSplitCheck::end_round");
  }

  bool uses(std::size_t id) const { return (used[id / 64] >> (id % 64)) & 1U; }

  void close() {
    s.apply_deliveries();
    closed = true;
    if (s.halted) return;
    // The arcs whose stamp says "used in this round" (2 * arc_stamp, or + 1 after a collision).
    const auto low = static_cast<std::uint8_t>(2 * s.arc_stamp);
    const std::uint8_t* stamp = s.arc_used.get();
    const std::size_t arcs = s.arc_used.size();
    for (std::size_t w = 0; w < used.size(); ++w) {
      const std::size_t from = w * 64, to = std::min(arcs, from + 64);
      std::uint64_t bits = 0;
      for (std::size_t id = from; id < to; ++id) {
        bits |= std::uint64_t{stamp[id] >= low} << (id - from);
      }
      used[w] = bits;
    }
  }
};

std::int64_t routed_split_bytes(const Network& net, const RoutedHeader& h, std::int64_t parts) {
  const std::string what = "split routed checker";
  const std::int64_t n = net.nodes();
  const std::int64_t whole = routed_check_bytes(net, h);
  const std::int64_t holdings = checked_mul(checked_mul(n, (packet_count(h, n) + 63) / 64, what), 8, what);
  // Per part: the tables of one whole check but the holdings, a holdings word per node for the
  // part's rounding, the arc bitmap; the merge: two bitmaps and two port sums per node.
  const std::int64_t arcs_words = (checked_mul(n, net.width(), what) + 63) / 64;
  const std::int64_t per_part =
      checked_add(checked_add(whole - holdings, checked_mul(n, 8, what), what),
                  checked_mul(arcs_words, 8, what), what);
  std::int64_t bytes = checked_add(holdings, checked_mul(per_part, parts, what), what);
  bytes = checked_add(bytes, checked_mul(arcs_words, 16, what), what);
  return checked_add(bytes, checked_mul(n, 16, what), what);
}

std::vector<std::int64_t> split_origins(std::int64_t n, const RoutedHeader& h, int parts) {
  if (!split_by_origin(h) || parts <= 1 || n <= 1) return {0, n};
  const std::int64_t count = std::min<std::int64_t>(parts, n);
  // Whole tiles of 64 origins when every part gets at least one.
  const std::int64_t unit = n % 64 == 0 && n / 64 >= count ? 64 : 1;
  const std::int64_t units = n / unit;
  std::vector<std::int64_t> bounds;
  for (std::int64_t k = 0; k <= count; ++k) bounds.push_back(k * units / count * unit);
  bounds.back() = n;
  return bounds;
}

RoutedSplitCheck::RoutedSplitCheck(const Network& net, const RoutedHeader& h,
                                   RoutedCheckOptions options, std::vector<std::int64_t> bounds)
    : net_(net), h_(h), options_(options), bounds_(std::move(bounds)) {
  validate_header(net, h);
  if (h.model.duplex == Duplex::simplex_channel || h.model.intermediate_reception) {
    throw InputError("the split check judges neither simplex channels nor intermediate "
                     "reception; use the single checker (routed_check.hpp)");
  }
  const std::int64_t n = net.nodes();
  CV_ASSERT(bounds_.size() >= 2 && bounds_.front() == 0 && bounds_.back() == n,
            "origin bounds run from 0 to N");
  CV_ASSERT(std::adjacent_find(bounds_.begin(), bounds_.end(), std::greater_equal<>()) ==
                bounds_.end(),
            "origin bounds ascend strictly");
  CV_ASSERT(split_by_origin(h) || bounds_.size() == 2, "only aab, aas and reduce are split");
  const auto count = static_cast<std::int64_t>(bounds_.size() - 1);
  require_memory(routed_split_bytes(net, h, count),
                 fmt::format("checking {} on the {} in {} parts", to_string(h.collective),
                             Network::describe(net.spec()), count));
  const std::int64_t per = split_by_origin(h) ? per_origin(h, n) : 0;
  for (std::size_t k = 0; k + 1 < bounds_.size(); ++k) {
    const std::int64_t first = per * bounds_[k];
    const std::int64_t size = per == 0 ? packet_count(h, n) : per * (bounds_[k + 1] - bounds_[k]);
    parts_.push_back(std::make_unique<Part>(net, h, options, first, size));
  }
  const std::size_t words = parts_.front()->used.size();
  seen_.assign(words, 0);
  twice_.assign(words, 0);
}

RoutedSplitCheck::~RoutedSplitCheck() = default;

void RoutedSplitCheck::begin_round(std::int64_t round) {
  CV_ASSERT(round_ + 1 == round, "rounds are streamed in order from 0");
  round_ = round;
  for (auto& p : parts_) {
    p->s.begin_round(round);
    p->closed = false;
  }
}

RoutedSink& RoutedSplitCheck::part(std::size_t k) { return *parts_[k]; }

void RoutedSplitCheck::close_part(std::size_t k) { parts_[k]->close(); }

std::optional<RoutedWitness> RoutedSplitCheck::arc_witness(std::size_t id) const {
  const std::int64_t n = net_.nodes();
  const auto v = static_cast<std::int64_t>(id) % n;
  const auto dir = static_cast<Direction>(static_cast<std::int64_t>(id) / n);
  std::size_t k = 0;
  while (k < parts_.size() && !parts_[k]->uses(id)) ++k;
  if (k == parts_.size()) return std::nullopt;
  const std::int64_t first = parts_[k]->s.first_on(id);
  std::optional<std::int64_t> second;
  for (const auto& c : parts_[k]->s.collisions) {
    if (c.id == id) second = c.second;
  }
  for (std::size_t j = k + 1; j < parts_.size() && !second; ++j) {
    if (parts_[j]->uses(id)) second = parts_[j]->s.first_on(id);
  }
  if (!second) return std::nullopt;
  RoutedWitness w;
  w.property = RoutedProperty::arc_exclusivity;
  w.round = round_;
  w.node = v;
  w.detail = dir;
  w.arc = Arc{v, net_.target(v, dir).value_or(-1), dir};
  w.packets = {packet_of(h_, n, first), packet_of(h_, n, *second)};
  return w;
}

namespace {

void keep_smaller(std::optional<RoutedWitness>& best, std::optional<RoutedWitness> w) {
  if (w && (!best || *w < *best)) best = std::move(w);
}

}  // namespace

// Arcs used twice in the round: by two parts, or twice inside one.
void RoutedSplitCheck::merge_arcs(std::optional<RoutedWitness>& best) {
  std::fill(seen_.begin(), seen_.end(), 0);
  std::fill(twice_.begin(), twice_.end(), 0);
  bool any_twice = false;
  for (const auto& p : parts_) {
    for (std::size_t w = 0; w < seen_.size(); ++w) {
      const std::uint64_t both = seen_[w] & p->used[w];
      twice_[w] |= both;
      any_twice = any_twice || both != 0;
      seen_[w] |= p->used[w];
    }
  }
  for (const auto& p : parts_) {
    for (const auto& c : p->s.collisions) keep_smaller(best, arc_witness(c.id));
  }
  if (!any_twice) return;
  for (std::size_t w = 0; w < twice_.size(); ++w) {
    for (std::uint64_t bits = twice_[w]; bits != 0; bits &= bits - 1) {
      keep_smaller(best, arc_witness(w * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
    }
  }
}

// Half duplex: both arcs of a link used in the round (by any parts), named from the smaller tail.
void RoutedSplitCheck::merge_half_duplex(std::optional<RoutedWitness>& best) {
  const std::int64_t n = net_.nodes();
  const auto first_on = [&](std::size_t id) {
    std::size_t k = 0;
    while (!parts_[k]->uses(id)) ++k;
    return packet_of(h_, n, parts_[k]->s.first_on(id));
  };
  for (std::size_t w = 0; w < seen_.size(); ++w) {
    for (std::uint64_t bits = seen_[w]; bits != 0; bits &= bits - 1) {
      const std::size_t id = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
      const auto v = static_cast<std::int64_t>(id) % n;
      const auto dir = static_cast<Direction>(static_cast<std::int64_t>(id) / n);
      const std::int64_t to = net_.target(v, dir).value_or(-1);
      if (to < v) continue;  // named from the smaller tail (to == -1: no arc, never used)
      const Direction back = net_.reverse_direction(v, dir);
      const auto reverse = static_cast<std::size_t>(back * n + to);
      if (((seen_[reverse / 64] >> (reverse % 64)) & 1U) == 0) continue;
      RoutedWitness x;
      x.property = RoutedProperty::arc_exclusivity;
      x.round = round_;
      x.node = v;
      x.detail = dir;
      x.arc = Arc{v, to, dir};
      x.reverse = true;
      x.packets = {first_on(id), first_on(reverse)};
      keep_smaller(best, std::move(x));
    }
  }
}

// Port limits and simplex from the parts' summed counts of the round.
void RoutedSplitCheck::merge_ports(std::optional<RoutedWitness>& best) {
  const std::int64_t n = net_.nodes();
  std::vector<std::int64_t> sends(static_cast<std::size_t>(n), 0), recvs(sends);
  for (const auto& p : parts_) {
    const RoutedCheckState& s = p->s;
    for (std::size_t v = 0; v < sends.size(); ++v) {
      if (s.send_round[v].stamp == s.stamp) sends[v] += s.send_limit[v] - s.send_round[v].left;
      if (s.recv_round[v].stamp == s.stamp) recvs[v] += s.recv_limit[v] - s.recv_round[v].left;
    }
  }
  const RoutedCheckState& s = parts_.front()->s;
  const auto make = [&](RoutedProperty property, std::int64_t v, std::int64_t detail) {
    RoutedWitness w;
    w.property = property;
    w.round = round_;
    w.node = v;
    w.detail = detail;
    return w;
  };
  for (std::size_t v = 0; v < sends.size(); ++v) {
    const auto node = static_cast<std::int64_t>(v);
    if (sends[v] > s.send_limit[v]) keep_smaller(best, make(RoutedProperty::port_limit, node, 0));
    if (recvs[v] > s.recv_limit[v]) keep_smaller(best, make(RoutedProperty::port_limit, node, 1));
    if (h_.model.duplex == Duplex::simplex && sends[v] > 0 && recvs[v] > 0) {
      keep_smaller(best, make(RoutedProperty::simplex, node, 0));
    }
  }
}

void RoutedSplitCheck::end_round() {
  for (auto& p : parts_) {
    if (!p->closed) p->close();
  }
  if (witness_) return;
  std::optional<RoutedWitness> best;
  bool port_over = false;
  for (auto& p : parts_) {
    keep_smaller(best, std::move(p->s.best));
    p->s.best.reset();
    port_over = port_over || p->s.port_over;
  }
  merge_arcs(best);
  if (h_.model.duplex == Duplex::half) merge_half_duplex(best);
  bool any_collision = false;
  for (std::size_t w = 0; w < twice_.size() && !any_collision; ++w) any_collision = twice_[w] != 0;
  for (const auto& p : parts_) any_collision = any_collision || !p->s.collisions.empty();
  // With every port and no arc used twice, each node's sends and receives use distinct arcs:
  // no limit can be exceeded (routed_split.hpp).
  if (h_.model.ports != CommModel::kAllPorts || h_.model.duplex == Duplex::simplex ||
      any_collision || port_over) {
    merge_ports(best);
  }
  if (!best) return;
  describe_witness(net_, *best);
  witness_ = std::move(best);
  for (auto& p : parts_) p->s.halted = true;
}

RoutedResult RoutedSplitCheck::finish() {
  CV_ASSERT(!finished_, "finish() once");
  finished_ = true;
  RoutedResult r;
  r.rounds = round_ + 1;
  r.lower_bound = options_.lower_bound;
  for (const auto& p : parts_) {
    r.transmissions += p->s.transmissions;
    r.deliveries += p->s.deliveries;
  }
  r.witness = witness_;
  if (!r.witness) {
    // The smallest node missing a packet, and its smallest (the parts ascend by packet index).
    for (const auto& p : parts_) {
      auto m = p->s.missing();
      if (m && (!r.witness || m->node < r.witness->node)) r.witness = std::move(m);
    }
  }
  if (!r.witness && r.lower_bound != kNone && r.rounds < r.lower_bound) {
    RoutedWitness w;
    w.property = RoutedProperty::lower_bound;
    w.detail = r.lower_bound;
    r.witness = w;
  }
  if (r.witness && (r.witness->property == RoutedProperty::completeness ||
                    r.witness->property == RoutedProperty::lower_bound)) {
    r.witness->round = r.rounds;
    describe_witness(net_, *r.witness);
  }
  return r;
}

RoutedResult check_routed_split(const Network& net, const RoutedSchedule& s,
                                RoutedCheckOptions options, const std::vector<std::int64_t>& bounds) {
  const RoutedHeader h = header_of(s);
  RoutedSplitCheck check(net, h, options, bounds);
  const std::int64_t n = net.nodes();
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    check.begin_round(static_cast<std::int64_t>(t));
    std::size_t k = 0;
    for (const Transmission& x : s.rounds[t]) {
      for (const Packet& p : x.packets) {
        if (packet_index(h, n, p) < 0) continue;
        const auto it = std::upper_bound(bounds.begin(), bounds.end(), p.origin);
        const auto mine = static_cast<std::size_t>(it - bounds.begin() - 1);
        CV_ASSERT(mine >= k, "a round's transmissions come part by part");
        k = std::min(mine, check.parts() - 1);
        break;
      }
      check.part(k).send(x.from, x.hops, x.packets);
    }
    check.end_round();
  }
  return check.finish();
}

}  // namespace collverify::network
