#include "checkers/hypercube/schedule_audits.hpp"

#include <fmt/format.h>

namespace collverify::hypercube_check {

namespace {

int bit_count(std::int64_t x) {
  return __builtin_popcountll(static_cast<unsigned long long>(x));
}

HypercubeViolation audit_violation(std::string property, std::int64_t round, std::int64_t node,
                        std::int64_t other, int dimension, std::string message) {
  return {std::move(property), round, node, other, dimension, std::move(message)};
}

// A single-hop transmission of one packet along a hypercube direction, or a violation.
HypercubeVerdict shape(int d, std::int64_t round, std::int64_t from,
                       std::span<const network::Direction> hops,
                       std::span<const network::Packet> packets) {
  if (hops.size() != 1 || packets.size() != 1 || hops[0] < 0 || hops[0] >= d || from < 0 ||
      from >= (std::int64_t{1} << d)) {
    return audit_violation("not_single_hop_single_packet", round, from, -1,
                hops.empty() ? -1 : static_cast<int>(hops[0]),
                fmt::format("round {}: node {} sends {} packets over {} hops; the hypercube "
                            "algorithms send one packet over one link of the {}-cube",
                            round, from, packets.size(), hops.size(), d));
  }
  return std::nullopt;
}

}  // namespace

void AuditBase::keep(HypercubeViolation v) {
  if (!first_ || v.round < first_->round || (v.round == first_->round && v.node < first_->node)) {
    first_ = std::move(v);
  }
}

void BinomialAudit::begin_round(std::int64_t round) {
  round_ = round;
  rounds_ = round + 1;
  sends_ = 0;
}

void BinomialAudit::send(std::int64_t from, std::span<const network::Direction> hops,
                         std::span<const network::Packet> packets) {
  if (auto v = shape(d_, round_, from, hops, packets)) return keep(*v);
  ++sends_;
  if (hops[0] != round_ || round_ >= d_ || ((from ^ root_) >> round_) != 0) {
    keep(audit_violation("binomial_tree", round_, from, from ^ (std::int64_t{1} << hops[0]), hops[0],
              fmt::format("round {}: node {} sends on dimension {}; the binomial tree of root {} "
                          "sends on dimension {} from root xor 0..{} only",
                          round_, from, hops[0], root_, round_,
                          (std::int64_t{1} << std::min<std::int64_t>(round_, 62)) - 1)));
  }
}

void BinomialAudit::end_round() {
  const std::int64_t want = round_ < 62 ? std::int64_t{1} << round_ : -1;
  // A transmission's own violation in this round names more than the count does.
  if (sends_ != want && !(first_ && first_->round == round_)) {
    keep(audit_violation("binomial_count", round_, -1, -1, static_cast<int>(round_),
              fmt::format("round {} has {} transmissions; the binomial tree sends {}", round_,
                          sends_, want)));
  }
}

HypercubeVerdict BinomialAudit::finish() {
  if (!first_ && rounds_ != d_) {
    keep(audit_violation("rounds_not_at_bound", rounds_, -1, -1, -1,
              fmt::format("{} rounds; the bound (the diameter) is {}", rounds_, d_)));
  }
  return first_;
}

FarthestFirstAudit::FarthestFirstAudit(int d, std::int64_t root)
    : d_(d),
      root_(root),
      last_distance_(static_cast<std::size_t>((std::int64_t{1} << d) * d), d + 1) {}

void FarthestFirstAudit::begin_round(std::int64_t round) {
  round_ = round;
  rounds_ = round + 1;
}

void FarthestFirstAudit::send(std::int64_t from, std::span<const network::Direction> hops,
                              std::span<const network::Packet> packets) {
  if (auto v = shape(d_, round_, from, hops, packets)) return keep(*v);
  const int distance = bit_count(packets[0].piece ^ root_);
  int& last = last_distance_[static_cast<std::size_t>(from * d_ + hops[0])];
  if (distance > last) {
    keep(audit_violation("farthest_first", round_, from, from ^ (std::int64_t{1} << hops[0]), hops[0],
              fmt::format("round {}: the arc {} -> {} (dimension {}) carries the packet for {} "
                          "at distance {} after one at distance {}: not farthest first",
                          round_, from, from ^ (std::int64_t{1} << hops[0]), hops[0],
                          packets[0].piece, distance, last)));
  }
  last = distance;
}

HypercubeVerdict FarthestFirstAudit::finish() {
  if (!first_ && rounds_ != broadcast_round_bound(d_)) {
    keep(audit_violation("rounds_not_at_bound", rounds_, -1, -1, -1,
              fmt::format("{} rounds; the bound ceil((2^{} - 1)/{}) is {}", rounds_, d_, d_,
                          broadcast_round_bound(d_))));
  }
  return first_;
}

AasOptimalAudit::AasOptimalAudit(int d)
    : d_(d), busy_(static_cast<std::size_t>((std::int64_t{1} << d) * d), -1) {}

void AasOptimalAudit::begin_round(std::int64_t round) {
  round_ = round;
  rounds_ = round + 1;
}

void AasOptimalAudit::send(std::int64_t from, std::span<const network::Direction> hops,
                           std::span<const network::Packet> packets) {
  if (auto v = shape(d_, round_, from, hops, packets)) return keep(*v);
  const int k = hops[0];
  const std::int64_t to = from ^ (std::int64_t{1} << k);
  std::int64_t& busy = busy_[static_cast<std::size_t>(from * d_ + k)];
  if (busy == round_) {
    return keep(audit_violation("arc_shared", round_, from, to, k,
                     fmt::format("round {}: the arc {} -> {} (dimension {}) carries a second "
                                 "packet ({}, {})",
                                 round_, from, to, k, packets[0].origin, packets[0].piece)));
  }
  busy = round_;
  const std::int64_t j = packets[0].origin;
  const std::int64_t i = packets[0].piece;
  const std::int64_t low = (std::int64_t{1} << (k + 1)) - 1;  // bits 0..k
  if (((from ^ i) & ~low) != 0 || ((from ^ j) & low) != 0) {
    return keep(audit_violation("dimension_order", round_, from, to, k,
                     fmt::format("round {}: packet ({}, {}) crosses dimension {} at node {}, "
                                 "which is not the highest dimension still to correct",
                                 round_, j, i, k, from)));
  }
  const std::int64_t block = (j ^ from) >> (k + 1);
  if ((round_ >> k) != block) {
    return keep(audit_violation("queue_order", round_, from, to, k,
                     fmt::format("round {}: arc {} -> {} (dimension {}) serves source {} (block "
                                 "{}); its queue serves block {} in rounds {}..{}",
                                 round_, from, to, k, j, block, round_ >> k, (round_ >> k) << k,
                                 ((round_ >> k) << k) + (1 << k) - 1)));
  }
  if (j == from && i == to && round_ != (std::int64_t{1} << k) - 1) {
    keep(audit_violation("own_order", round_, from, to, k,
              fmt::format("round {}: node {} sends its packet for its neighbour {} in round {}, "
                          "not last ({})",
                          round_, from, to, round_, (1 << k) - 1)));
  }
}

void AasOptimalAudit::end_round() {
  const std::int64_t nodes = std::int64_t{1} << d_;
  for (std::int64_t x = 0; x < nodes; ++x) {
    for (int k = 0; k < d_; ++k) {
      if (busy_[static_cast<std::size_t>(x * d_ + k)] != round_) {
        return keep(audit_violation("link_idle", round_, x, x ^ (std::int64_t{1} << k), k,
                         fmt::format("round {}: the arc {} -> {} (dimension {}) is idle", round_, x,
                                     x ^ (std::int64_t{1} << k), k)));
      }
    }
  }
}

HypercubeVerdict AasOptimalAudit::finish() {
  if (!first_ && rounds_ != total_exchange_round_bound(d_)) {
    keep(audit_violation("rounds_not_at_bound", rounds_, -1, -1, -1,
              fmt::format("{} rounds; the bound 2^({} - 1) is {}", rounds_, d_,
                          total_exchange_round_bound(d_))));
  }
  return first_;
}

std::int64_t esbt_claimed_rounds(int d, std::int64_t s) { return d == 0 ? 0 : d == 1 ? s : s + d; }

EsbtAudit::EsbtAudit(int d, std::int64_t s)
    : d_(d),
      s_(s),
      arc_class_(static_cast<std::size_t>((std::int64_t{1} << d) * d), -1),
      parent_(static_cast<std::size_t>((std::int64_t{1} << d) * d), -1) {}

void EsbtAudit::begin_round(std::int64_t round) {
  round_ = round;
  rounds_ = round + 1;
}

void EsbtAudit::send(std::int64_t from, std::span<const network::Direction> hops,
                     std::span<const network::Packet> packets) {
  if (auto v = shape(d_, round_, from, hops, packets)) return keep(*v);
  const int k = hops[0];
  const std::int64_t to = from ^ (std::int64_t{1} << k);
  const network::Packet p = packets[0];
  if (p.origin != 0 || p.piece < 0 || p.piece >= s_) {
    return keep(audit_violation("esbt_packet", round_, from, to, k,
                     fmt::format("round {}: node {} sends packet ({}, {}); the broadcast has "
                                 "packets (0, 0..{}) only",
                                 round_, from, p.origin, p.piece, s_ - 1)));
  }
  if (k != round_ % d_) {
    return keep(audit_violation("esbt_round_dimension", round_, from, to, k,
                     fmt::format("round {}: node {} sends over dimension {}; in round {} every "
                                 "node sends over dimension {} = {} mod {}",
                                 round_, from, k, round_, round_ % d_, round_, d_)));
  }
  const std::int64_t cls = p.piece % d_;
  std::int64_t& arc = arc_class_[static_cast<std::size_t>(from * d_ + k)];
  if (arc >= 0 && arc != cls) {
    return keep(audit_violation("esbt_trees_share_arc", round_, from, to, k,
                     fmt::format("round {}: the arc {} -> {} (dimension {}) carries packet {} of "
                                 "tree {} after a packet of tree {}: the trees are not "
                                 "edge-disjoint",
                                 round_, from, to, k, p.piece, cls, arc)));
  }
  arc = cls;
  std::int64_t& parent = parent_[static_cast<std::size_t>(to * d_ + cls)];
  if (parent >= 0 && parent != from) {
    return keep(audit_violation("esbt_tree_changes", round_, to, from, k,
                     fmt::format("round {}: node {} gets packet {} of tree {} from {}, another of "
                                 "that tree from {}: a tree has one parent per node",
                                 round_, to, p.piece, cls, from, parent)));
  }
  parent = from;
}

HypercubeVerdict EsbtAudit::finish() {
  const std::int64_t want = esbt_claimed_rounds(d_, s_);
  if (!first_ && rounds_ != want) {
    keep(audit_violation("rounds_not_at_claim", rounds_, -1, -1, -1,
              fmt::format("{} rounds; Johnsson and Ho's s + d (s = {}, d = {}) is {}", rounds_, s_,
                          d_, want)));
  }
  return first_;
}

HypercubeVerdict audit(const network::RoutedSchedule& s, AuditBase& a) {
  network::replay(s, a);
  return a.finish();
}

}  // namespace collverify::hypercube_check
