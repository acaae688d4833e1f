#include "families/torus/torus_wormhole_family.hpp"
#include "families/torus/torus_cycles_svg.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "generators/torus_sides.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/torus/wormhole_broadcast.hpp"

namespace collverify::engine {

namespace net = network;

namespace {

// k with 5^k = z, or -1.
int power_of_five(std::int64_t z) {
  int k = 0;
  while (z > 1 && z % 5 == 0) {
    z /= 5;
    ++k;
  }
  return z == 1 ? k : -1;
}

void require_sides(TorusWormholeAlgo algo, const TorusSides& sides) {
  if (sides.size() != 2) {
    throw InputError(fmt::format("--sides {}: the wormhole broadcasts are for 2D tori",
                                 sides_name(sides)));
  }
  if (algo == TorusWormholeAlgo::tiling &&
      (sides[0] != sides[1] || power_of_five(sides[0]) < 1)) {
    throw InputError(fmt::format(
        "--sides {}: recursive tiling needs a 5^k x 5^k torus (5x5, 25x25, 125x125, ...); use "
        "--algo diagonal for other sizes",
        sides_name(sides)));
  }
  for (std::int64_t s : sides) {
    if (s < 3) {
      throw InputError(fmt::format("--sides {}: side {} is below 3", sides_name(sides), s));
    }
  }
  if (sides[0] > (std::int64_t{1} << 24) / sides[1]) {
    throw InputError(fmt::format("--sides {}: more than 2^24 nodes", sides_name(sides)));
  }
}

}  // namespace

const char* to_string(TorusWormholeAlgo a) {
  return a == TorusWormholeAlgo::tiling ? "tiling" : "diagonal";
}

net::RoutedSchedule torus_wormhole_schedule(TorusWormholeAlgo algo, const TorusSides& sides,
                                            std::int64_t root) {
  require_sides(algo, sides);
  if (algo == TorusWormholeAlgo::tiling) return torus::recursive_tiling(power_of_five(sides[0]), root);
  return torus::dilated_diagonal(sides[0], sides[1], root);
}

WormholeJudgement judge_wormhole_schedule(TorusWormholeAlgo algo, const net::RoutedSchedule& s) {
  WormholeJudgement j;
  j.algo = algo;
  j.sides = s.network.params;
  const net::Network n = net::Network::from_spec(s.network);
  j.wormhole = net::check_wormhole_broadcast(n, s);
  j.bound = j.wormhole.lower_bound;
  j.simulation = net::check_routed(n, s, {j.bound});
  return j;
}

WormholeJudgement judge_wormhole(TorusWormholeAlgo algo, const TorusSides& sides) {
  return judge_wormhole_schedule(algo, torus_wormhole_schedule(algo, sides));
}

std::vector<Violation> wormhole_violations(const WormholeJudgement& j, std::int64_t index) {
  std::vector<Violation> out;
  const std::string name = fmt::format("{} on torus {}", to_string(j.algo), sides_name(j.sides));
  auto add = [&](std::string property, std::int64_t rank, std::int64_t round, std::string msg) {
    Violation v;
    v.property = std::move(property);
    v.p = index;
    v.rank = rank;
    v.round = round;
    v.message = fmt::format("{}: {}", name, msg);
    out.push_back(std::move(v));
  };
  if (j.wormhole.witness) {
    const auto& w = *j.wormhole.witness;
    add(w.property, w.node >= 0 ? w.node : kNone, w.round >= 0 ? w.round : kNone, w.message);
  }
  if (j.simulation.witness) {
    Violation v = net::to_violation(*j.simulation.witness, torus_nodes(j.sides));
    v.p = index;
    v.message = fmt::format("{}: routed checker: {}", name, v.message);
    out.push_back(std::move(v));
  }
  // informed_twice is the wormhole checker's alone (the routed checker allows a redundant
  // delivery); every other verdict must be shared.
  const bool wormhole_ok = !j.wormhole.witness || j.wormhole.witness->property == "informed_twice";
  if (wormhole_ok != !j.simulation.witness) {
    add("wormhole_vs_routed", kNone, kNone,
        fmt::format("the wormhole checker says {} but the routed checker says {}",
                    j.wormhole.witness ? j.wormhole.witness->message : std::string("valid"),
                    j.simulation.witness ? j.simulation.witness->message : std::string("valid")));
  }
  if (out.empty()) {
    const std::int64_t excess = j.wormhole.rounds - j.bound;
    if (j.algo == TorusWormholeAlgo::tiling && excess != 0) {
      add("tiling_rounds", kNone, j.wormhole.rounds,
          fmt::format("{} rounds, the bound ceil(log5 N) = {} (2k) is not met", j.wormhole.rounds,
                      j.bound));
    }
    if (j.algo == TorusWormholeAlgo::diagonal && excess > 5) {
      add("diagonal_rounds", kNone, j.wormhole.rounds,
          fmt::format("{} rounds, more than 5 above ceil(log5 N) = {}", j.wormhole.rounds, j.bound));
    }
  }
  return out;
}

TorusWormholeFamily::TorusWormholeFamily(TorusWormholeAlgo algo, std::vector<TorusSides> sizes)
    : algo_(algo), sizes_(std::move(sizes)) {}

std::string TorusWormholeFamily::name() const { return std::string("torus-") + to_string(algo_); }

Coverage TorusWormholeFamily::coverage() const {
  Coverage c;
  c.parameters = fmt::format(
      "p = index of the torus size in the list; {}, root 0, all-port full-duplex wormhole, one "
      "packet",
      algo_ == TorusWormholeAlgo::tiling ? "recursive tiling on 5^k x 5^k"
                                         : "dilated diagonal (three phases; row phase without a "
                                           "diagonal when the smaller side does not divide the larger)");
  c.properties = {"node_in_network", "hop_exists", "path_from_uninformed", "arc_reused_in_path",
                  "link_disjoint", "informed_twice", "completeness", "lower_bound"};
  for (const std::string& p : net::routed_property_names()) c.properties.push_back("simulation: " + p);
  c.properties.push_back("wormhole_vs_routed");
  c.properties.push_back(algo_ == TorusWormholeAlgo::tiling ? "tiling_rounds" : "diagonal_rounds");
  c.lower_bound = algo_ == TorusWormholeAlgo::tiling
                      ? "ceil(log5 N) = 2k rounds, met exactly"
                      : "ceil(log5 N) rounds; the seed allows at most 5 more";
  return c;
}

void TorusWormholeFamily::accept(std::int64_t p) const {
  if (p < 0 || p >= static_cast<std::int64_t>(sizes_.size())) {
    throw InputError(fmt::format("torus size index {} is not in 0..{}", p,
                                 static_cast<std::int64_t>(sizes_.size()) - 1));
  }
  require_sides(algo_, sizes_[static_cast<std::size_t>(p)]);
}

double TorusWormholeFamily::cost(std::int64_t p) const {
  const auto& s = sizes_[static_cast<std::size_t>(p)];
  return static_cast<double>(torus_nodes(s)) * static_cast<double>(s[0] + s[1]) + 1;
}

std::int64_t TorusWormholeFamily::bytes(std::int64_t p, int) const {
  const auto& s = sizes_[static_cast<std::size_t>(p)];
  const std::int64_t N = torus_nodes(s);
  // The schedule: N worms of up to a + b hops (4 bytes) plus ~100 bytes each; the two checkers
  // (arc tables of 4 N entries, holdings N bits), the network.
  return net::Network::memory_estimate({net::NetworkKind::torus, s}) + N * (s[0] + s[1]) * 4 +
         N * 200;
}

std::string TorusWormholeFamily::what(std::int64_t p) const {
  const auto& s = sizes_[static_cast<std::size_t>(p)];
  return fmt::format("torus {} (N = {})", sides_name(s), torus_nodes(s));
}

Outcome TorusWormholeFamily::check(std::int64_t p, const CheckContext&) const {
  const auto start = std::chrono::steady_clock::now();
  Outcome out;
  const WormholeJudgement j = judge_wormhole(algo_, sizes_[static_cast<std::size_t>(p)]);
  out.violations = wormhole_violations(j, p);
  std::sort(out.violations.begin(), out.violations.end());
  out.status = out.violations.empty() ? Status::pass : Status::fail;
  out.instances = 1;
  out.instance_results.push_back({p, kNone, out.status, j.wormhole.rounds, j.bound});
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

void TorusWormholeFamily::finish(ConstructionSummary& summary,
                                 const std::vector<Finished>& finished) const {
  SizeTable table;
  table.title = "Rounds / bound by size";
  table.headers = {"torus", "rounds", "bound"};
  std::int64_t picture = -1;
  {
    for (const Finished& c : finished) {
      if (c.outcome->instance_results.empty()) continue;
      const InstanceResult* const it = &c.outcome->instance_results.back();
      const auto& s = sizes_[static_cast<std::size_t>(c.p)];
      table.rows.push_back({sides_name(s), (it->rounds == kNone ? std::string("-") : std::to_string(it->rounds)),
                            std::to_string(it->lower_bound)});
      // The picture: the largest passing size that stays readable (at most 25 x 25).
      if (it->status == Status::pass && torus_nodes(s) <= 625 &&
          (picture < 0 || torus_nodes(s) > torus_nodes(sizes_[static_cast<std::size_t>(picture)]))) {
        picture = c.p;
      }
    }
  }
  if (!table.rows.empty()) summary.tables.push_back(std::move(table));
  if (picture >= 0) {
    const auto& s = sizes_[static_cast<std::size_t>(picture)];
    const std::string title =
        fmt::format("{} broadcast on the {} torus, by round", to_string(algo_), sides_name(s));
    summary.pictures_svg.push_back(
        {"torus_wormhole.svg", title, wormhole_rounds_svg(torus_wormhole_schedule(algo_, s), title)});
  }
}

}  // namespace collverify::engine
