#include "families/torus/torus_hamilton_family.hpp"
#include "families/torus/torus_cycles_svg.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "generators/torus_sides.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "model/network/network.hpp"
#include "reference/torus/hamilton_aab.hpp"
#include "reference/torus/hamilton_cycles.hpp"

namespace collverify::engine {

namespace net = network;

namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

// The capacity std::vector reaches when grown by push_back to n elements (libstdc++ doubles
// from 1).
std::int64_t grown_capacity(std::int64_t n) {
  std::int64_t c = 1;
  while (c < n) c *= 2;
  return c;
}

// The heap chunk glibc's malloc takes for a request of `bytes`: the request plus an 8-byte
// header, rounded up to 16, at least 32.
constexpr std::int64_t malloc_chunk(std::int64_t bytes) {
  const std::int64_t c = (bytes + 8 + 15) / 16 * 16;
  return c < 32 ? 32 : c;
}

// One materialised one-hop, one-packet transmission: its slot in the round's vector is counted
// by capacity; this is what it owns on the heap (one Direction, one Packet).
constexpr std::int64_t kTransmissionHeap =
    malloc_chunk(sizeof(net::Direction)) + malloc_chunk(sizeof(net::Packet));

}  // namespace

std::string sides_name(const TorusSides& sides) {
  std::string out;
  for (std::int64_t s : sides) out += fmt::format("{}{}", out.empty() ? "" : "x", s);
  return out;
}

std::int64_t torus_aab_bound(const TorusSides& sides) {
  return ceil_div(torus_nodes(sides) - 1, 2 * static_cast<std::int64_t>(sides.size()));
}

std::int64_t torus_hamilton_schedule_bytes(const TorusSides& sides) {
  torus::require_cycle_sides(sides);
  std::string what = "--sides ";
  what += sides_name(sides);
  const std::int64_t N = torus_nodes(sides);
  const auto k = static_cast<std::int64_t>(sides.size());
  // Rounds 0..behind-1 carry 2 k N transmissions (both directions of every cycle), the last
  // round of an even N only the forward k N (hamilton_aab.hpp).
  const std::int64_t ahead = torus::hamil_cycle_aab_rounds(N);
  const std::int64_t behind = (N - 1) / 2;
  const std::int64_t full = checked_mul(2 * k, N, what);
  const auto round_bytes = [&](std::int64_t transmissions) {
    return checked_add(
        checked_mul(grown_capacity(transmissions),
                    static_cast<std::int64_t>(sizeof(net::Transmission)), what),
        checked_mul(transmissions, kTransmissionHeap, what), what);
  };
  std::int64_t total = checked_mul(behind, round_bytes(full), what);
  total = checked_add(total, checked_mul(ahead - behind, round_bytes(k * N), what), what);
  // The last regrowth of a round's vector holds the old half beside the new one; the vector of
  // rounds likewise.
  const auto slot = static_cast<std::int64_t>(sizeof(net::Transmission));
  total = checked_add(total, checked_mul(grown_capacity(full) / 2, slot, what), what);
  const auto round_slot = static_cast<std::int64_t>(sizeof(net::Round));
  total = checked_add(total, checked_mul(grown_capacity(ahead) * 3 / 2, round_slot, what), what);
  // The cycles (k N nodes, grown), the producer's direction tables (2 k N), the closed form's
  // colouring, the network.
  total = checked_add(total, checked_mul(checked_mul(N, k, what), 64, what), what);
  const net::NetworkSpec spec{net::NetworkKind::torus, sides};
  return checked_add(total, net::Network::memory_estimate(spec), what);
}

net::RoutedSchedule torus_hamilton_schedule(const TorusSides& sides) {
  const std::int64_t bytes = torus_hamilton_schedule_bytes(sides);
  const std::int64_t N = torus_nodes(sides);
  const auto k = static_cast<std::int64_t>(sides.size());
  std::string what = "--sides ";
  what += sides_name(sides);
  const std::int64_t transmissions = k * N * (N - 1);
  what += fmt::format(
      ": the materialised ParallelHamilCycleAAB ({} transmissions of about {} bytes; schedule "
      "torus --algo hamilton streams it instead)",
      transmissions, bytes / std::max<std::int64_t>(1, transmissions));
  require_memory(bytes, what);
  const auto h = torus::hamilton_cycles(sides);
  if (!h.found) {
    throw InputError(fmt::format("--sides {}: the cycle construction and search found no decomposition",
                                 sides_name(sides)));
  }
  return torus::parallel_hamil_cycle_aab(net::Network::torus(sides), h.cycles);
}

net::RoutedSchedule torus_hamilton_header(const TorusSides& sides) {
  torus::require_cycle_sides(sides);
  return torus::parallel_hamil_cycle_aab_header(net::Network::torus(sides),
                                                static_cast<std::int64_t>(sides.size()));
}

void stream_torus_hamilton(const TorusSides& sides, net::RoutedSink& sink) {
  torus::require_cycle_sides(sides);
  const auto h = torus::hamilton_cycles(sides);
  if (!h.found) {
    throw InputError(fmt::format("--sides {}: the cycle construction and search found no decomposition",
                                 sides_name(sides)));
  }
  torus::stream_parallel_hamil_cycle_aab(net::Network::torus(sides), h.cycles, sink);
}

HamiltonJudgement judge_hamilton_cycles(const TorusSides& sides,
                                        const std::vector<std::vector<std::int64_t>>& cycles) {
  HamiltonJudgement j;
  j.sides = sides;
  j.nodes = torus_nodes(sides);
  j.found = true;
  j.lemma12_rounds = ceil_div(j.nodes - 1, 2);
  j.lower_bound = torus_aab_bound(sides);
  const net::Network n = net::Network::torus(sides);
  j.cycles = net::check_link_disjoint_cycles(n, cycles);
  if (j.cycles.witness) return j;
  net::RoutedHeader h;
  h.collective = net::Collective::aab;
  h.pieces = static_cast<std::int64_t>(cycles.size());
  net::RoutedChecker checker(n, h, {j.lower_bound});
  torus::stream_parallel_hamil_cycle_aab(n, cycles, checker);
  j.simulation = checker.finish();
  return j;
}

HamiltonJudgement judge_hamilton(const TorusSides& sides) {
  const auto h = torus::hamilton_cycles(sides);
  if (!h.found) {
    HamiltonJudgement j;
    j.sides = sides;
    j.nodes = torus_nodes(sides);
    j.method = h.method;
    j.lemma12_rounds = ceil_div(j.nodes - 1, 2);
    j.lower_bound = torus_aab_bound(sides);
    return j;
  }
  HamiltonJudgement j = judge_hamilton_cycles(sides, h.cycles);
  j.method = h.method;
  return j;
}

std::vector<Violation> hamilton_violations(const HamiltonJudgement& j, std::int64_t index) {
  std::vector<Violation> out;
  const std::string name = "torus " + sides_name(j.sides);
  auto add = [&](std::string property, std::int64_t rank, std::int64_t round, std::string msg) {
    Violation v;
    v.property = std::move(property);
    v.p = index;
    v.rank = rank;
    v.round = round;
    v.message = fmt::format("{}: {}", name, msg);
    out.push_back(std::move(v));
  };
  if (!j.found) {
    add("construction_failed", kNone, kNone,
        fmt::format("the {} found no {} link-disjoint Hamiltonian cycles", j.method, j.sides.size()));
    return out;
  }
  if (j.cycles.witness) {
    const auto& w = *j.cycles.witness;
    add(w.property, w.node >= 0 ? w.node : kNone, kNone, w.message);
    return out;
  }
  if (j.simulation.witness) {
    Violation v = net::to_violation(*j.simulation.witness, j.nodes);
    v.p = index;
    v.message = fmt::format("{}: ParallelHamilCycleAAB: {}", name, v.message);
    out.push_back(std::move(v));
  } else if (j.simulation.rounds != j.lemma12_rounds) {
    add("lemma12_rounds", kNone, j.simulation.rounds,
        fmt::format("ParallelHamilCycleAAB takes {} rounds, Lemma 12 says ceil((N - 1)/2) = {}",
                    j.simulation.rounds, j.lemma12_rounds));
  }
  return out;
}

TorusHamiltonFamily::TorusHamiltonFamily(std::vector<TorusSides> sizes) : sizes_(std::move(sizes)) {}

Coverage TorusHamiltonFamily::coverage() const {
  Coverage c;
  c.parameters =
      "p = index of the torus size in the list; n Hamiltonian cycles for n dimensions (every "
      "a x b: closed-form square exchanges; 3D: by product of the layer's closed form and a "
      "closed-form or (every side even) diagonal frame where its choice of squares succeeds "
      "(every 3D torus up to 16 measured but the permutations of 6x10x14; 10x12x14 by "
      "split-and-rejoin pairs); "
      "n >= 4: the (n-1)-dimensional construction lifted with one more ring; else a seeded "
      "square-exchange search), "
      "ParallelHamilCycleAAB with n pieces per packet, all-port full-duplex store-and-forward "
      "non-combining";
  c.properties = {"construction_failed", "cycle_length", "node_in_network", "repeated_node",
                  "not_a_link", "shared_link"};
  for (const std::string& p : net::routed_property_names()) c.properties.push_back("simulation: " + p);
  c.properties.push_back("lemma12_rounds");
  c.lower_bound =
      "Lemma 8 / TADT: ceil((N - 1)/(2n)) rounds; ParallelHamilCycleAAB takes ceil((N - 1)/2) "
      "(Lemma 12), about n times as many, by design";
  return c;
}

void TorusHamiltonFamily::accept(std::int64_t p) const {
  if (p < 0 || p >= static_cast<std::int64_t>(sizes_.size())) {
    throw InputError(fmt::format("torus size index {} is not in 0..{}", p,
                                 static_cast<std::int64_t>(sizes_.size()) - 1));
  }
  torus::require_cycle_sides(sizes_[static_cast<std::size_t>(p)]);
}

double TorusHamiltonFamily::cost(std::int64_t p) const {
  const auto& s = sizes_[static_cast<std::size_t>(p)];
  const auto N = static_cast<double>(torus_nodes(s));
  return static_cast<double>(s.size()) * N * N + 1;
}

std::int64_t TorusHamiltonFamily::bytes(std::int64_t p, int) const {
  const auto& s = sizes_[static_cast<std::size_t>(p)];
  const net::NetworkSpec spec{net::NetworkKind::torus, s};
  const std::int64_t N = torus_nodes(s);
  const auto n = static_cast<std::int64_t>(s.size());
  const std::int64_t network = net::Network::memory_estimate(spec);
  net::RoutedHeader h;
  h.collective = net::Collective::aab;
  h.pieces = n;
  // Arithmetic only: building the network of a 4000x4000 torus for its estimate took 10 s and
  // gigabytes before any refusal (issue 26 #7). A torus has 2 directions per dimension.
  const std::int64_t checker = net::routed_check_bytes(N, 2 * n, h);
  // Cycles and the producer's direction tables (n N each), the search colouring, the cycle
  // checker's link owners (arcs pairs of 16 bytes).
  const std::int64_t tables = checked_mul(checked_mul(N, n, "torus size"), 64, "torus size");
  return checked_add(checked_add(checker, network, "torus size"), tables, "torus size");
}

std::string TorusHamiltonFamily::what(std::int64_t p) const {
  const auto& s = sizes_[static_cast<std::size_t>(p)];
  return fmt::format("torus {} (N = {})", sides_name(s), torus_nodes(s));
}

Outcome TorusHamiltonFamily::check(std::int64_t p, const CheckContext&) const {
  const auto start = std::chrono::steady_clock::now();
  Outcome out;
  const HamiltonJudgement j = judge_hamilton(sizes_[static_cast<std::size_t>(p)]);
  out.violations = hamilton_violations(j, p);
  std::sort(out.violations.begin(), out.violations.end());
  out.status = out.violations.empty() ? Status::pass : Status::fail;
  out.instances = 1;
  const std::int64_t rounds = j.simulation.rounds > 0 ? j.simulation.rounds : kNone;
  out.instance_results.push_back({p, kNone, out.status, rounds, j.lower_bound});
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

void TorusHamiltonFamily::finish(ConstructionSummary& summary,
                                 const std::vector<Finished>& finished) const {
  SizeTable table;
  table.title = "Rounds / Lemma 8 bound by size";
  table.headers = {"torus", "rounds", "Lemma 8 bound"};
  std::int64_t smallest_2d = -1;
  {
    for (const Finished& c : finished) {
      if (c.outcome->instance_results.empty()) continue;
      const InstanceResult* const it = &c.outcome->instance_results.back();
      const auto& s = sizes_[static_cast<std::size_t>(c.p)];
      table.rows.push_back({sides_name(s),
                            it->rounds == kNone ? std::string("-") : std::to_string(it->rounds),
                            std::to_string(it->lower_bound)});
      if (s.size() == 2 && it->status == Status::pass &&
          (smallest_2d < 0 || torus_nodes(s) < torus_nodes(sizes_[static_cast<std::size_t>(smallest_2d)]))) {
        smallest_2d = c.p;
      }
    }
  }
  if (!table.rows.empty()) summary.tables.push_back(std::move(table));
  if (smallest_2d >= 0) {
    const auto& s = sizes_[static_cast<std::size_t>(smallest_2d)];
    if (torus_nodes(s) <= 41 * 41) {
      summary.pictures_svg.push_back({"torus_cycles.svg",
                                      "Link-disjoint Hamiltonian cycles of the " + sides_name(s) + " torus",
                                      torus_cycles_svg(s, torus::hamilton_cycles(s).cycles)});
    }
  }
}

}  // namespace collverify::engine
