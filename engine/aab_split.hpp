// The AAB simulation of one d over every job (issue 10: d = 16, 2^32 deliveries, under two
// minutes). The 2^d translated trees of the generic tree are cut into origin ranges
// (network::split_origins: whole tiles of 64 origins); each round, the work pool runs one item
// per range, which streams that range's sends (hypercube::stream_aab_round_sends) into its part
// of a network::RoutedSplitCheck and closes the part; the caller's thread then merges the round
// (arc exclusivity and ports across the ranges). The result, witness included, is the one the
// single-threaded routed checker gives on stream_aab_tree (tests/engine/aab_split_test.cpp), for
// any number of jobs.
// Cost: the single-threaded work spread over min(jobs, ranges) threads, plus per round one pool
// run (threads started and joined: tens of microseconds) and the merge (arcs / 64 words per
// range). Memory: network::routed_split_bytes(ranges) (aab_split_bytes).
// Example: simulate_aab_split(aab_generic_tree(4), header, {4}, 2) passes in 4 rounds with 60
// transmissions, as check_routed on aab_schedule(4) does.
#pragma once

#include <cstdint>

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

}  // namespace collverify::engine
