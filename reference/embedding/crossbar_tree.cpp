#include "reference/embedding/crossbar_tree.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <queue>
#include <tuple>
#include <stdexcept>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/network/network.hpp"
#include "reference/embedding/embed.hpp"
#include "reference/fractional/broadcast.hpp"
#include "reference/fractional/layout.hpp"

namespace collverify::embedding {

namespace {

// The fractional layout of P PUs (reference/fractional/layout.hpp) as groups: heads in preorder,
// so local groups are consecutive; successors as local group ids or -1.
struct LocalGroups {
  std::vector<std::int64_t> head, size, down, right;
};

LocalGroups local_groups(std::int64_t P, std::int64_t r) {
  LocalGroups l;
  if (P < 1) return l;
  const fractional::LayoutParams lp = fractional::layout_params(fractional::Layout::fractional, P, r);
  std::vector<fractional::Placement> pl;
  for (std::int64_t x = 0; x < P; ++x) pl.push_back(fractional::place(lp, x));
  std::vector<std::int64_t> group_of(static_cast<std::size_t>(P), -1);
  for (std::int64_t x = 0; x < P; ++x) {
    if (pl[static_cast<std::size_t>(x)].index == 0) {
      group_of[static_cast<std::size_t>(x)] = static_cast<std::int64_t>(l.head.size());
      l.head.push_back(x);
      l.size.push_back(0);
    } else {
      group_of[static_cast<std::size_t>(x)] = group_of[static_cast<std::size_t>(x - 1)];
    }
    ++l.size[static_cast<std::size_t>(group_of[static_cast<std::size_t>(x)])];
  }
  for (std::size_t g = 0; g < l.head.size(); ++g) {
    const std::int64_t last = l.head[g] + l.size[g] - 1;
    const fractional::Placement& p = pl[static_cast<std::size_t>(last)];
    // The last PU's down is the down head when the group is full (else there is none).
    l.down.push_back(l.size[g] == r && p.down != fractional::kNoPu
                         ? group_of[static_cast<std::size_t>(p.down)] : -1);
    const fractional::Placement& h = pl[static_cast<std::size_t>(l.head[g])];
    l.right.push_back(h.right != fractional::kNoPu ? group_of[static_cast<std::size_t>(h.right)] : -1);
  }
  return l;
}

void check_sizes(std::int64_t a, std::int64_t b, std::int64_t r, CrossbarVariant variant) {
  if (a < 1) throw InputError(fmt::format("crossbar a = {} has no modules (a >= 1)", a));
  if (r < 1) throw InputError(fmt::format("--r {} is not a group size (r >= 1)", r));
  if (variant == CrossbarVariant::one_global_group && b < r) {
    throw InputError(fmt::format("crossbar modules of b = {} PUs cannot hold a group of r = {} (b >= r)", b, r));
  }
  if (variant == CrossbarVariant::two_global_groups && b < 2 * r) {
    throw InputError(fmt::format(
        "crossbar modules of b = {} PUs cannot hold two global groups of r = {} (b >= 2r for the "
        "variant with one channel less)", b, r));
  }
}

// The variant with one channel less (see the header): modules join the global tree in the order
// of the step their first group's head would get packet 0, each module offering two slots.
GroupTree two_group_tree(std::int64_t a, std::int64_t b, std::int64_t r,
                         std::vector<std::int64_t>* group_module) {
  const LocalGroups local = local_groups(b - 2 * r, r);
  const auto per_module = static_cast<std::int64_t>(2 + local.head.size());
  auto gid = [&](std::int64_t m, std::int64_t local_group) { return m * per_module + 2 + local_group; };
  GroupTree t;
  t.r = r;
  for (std::int64_t m = 0; m < a; ++m) {
    t.size.push_back(r);  // first global group: down = the second one
    t.down.push_back(m * per_module + 1);
    t.right.push_back(-1);
    t.size.push_back(r);  // second global group: down = the local tree
    t.down.push_back(local.head.empty() ? -1 : gid(m, 0));
    t.right.push_back(-1);
    for (std::int64_t k = 0; k < 2; ++k) {
      if (group_module) group_module->push_back(m);
    }
    for (std::size_t g = 0; g < local.head.size(); ++g) {
      t.size.push_back(local.size[g]);
      t.down.push_back(local.down[g] >= 0 ? gid(m, local.down[g]) : -1);
      t.right.push_back(local.right[g] >= 0 ? gid(m, local.right[g]) : -1);
      if (group_module) group_module->push_back(m);
    }
  }
  // Slots (step of the new module's first head, parent module, which group's right slot): the
  // first group's head of module m at step tau feeds the second group at tau + r, so its right
  // slot delivers at tau + r + 1 and the second group's at tau + 2r + 1 (group_tree.hpp).
  using Slot = std::tuple<std::int64_t, std::int64_t, std::int64_t>;
  std::priority_queue<Slot, std::vector<Slot>, std::greater<Slot>> slots;
  auto offer = [&](std::int64_t m, std::int64_t tau) {
    slots.emplace(tau + r + 1, m, 0);
    slots.emplace(tau + 2 * r + 1, m, 1);
  };
  offer(0, 0);
  for (std::int64_t m = 1; m < a; ++m) {
    const auto [tau, parent, which] = slots.top();
    slots.pop();
    t.right[static_cast<std::size_t>(parent * per_module + which)] = m * per_module;
    offer(m, tau);
  }
  return t;
}

}  // namespace

GroupTree crossbar_tree(std::int64_t a, std::int64_t b, std::int64_t r,
                        std::vector<std::int64_t>* group_module, CrossbarVariant variant) {
  check_sizes(a, b, r, variant);
  if (variant == CrossbarVariant::two_global_groups) return two_group_tree(a, b, r, group_module);
  const GroupTree global = full_fractional_groups(a, r);
  const LocalGroups local = local_groups(b - r, r);
  const std::vector<std::int64_t>& local_head = local.head;
  const std::vector<std::int64_t>& local_size = local.size;
  const std::vector<std::int64_t>& local_down = local.down;
  const std::vector<std::int64_t>& local_right = local.right;
  const auto per_module = static_cast<std::int64_t>(1 + local_head.size());
  GroupTree t;
  t.r = r;
  auto gid = [&](std::int64_t m, std::int64_t local_group) { return m * per_module + 1 + local_group; };
  for (std::int64_t m = 0; m < a; ++m) {
    const auto mu = static_cast<std::size_t>(m);
    t.size.push_back(r);
    t.down.push_back(global.down[mu] >= 0 ? global.down[mu] * per_module : -1);
    t.right.push_back(global.right[mu] >= 0 ? global.right[mu] * per_module : -1);
    if (group_module) group_module->push_back(m);
    for (std::size_t g = 0; g < local_head.size(); ++g) {
      t.size.push_back(local_size[g]);
      t.down.push_back(local_down[g] >= 0 ? gid(m, local_down[g]) : -1);
      t.right.push_back(local_right[g] >= 0 ? gid(m, local_right[g]) : -1);
      if (group_module) group_module->push_back(m);
    }
  }
  if (local_head.empty()) return t;
  // Joining the local trees (local group 0 of each module) to the global tree.
  std::vector<std::int64_t> leaves, two;  // modules in order
  for (std::int64_t m = 0; m < a; ++m) {
    const auto mu = static_cast<std::size_t>(m);
    const int children = (global.down[mu] >= 0 ? 1 : 0) + (global.right[mu] >= 0 ? 1 : 0);
    const auto g = static_cast<std::size_t>(m * per_module);
    if (children == 0) {
      leaves.push_back(m);
      t.down[g] = gid(m, 0);
    } else if (children == 1) {
      (t.down[g] < 0 ? t.down : t.right)[g] = gid(m, 0);
    } else {
      two.push_back(m);
    }
  }
  CV_ASSERT(leaves.size() == two.size() + 1, "a binary tree has one leaf more than branchings");
  for (std::size_t k = 0; k < two.size(); ++k) {
    t.right[static_cast<std::size_t>(leaves[k] * per_module)] = gid(two[k], 0);
  }
  return t;
}

CrossbarEmbedding embed_fractional_crossbar(std::int64_t a, std::int64_t b, std::int64_t r,
                                            std::int64_t s, Switching switching,
                                            CrossbarVariant variant) {
  CrossbarEmbedding out;
  out.a = a;
  out.b = b;
  out.r = r;
  out.variant = variant;
  if (a < 1) throw InputError(fmt::format("crossbar a = {} has no modules (a >= 1)", a));
  if (b < 1) throw InputError(fmt::format("crossbar modules of b = {} PUs hold no PU (b >= 1)", b));
  fractional::validate_broadcast(fractional::BroadcastOptions{
      fractional::Layout::fractional, checked_mul(a, b, "the crossbar a x b"), r, s, false});
  out.tree = crossbar_tree(a, b, r, &out.group_module, variant);
  const network::Network net = network::Network::hierarchical_crossbar(a, b, std::min<std::int64_t>(2, b));
  const std::vector<std::int64_t> steps = group_first_steps(out.tree);
  for (std::size_t k = 0; k < steps.size(); ++k) out.depth = std::max(out.depth, steps[k] + out.tree.size[k] - 1);
  out.plain_depth = fractional::layout_params(fractional::Layout::fractional, a * b, r).d + 1;
  const fractional::BroadcastResult br = fractional::run_lock_step(to_placements(out.tree), r, s);
  if (br.deadlock) throw std::logic_error("the lock step deadlocked on the crossbar tree: " + *br.deadlock);
  out.schedule = br.schedule;
  std::vector<std::int64_t> identity(static_cast<std::size_t>(a * b));
  for (std::int64_t v = 0; v < a * b; ++v) identity[static_cast<std::size_t>(v)] = v;
  out.routed = embed(out.schedule, net, identity, switching);
  return out;
}

}  // namespace collverify::embedding
