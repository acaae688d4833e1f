// The program route's own programs (examples/programs/, issue 22 item 7) through the runtime:
// every correct program passes every instance of the sweep, and every mutant in
// examples/programs/mutants/ fails with its property at its smallest instance while the program
// it was copied from (its pass-twin) passes there.
//
// Default sweep: p = 1..kDefaultP (less for the programs whose instances cost O(p^2) messages and
// for the wildcard gather, whose matching orders grow as (p - 1)!), every root, the counts 0, 1,
// p - 1, p, p + 1, 2p + 1, 3p + 2, both bufferings, int, double and byte for data movement, sum
// and the non-commutative compose for reductions. The slow twin (COLLVERIFY_PROGRAM_SLOW=1,
// ctest label slow) runs the p above the default range up to 128 with the default roots (all for
// p <= 64, else 0, 1, p/2, p - 1), int only.
#include <gtest/gtest.h>

#include <filesystem>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "program/guarded_buffer.hpp"
#include "program/isolation.hpp"
#include "program/run_instance.hpp"

// Under LeakSanitizer: a rank unwound after a fault never reaches its plugin's free(), so what a
// plugin allocated in a failing run stays allocated by design. Those leaks (a frame in one of our
// example or test plugins) are not ours to report.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:cv_program_\nleak:cv_test_program_\n";
}

namespace {

using collverify::program::Buffering;
using collverify::program::Collective;
using collverify::program::Elem;
using collverify::program::Instance;
using collverify::program::InstanceStatus;
using collverify::program::InstanceVerdict;
using collverify::program::Plugin;
using collverify::program::ReduceOp;
using collverify::program::StackPool;

constexpr int kDefaultP = 32;

// The sanitizer build (CI's ASan/UBSan Debug job) runs about 15 times slower: there the sweeps
// stop at kSanitizedP.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
constexpr int kSanitizedP = 10;

std::string library(const std::string& name) {
  const std::string program = std::string(CV_PROGRAMS_DIR) + "/cv_program_" + name + ".so";
  if (std::filesystem::exists(program)) return program;
  return std::string(CV_MUTANTS_DIR) + "/cv_program_" + name + ".so";
}

// Plugins are loaded once per process and stay loaded (the runtime keeps function pointers).
const Plugin& plugin(const std::string& name) {
  static std::map<std::string, Plugin> loaded;
  auto it = loaded.find(name);
  if (it == loaded.end()) it = loaded.emplace(name, collverify::program::load_plugin(library(name))).first;
  return it->second;
}

StackPool& stacks() {
  static StackPool pool;
  return pool;
}

std::vector<std::int64_t> default_counts(int p) {
  std::vector<std::int64_t> c = {0, 1, p - 1, p, p + 1, 2 * std::int64_t{p} + 1,
                                 3 * std::int64_t{p} + 2};
  std::sort(c.begin(), c.end());
  c.erase(std::unique(c.begin(), c.end()), c.end());
  return c;
}

std::vector<int> default_roots(Collective c, int p) {
  if (!collverify::program::has_root(c)) return {0};
  std::vector<int> r;
  if (p <= 64) {
    for (int i = 0; i < p; ++i) r.push_back(i);
    return r;
  }
  r = {0, 1, p / 2, p - 1};
  std::sort(r.begin(), r.end());
  r.erase(std::unique(r.begin(), r.end()), r.end());
  return r;
}

struct Failure {
  Instance in;
  Buffering buffering = Buffering::eager;
  InstanceVerdict verdict;
};

std::string describe(const Failure& f) {
  const auto& v = f.verdict;
  return "p=" + std::to_string(f.in.p) + " count=" + std::to_string(f.in.count) +
         " root=" + std::to_string(f.in.root) + " " + collverify::program::to_string(f.buffering) +
         " " + collverify::program::to_string(f.in.elem) + " " +
         collverify::program::to_string(f.in.op) + ": " +
         (v.fault ? v.fault->property + " rank " + std::to_string(v.fault->rank) + " " +
                        v.fault->op + ": " + v.fault->message
                  : std::string("inconclusive after ") + std::to_string(v.interleavings) +
                        " matching orders");
}

struct SweepSpec {
  int pmin = 1, pmax = kDefaultP;
  std::vector<Buffering> bufferings = {Buffering::eager, Buffering::rendezvous};
  std::vector<Elem> elems = {Elem::int32, Elem::float64, Elem::byte};
  std::vector<ReduceOp> ops = {ReduceOp::sum, ReduceOp::compose};
  // Empty: the default counts and roots of p.
  std::vector<std::int64_t> counts;
  std::vector<int> roots;
};

// The first instance that does not pass, in the order (p, count, root), then buffering, element
// type and op; nullopt when every instance passes.
std::optional<Failure> first_failure(const std::string& name, Collective c, const SweepSpec& s) {
  const Plugin& pl = plugin(name);
  const bool reduction = collverify::program::is_reduction(c);
  const std::vector<Elem> elems = reduction ? std::vector<Elem>{Elem::int64} : s.elems;
  const std::vector<ReduceOp> ops = reduction ? s.ops : std::vector<ReduceOp>{ReduceOp::sum};
  for (int p = s.pmin; p <= s.pmax; ++p) {
    std::vector<std::int64_t> counts = s.counts.empty() ? default_counts(p) : s.counts;
    std::vector<int> roots = s.roots.empty() ? default_roots(c, p) : s.roots;
    if (!collverify::program::has_root(c)) roots = {0};
    for (std::int64_t count : counts) {
      for (int root : roots) {
        if (root >= p) continue;
        for (Buffering b : s.bufferings) {
          for (Elem e : elems) {
            for (ReduceOp op : ops) {
              Instance in;
              in.collective = c;
              in.p = p;
              in.count = count;
              in.root = root;
              in.elem = e;
              in.op = op;
              InstanceVerdict v = collverify::program::run_instance(pl, in, b, {}, stacks());
              if (v.status != InstanceStatus::pass) return Failure{in, b, std::move(v)};
            }
          }
        }
      }
    }
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Correct programs.

struct Program {
  const char* name;
  Collective collective;
  int pmax;       // default sweep
  int pmax_slow;  // slow sweep
};

// O(p^2) messages per instance (rings, pairwise, the scatter + ring bcast) or, for the
// circulant bcast, an O(p q^2) schedule per rank, get p <= 24 by default; the wildcard gather
// explores (p - 1)! matching orders, so it stops at 6 (7 in the slow run, 720 orders).
const Program kPrograms[] = {
    {"bcast_binomial", Collective::bcast, kDefaultP, 128},
    {"bcast_scatter_ring", Collective::bcast, 24, 128},
    {"bcast_scatter_rd", Collective::bcast, kDefaultP, 128},
    {"bcast_circulant", Collective::bcast, 24, 128},
    {"allgather_ring", Collective::allgather, kDefaultP, 128},
    {"allgather_bruck", Collective::allgather, kDefaultP, 128},
    {"gather_linear", Collective::gather, kDefaultP, 128},
    {"gather_binomial", Collective::gather, kDefaultP, 128},
    {"gather_anysource", Collective::gather, 6, 7},
    {"scatter_linear", Collective::scatter, kDefaultP, 128},
    {"scatter_binomial", Collective::scatter, kDefaultP, 128},
    {"allreduce_recursive_doubling", Collective::allreduce, kDefaultP, 128},
    {"allreduce_rabenseifner", Collective::allreduce, kDefaultP, 128},
    {"allreduce_ring", Collective::allreduce, kDefaultP, 128},
    {"reduce_binomial", Collective::reduce, kDefaultP, 128},
    {"reduce_scatter_block_pairwise", Collective::reduce_scatter_block, kDefaultP, 128},
    {"alltoall_pairwise", Collective::alltoall, kDefaultP, 128},
};

void PrintTo(const Program& prog, std::ostream* os) { *os << prog.name; }

class ProgramSweep : public ::testing::TestWithParam<Program> {};

// The default sweep; with COLLVERIFY_PROGRAM_SLOW=1 (the slow tier, tests/program/CMakeLists.txt
// registers one ctest test per program with the label slow) the p above it up to pmax_slow, with
// int elements only.
TEST_P(ProgramSweep, PassesEveryInstance) {
  const Program& prog = GetParam();
  SweepSpec s;
  s.pmax = kSanitized ? std::min(prog.pmax, kSanitizedP) : prog.pmax;
  if (std::getenv("COLLVERIFY_PROGRAM_SLOW") != nullptr) {
    s.pmin = prog.pmax + 1;
    s.pmax = prog.pmax_slow;
    s.elems = {Elem::int32};
  }
  const auto f = first_failure(prog.name, prog.collective, s);
  EXPECT_FALSE(f.has_value()) << prog.name << ": " << (f ? describe(*f) : "");
}

INSTANTIATE_TEST_SUITE_P(Programs, ProgramSweep, ::testing::ValuesIn(kPrograms),
                         [](const ::testing::TestParamInfo<Program>& param) {
                           return std::string(param.param.name);
                         });

TEST(Programs, EveryCollectiveHasAProgram) {
  for (int c = 0; c < collverify::program::kCollectives; ++c) {
    bool found = false;
    for (const Program& prog : kPrograms) {
      found = found || static_cast<int>(prog.collective) == c;
      EXPECT_TRUE(plugin(prog.name).has(prog.collective)) << prog.name;
    }
    EXPECT_TRUE(found) << collverify::program::to_string(static_cast<Collective>(c));
  }
}

// ---------------------------------------------------------------------------------------------
// Mutants: the smallest failing instance and its property; the pass-twin passes there.

// Small sweeps for the mutants: p = 1..8, counts 0..5, 7, 9, every root.
SweepSpec mutant_spec(std::vector<Buffering> bufferings, std::vector<ReduceOp> ops = {ReduceOp::sum}) {
  SweepSpec s;
  s.pmax = 8;
  s.counts = {0, 1, 2, 3, 4, 5, 7, 9};
  s.roots = {0, 1, 2, 3, 4, 5, 6, 7};
  s.bufferings = std::move(bufferings);
  s.elems = {Elem::int32};
  s.ops = std::move(ops);
  return s;
}

struct Expected {
  std::string property;
  int p;
  std::int64_t count;
  int root;
  int rank = -2;  // -2: not checked
};

void expect_smallest(const std::string& mutant, const std::string& twin, Collective c,
                     Buffering b, ReduceOp op, const Expected& want) {
  SCOPED_TRACE(mutant + " (" + collverify::program::to_string(b) + ", " +
               collverify::program::to_string(op) + ")");
  const auto f = first_failure(mutant, c, mutant_spec({b}, {op}));
  ASSERT_TRUE(f.has_value()) << "the mutant passed every instance";
  ASSERT_TRUE(f->verdict.fault.has_value()) << describe(*f);
  EXPECT_EQ(f->verdict.fault->property, want.property) << describe(*f);
  EXPECT_EQ(f->in.p, want.p) << describe(*f);
  EXPECT_EQ(f->in.count, want.count) << describe(*f);
  EXPECT_EQ(f->in.root, want.root) << describe(*f);
  if (want.rank != -2) {
    EXPECT_EQ(f->verdict.fault->rank, want.rank) << describe(*f);
  }
  // The pass-twin passes the very instance.
  const InstanceVerdict twin_verdict =
      collverify::program::run_instance(plugin(twin), f->in, b, {}, stacks());
  EXPECT_EQ(twin_verdict.status, InstanceStatus::pass) << twin << " at " << describe(*f);
}

void expect_smallest_both(const std::string& mutant, const std::string& twin, Collective c,
                          const Expected& want) {
  for (Buffering b : {Buffering::eager, Buffering::rendezvous}) {
    expect_smallest(mutant, twin, c, b, ReduceOp::sum, want);
  }
}

void expect_passes(const std::string& mutant, Collective c, const SweepSpec& s) {
  const auto f = first_failure(mutant, c, s);
  EXPECT_FALSE(f.has_value()) << mutant << ": " << (f ? describe(*f) : "");
}

class Mutants : public ::testing::Test {};

TEST_F(Mutants, OffByOneReceiveCountTruncates) {
  // count - 1: a truncation from count 1 on; at count 0 the count -1 itself is the violation.
  expect_smallest_both("gather_linear_short_recv", "gather_linear", Collective::gather,
                       {"negative_count", 2, 0, 0, 0});
  SweepSpec s = mutant_spec({Buffering::eager, Buffering::rendezvous});
  s.counts = {1, 2, 3, 4, 5, 7, 9};
  const auto f = first_failure("gather_linear_short_recv", Collective::gather, s);
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->verdict.fault->property, "truncation") << describe(*f);
  EXPECT_EQ(f->in.p, 2);
  EXPECT_EQ(f->in.count, 1);
}

TEST_F(Mutants, OffByOneLoopCountIsAWrongResult) {
  expect_smallest_both("allgather_ring_short_loop", "allgather_ring", Collective::allgather,
                       {"wrong_result", 2, 1, 0, 0});
}

TEST_F(Mutants, WrongPeerDeadlocksForRootsOtherThanZero) {
  expect_smallest_both("bcast_binomial_wrong_peer", "bcast_binomial", Collective::bcast,
                       {"deadlock", 2, 0, 1});
  SweepSpec s = mutant_spec({Buffering::eager, Buffering::rendezvous});
  s.roots = {0};
  expect_passes("bcast_binomial_wrong_peer", Collective::bcast, s);
}

TEST_F(Mutants, RankOutOfRange) {
  expect_smallest_both("bcast_binomial_bad_rank", "bcast_binomial", Collective::bcast,
                       {"invalid_rank", 2, 0, 1, 1});
}

TEST_F(Mutants, ExtraSendIsUnmatchedUnderEagerAndADeadlockUnderRendezvous) {
  expect_smallest("bcast_binomial_extra_send", "bcast_binomial", Collective::bcast,
                  Buffering::eager, ReduceOp::sum, {"unmatched_message", 3, 0, 0, 2});
  expect_smallest("bcast_binomial_extra_send", "bcast_binomial", Collective::bcast,
                  Buffering::rendezvous, ReduceOp::sum, {"deadlock", 3, 0, 0, 2});
}

TEST_F(Mutants, MissingNonPowerOfTwoHandlingFailsOnlyThere) {
  for (ReduceOp op : {ReduceOp::sum, ReduceOp::compose}) {
    for (Buffering b : {Buffering::eager, Buffering::rendezvous}) {
      expect_smallest("allreduce_recursive_doubling_pow2_only", "allreduce_recursive_doubling",
                      Collective::allreduce, b, op, {"wrong_result", 3, 1, 0, 1});
    }
  }
  for (int p : {1, 2, 4, 8, 16}) {
    SweepSpec s = mutant_spec({Buffering::eager, Buffering::rendezvous},
                              {ReduceOp::sum, ReduceOp::compose});
    s.pmin = s.pmax = p;
    s.counts = default_counts(p);
    expect_passes("allreduce_recursive_doubling_pow2_only", Collective::allreduce, s);
  }
}

TEST_F(Mutants, TagMixUpShowsOnlyWithTheNonCommutativeOp) {
  for (Buffering b : {Buffering::eager, Buffering::rendezvous}) {
    expect_smallest("allreduce_ring_tag_swap", "allreduce_ring", Collective::allreduce, b,
                    ReduceOp::compose, {"wrong_result", 3, 2, 0});
  }
  expect_passes("allreduce_ring_tag_swap", Collective::allreduce,
                mutant_spec({Buffering::eager, Buffering::rendezvous}, {ReduceOp::sum}));
}

TEST_F(Mutants, BlockingSendCycleDeadlocksOnlyUnderRendezvous) {
  expect_smallest("allgather_ring_blocking_cycle", "allgather_ring", Collective::allgather,
                  Buffering::rendezvous, ReduceOp::sum, {"deadlock", 2, 0, 0});
  SweepSpec s = mutant_spec({Buffering::eager});
  s.pmax = 16;
  expect_passes("allgather_ring_blocking_cycle", Collective::allgather, s);
}

TEST_F(Mutants, WildcardReceiveWrongInOneMatchingOrder) {
  for (Buffering b : {Buffering::eager, Buffering::rendezvous}) {
    expect_smallest("gather_anysource_first_guess", "gather_anysource", Collective::gather, b,
                    ReduceOp::sum, {"wrong_result", 3, 1, 0, 0});
  }
  // p = 3, root 0: two matching orders; the first (rank 1 first) passes, the second fails, so
  // only the exploration finds it.
  Instance in;
  in.collective = Collective::gather;
  in.p = 3;
  in.count = 1;
  const InstanceVerdict v = collverify::program::run_instance(
      plugin("gather_anysource_first_guess"), in, Buffering::eager, {}, stacks());
  EXPECT_EQ(v.status, InstanceStatus::fail);
  EXPECT_EQ(v.interleavings, 2);
  ASSERT_TRUE(v.fault.has_value());
  EXPECT_NE(v.fault->message.find("matching order 2"), std::string::npos) << v.fault->message;
  const InstanceVerdict twin = collverify::program::run_instance(plugin("gather_anysource"), in,
                                                                 Buffering::eager, {}, stacks());
  EXPECT_EQ(twin.status, InstanceStatus::pass);
  EXPECT_EQ(twin.interleavings, 2);
}

TEST_F(Mutants, ReductionInTheWrongOrderFailsOnlyForTheNonCommutativeOp) {
  for (Buffering b : {Buffering::eager, Buffering::rendezvous}) {
    expect_smallest("allreduce_recursive_doubling_wrong_order", "allreduce_recursive_doubling",
                    Collective::allreduce, b, ReduceOp::compose, {"wrong_result", 2, 1, 0, 0});
  }
  expect_passes("allreduce_recursive_doubling_wrong_order", Collective::allreduce,
                mutant_spec({Buffering::eager, Buffering::rendezvous}, {ReduceOp::sum}));
}

TEST_F(Mutants, SendBufferChangedBeforeWaitIsABufferRace) {
  for (ReduceOp op : {ReduceOp::sum, ReduceOp::compose}) {
    for (Buffering b : {Buffering::eager, Buffering::rendezvous}) {
      expect_smallest("allreduce_recursive_doubling_early_combine", "allreduce_recursive_doubling",
                      Collective::allreduce, b, op, {"buffer_race", 2, 1, 0});
    }
  }
}

TEST_F(Mutants, RequestNeverWaitedLeaks) {
  expect_smallest_both("gather_linear_leak", "gather_linear", Collective::gather,
                       {"request_leak", 2, 0, 0, 1});
}

TEST_F(Mutants, NegativeCount) {
  expect_smallest_both("bcast_scatter_ring_ceil_blocks", "bcast_scatter_ring", Collective::bcast,
                       {"negative_count", 3, 1, 0, 0});
}

TEST_F(Mutants, TagAboveTheGuaranteedBound) {
  expect_smallest_both("alltoall_pairwise_big_tag", "alltoall_pairwise", Collective::alltoall,
                       {"invalid_tag", 2, 0, 0, 0});
}

TEST_F(Mutants, WritePastTheReceiveBuffer) {
  expect_smallest_both("allgather_ring_clear_past_end", "allgather_ring", Collective::allgather,
                       {"out_of_bounds", 1, 0, 0, 0});
}

TEST_F(Mutants, NonZeroReturn) {
  for (ReduceOp op : {ReduceOp::sum, ReduceOp::compose}) {
    expect_smallest("reduce_binomial_error_return", "reduce_binomial", Collective::reduce,
                    Buffering::eager, op, {"error_return", 1, 0, 0, 0});
  }
}

TEST_F(Mutants, NullBufferIsAnInvalidArgument) {
  expect_smallest_both("scatter_linear_null_buffer", "scatter_linear", Collective::scatter,
                       {"invalid_argument", 2, 1, 0, 1});
}

TEST_F(Mutants, TestLoopThatNeverCompletesIsADeadlock) {
  expect_smallest_both("gather_linear_self_test", "gather_linear", Collective::gather,
                       {"deadlock", 1, 0, 0, 0});
}

// One mutant for each program that has none above.
TEST_F(Mutants, ScatterRecursiveDoublingBcastWithoutTheExtrasFailsOnlyForNonPowersOfTwo) {
  expect_smallest_both("bcast_scatter_rd_no_extras", "bcast_scatter_rd", Collective::bcast,
                       {"wrong_result", 3, 3, 0, 1});
  for (int p : {1, 2, 4, 8, 16}) {
    SweepSpec s = mutant_spec({Buffering::eager, Buffering::rendezvous});
    s.pmin = s.pmax = p;
    s.counts = default_counts(p);
    s.roots = {0, p / 2, p - 1};
    expect_passes("bcast_scatter_rd_no_extras", Collective::bcast, s);
  }
}

TEST_F(Mutants, CirculantBcastWithTheLiteralAlgorithm4Line2) {
  // docs/ERRATA.md E3: p = 5 with n = 3 blocks is the smallest counterexample.
  expect_smallest_both("bcast_circulant_literal_line2", "bcast_circulant", Collective::bcast,
                       {"wrong_result", 5, 3, 0, 1});
}

TEST_F(Mutants, BruckRotatingTheWrongWay) {
  expect_smallest_both("allgather_bruck_rotate_wrong_way", "allgather_bruck",
                       Collective::allgather, {"wrong_result", 3, 1, 0, 0});
}

TEST_F(Mutants, BinomialGatherRotatingTheWrongWay) {
  expect_smallest_both("gather_binomial_rotate_wrong_way", "gather_binomial", Collective::gather,
                       {"wrong_result", 3, 1, 1, 1});
}

TEST_F(Mutants, RabenseifnerAllgatherInTheWrongOrder) {
  for (ReduceOp op : {ReduceOp::sum, ReduceOp::compose}) {
    for (Buffering b : {Buffering::eager, Buffering::rendezvous}) {
      expect_smallest("allreduce_rabenseifner_forward_allgather", "allreduce_rabenseifner",
                      Collective::allreduce, b, op, {"negative_count", 4, 1, 0, 0});
    }
  }
}

TEST_F(Mutants, ReduceScatterFoldedUpwardFailsOnlyForTheNonCommutativeOp) {
  for (Buffering b : {Buffering::eager, Buffering::rendezvous}) {
    expect_smallest("reduce_scatter_block_pairwise_fold_upward", "reduce_scatter_block_pairwise",
                    Collective::reduce_scatter_block, b, ReduceOp::compose,
                    {"wrong_result", 2, 1, 0, 0});
  }
  expect_passes("reduce_scatter_block_pairwise_fold_upward", Collective::reduce_scatter_block,
                mutant_spec({Buffering::eager, Buffering::rendezvous}, {ReduceOp::sum}));
}

// Crash and endless loop: only in the worker process of run_isolated.
collverify::program::IsolationOptions isolation_options() {
  collverify::program::IsolationOptions options;
  // AddressSanitizer's shadow memory alone is terabytes of address space: no cap there.
  if (kSanitized) options.memory_bytes = std::int64_t{1} << 50;
  return options;
}

collverify::program::Job job(Collective c, int p, std::int64_t count, int root) {
  collverify::program::Job j;
  j.instance.collective = c;
  j.instance.p = p;
  j.instance.count = count;
  j.instance.root = root;
  return j;
}

TEST(IsolatedMutants, NullDereferenceIsACrashInTheWorker) {
  const std::vector<collverify::program::Job> jobs = {
      job(Collective::bcast, 1, 0, 0), job(Collective::bcast, 2, 0, 0),
      job(Collective::bcast, 2, 3, 1)};
  collverify::program::IsolationOptions options = isolation_options();
  options.timeout_seconds = 10;
  const auto out = collverify::program::run_isolated(plugin("bcast_binomial_status_ignore"), jobs,
                                                     options);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_TRUE(out[0].ran);
  EXPECT_EQ(out[0].verdict.status, InstanceStatus::pass);  // p = 1: no receive, no crash
  for (std::size_t i = 1; i < 3; ++i) {
    EXPECT_TRUE(out[i].ran);
    ASSERT_TRUE(out[i].verdict.fault.has_value()) << i;
    EXPECT_EQ(out[i].verdict.fault->property, "crash") << out[i].verdict.fault->message;
  }
  const auto twin = collverify::program::run_isolated(plugin("bcast_binomial"), jobs, options);
  for (const auto& o : twin) EXPECT_EQ(o.verdict.status, InstanceStatus::pass);
}

TEST(IsolatedMutants, EndlessLoopWithoutMpiCallsHitsTheStepBudget) {
  const std::vector<collverify::program::Job> jobs = {job(Collective::scatter, 1, 1, 0),
                                                       job(Collective::scatter, 3, 2, 1)};
  collverify::program::IsolationOptions options = isolation_options();
  options.timeout_seconds = kSanitized ? 2 : 0.5;
  const auto out = collverify::program::run_isolated(plugin("scatter_binomial_endless"), jobs,
                                                     options);
  ASSERT_EQ(out.size(), 2u);
  for (const auto& o : out) {
    EXPECT_TRUE(o.ran);
    ASSERT_TRUE(o.verdict.fault.has_value());
    EXPECT_EQ(o.verdict.fault->property, "step_budget") << o.verdict.fault->message;
  }
  options.timeout_seconds = 10;
  const auto twin = collverify::program::run_isolated(plugin("scatter_binomial"), jobs, options);
  for (const auto& o : twin) EXPECT_EQ(o.verdict.status, InstanceStatus::pass);
}

// ---------------------------------------------------------------------------------------------
// Bugs of the runtime (program/) found by these tests; each passes in the Release build and
// aborts the test process in the ASan/UBSan build.

// Regression tests of three runtime bugs the sanitizer build found (each aborted there before the
// fix; in Release they passed). run_instance's judge() compared an empty send buffer with
// std::memcmp(nullptr, ..., 0): UBSan's nonnull check aborted on every collective with a send
// buffer at count 0, correct programs included.
TEST(RuntimeRegression, CountZeroWithASendBuffer) {
  Instance in;
  in.collective = Collective::allgather;
  in.p = 1;
  in.count = 0;
  const InstanceVerdict v = collverify::program::run_instance(plugin("allgather_ring"), in,
                                                              Buffering::eager, {}, stacks());
  EXPECT_EQ(v.status, InstanceStatus::pass);
}

// World::match compared a zero-byte nonblocking receive's buffer (and a pending send's) with
// std::memcmp of an empty vector's null data(): allreduce_ring at p = 2, count 1 has an empty
// block, so one MPI_Irecv (and, under rendezvous, one MPI_Isend) carries 0 bytes.
TEST(RuntimeRegression, ZeroByteNonblockingReceive) {
  Instance in;
  in.collective = Collective::allreduce;
  in.p = 2;
  in.count = 1;
  in.elem = Elem::int64;
  for (Buffering b : {Buffering::eager, Buffering::rendezvous}) {
    const InstanceVerdict v =
        collverify::program::run_instance(plugin("allreduce_ring"), in, b, {}, stacks());
    EXPECT_EQ(v.status, InstanceStatus::pass);
  }
}

// A fault (here a deadlock; equally an invalid rank, a negative count, ...) ends the run with
// other ranks suspended inside MPI calls. Boost.Context unwound their fibers when the World was
// destroyed, without telling AddressSanitizer about the switch, which then reported a
// stack-buffer-overflow and aborted; now each is unwound on its own announced switch (RankAbort).
TEST(RuntimeRegression, FaultWhileAnotherRankIsSuspended) {
  Instance in;
  in.collective = Collective::bcast;
  in.p = 2;
  in.count = 1;
  in.root = 1;
  const InstanceVerdict v = collverify::program::run_instance(
      plugin("bcast_binomial_wrong_peer"), in, Buffering::rendezvous, {}, stacks());
  ASSERT_EQ(v.status, InstanceStatus::fail);
  ASSERT_TRUE(v.fault.has_value());
  EXPECT_EQ(v.fault->property, "deadlock");
}

// The incremental matching (World::match_new_message, match_new_receive: only the new message or
// receive is matched) and the blocking receive whose message is already there
// (World::receive_at_once: no request) against their twin, the general rule run after every post
// with a request for every receive (WorldOptions::general_matching): every example program and
// every mutant, p = 1..9, counts 0,
// 1 and p + 1, roots 0 and p - 1, both bufferings, sum and compose for reductions, and a test
// plugin whose root posts a receive behind a wildcard receive while both candidates wait
// (plugins/wildcard_then_specific.c: a deadlock in one matching order). The same verdict, fault,
// matching orders, calls and matched messages, on passes and failures alike. Not
// run: the mutant that dereferences null (it takes the process down: IsolatedMutants) and the one
// that loops without MPI calls (no step budget ends it).
bool same_records(const InstanceVerdict& a, const InstanceVerdict& b) {
  if (a.calls.size() != b.calls.size() || a.messages.size() != b.messages.size()) return false;
  for (std::size_t i = 0; i < a.calls.size(); ++i) {
    const auto &x = a.calls[i], &y = b.calls[i];
    if (x.rank != y.rank || x.index != y.index || std::string(x.op) != y.op || x.peer != y.peer ||
        x.tag != y.tag || x.bytes != y.bytes) {
      return false;
    }
  }
  for (std::size_t i = 0; i < a.messages.size(); ++i) {
    const auto &x = a.messages[i], &y = b.messages[i];
    if (x.src != y.src || x.src_call != y.src_call || x.dst != y.dst || x.dst_call != y.dst_call ||
        x.bytes != y.bytes || x.depth != y.depth || x.dst_release_call != y.dst_release_call) {
      return false;
    }
  }
  return true;
}

const Plugin& wildcard_then_specific() {
  static const Plugin loaded = collverify::program::load_plugin(WILDCARD_THEN_SPECIFIC_PLUGIN);
  return loaded;
}

TEST(Matching, IncrementalAgreesWithTheGeneralRule) {
  std::vector<std::string> names;
  for (const char* dir : {CV_PROGRAMS_DIR, CV_MUTANTS_DIR}) {
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      const std::string file = e.path().filename().string();
      if (file.rfind("cv_program_", 0) != 0 || e.path().extension() != ".so") continue;
      const std::string name = e.path().stem().string().substr(11);
      if (name == "bcast_binomial_status_ignore" || name == "scatter_binomial_endless") continue;
      names.push_back(name);
    }
  }
  ASSERT_GE(names.size(), 30U);
  names.push_back(WILDCARD_THEN_SPECIFIC_PLUGIN);  // a receive behind a wildcard receive
  int compared = 0, failing = 0;
  collverify::program::InstanceLimits limits;
  limits.keep_first_run = true;
  limits.step_budget = 200'000;
  limits.max_interleavings = 50;
  collverify::program::InstanceLimits general = limits;
  general.general_matching = true;
  for (const std::string& name : names) {
    const Plugin& pl = name.front() == '/' ? wildcard_then_specific() : plugin(name);
    for (int ci = 0; ci < collverify::program::kCollectives; ++ci) {
      const auto c = static_cast<Collective>(ci);
      if (!pl.has(c)) continue;
      const bool reduction = collverify::program::is_reduction(c);
      for (int p = 1; p <= 9; ++p) {
        for (std::int64_t count : {std::int64_t{0}, std::int64_t{1}, std::int64_t{p + 1}}) {
          for (int root : {0, p - 1}) {
            for (Buffering b : {Buffering::eager, Buffering::rendezvous}) {
              for (ReduceOp op : reduction ? std::vector<ReduceOp>{ReduceOp::sum, ReduceOp::compose}
                                           : std::vector<ReduceOp>{ReduceOp::sum}) {
                const Instance in{c, p, count, root, reduction ? Elem::int64 : Elem::int32, op};
                const Failure f{in, b, {}};
                const InstanceVerdict x =
                    collverify::program::run_instance(pl, in, b, limits, stacks());
                const InstanceVerdict y =
                    collverify::program::run_instance(pl, in, b, general, stacks());
                ASSERT_EQ(x.status, y.status) << name << " " << describe(Failure{in, b, x});
                ASSERT_EQ(x.interleavings, y.interleavings) << name << " " << describe(f);
                ASSERT_EQ(x.fault.has_value(), y.fault.has_value()) << name << " " << describe(f);
                if (x.fault) {
                  ++failing;
                  ASSERT_EQ(x.fault->property, y.fault->property) << name << " " << describe(f);
                  ASSERT_EQ(x.fault->rank, y.fault->rank) << name << " " << describe(f);
                  ASSERT_EQ(x.fault->call, y.fault->call) << name << " " << describe(f);
                  ASSERT_EQ(x.fault->op, y.fault->op) << name << " " << describe(f);
                  ASSERT_EQ(x.fault->message, y.fault->message) << name << " " << describe(f);
                }
                ASSERT_TRUE(same_records(x, y)) << name << " " << describe(Failure{in, b, x});
                ++compared;
              }
            }
          }
        }
      }
    }
  }
  EXPECT_GT(compared, 1000);
  EXPECT_GT(failing, 100);  // the mutants' failures are compared too
}

// The guard zones' fast checks (one memcpy and one memcmp per zone, from a pattern computed once)
// against the definition byte by byte: intact after make(), and every single byte changed in
// either zone, and a zone overwritten with the other's bytes, is caught by both.
TEST(GuardZones, FastAndByteByByteChecksAgree) {
  for (std::int64_t elems : {std::int64_t{0}, std::int64_t{1}, std::int64_t{7}}) {
    collverify::program::GuardedBuffer g;
    g.make(elems, 4);
    ASSERT_TRUE(g.guards_intact());
    ASSERT_TRUE(g.guards_intact_slow());
    for (std::size_t at = 0; at < g.storage.size(); ++at) {
      const bool in_zone = at < collverify::program::kGuard ||
                           at >= collverify::program::kGuard + g.bytes;
      for (std::byte value : {std::byte{0}, std::byte{0xcb}, g.storage[at] ^ std::byte{1}}) {
        const std::byte kept = g.storage[at];
        g.storage[at] = value;
        const bool changed = value != kept;
        EXPECT_EQ(g.guards_intact(), g.guards_intact_slow()) << elems << " " << at;
        EXPECT_EQ(g.guards_intact(), !(in_zone && changed)) << elems << " " << at;
        g.storage[at] = kept;
      }
    }
    // The zone after the buffer holding the bytes of the zone before it.
    std::copy(g.storage.begin(), g.storage.begin() + collverify::program::kGuard,
              g.storage.end() - collverify::program::kGuard);
    EXPECT_FALSE(g.guards_intact());
    EXPECT_FALSE(g.guards_intact_slow());
  }
}

}  // namespace
