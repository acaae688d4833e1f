#include "families/torus/torus_tadt_family.hpp"
#include "families/torus/torus_svg.hpp"

#include <algorithm>
#include <chrono>
#include <limits>

#include <fmt/format.h>

#include "generators/torus_sides.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/torus/tadt.hpp"
#include "reference/torus/tadt_builder.hpp"

namespace collverify::engine {

namespace net = network;

namespace {

net::NetworkSpec torus_spec(const TorusSides& sides) {
  return net::NetworkSpec{net::NetworkKind::torus, sides};
}

}  // namespace

TadtJudgement judge_tadt(const net::Network& network, const net::LevelTree& generic, bool claims_bound) {
  TadtJudgement j;
  j.sides = network.spec().params;
  j.lemma8 = net::aab_noncombining_bound(network);
  j.eccentricity = network.eccentricity(0);
  j.lower_bound = std::max(j.lemma8, j.eccentricity);
  j.claims_bound = claims_bound;
  j.structural = net::check_generic_tadt(network, generic);
  j.simulation = net::simulate_generic_tadt(network, generic, {j.lower_bound});
  return j;
}

std::vector<Violation> tadt_violations(const TadtJudgement& j, std::int64_t p) {
  std::vector<Violation> out;
  const std::string torus = "torus " + sides_text(j.sides);
  if (j.structural) {
    Violation v;
    v.property = j.structural->property;
    v.p = p;
    v.n = 0;
    v.rank = j.structural->node >= 0 ? j.structural->node : kNone;
    v.round = j.structural->level >= 0 ? j.structural->level : kNone;
    v.message = fmt::format("{} checker A: {}", torus, j.structural->message);
    out.push_back(std::move(v));
  }
  const std::int64_t n = torus_nodes(j.sides);
  if (j.simulation.witness) {
    Violation v = net::to_violation(*j.simulation.witness, n);
    v.p = p;
    v.n = 0;
    v.message = fmt::format("{} checker B (N = {}): {}", torus, n, v.message);
    out.push_back(std::move(v));
  } else if (j.claims_bound && j.simulation.rounds != j.lower_bound) {
    Violation v;
    v.property = "rounds_above_bound";
    v.p = p;
    v.n = 0;
    v.round = j.simulation.rounds;
    v.message = fmt::format("{}: the TADT takes {} rounds, Lemma 8's bound is {}", torus,
                            j.simulation.rounds, j.lower_bound);
    out.push_back(std::move(v));
  }
  if (!j.agree()) {
    Violation v;
    v.property = "structural_vs_simulation";
    v.p = p;
    v.n = 0;
    v.message = fmt::format("{}: checker A says {} but checker B says {}", torus,
                            j.structural ? j.structural->message : std::string("valid"),
                            j.simulation.witness ? j.simulation.witness->message : std::string("valid"));
    out.push_back(std::move(v));
  }
  return out;
}

Coverage TorusTadtFamily::coverage() const {
  Coverage c;
  c.parameters = fmt::format(
      "{}; generic trees of reference/torus (z x z, z odd: four rotated snakes; z^3, z odd: six "
      "pyramids and the diagonal; every other torus: the level-by-level builder); all-port "
      "full-duplex store-and-forward non-combining all-to-all broadcast",
      index_legend());
  for (const std::string& s : net::tadt_property_names()) c.properties.push_back("checker A: " + s);
  for (const std::string& s : net::routed_property_names()) c.properties.push_back("checker B: " + s);
  c.properties.push_back("rounds_above_bound");
  c.properties.push_back("structural_vs_simulation");
  c.lower_bound =
      "max(Lemma 8: ceil((N - 1)/2n) rounds on an n-dimensional torus, the eccentricity of 0); the "
      "closed forms must meet it, builder trees report their gap";
  return with_torus_units(c);
}

void TorusTadtFamily::accept(std::int64_t p) const {
  accept_index(p);
  const TorusSides& s = sides(p);
  (void)net::Network::memory_estimate(torus_spec(s));  // names a side < 1 or an overflow
  const std::string gap = torus::tadt_tree_gap(s);
  if (!gap.empty()) throw InputError(gap);
}

double TorusTadtFamily::cost(std::int64_t p) const {
  const auto n = static_cast<double>(torus_nodes(sides(p)));
  return n * n + 1;
}

std::int64_t TorusTadtFamily::bytes(std::int64_t p, int) const {
  const TorusSides& s = sides(p);
  const std::int64_t n = torus_nodes(s);
  if (n > (std::int64_t{1} << 31)) {
    throw InputError(fmt::format("torus {}: N = {} nodes, the simulation needs N^2 bits", sides_text(s), n));
  }
  const auto dims = static_cast<std::int64_t>(s.size());
  // Holdings N^2 bits, 24 bytes per arc and 32 per node in the checker, the network, the tree.
  return n * n / 8 + 2 * dims * n * 24 + 32 * n + net::Network::memory_estimate(torus_spec(s)) + 24 * n;
}

Outcome TorusTadtFamily::check(std::int64_t p, const CheckContext&) const {
  const auto start = std::chrono::steady_clock::now();
  const TorusSides& s = sides(p);
  const net::Network network = net::Network::torus(s);
  const torus::TadtTreeChoice tree = torus::tadt_tree_for(s);
  const TadtJudgement j = judge_tadt(network, tree.tree, tree.closed_form);
  Outcome out;
  out.violations = tadt_violations(j, p);
  std::sort(out.violations.begin(), out.violations.end());
  out.status = out.violations.empty() ? Status::pass : Status::fail;
  out.instances = 1;
  out.instance_results.push_back({p, 0, out.status, j.simulation.rounds, j.lower_bound});
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

void TorusTadtFamily::finish(ConstructionSummary& summary,
                             const std::vector<Finished>& finished) const {
  SizeTable table;
  table.headers = {"torus", "rounds", "bound", "above the bound"};
  std::int64_t picture = -1;
  std::int64_t picture_3d = -1;
  std::int64_t above = 0;
  auto nodes_of = [&](std::int64_t p) { return torus_nodes(sides(p)); };
  {
    for (const Finished& c : finished) {
      if (c.outcome->instance_results.empty()) continue;
      const InstanceResult* const it = &c.outcome->instance_results.back();
      const InstanceResult& r = *it;
      const bool is_above = r.status == Status::pass && r.rounds != kNone && r.rounds > r.lower_bound;
      table.rows.push_back({sides_text(sides(c.p)), (r.rounds == kNone ? std::string("-") : std::to_string(r.rounds)),
                            std::to_string(r.lower_bound),
                            is_above ? std::to_string(r.rounds - r.lower_bound) : std::string()});
      if (is_above) ++above;
      const TorusSides& s = sides(c.p);
      const std::int64_t widest = *std::max_element(s.begin(), s.end());
      // The pictures: the largest 2D torus with sides up to 11 (readable); 5x5x5 in 3D, else the
      // largest with sides up to 7.
      if (s.size() == 2 && widest <= 11 && (picture < 0 || nodes_of(picture) < nodes_of(c.p))) picture = c.p;
      if (s.size() == 3 && widest <= 7 && s != TorusSides{1, 1, 1} &&
          (picture_3d < 0 || (sides(picture_3d) != TorusSides{5, 5, 5} &&
                              (s == TorusSides{5, 5, 5} || nodes_of(picture_3d) < nodes_of(c.p))))) {
        picture_3d = c.p;
      }
    }
  }
  if (!table.rows.empty()) {
    table.title = "Rounds / bound by torus";
    table.note = fmt::format("{} of {} tori above the bound", above, table.rows.size());
    summary.tables.push_back(std::move(table));
  }
  // The generic tree of one 2D torus coloured by level, and of one 3D torus by slices.
  if (picture >= 0) {
    const TorusSides& s = sides(picture);
    summary.pictures_svg.push_back(
        {"tadt_tree.svg",
         fmt::format("TADT generic tree of torus {}, arcs coloured by level", sides_text(s)),
         tadt_tree_svg(s, torus::tadt_tree_for(s).tree)});
  }
  if (picture_3d >= 0) {
    const TorusSides& s = sides(picture_3d);
    summary.pictures_svg.push_back(
        {"tadt_tree_3d.svg",
         fmt::format("TADT generic tree of torus {} by slices, nodes coloured by level",
                     sides_text(s)),
         tadt_tree_3d_svg(s, torus::tadt_tree_for(s).tree)});
  }
}

net::RoutedSchedule TorusTadtFamily::header(const TorusSides& s) const {
  const std::string gap = torus::tadt_tree_gap(s);
  if (!gap.empty()) throw InputError(gap);
  net::RoutedSchedule out;
  out.network = torus_spec(s);
  out.model = net::tadt_header().model;
  out.collective = net::Collective::aab;
  out.root = 0;
  out.pieces = 1;
  return out;
}

void TorusTadtFamily::stream(const TorusSides& s, net::RoutedSink& sink) const {
  const net::Network network = net::Network::torus(s);
  net::stream_translations(network, torus::tadt_tree_for(s).tree, sink);
}

std::int64_t TorusTadtFamily::round_bound(const TorusSides& s) const {
  const net::Network network = net::Network::torus(s);
  return std::max(net::aab_noncombining_bound(network), network.eccentricity(0));
}

}  // namespace collverify::engine
