// Structural audits of streamed hypercube routed schedules (seed 004), independent of
// reference/hypercube. They read each transmission once and keep per-arc or per-round counters;
// none of them tracks which node holds which packet (that is the simulation's job).
//
// BinomialAudit (slide 8): in round k every transmission uses direction k and leaves a node s
// with (s xor root) < 2^k, there are exactly 2^k of them, and there are d rounds.
//
// FarthestFirstAudit (slides 45 and 49, Observation II): on every arc the scatter packets (root,
// i) pass in order of non-increasing distance of i from the root; rounds = ceil((2^d - 1)/d).
//
// AasOptimalAudit (slides 61-76): every arc carries exactly one packet in every round (the
// links are never idle, so 2^(d-1) rounds suffice); a packet (j, i) on the dimension-k arc of x
// crosses the highest dimension still differing (x's bits above k agree with i's, its bits up to
// k with j's: dimension order); the queue of that arc is served source by source in
// lexicographic order of (j xor x) >> (k+1), source block b occupying rounds b 2^k .. (b+1) 2^k - 1
// (the forwarding start rounds of slide 75); x's own packets (block 0) end with the one for
// x's k-neighbour (slide 67: "sent last"); rounds = 2^(d-1).
// EsbtAudit (Johnsson and Ho's s packets down d edge-disjoint spanning binomial trees, 1 port):
// every transmission carries one packet (0, j), j < s, of the root 0; in round t it crosses
// dimension t mod d (the one-port rhythm: each node sends and receives over one dimension a
// round); every arc carries packets of one tree only (class j mod d: the trees are
// edge-disjoint); every node receives all packets of one class from one parent (each class is
// one tree); rounds = s + d (d >= 2; d = 1: s), Johnsson and Ho's claim. That every node gets
// every packet, and in time, is the simulation's job.
// Witness: round, node (the sender), other (the receiver), dimension. Cost O(1) per
// transmission plus O(d 2^d) per round for the idle-arc scan.
// Example: the optimal d = 2 schedule passes; the three-phase one has idle arcs in round 0.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "checkers/hypercube/tree_checks.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify::hypercube_check {

class AuditBase : public network::RoutedSink {
 public:
  // The first violation seen (earliest round, then smallest node), or nothing.
  virtual HypercubeVerdict finish() = 0;

 protected:
  void keep(HypercubeViolation v);
  HypercubeVerdict first_;
  std::int64_t round_ = -1;
  std::int64_t rounds_ = 0;
};

class BinomialAudit final : public AuditBase {
 public:
  BinomialAudit(int d, std::int64_t root) : d_(d), root_(root) {}
  void begin_round(std::int64_t round) override;
  void send(std::int64_t from, std::span<const network::Direction> hops,
            std::span<const network::Packet> packets) override;
  void end_round() override;
  HypercubeVerdict finish() override;

 private:
  int d_;
  std::int64_t root_;
  std::int64_t sends_ = 0;
};

class FarthestFirstAudit final : public AuditBase {
 public:
  FarthestFirstAudit(int d, std::int64_t root);
  void begin_round(std::int64_t round) override;
  void send(std::int64_t from, std::span<const network::Direction> hops,
            std::span<const network::Packet> packets) override;
  void end_round() override {}
  HypercubeVerdict finish() override;

 private:
  int d_;
  std::int64_t root_;
  std::vector<int> last_distance_;  // per arc (from * d + dimension); d + 1 = nothing yet
};

class AasOptimalAudit final : public AuditBase {
 public:
  explicit AasOptimalAudit(int d);
  void begin_round(std::int64_t round) override;
  void send(std::int64_t from, std::span<const network::Direction> hops,
            std::span<const network::Packet> packets) override;
  void end_round() override;
  HypercubeVerdict finish() override;

 private:
  int d_;
  std::vector<std::int64_t> busy_;  // per arc: the round it last carried a packet
};

class EsbtAudit final : public AuditBase {
 public:
  EsbtAudit(int d, std::int64_t s);
  void begin_round(std::int64_t round) override;
  void send(std::int64_t from, std::span<const network::Direction> hops,
            std::span<const network::Packet> packets) override;
  void end_round() override {}
  HypercubeVerdict finish() override;

 private:
  int d_;
  std::int64_t s_;
  std::vector<std::int64_t> arc_class_;  // per arc (from * d + dimension): its class, or -1
  std::vector<std::int64_t> parent_;     // per (node * d + class): its sender, or -1
};

// The rounds EsbtAudit asks for: 0 (d = 0), s (d = 1), s + d.
std::int64_t esbt_claimed_rounds(int d, std::int64_t s);

// Replays `s` into the audit and returns its verdict.
HypercubeVerdict audit(const network::RoutedSchedule& s, AuditBase& audit);

}  // namespace collverify::hypercube_check
