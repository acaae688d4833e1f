// The cost of a run (program/cost.hpp) on real programs: the fast figures agree with their slow
// twins on every instance of the example programs' sweeps, no correct program goes below a lower
// bound, the figures of the contract's example are what it says, and two dearer but correct
// bcasts (plugins/bcast_cost_variant.c) change the figures they must change. Also the twin of a
// shortcut of run_instance's judge: where it computes one expected output for every rank (bcast,
// allreduce, allgather), MPI's definition, computed per rank, must give the same on each.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "program/cost.hpp"
#include "program/run_instance.hpp"

namespace {

namespace cvp = collverify::program;
using cvp::Buffering;
using cvp::Collective;
using cvp::Instance;

const cvp::Plugin& plugin(const std::string& path) {
  static std::map<std::string, cvp::Plugin> loaded;
  auto it = loaded.find(path);
  if (it == loaded.end()) it = loaded.emplace(path, cvp::load_plugin(path)).first;
  return it->second;
}

std::string example(const std::string& name) {
  return std::string(CV_PROGRAMS_DIR) + "/cv_program_" + name + ".so";
}

cvp::StackPool& stacks() {
  static cvp::StackPool pool;
  return pool;
}

cvp::InstanceVerdict run(const std::string& path, const Instance& in, Buffering b) {
  cvp::InstanceLimits limits;
  limits.keep_first_run = true;
  return cvp::run_instance(plugin(path), in, b, limits, stacks());
}

struct Program {
  std::string name;
  Collective collective;
  int pmax;
};

std::string label(const Instance& in, Buffering b) {
  return "p=" + std::to_string(in.p) + " count=" + std::to_string(in.count) +
         " root=" + std::to_string(in.root) + " " + cvp::to_string(b);
}

class CostTwins : public testing::TestWithParam<Program> {};

// Every instance of p = 1..pmax, counts 0, 1, p + 1, roots 0 and p - 1, both bufferings.
TEST_P(CostTwins, FastAgreesWithSlowAndStaysAboveTheBounds) {
  const Program& prog = GetParam();
  int checked = 0;
  for (int p = 1; p <= prog.pmax; ++p) {
    for (std::int64_t count : {std::int64_t{0}, std::int64_t{1}, std::int64_t{p + 1}}) {
      for (int root : {0, p - 1}) {
        for (Buffering b : {Buffering::eager, Buffering::rendezvous}) {
          Instance in{prog.collective, p, count, root,
                      cvp::is_reduction(prog.collective) ? cvp::Elem::int64 : cvp::Elem::int32,
                      cvp::ReduceOp::compose};
          const cvp::InstanceVerdict v = run(example(prog.name), in, b);
          ASSERT_EQ(v.status, cvp::InstanceStatus::pass) << label(in, b);
          const cvp::RunCost slow = cvp::cost_of_slow(v.messages, p);
          ASSERT_EQ(v.cost.messages, slow.messages) << label(in, b);
          ASSERT_EQ(v.cost.busiest_bytes, slow.busiest_bytes) << label(in, b);
          ASSERT_EQ(v.cost.rounds, slow.rounds) << label(in, b);
          ASSERT_EQ(v.cost.time_ns, slow.time_ns) << label(in, b);
          const cvp::CostBounds bound = cvp::cost_bounds(in);
          ASSERT_EQ(v.cost.round_bound, bound.rounds);
          ASSERT_GE(v.cost.rounds, bound.rounds) << label(in, b);
          ASSERT_GE(v.cost.busiest_bytes, bound.busiest_bytes) << label(in, b);
          ASSERT_GE(v.cost.time_ns, bound.time_ns) << label(in, b);
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 0);
}

INSTANTIATE_TEST_SUITE_P(
    Programs, CostTwins,
    testing::Values(Program{"bcast_binomial", Collective::bcast, 24},
                    Program{"bcast_scatter_ring", Collective::bcast, 16},
                    Program{"bcast_circulant", Collective::bcast, 16},
                    Program{"allgather_ring", Collective::allgather, 16},
                    Program{"allgather_bruck", Collective::allgather, 16},
                    Program{"gather_linear", Collective::gather, 16},
                    Program{"gather_binomial", Collective::gather, 16},
                    Program{"scatter_binomial", Collective::scatter, 16},
                    Program{"allreduce_rabenseifner", Collective::allreduce, 16},
                    Program{"allreduce_ring", Collective::allreduce, 12},
                    Program{"reduce_binomial", Collective::reduce, 16},
                    Program{"reduce_scatter_block_pairwise", Collective::reduce_scatter_block, 12},
                    Program{"alltoall_pairwise", Collective::alltoall, 12}),
    [](const testing::TestParamInfo<Program>& i) { return i.param.name; });

Instance bcast(int p, std::int64_t count) {
  return Instance{Collective::bcast, p, count, 0, cvp::Elem::int32, cvp::ReduceOp::sum};
}

// The example of cost.hpp's contract, worked by hand there.
TEST(Cost, TheContractsExample) {
  const cvp::InstanceVerdict bino = run(example("bcast_binomial"), bcast(4, 1), Buffering::eager);
  EXPECT_EQ(bino.cost.messages, 3);
  EXPECT_EQ(bino.cost.busiest_bytes, 8);
  EXPECT_EQ(bino.cost.rounds, 2);
  EXPECT_EQ(bino.cost.time_ns, 2 * (cvp::kAlphaNs + 4 * cvp::kBetaNsPerByte));
  EXPECT_EQ(bino.cost.busiest_bound, 4);
  EXPECT_EQ(bino.cost.time_bound_ns, 2 * cvp::kAlphaNs);
  const cvp::InstanceVerdict lin = run(LINEAR_PLUGIN, bcast(4, 1), Buffering::eager);
  EXPECT_EQ(lin.status, cvp::InstanceStatus::pass);
  EXPECT_EQ(lin.cost.rounds, 3);
  EXPECT_EQ(lin.cost.busiest_bytes, 12);
  EXPECT_EQ(lin.cost.time_ns, 3 * (cvp::kAlphaNs + 4 * cvp::kBetaNsPerByte));
}

// Sending to the nearest child first keeps the messages and bytes and costs rounds and time: the
// largest subtree starts last (p = 8: 6 rounds against 3; at p = 5 the order does not matter).
// The linear bcast puts (p - 1) blocks
// through the root.
TEST(Cost, DearerCorrectBcastsChangeTheirFigures) {
  for (int p : {8, 16, 32}) {
    const Instance in = bcast(p, 3);
    const cvp::InstanceVerdict bino = run(example("bcast_binomial"), in, Buffering::rendezvous);
    const cvp::InstanceVerdict small = run(SMALLEST_FIRST_PLUGIN, in, Buffering::rendezvous);
    const cvp::InstanceVerdict lin = run(LINEAR_PLUGIN, in, Buffering::rendezvous);
    ASSERT_EQ(small.status, cvp::InstanceStatus::pass) << p;
    ASSERT_EQ(lin.status, cvp::InstanceStatus::pass) << p;
    EXPECT_EQ(small.cost.messages, bino.cost.messages) << p;
    EXPECT_EQ(small.cost.busiest_bytes, bino.cost.busiest_bytes) << p;
    EXPECT_GT(small.cost.rounds, bino.cost.rounds) << p;
    EXPECT_GT(small.cost.time_ns, bino.cost.time_ns) << p;
    EXPECT_EQ(lin.cost.busiest_bytes, (p - 1) * 12) << p;
    EXPECT_GT(lin.cost.busiest_bytes, bino.cost.busiest_bytes) << p;
    EXPECT_EQ(lin.cost.rounds, p - 1) << p;
    for (const cvp::InstanceVerdict* v : {&small, &lin}) {
      const cvp::RunCost slow = cvp::cost_of_slow(v->messages, p);
      EXPECT_EQ(v->cost.rounds, slow.rounds) << p;
      EXPECT_EQ(v->cost.time_ns, slow.time_ns) << p;
    }
  }
  const cvp::InstanceVerdict bino8 = run(example("bcast_binomial"), bcast(8, 3), Buffering::eager);
  const cvp::InstanceVerdict small8 = run(SMALLEST_FIRST_PLUGIN, bcast(8, 3), Buffering::eager);
  EXPECT_EQ(bino8.cost.rounds, 3);
  EXPECT_EQ(small8.cost.rounds, 6);
}

// The round queue of cost_of (messages of one size) against the heap, which schedules any sizes,
// on instances too large for the slow twin: p up to 64, where a linear gather's p - 1 senders
// contend for the root's port in every round and the ring's sends wait for their data.
TEST(Cost, RoundQueueAgreesWithTheHeap) {
  struct Case {
    std::string name;
    Collective c;
  };
  for (const Case& k : {Case{"allgather_ring", Collective::allgather},
                        Case{"gather_linear", Collective::gather},
                        Case{"bcast_binomial", Collective::bcast},
                        Case{"alltoall_pairwise", Collective::alltoall},
                        Case{"allreduce_recursive_doubling", Collective::allreduce}}) {
    int by_rounds = 0;
    for (int p : {2, 3, 7, 16, 33, 64}) {
      for (std::int64_t count : {std::int64_t{1}, std::int64_t{p + 1}}) {
        for (Buffering b : {Buffering::eager, Buffering::rendezvous}) {
          const Instance in{k.c, p, count, p / 2,
                            cvp::is_reduction(k.c) ? cvp::Elem::int64 : cvp::Elem::int32,
                            cvp::ReduceOp::sum};
          const cvp::InstanceVerdict v = run(example(k.name), in, b);
          ASSERT_EQ(v.status, cvp::InstanceStatus::pass) << k.name << " " << label(in, b);
          const cvp::RunCost heap = cvp::cost_of_heap(v.messages, p);
          const std::int64_t rounds_time = cvp::time_by_rounds(v.messages, p);
          if (rounds_time >= 0) {
            ++by_rounds;
            ASSERT_EQ(rounds_time, heap.time_ns) << k.name << " " << label(in, b);
          }
          ASSERT_EQ(v.cost.time_ns, heap.time_ns) << k.name << " " << label(in, b);
          ASSERT_EQ(v.cost.rounds, heap.rounds) << k.name << " " << label(in, b);
          ASSERT_EQ(v.cost.busiest_bytes, heap.busiest_bytes) << k.name << " " << label(in, b);
        }
      }
    }
    // Each of these programs sends messages of one size: the round queue ran every time.
    EXPECT_EQ(by_rounds, 6 * 2 * 2) << k.name;
  }
}

// The bounds themselves, worked by hand for p = 6, count 2 of 4-byte ints (a block of 8 bytes).
TEST(Cost, BoundsPerCollective) {
  auto bounds = [](Collective c) {
    return cvp::cost_bounds(Instance{c, 6, 2, 0, cvp::Elem::int32, cvp::ReduceOp::sum});
  };
  EXPECT_EQ(bounds(Collective::bcast).rounds, 3);
  EXPECT_EQ(bounds(Collective::bcast).busiest_bytes, 8);
  EXPECT_EQ(bounds(Collective::bcast).time_ns, 3 * cvp::kAlphaNs);
  EXPECT_EQ(bounds(Collective::gather).busiest_bytes, 40);
  EXPECT_EQ(bounds(Collective::alltoall).busiest_bytes, 80);
  EXPECT_EQ(cvp::cost_bounds(Instance{Collective::allgather, 6, 1000, 0, cvp::Elem::int32,
                                      cvp::ReduceOp::sum})
                .time_ns,
            5 * 4000 * cvp::kBetaNsPerByte);
  EXPECT_EQ(cvp::cost_bounds(bcast(6, 0)).time_ns, 0);
  EXPECT_EQ(cvp::cost_bounds(bcast(1, 5)).rounds, 0);
}

// The judge's shared expected output (run_instance.cpp) against the per-rank definition.
TEST(ExpectedOutput, SameOnEveryRankWhereTheJudgeSharesIt) {
  for (Collective c : {Collective::bcast, Collective::allreduce, Collective::allgather}) {
    for (int p = 1; p <= 9; ++p) {
      for (std::int64_t count : {std::int64_t{0}, std::int64_t{1}, std::int64_t{p + 2}}) {
        for (int root = 0; root < p; ++root) {
          for (cvp::ReduceOp op : {cvp::ReduceOp::sum, cvp::ReduceOp::compose}) {
            const Instance in{c, p, count, root,
                              cvp::is_reduction(c) ? cvp::Elem::int64 : cvp::Elem::int32, op};
            const std::vector<std::byte> first = cvp::expected_output(in, 0);
            for (int r = 1; r < p; ++r) ASSERT_EQ(cvp::expected_output(in, r), first) << r;
          }
        }
      }
    }
  }
  // A collective whose outputs differ by rank is not shared: the check above can fail.
  const Instance gather{Collective::alltoall, 3, 2, 0, cvp::Elem::int32, cvp::ReduceOp::sum};
  EXPECT_NE(cvp::expected_output(gather, 1), cvp::expected_output(gather, 2));
}

}  // namespace
