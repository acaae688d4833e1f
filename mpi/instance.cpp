#include "mpi/instance.hpp"

#include "families/circulant/schedule_source.hpp"

#include <fmt/format.h>

#include "checkers/trees/tree_check.hpp"
#include "generators/external/schedule_json.hpp"
#include "generators/size_distributions.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/allgather.hpp"
#include "reference/circulant/allgatherv.hpp"
#include "reference/circulant/bcast.hpp"
#include "mpi/tree_file.hpp"

namespace collverify::mpiexec {

namespace {

constexpr std::int64_t kMaxElements = std::int64_t{1} << 30;

std::vector<std::int64_t> irregular_sizes(const Options& o, std::int64_t p, std::int64_t elements) {
  const std::string dist = o.dist.empty() ? fmt::format("paper:{}", elements) : o.dist;
  const SizeDistribution d = SizeDistribution::parse(dist);
  // A job has one p: a list of another length would be cycled or cut (issue 26), which hides a
  // size typed for the wrong job.
  if (d.list_length() != 0 && static_cast<std::int64_t>(d.list_length()) != p) {
    throw InputError(fmt::format("--dist {}: the list has {} entries but the job has {} ranks; "
                                 "give one size per rank",
                                 dist, d.list_length(), p));
  }
  std::vector<std::int64_t> sizes = d.for_p(p);
  std::int64_t total = 0;
  for (const std::int64_t s : sizes) total += s;
  if (total > kMaxElements) {
    throw InputError(fmt::format("--dist {}: {} elements in all for p = {}, more than 2^30", dist,
                                 total, p));
  }
  return sizes;
}

std::int64_t blocks_or_rule(const Options& o, std::int64_t rule) {
  if (o.blocks < 0 || o.blocks > (std::int64_t{1} << 20)) {
    throw InputError(fmt::format("--blocks {}: expected 1..2^20, or 0 for the block size rule",
                                 o.blocks));
  }
  return o.blocks > 0 ? o.blocks : rule;
}

void check_root(const Options& o, std::int64_t p) {
  if (o.root < 0 || o.root >= p) {
    throw InputError(fmt::format("--root {}: not a rank of the job (0..{})", o.root, p - 1));
  }
}

void make_bcast(const Options& o, Instance& in, std::int64_t elements) {
  CirculantSchedule tables;
  if (!o.schedule_plugin.empty()) {
    // Asked for root --root (ABI 2; an ABI 1 plugin with a root other than 0 is refused), the
    // tables come back un-rotated, as from a file: plan_bcast maps virtual rank 0 to the root.
    const auto source = engine::plugin_source(o.schedule_plugin, in.root);
    try {
      tables = source->build(in.p);
    } catch (const InputError&) {
      throw;
    } catch (const std::exception& e) {  // the plugin's own error for this p
      throw InputError(fmt::format("--schedule-plugin {}: no schedule for p = {}: {}",
                                   o.schedule_plugin, in.p, e.what()));
    }
  } else if (!o.schedule_file.empty()) {
    tables = read_schedule_json(o.schedule_file);
    if (tables.p != in.p) {
      throw InputError(fmt::format("--schedule-file {}: p = {}, but the job has {} ranks",
                                   o.schedule_file, tables.p, in.p));
    }
  } else {
    tables = circulant::build_circulant_bcast(in.p);
  }
  const std::int64_t n = blocks_or_rule(o, bcast_blocks_rule(elements, in.p));
  in.geometry = Geometry(in.geometry.element, n, {elements});
  const Schedule s = circulant::expand_bcast(tables, n);
  in.plan = plan_bcast(s, in.me, in.root);
  in.lower_bound = n - 1 + ceil_log2(in.p);
  const std::string source = !o.schedule_plugin.empty() ? std::string("plugin ").append(o.schedule_plugin)
                             : !o.schedule_file.empty()  ? o.schedule_file
                                                         : std::string("built-in (Algorithms 1-6)");
  in.parameters = fmt::format("{} elements in n = {} blocks, root {}, schedule {}", elements, n,
                              in.root, source);
}

void make_tree(const Options& o, Instance& in, std::int64_t elements) {
  std::vector<std::int64_t> sizes;
  GatherTree tree;
  if (!o.tree_file.empty()) {
    TreeFile f = read_tree_file(o.tree_file, in.p);
    if (f.sizes && !o.dist.empty()) {
      throw InputError(fmt::format("--dist {}: --tree-file {} gives the sizes itself; drop one",
                                   o.dist, o.tree_file));
    }
    sizes = f.sizes ? *f.sizes : irregular_sizes(o, in.p, elements);
    tree = std::move(f.tree);
    in.root = tree.root;
  } else {
    sizes = irregular_sizes(o, in.p, elements);
    tree = build_tree(o.tree, sizes, in.root);
  }
  in.geometry = Geometry(in.geometry.element, 1, sizes);
  in.parameters = fmt::format("tree {}, root {}, {} elements in all",
                              o.tree_file.empty() ? o.tree : o.tree_file, in.root,
                              in.geometry.total_elements());
  if (const auto v = trees::check_tree_shape(tree)) {
    Violation w;
    w.property = v->property;
    w.p = in.p;
    w.rank = v->processor < 0 ? kNone : v->processor;
    w.message = "not executed (it could deadlock): " + v->message;
    in.not_executed = w;
    return;
  }
  in.plan = in.collective == Collective::gather ? plan_gather(tree, in.me) : plan_scatter(tree, in.me);
}

}  // namespace

Collective parse_collective(const std::string& name) {
  if (name == "bcast") return Collective::bcast;
  if (name == "allgather") return Collective::allgather;
  if (name == "allgatherv") return Collective::allgatherv;
  if (name == "gather") return Collective::gather;
  if (name == "scatter") return Collective::scatter;
  throw InputError(fmt::format("collective {}: expected bcast, allgather, allgatherv, gather or scatter", name));
}

const char* to_string(Collective c) {
  switch (c) {
    case Collective::bcast: return "bcast";
    case Collective::allgather: return "allgather";
    case Collective::allgatherv: return "allgatherv";
    case Collective::gather: return "gather";
    case Collective::scatter: return "scatter";
  }
  return "?";
}

std::int64_t elements_of(std::int64_t bytes, const Element& e, const std::string& flag) {
  if (bytes < 0 || bytes % e.data_bytes() != 0 || bytes / e.data_bytes() > kMaxElements) {
    throw InputError(fmt::format("{} {}: expected a whole number of {}-byte elements, at most 2^30 "
                                 "elements", flag, bytes, e.data_bytes()));
  }
  return bytes / e.data_bytes();
}

Instance make_instance(const Options& o, std::int64_t p, std::int64_t me, std::int64_t elements) {
  Instance in;
  in.collective = parse_collective(o.collective);
  in.p = p;
  in.me = me;
  in.geometry = Geometry(Element{parse_datatype(o.datatype)}, 1, {});
  if (!o.schedule_plugin.empty() && !o.schedule_file.empty()) {
    throw InputError(fmt::format("--schedule-plugin {} and --schedule-file {}: give one of them",
                                 o.schedule_plugin, o.schedule_file));
  }
  if (!o.schedule_plugin.empty() && in.collective != Collective::bcast) {
    throw InputError(fmt::format("--schedule-plugin {}: only bcast runs a schedule plugin",
                                 o.schedule_plugin));
  }
  if (!o.schedule_file.empty() && in.collective != Collective::bcast) {
    throw InputError(fmt::format("--schedule-file {}: only bcast reads a schedule file", o.schedule_file));
  }
  const bool tree = in.collective == Collective::gather || in.collective == Collective::scatter;
  if (!o.tree_file.empty() && !tree) {
    throw InputError(fmt::format("--tree-file {}: only gather and scatter take a tree", o.tree_file));
  }
  if (!o.tree_file.empty() && o.root != 0) {
    throw InputError(fmt::format("--root {}: a tree file names its own root", o.root));
  }
  if (!o.dist.empty() && !tree && in.collective != Collective::allgatherv) {
    throw InputError(fmt::format("--dist {}: only allgatherv, gather and scatter take sizes",
                                 o.dist));
  }
  check_root(o, p);
  in.root = o.root;
  switch (in.collective) {
    case Collective::bcast:
      make_bcast(o, in, elements);
      break;
    case Collective::allgather: {
      if (o.blocks > 1) throw InputError(fmt::format("--blocks {}: allgather (Algorithm 7) moves whole origins, n = 1", o.blocks));
      if (o.root != 0) throw InputError(fmt::format("--root {}: allgather has no root", o.root));
      in.geometry = Geometry(in.geometry.element, 1, std::vector<std::int64_t>(static_cast<std::size_t>(p), elements));
      in.plan = plan_collective(circulant::build_allgather(p), me);
      in.lower_bound = ceil_log2(p);
      in.parameters = fmt::format("{} elements per rank (Algorithm 7)", elements);
      break;
    }
    case Collective::allgatherv: {
      if (o.root != 0) throw InputError(fmt::format("--root {}: allgatherv has no root", o.root));
      std::vector<std::int64_t> sizes = irregular_sizes(o, p, elements);
      std::int64_t total = 0;
      for (const std::int64_t s : sizes) total += s;
      const std::int64_t n = blocks_or_rule(o, allgatherv_blocks_rule(total, p));
      in.geometry = Geometry(in.geometry.element, n, sizes);
      in.plan = plan_collective(circulant::plan_allgatherv(p, n, sizes).materialize(), me);
      in.lower_bound = n - 1 + ceil_log2(p);
      in.parameters = fmt::format("sizes {}, {} elements in all, n = {} blocks (Algorithm 9)",
                                  o.dist.empty() ? fmt::format("paper:{}", elements) : o.dist,
                                  total, n);
      break;
    }
    case Collective::gather:
    case Collective::scatter:
      if (o.blocks > 1) throw InputError(fmt::format("--blocks {}: trees move whole origins, n = 1", o.blocks));
      make_tree(o, in, elements);
      break;
  }
  in.parameters += fmt::format(", datatype {}", to_string(in.geometry.element.kind));
  return in;
}

}  // namespace collverify::mpiexec
