// The AAB simulation of one d over every job (issue 10: d = 16, 2^32 deliveries, under two
// minutes). The 2^d translated trees of the generic tree are cut into origin ranges
// (network::split_origins: whole tiles of 64 origins); each round, the work pool runs one item
// per range, which streams that range's sends (hypercube::stream_aab_round_sends) into its part
// of a network::RoutedSplitCheck and closes the part; the caller's thread then merges the round
// (arc exclusivity and ports across the ranges). The result, witness included, is the one the
// single-threaded routed checker gives on stream_aab_tree (tests/families/hypercube/aab_split_test.cpp), for
// any number of jobs.
// Cost: the single-threaded work spread over min(jobs, ranges) threads, plus per round one pool
// run (threads started and joined: tens of microseconds) and the merge (arcs / 64 words per
// range). Memory: network::routed_split_bytes(ranges) (aab_split_bytes).
// Interruption (Ctrl-C): `stop` is asked once before each round (d = 16: 4096 rounds of about
// 20 ms each on two jobs); once it says yes, no further round starts and the run is
// `interrupted`. Rounds are judged in order, so a witness found in the rounds streamed is the one
// the whole run gives; completeness and the bound, which need every round, are not judged.
// Example: simulate_aab_split(aab_generic_tree(4), header, {4}, 2) passes in 4 rounds with 60
// transmissions, as check_routed on aab_schedule(4) does; with a stop that says yes at its third
// question it is interrupted after 2 rounds, without a witness.
#pragma once

#include <cstdint>
#include <functional>

#include "checkers/network/routed_check.hpp"
#include "model/network/network.hpp"
#include "model/hypercube_tree.hpp"

namespace collverify::engine {

// The ranges a split over `jobs` uses for the d-cube.
std::int64_t aab_split_parts(int d, int jobs);
// Bytes of simulate_aab_split on `cube` (InputError on overflow).
std::int64_t aab_split_bytes(const network::Network& cube, const network::RoutedHeader& h, int jobs);

// The 2^d translations of `tree` judged by the routed checker split over `jobs` origin ranges
// (jobs 1: one range, still through the split check). `h` is the AAB header.
network::RoutedResult simulate_aab_split(const hypercube::GenericTree& tree,
                                         const network::RoutedHeader& h,
                                         network::RoutedCheckOptions options, int jobs);

// The same, asking `stop` before each round (empty: never stops).
struct AabSplitRun {
  network::RoutedResult simulation;  // interrupted: rounds streamed, the witness found in them
  bool interrupted = false;          // stop said yes before the last round was judged
};
AabSplitRun simulate_aab_split(const hypercube::GenericTree& tree, const network::RoutedHeader& h,
                               network::RoutedCheckOptions options, int jobs,
                               const std::function<bool()>& stop);

// What is left of a checker's finish() after a stop between rounds: the witness of a round
// streamed, not completeness or the bound (they need every round).
void drop_unfinished_witness(network::RoutedResult& r);

}  // namespace collverify::engine
