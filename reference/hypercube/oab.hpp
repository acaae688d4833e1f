// One-to-all broadcast on the hypercube by the spanning binomial tree (seed 004, slides 8-15):
// in round k (0-based) every node that holds the packet sends it on its dimension-k link, so
// after round k the 2^(k+1) nodes root xor {0..2^(k+1)-1} hold it. d rounds (the diameter, the
// slide-5 bound), 2^d - 1 transmissions (also the bound). Every node sends and receives at most
// once a round and each link carries one direction, so the same schedule is valid in the 1-port
// half-duplex model (slide 15's note); OabModel picks which model the schedule claims.
// Ties: senders of a round in increasing label order.
// Example: d = 2, root 0: round 0: 0 -> 1 (dim 0); round 1: 0 -> 2, 1 -> 3 (dim 1).
#pragma once

#include <cstdint>

#include "model/network/routed_schedule.hpp"

namespace collverify::hypercube {

enum class OabModel { all_port_full_duplex, one_port_half_duplex };

CommModel oab_comm_model(OabModel model);

// InputError for d outside 0..30 or a root outside 0..2^d - 1.
void stream_oab(int d, std::int64_t root, network::RoutedSink& sink);
network::RoutedSchedule oab_schedule(int d, std::int64_t root = 0,
                                     OabModel model = OabModel::all_port_full_duplex);

}  // namespace collverify::hypercube
