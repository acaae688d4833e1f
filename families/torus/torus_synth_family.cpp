#include "families/torus/torus_synth_family.hpp"
#include "families/torus/torus_svg.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "families/torus/torus_tadt_family.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"

namespace collverify::engine {

namespace net = network;
namespace pf = proofs;

TorusSynthFamily::TorusSynthFamily(std::vector<TorusSides> tori, std::uint64_t rlimit)
    : tori_(std::move(tori)), rlimit_(rlimit) {}

const TorusSides& TorusSynthFamily::sides(std::int64_t p) const {
  CV_ASSERT(p >= 1 && p <= static_cast<std::int64_t>(tori_.size()), "accept() names a bad p first");
  return tori_[static_cast<std::size_t>(p - 1)];
}

std::string TorusSynthFamily::p_range_text() const { return fmt::format("1..{}", tori_.size()); }

std::string TorusSynthFamily::what(std::int64_t p) const {
  if (p < 1 || p > static_cast<std::int64_t>(tori_.size())) return fmt::format("torus index {}", p);
  return fmt::format("torus {} (Z3 synthesis)", sides_text(sides(p)));
}

Coverage TorusSynthFamily::coverage() const {
  Coverage c;
  std::string list;
  for (std::size_t i = 0; i < tori_.size(); ++i) list += fmt::format("{}{} = {}", i == 0 ? "" : ", ", i + 1, sides_text(tori_[i]));
  c.parameters = fmt::format(
      "p = index into the list: {}; one generic tree per torus synthesized by Z3 (synth tadt, rlimit {} per "
      "query), height proved minimal or the torus is inconclusive",
      list, rlimit_);
  c.properties = {"z3_recheck (synthesize_tadt's routed re-check)"};
  for (const std::string& s : net::tadt_property_names()) c.properties.push_back("checker A: " + s);
  for (const std::string& s : net::routed_property_names()) c.properties.push_back("checker B: " + s);
  c.properties.push_back("structural_vs_simulation");
  c.properties.push_back("minimality (equal to the bound, or unsat one level lower; else inconclusive)");
  c.lower_bound = "max(Lemma 8: ceil((N - 1)/2n), the eccentricity of 0)";
  // std::string(...), not = "...": GCC 12 at -O3 reports a false -Wrestrict on the latter.
  c.unit = std::string("torus");
  c.units = std::string("tori");
  c.unit_symbol = std::string("torus index");
  return c;
}

void TorusSynthFamily::accept(std::int64_t p) const {
  if (p < 1 || p > static_cast<std::int64_t>(tori_.size())) {
    throw InputError(fmt::format("torus index {} is not in 1..{}", p, tori_.size()));
  }
  pf::require_tadt_size(net::NetworkSpec{net::NetworkKind::torus, sides(p)});
}

double TorusSynthFamily::cost(std::int64_t p) const {
  double n = 1;
  for (std::int64_t s : sides(p)) n *= static_cast<double>(s);
  return n * n * n;
}

std::int64_t TorusSynthFamily::bytes(std::int64_t p, int) const {
  const net::NetworkSpec spec{net::NetworkKind::torus, sides(p)};
  const net::Network torus = net::Network::from_spec(spec);
  const pf::TadtLowerBound b = pf::tadt_lower_bound(torus, pf::TadtMode::generic);
  // About 1 KiB of Z3 memory per variable with its clauses (proofs/tadt_synth.hpp), the N^2-bit
  // holdings of checker B.
  return 1024 * pf::tadt_variables(torus, pf::TadtMode::generic, b.value + 2) + torus.nodes() * torus.nodes() / 8 +
         net::Network::memory_estimate(spec);
}

Outcome TorusSynthFamily::check(std::int64_t p, const CheckContext&) const {
  const auto start = std::chrono::steady_clock::now();
  const net::Network torus = net::Network::torus(sides(p));
  pf::TadtSynthOptions o;
  o.solver.rlimit = rlimit_;
  const pf::TadtSynthResult r = pf::synthesize_tadt(torus, o);
  Outcome out;
  out.instances = 1;
  const std::string name = "torus " + sides_text(sides(p));
  if (r.status == pf::TadtStatus::recheck_failed) {
    Violation v;
    v.property = "z3_recheck";
    v.p = p;
    v.n = 0;
    v.message = fmt::format("{}: Z3's tree fails the re-check: {}", name, r.recheck);
    out.violations.push_back(std::move(v));
  }
  if (r.found && r.trees.size() == 1) {
    const TadtJudgement j = judge_tadt(torus, r.trees[0], false);
    for (Violation& v : tadt_violations(j, p)) out.violations.push_back(std::move(v));
  }
  std::sort(out.violations.begin(), out.violations.end());
  if (!out.violations.empty()) {
    out.status = Status::fail;
  } else if (r.status == pf::TadtStatus::optimal) {
    out.status = Status::pass;
  } else {
    out.status = Status::inconclusive;
  }
  out.instance_results.push_back({p, 0, out.status, r.found ? r.height : kNone, r.bound.value});
  {
    const std::lock_guard<std::mutex> lock(seen_mutex_);
    seen_[p] = Seen{r, out.status};
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

void TorusSynthFamily::finish(ConstructionSummary& summary,
                              const std::vector<Finished>& /*finished*/) const {
  SizeTable table;
  table.title = "Height / bound by torus";
  table.headers = {"torus", "height", "bound", "Z3 seconds", "proof"};
  const std::lock_guard<std::mutex> lock(seen_mutex_);
  for (const CaseResult& c : summary.cases) {
    const auto it = seen_.find(c.p);
    if (it == seen_.end()) continue;
    const pf::TadtSynthResult& r = it->second.result;
    const std::string shape = sides_text(sides(c.p));
    table.rows.push_back(
        {shape, r.found ? std::to_string(r.height) : std::string("none"),
         std::to_string(r.bound.value), fmt::format("{:.2f}", r.seconds),
         it->second.status == Status::pass ? r.proof
                                           : std::string(to_string(it->second.status)) + ": " + r.proof});
    if (r.found && r.trees.size() == 1) {
      const TorusSides& s = sides(c.p);
      std::string file = "tadt_synth_";
      file += shape;  // appended: GCC 12 -Wrestrict misfires on string +
      file += ".svg";
      summary.pictures_svg.push_back(
          {file,
           fmt::format("Z3-synthesized TADT generic tree of torus {}: height {} ({})", shape,
                       r.height, pf::to_string(r.status)),
           s.size() == 3 ? tadt_tree_3d_svg(s, r.trees[0]) : tadt_tree_svg(s, r.trees[0])});
    }
  }
  if (!table.rows.empty()) summary.tables.push_back(std::move(table));
}

}  // namespace collverify::engine
