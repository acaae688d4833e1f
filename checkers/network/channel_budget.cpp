#include "checkers/network/channel_budget.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>

namespace collverify::network {

ChannelBudgetResult check_channel_budget(const Network& net, const RoutedSchedule& s,
                                         std::int64_t budget) {
  return check_channel_budget(net, s, budget, budget);
}

ChannelBudgetResult check_channel_budget(const Network& net, const RoutedSchedule& s,
                                         std::int64_t out_budget, std::int64_t in_budget) {
  ChannelBudgetResult out;
  if (net.kind() != NetworkKind::hierarchical_crossbar) {
    out.defect = fmt::format("{} is not a hierarchical crossbar", Network::describe(net.spec()));
    return out;
  }
  const std::int64_t b = net.spec().params[1];
  const std::int64_t a = net.spec().params[0];
  std::vector<std::vector<std::int64_t>> sends(static_cast<std::size_t>(a));
  std::vector<std::vector<std::int64_t>> receives(static_cast<std::size_t>(a));
  auto note = [&](std::vector<std::int64_t>& list, std::int64_t partner) {
    if (std::find(list.begin(), list.end(), partner) == list.end()) list.push_back(partner);
  };
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> load;  // (module, partner)
    for (const Transmission& x : s.rounds[t]) {
      std::int64_t at = x.from;
      for (const Direction d : x.hops) {
        const std::optional<std::int64_t> next = net.target(at, d);
        if (!next) {
          out.defect = fmt::format("round {}: node {} has no arc in direction {} in {}", t, at, d,
                                   Network::describe(net.spec()));
          return out;
        }
        const std::int64_t m = at / b;
        const std::int64_t m2 = *next / b;
        if (m != m2) {
          note(sends[static_cast<std::size_t>(m)], m2);
          note(receives[static_cast<std::size_t>(m2)], m);
          out.channel_load = std::max(out.channel_load, ++load[{m, m2}]);
        }
        at = *next;
      }
    }
    if (out.witness) continue;
    for (std::int64_t m = 0; m < a && !out.witness; ++m) {
      for (const bool outgoing : {true, false}) {
        const auto& list = (outgoing ? sends : receives)[static_cast<std::size_t>(m)];
        const std::int64_t budget = outgoing ? out_budget : in_budget;
        if (static_cast<std::int64_t>(list.size()) <= budget) continue;
        ChannelBudgetWitness w;
        w.round = static_cast<std::int64_t>(t);
        w.module = m;
        w.outgoing = outgoing;
        w.partners.assign(list.begin(), list.begin() + budget + 1);
        w.message = fmt::format("round {}: module {} {} {} modules ({}), over the budget of {} channels",
                                t, m, outgoing ? "sends to" : "receives from", budget + 1,
                                fmt::join(w.partners, ", "), budget);
        out.witness = std::move(w);
        break;
      }
    }
  }
  for (std::int64_t m = 0; m < a; ++m) {
    out.max_out = std::max(out.max_out, static_cast<std::int64_t>(sends[static_cast<std::size_t>(m)].size()));
    out.max_in = std::max(out.max_in, static_cast<std::int64_t>(receives[static_cast<std::size_t>(m)].size()));
  }
  return out;
}

}  // namespace collverify::network
