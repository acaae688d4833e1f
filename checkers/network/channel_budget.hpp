// The channel budget of a hierarchical crossbar (seed 002 §4: "each module supports at least two
// incoming and outgoing channels to arbitrary other modules"): a routed schedule on
// hierarchical_crossbar(a, b, channels) keeps the budget `budget` when every module sends, over the
// whole schedule, to at most `budget` distinct other modules and receives from at most `budget`
// distinct ones (a channel is a fixed link to one other module; the network's gateways reach
// every module, so the budget is what makes them channels). Module-to-module hops are the hops
// "M<m'>" of the routes, walked on the network (never read from the construction).
// Also measured: the channel load, the most hops from one module to one other module (one
// channel, whichever gateways the routes use) in one round; 1 means every channel carries at most
// one transmission per round.
// Witness of a broken budget: the first round in which a module gets its (budget + 1)-th distinct
// partner in one direction (smallest module first, out before in), with the partners in the
// order they appeared. A hop that is not an arc is a defect (as in congestion.hpp).
// Cost: O(total hops + a * budget).
// Example: crossbar(3, 2, 2), round 0 {0: [M1]}, {0: [M2]}: module 0 sends to 2 modules: within a
// budget of 2, broken for a budget of 1 at round 0 (partners 1, 2); channel load 1. With budgets
// 2 out and 1 in it stays within budget (modules 1 and 2 receive from one module each); with
// modules 1 and 2 each sending to module 0, in rounds 0 and 1, it is broken at round 1 (module 0
// receives from 2 modules (1, 2)).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/network/network.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify::network {

struct ChannelBudgetWitness {
  std::int64_t round = 0;
  std::int64_t module = 0;
  bool outgoing = true;
  std::vector<std::int64_t> partners;  // budget + 1 of them, in order of appearance
  std::string message;
};

struct ChannelBudgetResult {
  std::int64_t max_out = 0;   // the most distinct modules one module sends to
  std::int64_t max_in = 0;    // ... receives from
  std::int64_t channel_load = 0;  // the most hops over one channel (module -> module) per round
  std::optional<ChannelBudgetWitness> witness;  // the budget is broken
  std::optional<std::string> defect;            // not a crossbar, or a hop that is not an arc
};

ChannelBudgetResult check_channel_budget(const Network& net, const RoutedSchedule& s,
                                         std::int64_t budget = 2);
// Separate budgets for the two directions (the variant with one channel less: 2 out, 1 in).
ChannelBudgetResult check_channel_budget(const Network& net, const RoutedSchedule& s,
                                         std::int64_t out_budget, std::int64_t in_budget);

}  // namespace collverify::network
