#include "families/torus/torus_mesh_family.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "generators/torus_sides.hpp"
#include "model/error.hpp"
#include "reference/torus/mesh_tadt.hpp"

namespace collverify::engine {

namespace net = network;

namespace {

net::NetworkSpec mesh_spec(const TorusSides& sides) { return net::NetworkSpec{net::NetworkKind::mesh, sides}; }

Violation violation(std::string property, std::int64_t p, std::string message) {
  Violation v;
  v.property = std::move(property);
  v.p = p;
  v.n = 0;
  v.message = std::move(message);
  return v;
}

}  // namespace

MeshTadtJudgement judge_mesh_tadts(const net::Network& network, std::span<const net::LevelTree> trees) {
  MeshTadtJudgement j;
  j.sides = network.spec().params;
  j.lower_bound = std::max(net::aab_noncombining_bound(network), network.diameter());
  j.builder_bound = torus::mesh_aab_bound(j.sides);
  j.structural = net::check_explicit_tadts(network, trees);
  j.simulation = net::simulate_explicit_tadts(network, trees, {j.lower_bound});
  return j;
}

std::vector<Violation> mesh_tadt_violations(const MeshTadtJudgement& j, std::int64_t p) {
  std::vector<Violation> out;
  const std::string mesh = "mesh " + sides_text(j.sides);
  if (j.structural) {
    Violation v = violation(j.structural->property, p, fmt::format("{} checker A: {}", mesh, j.structural->message));
    v.rank = j.structural->node >= 0 ? j.structural->node : kNone;
    v.round = j.structural->level >= 0 ? j.structural->level : kNone;
    out.push_back(std::move(v));
  }
  if (j.simulation.witness) {
    Violation v = net::to_violation(*j.simulation.witness, torus_nodes(j.sides));
    v.p = p;
    v.n = 0;
    v.message = fmt::format("{} checker B: {}", mesh, v.message);
    out.push_back(std::move(v));
  }
  if (j.structural.has_value() != j.simulation.witness.has_value()) {
    out.push_back(violation("structural_vs_simulation", p,
                            fmt::format("{}: checker A says {} but checker B says {}", mesh,
                                        j.structural ? j.structural->message : std::string("valid"),
                                        j.simulation.witness ? j.simulation.witness->message : std::string("valid"))));
  }
  if (j.lower_bound != j.builder_bound) {
    out.push_back(violation("bound_mismatch", p,
                            fmt::format("{}: the checkers' bound is {}, mesh_aab_bound says {}", mesh,
                                        j.lower_bound, j.builder_bound)));
  }
  return out;
}

std::string TorusMeshTadtFamily::what(std::int64_t p) const {
  if (p < 1 || p > static_cast<std::int64_t>(tori().size())) return fmt::format("mesh index {}", p);
  return fmt::format("mesh {} (N = {})", sides_text(sides(p)), torus_nodes(sides(p)));
}

Coverage TorusMeshTadtFamily::coverage() const {
  Coverage c;
  c.parameters = fmt::format(
      "{} (taken as meshes); N explicit trees of reference/torus/mesh_tadt (the all-to-all "
      "broadcast simulated round by round, each node taking on each incoming arc a packet it "
      "lacks); all-port full-duplex store-and-forward non-combining all-to-all broadcast",
      index_legend());
  for (const std::string& s : net::tadt_property_names()) c.properties.push_back("checker A: " + s);
  for (const std::string& s : net::routed_property_names()) c.properties.push_back("checker B: " + s);
  c.properties.push_back("structural_vs_simulation");
  c.properties.push_back("bound_mismatch");
  c.lower_bound =
      "max(ceil((N - 1)/c): a corner receives through c = (sides >= 2) links, the diameter); the "
      "builder's gap is reported";
  return with_torus_units(c);
}

void TorusMeshTadtFamily::accept(std::int64_t p) const {
  accept_index(p);
  const std::string gap = torus::mesh_tadt_gap(sides(p));
  if (!gap.empty()) throw InputError(gap);
}

double TorusMeshTadtFamily::cost(std::int64_t p) const {
  const auto n = static_cast<double>(torus_nodes(sides(p)));
  return n * n * n / 64 + 1;
}

std::int64_t TorusMeshTadtFamily::bytes(std::int64_t p, int) const {
  const std::int64_t n = torus_nodes(sides(p));
  // Holdings N^2 bits twice (builder and checker), the trees' N (N - 1) arcs of 24 bytes.
  return n * n / 4 + n * (n - 1) * 24 + net::Network::memory_estimate(mesh_spec(sides(p))) + 64 * n;
}

Outcome TorusMeshTadtFamily::check(std::int64_t p, const CheckContext&) const {
  const auto start = std::chrono::steady_clock::now();
  const TorusSides& s = sides(p);
  const net::Network network = net::Network::mesh(s);
  const std::vector<net::LevelTree> trees = torus::mesh_tadt_trees(s);
  const MeshTadtJudgement j = judge_mesh_tadts(network, trees);
  Outcome out;
  out.violations = mesh_tadt_violations(j, p);
  std::sort(out.violations.begin(), out.violations.end());
  out.status = out.violations.empty() ? Status::pass : Status::fail;
  out.instances = 1;
  out.instance_results.push_back({p, 0, out.status, j.simulation.rounds, j.lower_bound});
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

void TorusMeshTadtFamily::finish(ConstructionSummary& summary, const std::vector<Finished>& finished) const {
  std::string table;
  std::int64_t above = 0;
  for (const Finished& c : finished) {
    if (c.outcome->instance_results.empty()) continue;
    const InstanceResult& r = c.outcome->instance_results.back();
    table += fmt::format(" {}: {}/{}", sides_text(sides(c.p)), r.rounds, r.lower_bound);
    if (r.status == Status::pass && r.rounds > r.lower_bound) {
      table += fmt::format(" (above bound by {})", r.rounds - r.lower_bound);
      ++above;
    }
    table += ';';
  }
  if (!table.empty()) {
    table.pop_back();
    summary.coverage.lower_bound += fmt::format("; rounds / bound by mesh ({} above the bound):{}", above, table);
  }
}

net::RoutedSchedule TorusMeshTadtFamily::header(const TorusSides& s) const {
  const std::string gap = torus::mesh_tadt_gap(s);
  if (!gap.empty()) throw InputError(gap);
  net::RoutedSchedule out;
  out.network = mesh_spec(s);
  out.model = net::tadt_header().model;
  out.collective = net::Collective::aab;
  return out;
}

void TorusMeshTadtFamily::stream(const TorusSides& s, net::RoutedSink& sink) const {
  const net::Network network = net::Network::mesh(s);
  const std::vector<net::LevelTree> trees = torus::mesh_tadt_trees(s);
  net::stream_all_to_all(network, trees, sink);
}

std::int64_t TorusMeshTadtFamily::round_bound(const TorusSides& s) const {
  const net::Network network = net::Network::mesh(s);
  return std::max(net::aab_noncombining_bound(network), network.diameter());
}

}  // namespace collverify::engine
