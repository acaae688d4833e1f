// The fractional-embed runs and family: --embed targets parsed and refused by value; Figure 4's
// run (arc congestion 3, every node reached after the split, depth against the plain layout);
// a crossbar run with congestion 1, budget 2 and load 1; a quad mesh run (n <= 2) with congestion 1
// and its violation when mutated; the instances of a P; the family passes
// P = 64 and 128; embed_violations reports mutated runs (twins disagree, a node not reached, a
// third channel, a crossbar congestion of 2).
#include "families/fractional/fractional_embed.hpp"

#include <gtest/gtest.h>

#include "model/error.hpp"
#include "tests/model/input_error_message.hpp"

namespace collverify::engine {
namespace {

using test_support::input_error_message;

TEST(FractionalEmbed, ParsesTargets) {
  const EmbedTarget m = parse_embed_target("mesh:8x16");
  EXPECT_EQ(m.kind, EmbedTarget::Kind::mesh);
  EXPECT_EQ(m.a, 8);
  EXPECT_EQ(m.b, 16);
  EXPECT_EQ(describe(parse_embed_target("crossbar:256x64")), "crossbar:256x64");
  EXPECT_NE(input_error_message([] { (void)parse_embed_target("torus:4x4"); }).find("torus:4x4"), std::string::npos);
  EXPECT_NE(input_error_message([] { (void)parse_embed_target("mesh:8"); }).find("'8'"), std::string::npos);
  EXPECT_NE(input_error_message([] { (void)parse_embed_target("mesh:0x4"); }).find("side 0"), std::string::npos);
  EXPECT_NE(input_error_message([] { (void)parse_embed_target("mesh:ax4"); }).find("'a'"), std::string::npos);
  EXPECT_NE(input_error_message([] { (void)parse_embed_target("mesh"); }).find("no sides"), std::string::npos);
}

TEST(FractionalEmbed, Figure4Run) {
  const EmbedRun run = run_embedding(parse_embed_target("mesh:8x16"), 128, 2, 8);
  EXPECT_EQ(run.r1, 1);
  EXPECT_EQ(run.r2, 2);
  EXPECT_EQ(run.arc.congestion, 3);
  EXPECT_TRUE(run.twins_agree);
  EXPECT_TRUE(run.routed_check.witness);  // congested: arc_exclusivity
  EXPECT_FALSE(run.split_check.witness);  // but every node gets every packet
  EXPECT_GT(run.split_rounds, run.steps);
  EXPECT_EQ(run.plain_depth, 14);
  EXPECT_EQ(run.depth, 14);
  EXPECT_TRUE(embed_violations(run, 0).empty());
  EXPECT_NE(input_error_message([] { (void)run_embedding(parse_embed_target("mesh:8x16"), 100, 2, 8); }).find("--P 100"),
            std::string::npos);
  EXPECT_NE(input_error_message([] { (void)run_embedding(parse_embed_target("mesh:8x16"), 128, 3, 8); }).find("r = 3"),
            std::string::npos);
  EXPECT_NE(input_error_message([] { (void)run_embedding(parse_embed_target("crossbar:8x2"), 16, 4, 8); }).find("b = 2"),
            std::string::npos);
}

TEST(FractionalEmbed, CrossbarRunAndMutants) {
  const EmbedRun run = run_embedding(parse_embed_target("crossbar:8x8"), 64, 2, 6);
  EXPECT_EQ(run.arc.congestion, 1);
  EXPECT_FALSE(run.routed_check.witness);
  ASSERT_TRUE(run.budget);
  EXPECT_EQ(run.budget->max_out, 2);
  EXPECT_EQ(run.budget->channel_load, 1);
  EXPECT_TRUE(embed_violations(run, 0).empty());
  EmbedRun twins = run;
  twins.twins_agree = false;
  EXPECT_EQ(embed_violations(twins, 0).at(0).property, "congestion_twins_agree");
  EmbedRun unreached = run;
  unreached.split_check.witness = network::RoutedWitness{};
  EXPECT_EQ(embed_violations(unreached, 0).at(0).property, "all_nodes_reached");
  EmbedRun third = run;
  third.budget->witness = network::ChannelBudgetWitness{0, 0, true, {1, 2, 3}, "module 0 sends to 3 modules"};
  EXPECT_EQ(embed_violations(third, 0).at(0).property, "crossbar_channel_budget");
  EmbedRun load = run;
  load.budget->channel_load = 2;
  EXPECT_EQ(embed_violations(load, 0).at(0).property, "crossbar_channel_load_one");
  EmbedRun congested = run;
  congested.arc.congestion = 2;
  congested.arc.witness = network::CongestionWitness{3, {}, 2, {0, 1}, "round 3: two"};
  const std::vector<Violation> v = embed_violations(congested, 0);
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v[0].property, "crossbar_congestion_one");
  EXPECT_NE(v[0].message.find("round 3"), std::string::npos);
}

// Meshes of n <= 2 cells a side run the quad construction (congestion 1, a violation otherwise);
// the H-tree meshes' congestion stays a slowdown, not a violation.
TEST(FractionalEmbed, QuadMeshRunAndItsViolation) {
  const EmbedRun run = run_embedding(parse_embed_target("mesh:8x4"), 32, 8, 17);
  EXPECT_EQ(run.order, embedding::CellOrder::quad);
  EXPECT_EQ(run.arc.congestion, 1);
  EXPECT_FALSE(run.routed_check.witness);
  EXPECT_EQ(run.split_rounds, run.steps);
  EXPECT_TRUE(embed_violations(run, 0).empty());
  EmbedRun congested = run;
  congested.arc.congestion = 2;
  congested.arc.witness = network::CongestionWitness{4, {}, 2, {0, 1}, "round 4: two"};
  const std::vector<Violation> v = embed_violations(congested, 0);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].property, "mesh_quad_congestion_one");
  EXPECT_NE(v[0].message.find("round 4"), std::string::npos);
  EmbedRun refused = run;
  refused.routed_check.witness = network::RoutedWitness{};
  refused.routed_check.witness->message = "arc taken twice";
  EXPECT_EQ(embed_violations(refused, 0).at(0).property, "mesh_quad_congestion_one");
  EXPECT_EQ(run_embedding(parse_embed_target("mesh:8x16"), 128, 2, 8).order, embedding::CellOrder::hilbert);
}

// The variant with one channel less: judged against 2 channels out and 1 in.
TEST(FractionalEmbed, CrossbarTwoGroupsRun) {
  const EmbedTarget t = parse_embed_target("crossbar2g:8x8");
  EXPECT_EQ(t.kind, EmbedTarget::Kind::crossbar_two_groups);
  EXPECT_EQ(describe(t), "crossbar2g:8x8");
  EXPECT_TRUE(is_crossbar(t));
  EXPECT_EQ(channels_in(t), 1);
  EXPECT_EQ(channels_in(parse_embed_target("crossbar:8x8")), 2);
  const EmbedRun run = run_embedding(t, 64, 2, 6);
  EXPECT_EQ(run.arc.congestion, 1);
  EXPECT_FALSE(run.routed_check.witness);
  ASSERT_TRUE(run.budget);
  EXPECT_EQ(run.budget->max_in, 1);
  EXPECT_LE(run.budget->max_out, 2);
  EXPECT_TRUE(embed_violations(run, 0).empty());
  // The one-group construction on the same machine needs a second incoming channel, so judged
  // by this target's budget it would fail: the budget the run is held to is 1 in.
  const EmbedRun one = run_embedding(parse_embed_target("crossbar:8x8"), 64, 2, 6);
  ASSERT_TRUE(one.budget);
  EXPECT_EQ(one.budget->max_in, 2);
  EXPECT_NE(input_error_message([] { (void)run_embedding(parse_embed_target("crossbar2g:8x3"), 24, 2, 5); })
                .find("b >= 2r"),
            std::string::npos);
}

TEST(FractionalEmbed, InstancesOfP) {
  std::vector<std::string> names;
  for (const EmbedInstance& i : embed_instances(128)) names.push_back(describe(i.target) + "/" + std::to_string(i.r));
  EXPECT_EQ(names, (std::vector<std::string>{
                       "mesh:8x16/2", "mesh:16x8/2", "mesh:8x16/8", "mesh:16x8/8",
                       "crossbar:64x2/1", "crossbar:64x2/2", "crossbar2g:64x2/1",
                       "crossbar:32x4/1", "crossbar:32x4/2", "crossbar:32x4/4",
                       "crossbar2g:32x4/1", "crossbar2g:32x4/2",
                       "crossbar:16x8/1", "crossbar:16x8/2", "crossbar:16x8/4",
                       "crossbar2g:16x8/1", "crossbar2g:16x8/2", "crossbar2g:16x8/4",
                       "crossbar:8x16/1", "crossbar:8x16/2", "crossbar:8x16/4",
                       "crossbar2g:8x16/1", "crossbar2g:8x16/2", "crossbar2g:8x16/4",
                       "crossbar:4x32/1", "crossbar:4x32/2", "crossbar:4x32/4",
                       "crossbar2g:4x32/1", "crossbar2g:4x32/2", "crossbar2g:4x32/4",
                       "crossbar:2x64/1", "crossbar:2x64/2", "crossbar:2x64/4",
                       "crossbar2g:2x64/1", "crossbar2g:2x64/2", "crossbar2g:2x64/4"}));
}

TEST(FractionalEmbed, FamilyPasses) {
  const FractionalEmbedFamily f;
  EXPECT_THROW(f.accept(100), InputError);
  EXPECT_THROW(f.accept(8192), InputError);
  for (const std::int64_t P : {1, 2, 4, 64, 128}) {
    f.accept(P);
    const Outcome o = f.check(P, {});
    EXPECT_EQ(o.status, Status::pass) << P << ": " << (o.violations.empty() ? "" : o.violations[0].message);
    EXPECT_EQ(o.instances, static_cast<std::int64_t>(embed_instances(P).size()));
  }
}

}  // namespace
}  // namespace collverify::engine
