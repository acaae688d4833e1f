#include "families/torus/torus_kport_family.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "checkers/network/kport_check.hpp"
#include "generators/torus_sides.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/torus/tadt_builder.hpp"

namespace collverify::engine {

namespace net = network;

namespace {

std::int64_t widest_k(const TorusSides& sides) { return 2 * static_cast<std::int64_t>(sides.size()); }

Violation violation(std::string property, std::int64_t p, std::int64_t k, std::string message) {
  Violation v;
  v.property = std::move(property);
  v.p = p;
  v.n = k;
  v.message = std::move(message);
  return v;
}

}  // namespace

net::LevelTree kport_tree(const TorusSides& sides, std::int64_t ports) {
  if (ports < 1 || ports > widest_k(sides)) {
    throw InputError(fmt::format("--ports {}: torus {} has {} directions; k must be 1..{}", ports,
                                 sides_text(sides), widest_k(sides), widest_k(sides)));
  }
  if (ports == widest_k(sides)) return torus::tadt_tree_for(sides).tree;
  return torus::tadt_built_tree_kport(sides, ports);
}

Coverage TorusKportFamily::coverage() const {
  Coverage c;
  c.parameters = fmt::format(
      "{}; n = k = 1..2n ports; generic trees with at most k arcs of distinct directions per level "
      "(k = 2n: the tadt algorithm's tree); k-port full-duplex store-and-forward non-combining "
      "all-to-all broadcast by translations",
      index_legend());
  c.properties.push_back("checker A: ports_exceeded");
  for (const std::string& s : net::tadt_property_names()) c.properties.push_back("checker A: " + s);
  for (const std::string& s : net::routed_property_names()) c.properties.push_back("checker B: " + s);
  c.properties.push_back("structural_vs_simulation");
  c.lower_bound = "Lemma 8 with k ports: max(ceil((N - 1)/k), the eccentricity of 0); gaps reported per k";
  return with_torus_units(c);
}

void TorusKportFamily::accept(std::int64_t p) const {
  accept_index(p);
  const std::string gap = torus::tadt_tree_gap(sides(p));
  if (!gap.empty()) throw InputError(gap);
  if (torus_nodes(sides(p)) > (std::int64_t{1} << 20)) {
    throw InputError(fmt::format("torus {}: more than 2^20 nodes (the simulation takes N^2 bits per k)",
                                 sides_text(sides(p))));
  }
}

double TorusKportFamily::cost(std::int64_t p) const {
  const auto n = static_cast<double>(torus_nodes(sides(p)));
  return static_cast<double>(widest_k(sides(p))) * n * n + 1;
}

std::int64_t TorusKportFamily::bytes(std::int64_t p, int) const {
  const std::int64_t n = torus_nodes(sides(p));
  const std::int64_t width = widest_k(sides(p));
  return n * n / 8 + width * n * 24 + 64 * n +
         net::Network::memory_estimate(net::NetworkSpec{net::NetworkKind::torus, sides(p)});
}

Outcome TorusKportFamily::check(std::int64_t p, const CheckContext&) const {
  const auto start = std::chrono::steady_clock::now();
  const TorusSides& s = sides(p);
  const net::Network network = net::Network::torus(s);
  const std::string torus = "torus " + sides_text(s);
  Outcome out;
  for (std::int64_t k = 1; k <= widest_k(s); ++k) {
    const net::LevelTree tree = kport_tree(s, k);
    const std::int64_t bound = net::aab_kport_bound(network, k);
    const net::TadtVerdict a = net::check_generic_tadt_kport(network, tree, k);
    const net::RoutedResult b = net::simulate_generic_tadt_kport(network, tree, k, {bound});
    std::vector<Violation> found;
    if (a) {
      Violation v = violation(a->property, p, k, fmt::format("{} k = {} checker A: {}", torus, k, a->message));
      v.rank = a->node >= 0 ? a->node : kNone;
      v.round = a->level >= 0 ? a->level : kNone;
      found.push_back(std::move(v));
    }
    if (b.witness) {
      Violation v = net::to_violation(*b.witness, network.nodes());
      v.p = p;
      v.n = k;
      v.message = fmt::format("{} k = {} checker B: {}", torus, k, v.message);
      found.push_back(std::move(v));
    }
    if (a.has_value() != b.witness.has_value()) {
      found.push_back(violation("structural_vs_simulation", p, k,
                                fmt::format("{} k = {}: checker A says {} but checker B says {}", torus, k,
                                            a ? a->message : std::string("valid"),
                                            b.witness ? b.witness->message : std::string("valid"))));
    }
    const Status status = found.empty() ? Status::pass : Status::fail;
    out.instance_results.push_back({p, k, status, b.rounds, bound});
    out.violations.insert(out.violations.end(), found.begin(), found.end());
    ++out.instances;
  }
  std::sort(out.violations.begin(), out.violations.end());
  out.status = out.violations.empty() ? Status::pass : Status::fail;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

void TorusKportFamily::finish(ConstructionSummary& summary, const std::vector<Finished>& finished) const {
  std::string table;
  std::int64_t above = 0;
  for (const Finished& c : finished) {
    if (c.outcome->instance_results.empty()) continue;
    table += fmt::format(" {}:", sides_text(sides(c.p)));
    for (const InstanceResult& r : c.outcome->instance_results) {
      table += fmt::format(" k={} {}/{}", r.n, r.rounds, r.lower_bound);
      if (r.status == Status::pass && r.rounds > r.lower_bound) {
        table += fmt::format(" (above by {})", r.rounds - r.lower_bound);
        ++above;
      }
    }
    table += ';';
  }
  if (!table.empty()) {
    table.pop_back();
    summary.coverage.lower_bound +=
        fmt::format("; rounds / bound by torus and k ({} above the bound):{}", above, table);
  }
}

std::int64_t TorusKportFamily::schedule_ports(const TorusSides& s) const {
  if (schedule_ports_ == 0) {
    throw InputError(fmt::format("schedule torus --algo kport --sides {}: give the ports, --ports 1..{}",
                                 sides_text(s), widest_k(s)));
  }
  if (schedule_ports_ < 1 || schedule_ports_ > widest_k(s)) {
    throw InputError(fmt::format("--ports {}: torus {} has {} directions; k must be 1..{}", schedule_ports_,
                                 sides_text(s), widest_k(s), widest_k(s)));
  }
  return schedule_ports_;
}

net::RoutedSchedule TorusKportFamily::header(const TorusSides& s) const {
  const std::string gap = torus::tadt_tree_gap(s);
  if (!gap.empty()) throw InputError(gap);
  net::RoutedSchedule out;
  out.network = net::NetworkSpec{net::NetworkKind::torus, s};
  out.model = net::kport_header(schedule_ports(s)).model;
  out.collective = net::Collective::aab;
  return out;
}

void TorusKportFamily::stream(const TorusSides& s, net::RoutedSink& sink) const {
  const net::Network network = net::Network::torus(s);
  net::stream_translations(network, kport_tree(s, schedule_ports(s)), sink);
}

std::int64_t TorusKportFamily::round_bound(const TorusSides& s) const {
  return net::aab_kport_bound(net::Network::torus(s), schedule_ports(s));
}

}  // namespace collverify::engine
