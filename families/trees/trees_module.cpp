// The trees family's module (trees_module.hpp).
#include "families/trees/trees_module.hpp"

#include <fmt/format.h>

#include "checkers/trees/tree_check.hpp"
#include "families/common/mutant_family.hpp"
#include "families/trees/cmd_solve.hpp"
#include "families/trees/cmd_trees.hpp"
#include "families/trees/trees_family.hpp"
#include "generators/tree_distributions.hpp"
#include "generators/tree_mutants.hpp"
#include "reference/trees/optimal.hpp"

namespace collverify::families::trees {
namespace {

namespace tr = collverify::trees;

// The optimal ordered tree of the Decreasing distribution for p with a subtree moved: the tree
// checkers (shape, then segment order) must name what is broken.
std::vector<Violation> judge_moved_subtree(std::int64_t p) {
  const auto m = block_sizes(TreeDistribution::decreasing, p, {100, 5, 1});
  const TreeProblem<std::int64_t> pr{m, CostModel<std::int64_t>::uniform(100, 1, 1)};
  const auto r = tr::optimal_ordered_tree(pr, tr::RootMode::fixed(p / 2));
  const auto bad = mutate_tree(r.tree, TreeMutation::moved_subtree, static_cast<std::uint64_t>(p));
  std::vector<Violation> out;
  if (!bad) return out;
  auto v = tr::check_tree_shape(*bad);
  if (!v) v = tr::check_tree_order(*bad, tr::OrderRule::segment);
  if (v) {
    Violation x;
    x.property = v->property;
    x.p = p;
    x.rank = v->processor;
    x.message = fmt::format("moved_subtree mutant of the optimal ordered tree: {}", v->message);
    out.push_back(std::move(x));
  }
  return out;
}

class TreesModule final : public Module {
 public:
  std::string name() const override { return "trees"; }
  std::string help() const override {
    return "gather and scatter trees of seed 001: linear, binomial, binary and optimal ordered";
  }
  void register_commands(const cli::CommandTree& tree) override {
    cli::register_trees_commands(tree);
    cli::register_solve_commands(tree);
  }
  std::vector<cli::CampaignPart> campaign() const override {
    return {{"trees", cli::campaign_trees},
            {"trees-binary-per-pair", cli::campaign_trees_binary_per_pair}};
  }
  Examples examples() const override {
    Examples e;
    auto family = std::make_shared<engine::TreesFamily>(engine::TreesOptions{});
    e.pass.family = std::make_unique<engine::TreesFamily>(engine::TreesOptions{});
    e.pass.range = "1..6";
    e.fail.family = std::make_unique<MutantFamily>(family, judge_moved_subtree);
    e.fail.range = "4..9";
    return e;
  }
};

}  // namespace

std::unique_ptr<Module> make_module() { return std::make_unique<TreesModule>(); }

}  // namespace collverify::families::trees
