#include "families/routed/routed_family.hpp"

#include <utility>

#include <chrono>

#include <fmt/format.h>

#include "checkers/network/network_bounds.hpp"
#include "checkers/network/routed_check.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify::engine {

namespace {

std::string model_text(const CommModel& m) {
  const char* duplex = m.duplex == Duplex::full   ? "full duplex"
                       : m.duplex == Duplex::half ? "half duplex"
                       : m.duplex == Duplex::simplex ? "simplex duplex"
                                                     : "simplex channels";
  return fmt::format("ports {}, {}, {}, {}{}",
                     m.ports == CommModel::kAllPorts ? std::string("all") : std::to_string(m.ports),
                     duplex, m.switching == Switching::store_and_forward ? "store-and-forward" : "wormhole",
                     m.combining ? "combining" : "non-combining",
                     m.intermediate_reception ? ", intermediate reception" : "");
}

}  // namespace

RoutedFamily::RoutedFamily(const network::Network& net, const network::RoutedSchedule& schedule,
                           std::string input)
    : net_(net), s_(schedule), input_(std::move(input)) {
  const auto h = network::header_of(s_);
  network::validate_header(net_, h);
  lower_bound_ = network::routed_lower_bound(net_, h);
}

Coverage RoutedFamily::coverage() const {
  Coverage c;
  c.parameters = fmt::format("{}; {}; collective {}, root {}, pieces {}",
                             network::Network::describe(net_.spec()), model_text(s_.model),
                             network::to_string(s_.collective), s_.root, s_.pieces);
  c.properties = network::routed_property_names();
  c.lower_bound = fmt::format("{} rounds (distance, ports, doubling and link-load bounds of the "
                              "network and model)", lower_bound_);
  return c;
}

void RoutedFamily::accept(std::int64_t p) const {
  if (p != net_.nodes()) {
    throw InputError(fmt::format("p = {} but the schedule's {} has {} nodes", p,
                                 network::Network::describe(net_.spec()), net_.nodes()));
  }
}

double RoutedFamily::cost(std::int64_t) const {
  double deliveries = 1;
  for (const auto& round : s_.rounds) {
    for (const auto& x : round) deliveries += static_cast<double>(x.packets.size());
  }
  return deliveries;
}

std::int64_t RoutedFamily::bytes(std::int64_t, int) const {
  return network::routed_check_bytes(net_, network::header_of(s_));
}

std::string RoutedFamily::what(std::int64_t p) const {
  return fmt::format("p = {} ({})", p, network::Network::describe(net_.spec()));
}

Outcome RoutedFamily::check(std::int64_t p, const CheckContext&) const {
  const auto start = std::chrono::steady_clock::now();
  const auto r = network::check_routed(net_, s_, {lower_bound_});
  Outcome out;
  out.instances = 1;
  out.status = r.witness ? Status::fail : Status::pass;
  out.instance_results.push_back({p, kNone, out.status, r.rounds, lower_bound_});
  if (r.witness) out.violations.push_back(network::to_violation(*r.witness, p));
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

void RoutedFamily::finish(ConstructionSummary& summary,
                          const std::vector<Finished>& /*finished*/) const {
  summary.input = input_;
}

}  // namespace collverify::engine
