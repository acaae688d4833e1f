#include "reference/fractional/layout.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "model/error.hpp"
#include "model/fractional/recurrence.hpp"

namespace collverify::fractional {

const char* to_string(Layout l) {
  switch (l) {
    case Layout::chain: return "chain";
    case Layout::binary: return "binary";
    case Layout::fractional: return "fractional";
  }
  return "?";
}

Layout parse_layout(const std::string& word) {
  if (word == "chain") return Layout::chain;
  if (word == "binary") return Layout::binary;
  if (word == "fractional") return Layout::fractional;
  throw InputError(fmt::format("--layout '{}' is not chain, binary or fractional", word));
}

LayoutParams layout_params(Layout layout, std::int64_t P, std::int64_t r) {
  if (P < 1) throw InputError(fmt::format("--P {} is not a PU count (P >= 1)", P));
  if (layout == Layout::fractional && r < 1) {
    throw InputError(fmt::format("--r {} is not a group size (r >= 1)", r));
  }
  LayoutParams lp;
  lp.layout = layout;
  lp.P = P;
  if (layout == Layout::chain) {
    lp.g = P;
    lp.d = depth(P, kChain);
    return lp;
  }
  lp.g = layout == Layout::binary ? 1 : r;
  if (lp.g >= P) {
    // One group holds everyone: the chain's depth, no descent needs the sizes.
    lp.d = P - 2;
    return lp;
  }
  lp.d = depth(P, lp.g);
  lp.sizes = layout_sizes(lp.g, lp.d + 1);
  return lp;
}

Placement place(const LayoutParams& lp, std::int64_t x) {
  CV_ASSERT(x >= 0 && x < lp.P, "place: PU out of range");
  const std::int64_t g = lp.g;
  std::int64_t b = 0;           // head of the current group
  std::int64_t budget = lp.d + 1;  // steps left for the current subtree, counted from its head
  std::int64_t tau = 0;         // step of the head's first packet
  Placement pl;
  while (true) {
    const std::int64_t members = std::min(g, budget + 1);
    if (x < b + members) break;
    CV_ASSERT(budget >= g, "place: PU beyond its subtree");
    const std::int64_t down_size = lp.sizes[static_cast<std::size_t>(budget - g)];
    pl.pred_group = b;
    if (x < b + g + down_size) {
      pl.right_child = false;
      b += g;
      budget -= g;
      tau += g;
    } else {
      pl.right_child = true;
      b += g + down_size;
      budget -= g + 1;
      tau += g + 1;
    }
  }
  pl.group_head = b;
  pl.index = x - b;
  pl.first_step = tau + pl.index;
  if (pl.index > 0) {
    pl.pred = x - 1;
  } else if (pl.pred_group != kNoPu) {
    pl.pred = pl.right_child ? pl.pred_group : pl.pred_group + g - 1;
  }
  if (pl.index < g - 1) {
    if (pl.index + 1 <= budget && x + 1 < lp.P) pl.down = x + 1;
  } else if (budget >= g && b + g < lp.P) {
    pl.down = b + g;
  }
  if (budget >= g + 1) {
    const std::int64_t head = b + g + lp.sizes[static_cast<std::size_t>(budget - g)];
    if (head < lp.P) pl.right = head;
  }
  return pl;
}

namespace {

// One group of the full tree of a given budget, with its subtrees, as explicit nodes.
struct GroupNode {
  std::int64_t budget = 0;
  std::int64_t tau = 0;
  int down = -1;   // index into the node list
  int right = -1;
};

}  // namespace

std::vector<Placement> build_layout_slow(const LayoutParams& lp) {
  const std::int64_t g = lp.g;
  // 1. The full tree: a group of budget B has min(g, B + 1) PUs, a down subtree of budget B - g
  //    (if B >= g) and a right subtree of budget B - g - 1 (if B >= g + 1).
  std::vector<GroupNode> nodes;
  std::function<int(std::int64_t, std::int64_t)> grow = [&](std::int64_t budget, std::int64_t tau) {
    const int id = static_cast<int>(nodes.size());
    nodes.push_back({budget, tau, -1, -1});
    if (budget >= g) {
      const int dn = grow(budget - g, tau + g);
      nodes[static_cast<std::size_t>(id)].down = dn;
    }
    if (budget >= g + 1) {
      const int rt = grow(budget - g - 1, tau + g + 1);
      nodes[static_cast<std::size_t>(id)].right = rt;
    }
    return id;
  };
  // 2. Preorder ids: the group's PUs, then the down subtree, then the right subtree; ids >= P
  //    are cut. head[n] is the first id of group n (or >= P when it is cut).
  std::vector<std::int64_t> head;
  std::vector<Placement> out(static_cast<std::size_t>(lp.P));
  std::int64_t next = 0;
  std::function<void(int, std::int64_t, bool)> number = [&](int n, std::int64_t pred_group,
                                                           bool right_child) {
    const GroupNode node = nodes[static_cast<std::size_t>(n)];
    const std::int64_t first = next;
    head[static_cast<std::size_t>(n)] = first;
    const std::int64_t members = std::min(g, node.budget + 1);
    next += members;
    const std::int64_t down_head = node.down >= 0 ? next : kNoPu;
    if (node.down >= 0) number(node.down, first, false);
    const std::int64_t right_head = node.right >= 0 ? next : kNoPu;
    if (node.right >= 0) number(node.right, first, true);
    for (std::int64_t i = 0; i < members; ++i) {
      const std::int64_t x = first + i;
      if (x >= lp.P) break;
      Placement& pl = out[static_cast<std::size_t>(x)];
      pl.group_head = first;
      pl.index = i;
      pl.pred_group = pred_group;
      pl.right_child = pred_group != kNoPu && right_child;
      pl.first_step = node.tau + i;
      if (i > 0) {
        pl.pred = x - 1;
      } else if (pred_group != kNoPu) {
        pl.pred = right_child ? pred_group : pred_group + g - 1;
      }
      if (i + 1 < members) {
        if (x + 1 < lp.P) pl.down = x + 1;
      } else if (i == g - 1 && down_head != kNoPu && down_head < lp.P) {
        pl.down = down_head;
      }
      if (right_head != kNoPu && right_head < lp.P) pl.right = right_head;
    }
  };
  if (lp.P >= 1) {
    grow(lp.d + 1, 0);
    head.assign(nodes.size(), 0);
    number(0, kNoPu, false);
  }
  return out;
}

}  // namespace collverify::fractional
