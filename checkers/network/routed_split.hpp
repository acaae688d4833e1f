// The routed checker split by origin (issue 10: AAB d = 16 on every job). The checker's holdings
// are per (node, packet), so causality, the shape properties, non_combining and completeness of
// the packets of one origin range are judged by that range alone; arc exclusivity, ports and
// simplex couple the ranges (one arc used by two transmissions of different ranges in a round).
// RoutedSplitCheck keeps one part per origin range (a RoutedCheckState holding only that range's
// packets and its own arc and port tables) and judges the coupled properties at end_round by
// merging the parts' tables: per arc, the parts that used it this round (bitmaps, OR/AND) and the
// collisions inside each part; per node, the sum of the parts' port counts. No threads here: the
// caller may drive the parts from several threads at once (families/hypercube/aab_split.hpp uses the work
// pool), each part from one thread, between begin_round and end_round.
//
// Contract: the stream of a round is part 0's sends, then part 1's, ... (what check_routed
// would be given), and every packet a part is given that the collective has lies in the part's
// origin range (a packet the collective lacks may go to any part). Then the result (verdict,
// witness with its packets and message, rounds, transmissions, deliveries) is that of
// check_routed on the concatenated stream (tests/checkers/network/routed_split_*_test.cpp):
// the smallest witness of a round is the smallest of the parts' local witnesses and of the
// merged arc, half-duplex, port and simplex witnesses, whose packets are the first two on the
// arc in stream order (the first part using it, then that part's second use or the next part's
// first). Collectives split by origin: aab, aas, reduce; any other takes one part only.
//
// Cost per round on top of the parts' own work: every part turns its arc stamps into a bitmap
// (arcs / 8 bytes; close_part, on the part's thread), the merge ANDs/ORs the bitmaps (J arcs / 64
// words); the per-node port sums (J nodes) only when a port or simplex violation is possible
// (ports limited, simplex, or an arc collision: with kAllPorts and no collision every node's
// sends and receives use distinct arcs, so no limit can be exceeded). Memory: the holdings once
// (split between the parts) plus, per part, the arc and port tables and the bitmap
// (routed_split_bytes, refused up front with the estimate).
//
// Example (routed_split_test.cpp): the AAB of the 1-cube, round 0 {0 sends (0, 0) on "0", 1 sends
// (1, 0) on "0"}, origins {0} and {1}: passes in 1 round, 2 transmissions. On the 3-cube with
// origins {0..3} and {4..7}, round 0 {4 sends (4, 0) on "2"}, round 1 {0 sends (0, 0) on "1", 0
// sends (4, 0) on "1"}: each part alone is clean in round 1, the merge gives check_routed's
// arc_exclusivity at round 1, arc 0 -> 2, packets (0, 0) and (4, 0).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "checkers/network/routed_check.hpp"

namespace collverify::network {

// Bytes of a split check with `parts` parts (InputError on overflow).
std::int64_t routed_split_bytes(const Network& net, const RoutedHeader& h, std::int64_t parts);

// Origin bounds for `parts` parts of nearly equal size, cut at multiples of 64 origins where the
// network has that many (the holdings tiles; docs/PERFORMANCE.md): parts + 1 ascending bounds
// from 0 to N, fewer parts when there are fewer origins (or the collective is not split by origin).
std::vector<std::int64_t> split_origins(std::int64_t nodes, const RoutedHeader& h, int parts);
inline std::vector<std::int64_t> split_origins(const Network& net, const RoutedHeader& h, int parts) {
  return split_origins(net.nodes(), h, parts);
}

class RoutedSplitCheck {
 public:
  // `origin_bounds`: 0 = b0 < b1 < ... < bJ = N, part k owns origins bk .. b(k+1) - 1. Validates
  // the header (validate_header) and the memory of all parts (InputError with the estimate).
  RoutedSplitCheck(const Network& net, const RoutedHeader& h, RoutedCheckOptions options,
                   std::vector<std::int64_t> origin_bounds);
  ~RoutedSplitCheck();
  RoutedSplitCheck(const RoutedSplitCheck&) = delete;
  RoutedSplitCheck& operator=(const RoutedSplitCheck&) = delete;

  std::size_t parts() const { return parts_.size(); }
  std::int64_t first_origin(std::size_t k) const { return bounds_[k]; }
  std::int64_t end_origin(std::size_t k) const { return bounds_[k + 1]; }

  // Serial: every part enters round `round`.
  void begin_round(std::int64_t round);
  // Part k's sink for this round's sends (send / send_hops only; its begin_round and end_round
  // must not be called). Different parts may be fed from different threads at once.
  RoutedSink& part(std::size_t k);
  // Part k is done with the round (optional; on part k's thread): its queued sends judged, its
  // deliveries applied and its arc bitmap made. end_round closes the parts not closed.
  void close_part(std::size_t k);
  // Serial: the coupled properties merged, the round's smallest witness kept.
  void end_round();
  // True once a witness is known: later rounds are counted only (a producer may go on or stop).
  bool halted() const { return witness_.has_value(); }
  // After the last round: completeness (the smallest node over the parts) and the bound.
  RoutedResult finish();

 private:
  struct Part;
  std::optional<RoutedWitness> arc_witness(std::size_t id) const;
  void merge_arcs(std::optional<RoutedWitness>& best);
  void merge_half_duplex(std::optional<RoutedWitness>& best);
  void merge_ports(std::optional<RoutedWitness>& best);

  const Network& net_;
  RoutedHeader h_;
  RoutedCheckOptions options_;
  std::vector<std::int64_t> bounds_;
  std::vector<std::unique_ptr<Part>> parts_;
  std::vector<std::uint64_t> seen_, twice_;  // arcs used by some part / by two parts, this round
  std::optional<RoutedWitness> witness_;
  std::int64_t round_ = -1;
  bool finished_ = false;
};

// check_routed through a split check: each round's transmissions handed to the part of their
// first packet the collective has (part 0 if none), in the schedule's order, which must already
// be part 0's, then part 1's, ... (the tests sort it so). For tests and small schedules.
RoutedResult check_routed_split(const Network& net, const RoutedSchedule& s,
                                RoutedCheckOptions options, const std::vector<std::int64_t>& bounds);

}  // namespace collverify::network
