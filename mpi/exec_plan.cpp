#include "mpi/exec_plan.hpp"

#include "model/int_math.hpp"

namespace collverify::mpiexec {

int tag_of(std::int64_t round) { return static_cast<int>(round % 32768); }

Plan plan_bcast(const Schedule& s, std::int64_t me, std::int64_t root) {
  Plan plan;
  const auto real = [&](std::int64_t v) { return mod_p(v + root, s.p); };
  plan.rounds = static_cast<std::int64_t>(s.rounds.size());
  for (std::int64_t t = 0; t < plan.rounds; ++t) {
    Step step{t, {}};
    for (const Transfer& x : s.rounds[static_cast<std::size_t>(t)]) {
      const std::int64_t from = real(x.from);
      const std::int64_t to = real(x.to);
      if (from == to) continue;
      const auto item = [](std::int64_t b, std::int64_t n) {
        return b >= 0 && b < n ? std::vector<Item>{{0, b}} : std::vector<Item>{};
      };
      if (from == me) step.ops.push_back({true, to, tag_of(t), item(x.block, s.n)});
      if (to == me) step.ops.push_back({false, from, tag_of(t), item(x.stored_as, s.n)});
    }
    if (!step.ops.empty()) plan.steps.push_back(std::move(step));
  }
  return plan;
}

Plan plan_collective(const CollectiveSchedule& s, std::int64_t me) {
  Plan plan;
  plan.rounds = static_cast<std::int64_t>(s.rounds.size());
  for (std::int64_t t = 0; t < plan.rounds; ++t) {
    Step step{t, {}};
    for (const Message& m : s.rounds[static_cast<std::size_t>(t)]) {
      if (m.from == m.to) continue;
      if (m.from == me) step.ops.push_back({true, m.to, tag_of(t), m.items});
      if (m.to == me) step.ops.push_back({false, m.from, tag_of(t), m.stored_as});
    }
    if (!step.ops.empty()) plan.steps.push_back(std::move(step));
  }
  return plan;
}

namespace {

// The processors of v's subtree, in ascending order (every origin whole: block 0 of n = 1).
std::vector<Item> subtree_items(const GatherTree& tree, std::int64_t v) {
  std::vector<char> in(static_cast<std::size_t>(tree.p()), 0);
  std::vector<std::int64_t> stack{v};
  while (!stack.empty()) {
    const std::int64_t u = stack.back();
    stack.pop_back();
    if (in[static_cast<std::size_t>(u)] != 0) continue;
    in[static_cast<std::size_t>(u)] = 1;
    for (const std::int64_t c : tree.children(u)) stack.push_back(c);
  }
  std::vector<Item> items;
  for (std::int64_t u = 0; u < tree.p(); ++u) {
    if (in[static_cast<std::size_t>(u)] != 0) items.push_back({u, 0});
  }
  return items;
}

// Position of child c in its parent's sequence: the round of the transfer, and its tag.
std::int64_t position(const GatherTree& tree, std::int64_t parent, std::int64_t c) {
  const auto& seq = tree.sequence[static_cast<std::size_t>(parent)];
  for (std::size_t i = 0; i < seq.size(); ++i) {
    if (seq[i] == c) return static_cast<std::int64_t>(i);
  }
  return -1;
}

Plan plan_tree(const GatherTree& tree, std::int64_t me, bool gather) {
  Plan plan;
  const std::vector<std::int64_t> parent = tree.parents();
  const std::int64_t up = parent[static_cast<std::size_t>(me)];
  Step to_parent;
  if (up >= 0) {
    const std::int64_t at = position(tree, up, me);
    to_parent = Step{at, {{gather, up, tag_of(at), subtree_items(tree, me)}}};
  }
  if (!gather && up >= 0) plan.steps.push_back(to_parent);
  const auto& seq = tree.sequence[static_cast<std::size_t>(me)];
  for (std::size_t i = 0; i < seq.size(); ++i) {
    const std::int64_t c = seq[i];
    if (c == me) continue;
    const auto at = static_cast<std::int64_t>(i);
    plan.steps.push_back(Step{at, {{!gather, c, tag_of(at), subtree_items(tree, c)}}});
  }
  if (gather && up >= 0) plan.steps.push_back(to_parent);
  for (const auto& s : tree.sequence) {
    plan.rounds = std::max(plan.rounds, static_cast<std::int64_t>(s.size()));
  }
  return plan;
}

}  // namespace

Plan plan_gather(const GatherTree& tree, std::int64_t me) { return plan_tree(tree, me, true); }
Plan plan_scatter(const GatherTree& tree, std::int64_t me) { return plan_tree(tree, me, false); }

}  // namespace collverify::mpiexec
