#include "reference/embedding/group_tree.hpp"

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify::embedding {

std::int64_t GroupTree::pus() const {
  std::int64_t p = 0;
  for (const std::int64_t s : size) p += s;
  return p;
}

std::vector<std::int64_t> GroupTree::first() const {
  std::vector<std::int64_t> f(size.size(), 0);
  for (std::size_t k = 1; k < size.size(); ++k) f[k] = f[k - 1] + size[k - 1];
  return f;
}

GroupTree full_fractional_groups(std::int64_t G, std::int64_t r) {
  if (G < 1) throw InputError(fmt::format("a tree of {} groups has no root (groups >= 1)", G));
  if (r < 1) throw InputError(fmt::format("--r {} is not a group size (r >= 1)", r));
  // N_B: groups of the full tree of budget B; the smallest B with N_B >= G.
  std::vector<std::int64_t> count;
  std::int64_t B = 0;
  while (true) {
    std::int64_t c = 1;
    if (B >= r) c += count[static_cast<std::size_t>(B - r)];
    if (B >= r + 1) c += count[static_cast<std::size_t>(B - r - 1)];
    count.push_back(c);
    if (c >= G) break;
    ++B;
  }
  GroupTree t;
  t.r = r;
  // Preorder with an explicit stack of (budget, parent, is_right), cut after G groups.
  struct Item {
    std::int64_t budget;
    std::int64_t parent;
    bool right;
  };
  std::vector<Item> stack{{B, -1, false}};
  while (!stack.empty() && t.groups() < G) {
    const Item it = stack.back();
    stack.pop_back();
    const std::int64_t k = t.groups();
    t.size.push_back(r);
    t.down.push_back(-1);
    t.right.push_back(-1);
    if (it.parent >= 0) {
      (it.right ? t.right : t.down)[static_cast<std::size_t>(it.parent)] = k;
    }
    if (it.budget >= r + 1) stack.push_back({it.budget - r - 1, k, true});
    if (it.budget >= r) stack.push_back({it.budget - r, k, false});
  }
  return t;
}

std::vector<fractional::Placement> to_placements(const GroupTree& t) {
  const std::int64_t G = t.groups();
  if (t.down.size() != t.size.size() || t.right.size() != t.size.size()) {
    throw InputError("the group tree's size, down and right lists differ in length");
  }
  std::vector<std::int64_t> parent(static_cast<std::size_t>(G), -1);
  std::vector<bool> via_right(static_cast<std::size_t>(G), false);
  for (std::int64_t k = 0; k < G; ++k) {
    const auto ku = static_cast<std::size_t>(k);
    if (t.size[ku] < 1 || t.size[ku] > t.r) {
      throw InputError(fmt::format("group {} has {} PUs (1..r = {})", k, t.size[ku], t.r));
    }
    for (const bool right : {false, true}) {
      const std::int64_t c = right ? t.right[ku] : t.down[ku];
      if (c == -1) continue;
      if (c < 1 || c >= G) throw InputError(fmt::format("group {} has successor {} (not a non-root group)", k, c));
      if (t.size[ku] < t.r) throw InputError(fmt::format("group {} is partial and has successors", k));
      if (parent[static_cast<std::size_t>(c)] != -1) {
        throw InputError(fmt::format("group {} has two predecessors ({} and {})", c,
                                     parent[static_cast<std::size_t>(c)], k));
      }
      parent[static_cast<std::size_t>(c)] = k;
      via_right[static_cast<std::size_t>(c)] = right;
    }
  }
  for (std::int64_t k = 1; k < G; ++k) {
    if (parent[static_cast<std::size_t>(k)] == -1) throw InputError(fmt::format("group {} has no predecessor", k));
  }
  const std::vector<std::int64_t> first = t.first();
  const std::vector<std::int64_t> steps = group_first_steps(t);
  std::vector<fractional::Placement> out(static_cast<std::size_t>(t.pus()));
  for (std::int64_t k = 0; k < G; ++k) {
    const auto ku = static_cast<std::size_t>(k);
    for (std::int64_t i = 0; i < t.size[ku]; ++i) {
      fractional::Placement& p = out[static_cast<std::size_t>(first[ku] + i)];
      p.group_head = first[ku];
      p.index = i;
      p.first_step = steps[ku] + i;
      if (k > 0) {
        const auto pu = static_cast<std::size_t>(parent[ku]);
        p.pred_group = first[pu];
        p.right_child = via_right[ku];
      }
      if (i > 0) {
        p.pred = first[ku] + i - 1;
      } else if (k > 0) {
        const auto pu = static_cast<std::size_t>(parent[ku]);
        p.pred = via_right[ku] ? first[pu] : first[pu] + t.size[pu] - 1;
      }
      if (i + 1 < t.size[ku]) {
        p.down = first[ku] + i + 1;
      } else if (t.down[ku] >= 0) {
        p.down = first[static_cast<std::size_t>(t.down[ku])];
      }
      if (t.right[ku] >= 0) p.right = first[static_cast<std::size_t>(t.right[ku])];
    }
  }
  return out;
}

std::vector<std::int64_t> group_first_steps(const GroupTree& t) {
  // Parents before children is not guaranteed by the numbering: walk from the root.
  std::vector<std::int64_t> step(t.size.size(), -1);
  if (t.size.empty()) return step;
  std::vector<std::int64_t> todo{0};
  step[0] = 0;
  while (!todo.empty()) {
    const auto k = static_cast<std::size_t>(todo.back());
    todo.pop_back();
    if (t.down[k] >= 0) {
      step[static_cast<std::size_t>(t.down[k])] = step[k] + t.r;
      todo.push_back(t.down[k]);
    }
    if (t.right[k] >= 0) {
      step[static_cast<std::size_t>(t.right[k])] = step[k] + t.r + 1;
      todo.push_back(t.right[k]);
    }
  }
  return step;
}

}  // namespace collverify::embedding
