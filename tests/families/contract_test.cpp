// The contract every family of families/registry.cpp keeps (issue 21, docs/DESIGN.md "How to add a
// family"), checked for each registered module: its example passes and its mutant fails with a
// witness through the engine, accept refuses p = 0 and absurd p, bytes is positive and grows
// with p, a stop request ends check with complete = false, and its campaign part runs.
#include <gtest/gtest.h>

#include <atomic>

#include "engine/run_range.hpp"
#include "families/module.hpp"
#include "generators/p_range.hpp"
#include "model/error.hpp"

// Under LeakSanitizer: a rank unwound after a fault never reaches its plugin's free(), so what a
// plugin allocated in a failing run stays allocated by design. Those leaks (a frame in one of our
// example or test plugins) are not ours to report.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:cv_program_\nleak:cv_test_program_\n";
}

namespace collverify::families {
namespace {

std::unique_ptr<engine::Family> family_of(Module& m, const Module::Example& e) {
  CLI::App app;
  CLI::App* sub = app.add_subcommand(m.name());
  m.add_flags(*sub);
  std::vector<std::string> argv = e.args;
  argv.insert(argv.begin(), m.name());
  std::reverse(argv.begin(), argv.end());  // CLI11 takes the arguments reversed
  app.parse(argv);
  return m.plan(e.range).family;
}

engine::RangeResult run(const engine::Family& f, const std::string& range,
                        const std::atomic<bool>* stop = nullptr) {
  engine::RunOptions o;
  o.jobs = 2;
  o.stop = stop;
  return engine::run_range(f, PRange::parse(range).values(PRange::kMaxValues), o);
}

class FamilyContract : public ::testing::TestWithParam<std::size_t> {
 protected:
  std::unique_ptr<Module> module() const { return std::move(make_modules().at(GetParam())); }
};

TEST_P(FamilyContract, ItsExamplePassesAndItsMutantFailsWithAWitness) {
  auto m = module();
  const auto pass = family_of(*m, m->passing_example());
  const auto good = run(*pass, m->passing_example().range);
  EXPECT_GT(good.summary.passed, 0) << m->name();
  EXPECT_EQ(good.summary.failed, 0) << m->name();
  auto m2 = module();
  const auto fail = family_of(*m2, m2->failing_example());
  const auto bad = run(*fail, m2->failing_example().range);
  EXPECT_GT(bad.summary.failed, 0) << m->name();
  ASSERT_FALSE(bad.summary.violations.empty()) << m->name();
  EXPECT_FALSE(bad.summary.violations.front().property.empty());
}

TEST_P(FamilyContract, AcceptRefusesAbsurdPAndBytesGrowWithP) {
  auto m = module();
  const auto f = family_of(*m, m->passing_example());
  EXPECT_THROW(f->accept(0), InputError);
  EXPECT_THROW(f->accept(std::int64_t{1} << 40), InputError);
  EXPECT_GT(f->bytes(8, 1), 0);
  EXPECT_GE(f->bytes(64, 1), f->bytes(8, 1));
}

TEST_P(FamilyContract, AStopRequestEndsACheckIncomplete) {
  auto m = module();
  const auto f = family_of(*m, m->passing_example());
  const std::atomic<bool> stop{true};
  engine::CheckContext context;
  context.stop = &stop;
  const engine::Outcome o = f->check(8, context);
  EXPECT_FALSE(o.complete) << m->name();
}

TEST_P(FamilyContract, ItsCampaignPartRuns) {
  auto m = module();
  std::vector<Plan> plans = m->campaign(true);
  ASSERT_FALSE(plans.empty()) << m->name();
  const auto r = run(*plans.front().family, plans.front().range);
  EXPECT_EQ(r.summary.failed, 0) << plans.front().banner;
  EXPECT_GT(r.summary.checked, 0);
}

INSTANTIATE_TEST_SUITE_P(Registry, FamilyContract,
                         ::testing::Range(std::size_t{0}, make_modules().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& param) {
                           return make_modules().at(param.param)->name();
                         });

}  // namespace
}  // namespace collverify::families
