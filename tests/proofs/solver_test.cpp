#include "proofs/solver.hpp"

#include <gtest/gtest.h>

#include "proofs/z3_limits.hpp"

namespace pf = collverify::proofs;

namespace {

// x * y = 1000003 * 1000033 over integers > 1: factoring needs far more than 1 resource unit.
pf::SolverOutcome factor(std::uint64_t rlimit) {
  z3::context ctx;
  z3::solver s(ctx);
  pf::apply_limits(ctx, s, pf::SolverOptions{rlimit});
  const z3::expr x = ctx.int_const("x");
  const z3::expr y = ctx.int_const("y");
  s.add(x > 1 && y > 1 && x * y == ctx.int_val("1000036000099"));
  return pf::outcome(s.check());
}

TEST(Solver, ExhaustedRlimitIsInconclusiveNeverAnAnswer) {
  EXPECT_EQ(factor(1), pf::SolverOutcome::inconclusive);
}

TEST(Solver, TrivialQueriesAnswerWithinTheDefaultLimit) {
  z3::context ctx;
  z3::solver s(ctx);
  pf::apply_limits(ctx, s, pf::SolverOptions{});
  const z3::expr x = ctx.int_const("x");
  s.add(x > 2 && x < 2);
  EXPECT_EQ(pf::outcome(s.check()), pf::SolverOutcome::unsat);
  EXPECT_STREQ(pf::to_string(pf::SolverOutcome::unsat), "unsat");
  EXPECT_FALSE(pf::z3_version().empty());
}

}  // namespace
