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
  const Module::Examples e = m->examples();
  const auto good = run(*e.pass.family, e.pass.range);
  EXPECT_GT(good.summary.passed, 0) << m->name();
  EXPECT_EQ(good.summary.failed, 0) << m->name();
  const auto bad = run(*e.fail.family, e.fail.range);
  EXPECT_GT(bad.summary.failed, 0) << m->name();
  ASSERT_FALSE(bad.summary.violations.empty()) << m->name();
  EXPECT_FALSE(bad.summary.violations.front().property.empty());
}

// accept() refuses p = 0; a p far beyond any machine (2^40) is either refused by accept() or,
// when the family can check it (the streamed circulant broadcast), given a positive memory
// estimate or an InputError, never an overflow or a crash; bytes() is positive and does not
// shrink over the example's range.
TEST_P(FamilyContract, AcceptRefusesAbsurdPAndBytesGrowWithP) {
  auto m = module();
  const Module::Examples e = m->examples();
  const engine::Family& f = *e.pass.family;
  EXPECT_THROW(f.accept(0), InputError) << m->name();
  const std::int64_t huge = std::int64_t{1} << 40;
  try {
    f.accept(huge);
    EXPECT_GT(f.bytes(huge, 1), 0) << m->name() << " accepts p = 2^40";
  } catch (const InputError&) {
    // refused, naming the value
  }
  const std::vector<std::int64_t> ps = PRange::parse(e.pass.range).values(PRange::kMaxValues);
  for (const std::int64_t p : ps) f.accept(p);
  EXPECT_GT(f.bytes(ps.front(), 1), 0) << m->name();
  EXPECT_GE(f.bytes(ps.back(), 1), f.bytes(ps.front(), 1)) << m->name();
}

TEST_P(FamilyContract, AStopRequestEndsACheckIncomplete) {
  auto m = module();
  const Module::Examples e = m->examples();
  const std::atomic<bool> stop{true};
  engine::CheckContext context;
  context.stop = &stop;
  const PRange range = PRange::parse(e.pass.range);
  const engine::Outcome o =
      engine::run_check(*e.pass.family, range.values(PRange::kMaxValues).back(), context);
  EXPECT_FALSE(o.complete) << m->name();
  EXPECT_EQ(o.instances, 0) << m->name();
  EXPECT_TRUE(o.violations.empty()) << m->name();
}

// Every part of the quick campaign is run, except for the program family (its parts, one per
// example program, are many; the first stands for all).
TEST_P(FamilyContract, ItsCampaignPartsRun) {
  auto m = module();
  const std::vector<cli::CampaignPart> parts = m->campaign();
  if (m->name() == "routed") {
    EXPECT_TRUE(parts.empty());  // users' files only: nothing of its own to prove
    return;
  }
  ASSERT_FALSE(parts.empty()) << m->name();
  cli::CampaignOptions c;
  c.quick = true;
  c.jobs = 2;
  for (const cli::CampaignPart& part : parts) {
    bool complete = true;
    const ConstructionSummary s = part.run(c, complete);
    EXPECT_TRUE(complete) << part.name;
    EXPECT_EQ(s.failed, 0) << part.name;
    EXPECT_GT(s.checked, 0) << part.name;
    if (m->name() == "program") break;
  }
}

INSTANTIATE_TEST_SUITE_P(Registry, FamilyContract,
                         ::testing::Range(std::size_t{0}, make_modules().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& param) {
                           return make_modules().at(param.param)->name();
                         });

}  // namespace
}  // namespace collverify::families
