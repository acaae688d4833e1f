// The program route on real MPI (`mpirun collverify-mpi program`, docs/DESIGN.md "The program
// route", "Against real MPI"): the same plugin binaries the simulation checks (built against our
// mpi.h, linking nothing; plugins/) run on Open MPI processes and get the simulation's verdict, a
// failure in the same words. The simulation is run_instance in this process under both
// bufferings. Every mpirun has --timeout, so a plugin that hangs fails the test instead of the
// suite. The Open MPI run-as-root variables come from ctest's ENVIRONMENT
// (tests/mpi/CMakeLists.txt).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <regex>
#include <string>

#include "program/collective.hpp"
#include "program/plugin.hpp"
#include "program/run_instance.hpp"
#include "program/stack_pool.hpp"

namespace collverify::program {
namespace {

struct JobRun {
  int code = -1;
  std::string out;
};

JobRun mpirun(int np, const std::string& args) {
  const std::string cmd = std::string(MPIEXEC) + " --timeout 60 --oversubscribe --bind-to none -np " +
                          std::to_string(np) + " " + COLLVERIFY_MPI_BIN + " program " + args +
                          " 2>&1";
  JobRun r;
  FILE* f = popen(cmd.c_str(), "r");
  if (f == nullptr) return r;
  std::array<char, 4096> buf{};
  while (std::size_t got = std::fread(buf.data(), 1, buf.size(), f)) r.out.append(buf.data(), got);
  const int status = pclose(f);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// The simulation's verdict on one instance: "" for a pass under both bufferings, else
// "<property>: <message>" of the first failing one.
std::string simulate(const std::string& plugin_path, const Instance& in) {
  static StackPool stacks;
  const Plugin plugin = load_plugin(plugin_path);
  for (Buffering b : {Buffering::eager, Buffering::rendezvous}) {
    const InstanceVerdict v = run_instance(plugin, in, b, InstanceLimits{}, stacks);
    if (v.status == InstanceStatus::inconclusive) return "inconclusive";
    if (v.fault) return v.fault->property + ": " + v.fault->message;
  }
  return "";
}

Instance instance(Collective c, int p, std::int64_t count, int root, Elem elem, ReduceOp op) {
  Instance in;
  in.collective = c;
  in.p = p;
  in.count = count;
  in.root = root;
  in.elem = is_reduction(c) ? Elem::int64 : elem;
  in.op = op;
  return in;
}

// The "(N MPI calls of the plugin through the bridge)" of a pass.
long bridge_calls(const std::string& out) {
  std::smatch m;
  if (!std::regex_search(out, m, std::regex(R"(\((\d+) MPI calls of the plugin through)"))) {
    return -1;
  }
  return std::stol(m[1]);
}

TEST(ProgramOnMpi, BinomialBcastPassesOnThreeAndFourProcessesAsInTheSimulation) {
  for (int np : {3, 4}) {
    const JobRun r = mpirun(np, std::string("--plugin ") + TREE_BCAST +
                                    " --collective bcast --count 5 --root 1");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("PASS program:bcast int count=5 root=1 p=" + std::to_string(np)),
              std::string::npos)
        << r.out;
    // Every MPI_* call of the plugin reached the bridge (the executable's exported MPI_* won
    // over libmpi's). Root 1, ranks relative to it: each rank's Comm_rank, Comm_size and
    // Waitall; each non-root's Recv and Get_count; one Isend per tree edge (p - 1).
    EXPECT_EQ(bridge_calls(r.out), 3 * np + 2 * (np - 1) + (np - 1)) << r.out;
    EXPECT_EQ(simulate(TREE_BCAST, instance(Collective::bcast, np, 5, 1, Elem::int32,
                                            ReduceOp::sum)),
              "");
  }
  const JobRun d = mpirun(3, std::string("--plugin ") + TREE_BCAST +
                                 " --collective bcast --count 7 --root 2 --datatype double");
  EXPECT_EQ(d.code, 0) << d.out;
}

TEST(ProgramOnMpi, ShortBcastFailsWithTheSimulationsRankElementAndValues) {
  const std::string sim =
      simulate(TREE_BCAST_SHORT, instance(Collective::bcast, 3, 5, 1, Elem::int32, ReduceOp::sum));
  // Rank 0 (a child of root 1) keeps the poison in its last element.
  EXPECT_EQ(sim, "wrong_result: rank 0's buffer element 4: expected 10 (rank 1's input element "
                 "4), found -5 (the initial (never written) value)");
  const JobRun r = mpirun(3, std::string("--plugin ") + TREE_BCAST_SHORT +
                                 " --collective bcast --count 5 --root 1");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("FAIL program:bcast int count=5 root=1 p=3 (Open MPI): " + sim),
            std::string::npos)
      << r.out;
}

TEST(ProgramOnMpi, NonCommutativeReductionsPassAndASwappedFoldFailsAsInTheSimulation) {
  const JobRun a = mpirun(3, std::string("--plugin ") + CHAIN_REDUCE +
                                 " --collective allreduce --count 5 --op compose");
  EXPECT_EQ(a.code, 0) << a.out;
  EXPECT_NE(a.out.find("PASS program:allreduce op=compose count=5 p=3"), std::string::npos)
      << a.out;
  EXPECT_EQ(simulate(CHAIN_REDUCE, instance(Collective::allreduce, 3, 5, 0, Elem::int64,
                                            ReduceOp::compose)),
            "");
  const JobRun r = mpirun(4, std::string("--plugin ") + CHAIN_REDUCE +
                                 " --collective reduce --count 5 --root 1 --op compose");
  EXPECT_EQ(r.code, 0) << r.out;

  // The operands swapped: right for MPI_SUM, wrong for the composition, on both sides.
  const JobRun s = mpirun(3, std::string("--plugin ") + CHAIN_REDUCE_SWAPPED +
                                 " --collective allreduce --count 5 --op sum");
  EXPECT_EQ(s.code, 0) << s.out;
  const std::string sim = simulate(
      CHAIN_REDUCE_SWAPPED,
      instance(Collective::allreduce, 3, 5, 0, Elem::int64, ReduceOp::compose));
  EXPECT_EQ(sim.rfind("wrong_result: rank 0's recvbuf element 0: expected ", 0), 0u) << sim;
  const JobRun c = mpirun(3, std::string("--plugin ") + CHAIN_REDUCE_SWAPPED +
                                 " --collective allreduce --count 5 --op compose");
  EXPECT_EQ(c.code, 1) << c.out;
  EXPECT_NE(c.out.find("(Open MPI): " + sim), std::string::npos) << c.out << "\n" << sim;
}

TEST(ProgramOnMpi, BadInputExitsTwoNamingTheValue) {
  const JobRun root = mpirun(2, std::string("--plugin ") + TREE_BCAST +
                                    " --collective bcast --count 5 --root 2");
  EXPECT_EQ(root.code, 2) << root.out;
  EXPECT_NE(root.out.find("--root 2 is not a rank of the 2 processes"), std::string::npos)
      << root.out;
  const JobRun missing = mpirun(2, std::string("--plugin ") + TREE_BCAST +
                                       " --collective gather --count 5");
  EXPECT_EQ(missing.code, 2) << missing.out;
  EXPECT_NE(missing.out.find("does not export cv_gather"), std::string::npos) << missing.out;
}

}  // namespace
}  // namespace collverify::program
