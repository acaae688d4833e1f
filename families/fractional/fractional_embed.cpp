#include "families/fractional/fractional_embed.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>

#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/embedding/crossbar_tree.hpp"
#include "reference/embedding/embed.hpp"
#include "reference/embedding/mesh_placement.hpp"

namespace collverify::engine {
namespace {

bool power_of_two(std::int64_t v) { return v >= 1 && (v & (v - 1)) == 0; }

std::int64_t parse_side(const std::string& text, const std::string& word) {
  if (word.empty() || word.size() > 9 || word.find_first_not_of("0123456789") != std::string::npos) {
    throw InputError(fmt::format("--embed '{}': '{}' is not a side (a positive integer)", text, word));
  }
  return std::stoll(word);
}

Violation violation(std::int64_t P, std::int64_t n, const char* property, std::string message) {
  Violation v;
  v.property = property;
  v.p = P;
  v.n = n;
  v.message = std::move(message);
  return v;
}

}  // namespace

bool is_crossbar(const EmbedTarget& t) { return t.kind != EmbedTarget::Kind::mesh; }

std::int64_t channels_in(const EmbedTarget& t) {
  return t.kind == EmbedTarget::Kind::crossbar_two_groups ? 1 : 2;
}

EmbedTarget parse_embed_target(const std::string& text) {
  EmbedTarget t;
  const std::size_t colon = text.find(':');
  const std::string kind = text.substr(0, colon);
  if (kind == "mesh") {
    t.kind = EmbedTarget::Kind::mesh;
  } else if (kind == "crossbar") {
    t.kind = EmbedTarget::Kind::crossbar;
  } else if (kind == "crossbar2g") {
    t.kind = EmbedTarget::Kind::crossbar_two_groups;
  } else {
    throw InputError(fmt::format("--embed '{}' is not mesh:AxB, crossbar:AxB or crossbar2g:AxB", text));
  }
  if (colon == std::string::npos) {
    throw InputError(fmt::format("--embed '{}' has no sides (mesh:AxB, crossbar:AxB, crossbar2g:AxB)", text));
  }
  const std::string sides = text.substr(colon + 1);
  const std::size_t x = sides.find('x');
  if (x == std::string::npos) throw InputError(fmt::format("--embed '{}': the sides '{}' are not AxB", text, sides));
  t.a = parse_side(text, sides.substr(0, x));
  t.b = parse_side(text, sides.substr(x + 1));
  if (t.a < 1 || t.b < 1) {
    throw InputError(fmt::format("--embed '{}': side {} is zero (sides >= 1)", text, t.a < 1 ? t.a : t.b));
  }
  return t;
}

std::string describe(const EmbedTarget& t) {
  const char* kind = t.kind == EmbedTarget::Kind::mesh       ? "mesh"
                     : t.kind == EmbedTarget::Kind::crossbar ? "crossbar"
                                                             : "crossbar2g";
  return fmt::format("{}:{}x{}", kind, t.a, t.b);
}

EmbedRun run_embedding(const EmbedTarget& target, std::int64_t P, std::int64_t r, std::int64_t s,
                       Switching switching) {
  if (P != target.a * target.b) {
    throw InputError(fmt::format("--P {} does not fill the {} ({} x {} = {} PUs)", P, describe(target),
                                 target.a, target.b, target.a * target.b));
  }
  EmbedRun run;
  run.target = target;
  run.P = P;
  run.r = r;
  run.s = s;
  run.switching = switching;
  if (target.kind == EmbedTarget::Kind::mesh) {
    embedding::MeshEmbedding e = embedding::embed_fractional_mesh(target.a, target.b, r, s, switching);
    run.r1 = e.shape.r1;
    run.r2 = e.shape.r2;
    run.order = e.order;
    run.tree = std::move(e.tree);
    run.placement = std::move(e.placement);
    run.schedule = std::move(e.schedule);
    run.routed = std::move(e.routed);
    run.depth = e.depth;
  } else {
    const embedding::CrossbarVariant variant = target.kind == EmbedTarget::Kind::crossbar
                                                   ? embedding::CrossbarVariant::one_global_group
                                                   : embedding::CrossbarVariant::two_global_groups;
    embedding::CrossbarEmbedding e =
        embedding::embed_fractional_crossbar(target.a, target.b, r, s, switching, variant);
    run.tree = std::move(e.tree);
    run.group_module = std::move(e.group_module);
    run.schedule = std::move(e.schedule);
    run.routed = std::move(e.routed);
    run.depth = e.depth;
    run.placement.resize(static_cast<std::size_t>(P));
    for (std::int64_t v = 0; v < P; ++v) run.placement[static_cast<std::size_t>(v)] = v;
  }
  run.plain_depth = fractional::layout_params(fractional::Layout::fractional, P, r).d + 1;
  run.steps = static_cast<std::int64_t>(run.schedule.rounds.size());
  run.network = run.routed.network;
  const network::Network net = network::Network::from_spec(run.network);
  run.arc = network::edge_congestion(net, run.routed, network::CongestionUnit::arc);
  run.link = network::edge_congestion(net, run.routed, network::CongestionUnit::link);
  const network::CongestionResult arc_slow =
      network::edge_congestion_slow(net, run.routed, network::CongestionUnit::arc);
  const network::CongestionResult link_slow =
      network::edge_congestion_slow(net, run.routed, network::CongestionUnit::link);
  auto same = [](const network::CongestionResult& x, const network::CongestionResult& y) {
    return x.congestion == y.congestion && x.per_round == y.per_round && x.defect == y.defect &&
           x.witness.has_value() == y.witness.has_value() &&
           (!x.witness || x.witness->message == y.witness->message);
  };
  run.twins_agree = same(run.arc, arc_slow) && same(run.link, link_slow);
  run.routed_check = network::check_routed(net, run.routed);
  const network::RoutedSchedule split = embedding::split_congested_rounds(net, run.routed);
  run.split_rounds = static_cast<std::int64_t>(split.rounds.size());
  run.split_check = network::check_routed(net, split);
  if (is_crossbar(target)) {
    run.budget = network::check_channel_budget(net, run.routed, 2, channels_in(target));
  }
  return run;
}

std::vector<Violation> embed_violations(const EmbedRun& run, std::int64_t n) {
  std::vector<Violation> out;
  const std::string what = fmt::format("{} r = {} s = {}", describe(run.target), run.r, run.s);
  if (!run.twins_agree) {
    out.push_back(violation(run.P, n, "congestion_twins_agree",
                            fmt::format("{}: the fast congestion ({} arc, {} link) and its slow twin differ",
                                        what, run.arc.congestion, run.link.congestion)));
  }
  if (run.split_check.witness) {
    out.push_back(violation(run.P, n, "all_nodes_reached",
                            fmt::format("{}: after splitting congested rounds: {}", what,
                                        run.split_check.witness->message)));
  }
  if (run.target.kind == EmbedTarget::Kind::mesh && run.order == embedding::CellOrder::quad &&
      (run.arc.congestion > 1 || run.routed_check.witness)) {
    out.push_back(violation(run.P, n, "mesh_quad_congestion_one",
                            fmt::format("{}: the quad construction: {}", what,
                                        run.arc.witness && run.arc.congestion > 1 ? run.arc.witness->message
                                        : run.routed_check.witness ? run.routed_check.witness->message
                                                                   : std::string("?"))));
  }
  if (is_crossbar(run.target)) {
    if (run.arc.congestion > 1 || run.routed_check.witness) {
      out.push_back(violation(run.P, n, "crossbar_congestion_one",
                              fmt::format("{}: {}", what,
                                          run.arc.witness && run.arc.congestion > 1 ? run.arc.witness->message
                                          : run.routed_check.witness ? run.routed_check.witness->message
                                                                     : std::string("?"))));
    }
    if (run.budget && run.budget->witness) {
      out.push_back(violation(run.P, n, "crossbar_channel_budget",
                              fmt::format("{}: {}", what, run.budget->witness->message)));
    }
    if (run.budget && run.budget->defect) {
      out.push_back(violation(run.P, n, "crossbar_channel_budget", fmt::format("{}: {}", what, *run.budget->defect)));
    }
    if (run.budget && run.budget->channel_load > 1) {
      out.push_back(violation(run.P, n, "crossbar_channel_load_one",
                              fmt::format("{}: a channel carries {} transmissions in one round", what,
                                          run.budget->channel_load)));
    }
  }
  return out;
}

std::vector<EmbedInstance> embed_instances(std::int64_t P) {
  std::vector<EmbedInstance> out;
  const std::int64_t cells[][2] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {2, 4}, {4, 2}, {4, 4}};
  for (const auto& c : cells) {
    const std::int64_t r = c[0] * c[1];
    if (P % r != 0) continue;
    const auto n = static_cast<std::int64_t>(std::llround(std::sqrt(static_cast<double>(P / r))));
    if (n * n != P / r || !power_of_two(n)) continue;
    if (n * c[0] > 64 || n * c[1] > 64) continue;
    out.push_back({{EmbedTarget::Kind::mesh, n * c[0], n * c[1]}, r});
  }
  for (std::int64_t b = 1; b <= 64 && b <= P; b *= 2) {
    const std::int64_t a = P / b;
    if (a > 64 || a * b != P) continue;
    for (const std::int64_t r : {1, 2, 4})
      if (r <= b) out.push_back({{EmbedTarget::Kind::crossbar, a, b}, r});
    for (const std::int64_t r : {1, 2, 4})
      if (2 * r <= b) out.push_back({{EmbedTarget::Kind::crossbar_two_groups, a, b}, r});
  }
  return out;
}

Coverage FractionalEmbedFamily::coverage() const {
  Coverage c;
  c.parameters =
      "meshes A x B <= 64 x 64 with r1 x r2 in {1x1,1x2,2x1,2x2,2x4,4x2,4x4} (n <= 2 cells a side: "
      "the quad construction, congestion 1; else cells in H-tree/Hilbert order, snake inside), crossbars A x B <= 64 x 64 with r in {1,2,4} (2 channels "
      "each way) and the variant crossbar2g with 2r <= B (two global groups, 2 out, 1 in); "
      "s = 2r + 1; wormhole; rounds = after splitting congested steps";
  c.properties = {"congestion_twins_agree", "all_nodes_reached", "mesh_quad_congestion_one", "crossbar_congestion_one",
                  "crossbar_channel_budget", "crossbar_channel_load_one"};
  c.lower_bound = "the schedule's steps (rounds at the bound = edge congestion 1)";
  return c;
}

void FractionalEmbedFamily::accept(std::int64_t p) const {
  if (!power_of_two(p) || p > 4096) {
    throw InputError(fmt::format("fractional-embed: P = {} is not a power of two in 1..4096", p));
  }
}

double FractionalEmbedFamily::cost(std::int64_t p) const { return static_cast<double>(p) * std::sqrt(static_cast<double>(p)); }

std::int64_t FractionalEmbedFamily::bytes(std::int64_t p, int /*jobs*/) const {
  // Schedule and routes: s <= 9 packets a PU, routes <= 128 hops of 4 bytes, two copies.
  return p * 9 * (64 + 2 * 128 * 4) + (8 << 20);
}

Outcome FractionalEmbedFamily::check(std::int64_t p, const CheckContext& context) const {
  const auto start = std::chrono::steady_clock::now();
  Outcome o;
  const std::vector<EmbedInstance> inst = embed_instances(p);
  for (std::size_t i = 0; i < inst.size(); ++i) {
    if (context.stop != nullptr && context.stop->load()) {
      o.complete = false;
      break;
    }
    const auto n = static_cast<std::int64_t>(i);
    const EmbedRun run = run_embedding(inst[i].target, p, inst[i].r, 2 * inst[i].r + 1);
    const std::vector<Violation> v = embed_violations(run, n);
    InstanceResult ir;
    ir.p = p;
    ir.n = n;
    ir.status = v.empty() ? Status::pass : Status::fail;
    ir.rounds = run.split_rounds;
    ir.lower_bound = run.steps;
    o.instance_results.push_back(ir);
    o.violations.insert(o.violations.end(), v.begin(), v.end());
    ++o.instances;
  }
  o.status = o.violations.empty() ? Status::pass : Status::fail;
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return o;
}

}  // namespace collverify::engine
