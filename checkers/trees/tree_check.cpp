#include "checkers/trees/tree_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace collverify::trees {
namespace {

using Idx = std::size_t;

TreeViolation violation(std::string property, std::int64_t v, std::string message) {
  return {std::move(property), v, std::move(message)};
}

// Children before parents (reverse pre-order); shape already checked.
std::vector<std::int64_t> bottom_up(const GatherTree& t) {
  std::vector<std::int64_t> order;
  std::vector<std::int64_t> stack{t.root};
  while (!stack.empty()) {
    const std::int64_t v = stack.back();
    stack.pop_back();
    order.push_back(v);
    for (const std::int64_t c : t.sequence[static_cast<Idx>(v)]) {
      if (c != v) stack.push_back(c);
    }
  }
  std::reverse(order.begin(), order.end());
  return order;
}

using Sequence = std::vector<std::int64_t>;

// The lowest rank, highest rank and size of every subtree, filled bottom-up.
struct Subtrees {
  explicit Subtrees(std::int64_t p)
      : lo(static_cast<Idx>(p)), hi(static_cast<Idx>(p)), count(static_cast<Idx>(p)) {}

  // The ranks element c of v's sequence covers: its subtree's, the copy being [v, v].
  std::pair<std::int64_t, std::int64_t> range(std::int64_t v, std::int64_t c) const {
    return c == v ? std::pair{v, v} : std::pair{lo[static_cast<Idx>(c)], hi[static_cast<Idx>(c)]};
  }

  std::vector<std::int64_t> lo, hi, count;
};

// Records v's subtree (itself and its children's subtrees); not_consecutive unless its ranks
// form one range.
std::optional<TreeViolation> add_subtree(Subtrees& st, const Sequence& seq, std::int64_t v) {
  std::int64_t a = v, b = v, n = 1;
  for (const std::int64_t c : seq) {
    if (c == v) continue;
    a = std::min(a, st.lo[static_cast<Idx>(c)]);
    b = std::max(b, st.hi[static_cast<Idx>(c)]);
    n += st.count[static_cast<Idx>(c)];
  }
  st.lo[static_cast<Idx>(v)] = a;
  st.hi[static_cast<Idx>(v)] = b;
  st.count[static_cast<Idx>(v)] = n;
  if (b - a + 1 != n) {
    return violation(
        "not_consecutive", v,
        fmt::format("the subtree of {} has {} processors but spans [{}, {}]", v, n, a, b));
  }
  return std::nullopt;
}

// rank_order (Definition 3): each element of v's sequence starts right after the previous one
// ends, from the lowest rank of v's subtree.
std::optional<TreeViolation> rank_order_violation(const Subtrees& st, const Sequence& seq,
                                                  std::int64_t v) {
  std::int64_t next = st.lo[static_cast<Idx>(v)];
  for (const std::int64_t c : seq) {
    const auto [x, y] = st.range(v, c);
    if (x != next) {
      return violation("rank_order", v,
                       fmt::format("processor {}: element {} covers [{}, {}] but the next rank "
                                   "in order is {} (Definition 3)",
                                   v, c, x, y, next));
    }
    next = y + 1;
  }
  return std::nullopt;
}

// figure4_order (Figure 4): the first two elements are the copy then the child right of it, or
// the child left of it then the copy.
std::optional<TreeViolation> figure4_violation(const Subtrees& st, const Sequence& seq,
                                               std::int64_t v) {
  const auto [x0, y0] = st.range(v, seq[0]);
  const auto [x1, y1] = st.range(v, seq[1]);
  const bool copy_then_right = seq[0] == v && x1 == v + 1;
  const bool left_then_copy = seq[1] == v && y0 + 1 == v;
  if (!copy_then_right && !left_then_copy) {
    return violation("figure4_order", v,
                     fmt::format("processor {}: the copy and its first child [{}, {}] / [{}, "
                                 "{}] are not in rank order (Figure 4)",
                                 v, x0, y0, x1, y1));
  }
  return std::nullopt;
}

// segment_order from element `from` on: each element extends the segment the elements before
// it gathered, on one side or the other, and none is the copy.
std::optional<TreeViolation> segment_growth_violation(const Subtrees& st, const Sequence& seq,
                                                      std::int64_t v, std::size_t from) {
  std::int64_t sa = v, sb = v;
  for (std::size_t e = 0; e < from && e < seq.size(); ++e) {
    const auto [x, y] = st.range(v, seq[e]);
    sa = std::min(sa, x);
    sb = std::max(sb, y);
  }
  for (std::size_t e = from; e < seq.size(); ++e) {
    const std::int64_t c = seq[e];
    if (c == v) {
      return violation("segment_order", v,
                       fmt::format("processor {} does not copy its own block first", v));
    }
    const auto [x, y] = st.range(v, c);
    if (y + 1 == sa) {
      sa = x;
    } else if (x == sb + 1) {
      sb = y;
    } else {
      return violation("segment_order", v,
                       fmt::format("processor {}: child {} covers [{}, {}], not adjacent to the "
                                   "segment [{}, {}] gathered so far",
                                   v, c, x, y, sa, sb));
    }
  }
  return std::nullopt;
}

// The segment rules: the copy first (segment), or the Figure 4 start (figure4), then every
// element growing the gathered segment.
std::optional<TreeViolation> segment_order_violation(const Subtrees& st, const Sequence& seq,
                                                     std::int64_t v, OrderRule rule) {
  std::size_t from = 1;  // elements before this one form the starting segment
  if (rule == OrderRule::segment && seq.front() != v) {
    return violation("segment_order", v,
                     fmt::format("processor {} does not copy its own block first", v));
  }
  if (rule == OrderRule::figure4 && seq.size() >= 2) {
    if (auto found = figure4_violation(st, seq, v)) return found;
    from = 2;
  }
  return segment_growth_violation(st, seq, v, from);
}

}  // namespace

std::optional<TreeViolation> check_tree_shape(const GatherTree& t) {
  const std::int64_t p = t.p();
  if (p == 0) return violation("empty", -1, "the tree has no processors");
  if (t.root < 0 || t.root >= p) {
    return violation("root_out_of_range", t.root,
                     fmt::format("root {} outside [0, {})", t.root, p));
  }
  std::vector<std::int64_t> parent(static_cast<Idx>(p), -1);
  for (std::int64_t v = 0; v < p; ++v) {
    int copies = 0;
    for (const std::int64_t c : t.sequence[static_cast<Idx>(v)]) {
      if (c < 0 || c >= p) {
        return violation("entry_out_of_range", v,
                         fmt::format("processor {} lists {} outside [0, {})", v, c, p));
      }
      if (c == v) {
        ++copies;
        continue;
      }
      if (c == t.root) {
        return violation("root_sends", v, fmt::format("the root {} is a child of {}", c, v));
      }
      if (parent[static_cast<Idx>(c)] != -1) {
        return violation("sends_twice", c,
                         fmt::format("processor {} is a child of both {} and {}", c,
                                     parent[static_cast<Idx>(c)], v));
      }
      parent[static_cast<Idx>(c)] = v;
    }
    if (copies != 1) {
      return violation(copies == 0 ? "local_copy_missing" : "local_copy_twice", v,
                       fmt::format("processor {} lists its own local copy {} times", v, copies));
    }
  }
  // Every non-root has a parent; reachability from the root excludes cycles.
  std::vector<char> seen(static_cast<Idx>(p), 0);
  std::vector<std::int64_t> stack{t.root};
  seen[static_cast<Idx>(t.root)] = 1;
  std::int64_t reached = 0;
  while (!stack.empty()) {
    const std::int64_t v = stack.back();
    stack.pop_back();
    ++reached;
    for (const std::int64_t c : t.sequence[static_cast<Idx>(v)]) {
      if (c != v && !seen[static_cast<Idx>(c)]) {
        seen[static_cast<Idx>(c)] = 1;
        stack.push_back(c);
      }
    }
  }
  if (reached != p) {
    for (std::int64_t v = 0; v < p; ++v) {
      if (!seen[static_cast<Idx>(v)]) {
        return violation("not_spanning", v,
                         fmt::format("processor {} is not reachable from the root {}", v, t.root));
      }
    }
  }
  return std::nullopt;
}

std::optional<TreeViolation> check_tree_order(const GatherTree& t, OrderRule rule) {
  Subtrees st(t.p());
  std::optional<TreeViolation> first;
  for (const std::int64_t v : bottom_up(t)) {
    const Sequence& seq = t.sequence[static_cast<Idx>(v)];
    std::optional<TreeViolation> found = add_subtree(st, seq, v);
    if (!found) {
      found = rule == OrderRule::rank ? rank_order_violation(st, seq, v)
                                      : segment_order_violation(st, seq, v, rule);
    }
    if (found && (!first || found->processor < first->processor)) first = std::move(found);
  }
  return first;
}

std::int64_t max_children(const GatherTree& t) {
  std::int64_t best = 0;
  for (const auto& s : t.sequence) best = std::max(best, static_cast<std::int64_t>(s.size()) - 1);
  return best;
}

}  // namespace collverify::trees
