// All-to-all broadcast on the all-port full-duplex store-and-forward hypercube (seed 004,
// slides 17-43): one generic spanning tree T rooted at 0...0, given as the sets A_1, A_2, ...
// of links used in each round; the tree of node t is T translated by xor t, and all 2^d trees
// run in lock step. Property (*): the links of T used in one round have distinct dimensions, so
// the 2^d translations of a round use disjoint arcs (slide 26's Observation).
//   Step IV  A_k = {t : (k-1) d < n(t) <= k d}; t in A_k receives in round k from t with bit
//            m(t) reversed (the link has dimension m(t) - 1 as a direction).
//   Step V   the routing table of node x: row = round, column = dimension, entry = the sender
//            (in the tree of x) on that link, or -1.
// Rounds ceil((2^d - 1)/d) (the slide-5 bound), transmissions 2^d (2^d - 1).
// The slides do not prove that the parent of t is served before t ("We didn't prove
// correctness"): the checker finds the printed construction valid for every d tested (1..22,
// docs/ERRATA.md E41); should it fail for some d, aab_generic_tree falls back to a backtracking
// search over generic trees with (*) (aab_search.hpp), whose answers the tests re-check.
// Ties: edges of a round are listed by dimension; sends of a round by origin, then edge.
// Example, d = 3: A_1 = {001, 010, 100} from 000; A_2 = {011 from 010 (dimension 0), 110 from
// 100 (1), 101 from 001 (2)}; A_3 = {111 from 110 (0)}: 3 rounds.
#pragma once

#include <cstdint>
#include <vector>

#include "model/hypercube_tree.hpp"
#include "model/network/routed_schedule.hpp"
#include "reference/hypercube/rotation_classes.hpp"

namespace collverify::hypercube {

// Step IV exactly as printed, valid or not (the tests judge it). Precondition 1 <= d <= 30.
GenericTree aab_construction_tree(int d, StepThreeRule rule = StepThreeRule::both);

// Whether every parent of `tree` has received before it sends (0...0 holds from the start).
// The reference's own guard for choosing the fallback; the checkers judge independently.
bool parents_served_first(const GenericTree& tree);

// The construction when it is a valid tree, else the search result. InputError for bad d.
GenericTree aab_generic_tree(int d);

// The edges (parent, child, dimension, round) of one round, by dimension: the picture of the
// generic tree round by round (slides 18-22, 36-41).
std::vector<TreeEdge> aab_edges_of_round(const GenericTree& tree, std::int64_t round);

// Step V for node x: table[round][dimension] = sender in the tree of x, or -1.
std::vector<std::vector<std::int64_t>> aab_routing_table(const GenericTree& tree, std::int64_t x);

// Streams the 2^d translations of `tree` in lock step: round r sends, for each origin t and
// each edge of round r, packet (t, 0) from parent xor t along the edge's dimension.
void stream_aab_tree(const GenericTree& tree, network::RoutedSink& sink);
// The tree's edges by round, each round's in their given order (what stream_aab_tree walks).
std::vector<std::vector<TreeEdge>> aab_edges_by_round(const GenericTree& tree);
// The sends of round r of the translated trees t = first .. end - 1 (tree t sends packet (t, 0)
// from parent ^ t along the edge's dimension), in stream_aab_tree's order, as send_hops batches;
// no begin_round / end_round. stream_aab_tree's round r is this for t = 0 .. 2^d - 1, so the
// rounds of consecutive ranges concatenate to it (families/hypercube/aab_split.hpp runs ranges in parallel).
void stream_aab_round_sends(const std::vector<std::vector<TreeEdge>>& by_round, std::int64_t r,
                            std::int64_t first, std::int64_t end, network::RoutedSink& sink);

// The schedule for d: aab_generic_tree(d) streamed. InputError for bad or too large d.
void stream_aab(int d, network::RoutedSink& sink);
network::RoutedSchedule aab_schedule(int d);
network::RoutedSchedule aab_schedule_of_tree(const GenericTree& tree);

}  // namespace collverify::hypercube
