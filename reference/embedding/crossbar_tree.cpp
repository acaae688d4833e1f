#include "reference/embedding/crossbar_tree.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/network/network.hpp"
#include "reference/embedding/embed.hpp"
#include "reference/fractional/broadcast.hpp"
#include "reference/fractional/layout.hpp"

namespace collverify::embedding {

GroupTree crossbar_tree(std::int64_t a, std::int64_t b, std::int64_t r,
                        std::vector<std::int64_t>* group_module) {
  if (a < 1) throw InputError(fmt::format("crossbar a = {} has no modules (a >= 1)", a));
  if (r < 1) throw InputError(fmt::format("--r {} is not a group size (r >= 1)", r));
  if (b < r) {
    throw InputError(fmt::format("crossbar modules of b = {} PUs cannot hold a group of r = {} (b >= r)", b, r));
  }
  const GroupTree global = full_fractional_groups(a, r);
  // The local layout of b - r PUs, as groups (heads in preorder, so local groups are consecutive).
  std::vector<std::int64_t> local_head;  // local id of each local group's head
  std::vector<std::int64_t> local_size, local_down, local_right;  // successors as local group ids
  if (b > r) {
    const fractional::LayoutParams lp =
        fractional::layout_params(fractional::Layout::fractional, b - r, r);
    std::vector<fractional::Placement> pl;
    for (std::int64_t x = 0; x < b - r; ++x) pl.push_back(fractional::place(lp, x));
    std::vector<std::int64_t> group_of(static_cast<std::size_t>(b - r), -1);
    for (std::int64_t x = 0; x < b - r; ++x) {
      if (pl[static_cast<std::size_t>(x)].index == 0) {
        group_of[static_cast<std::size_t>(x)] = static_cast<std::int64_t>(local_head.size());
        local_head.push_back(x);
        local_size.push_back(0);
      } else {
        group_of[static_cast<std::size_t>(x)] = group_of[static_cast<std::size_t>(x - 1)];
      }
      ++local_size[static_cast<std::size_t>(group_of[static_cast<std::size_t>(x)])];
    }
    for (std::size_t g = 0; g < local_head.size(); ++g) {
      const std::int64_t last = local_head[g] + local_size[g] - 1;
      const fractional::Placement& p = pl[static_cast<std::size_t>(last)];
      // The last PU's down is the down head when the group is full (else there is none).
      local_down.push_back(local_size[g] == r && p.down != fractional::kNoPu
                               ? group_of[static_cast<std::size_t>(p.down)] : -1);
      const fractional::Placement& h = pl[static_cast<std::size_t>(local_head[g])];
      local_right.push_back(h.right != fractional::kNoPu ? group_of[static_cast<std::size_t>(h.right)] : -1);
    }
  }
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
                                            std::int64_t s, Switching switching) {
  CrossbarEmbedding out;
  out.a = a;
  out.b = b;
  out.r = r;
  if (a < 1) throw InputError(fmt::format("crossbar a = {} has no modules (a >= 1)", a));
  if (b < 1) throw InputError(fmt::format("crossbar modules of b = {} PUs hold no PU (b >= 1)", b));
  fractional::validate_broadcast(fractional::BroadcastOptions{
      fractional::Layout::fractional, checked_mul(a, b, "the crossbar a x b"), r, s, false});
  out.tree = crossbar_tree(a, b, r, &out.group_module);
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
