// Exact non-ordered gather trees (seed 001, Section 4): how far the subset DP and Z3 go.
//   nonordered_bench dp|z3 P_FROM P_TO [SEED] [RLIMIT]   random instances, one line per p
//   nonordered_bench partition V1,V2,...                  Theorem 7's instance, both solvers
// Random instances: std::mt19937_64(SEED + p), m_i uniform in [1, 100], alpha = 10, beta = 1,
// gamma = 1, best root. Prints one line per solve with the wall time (steady_clock) and the
// process CPU time. With NONORDERED_Z3_NO_HEAP set, Z3 runs without the heap-order rule (the
// baseline of docs/PERFORMANCE.md, measured by the same binary).
#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <optional>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "generators/partition_instance.hpp"
#include "proofs/trees/nonordered_dp.hpp"
#include "proofs/trees/nonordered_z3.hpp"

namespace cv = collverify;
namespace pf = collverify::proofs;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

cv::TreeProblem<std::int64_t> random_problem(std::int64_t p, std::uint64_t seed) {
  std::mt19937_64 rng(seed + static_cast<std::uint64_t>(p));
  cv::TreeProblem<std::int64_t> pr;
  for (std::int64_t i = 0; i < p; ++i) pr.m.push_back(1 + static_cast<std::int64_t>(rng() % 100));
  pr.cost = cv::CostModel<std::int64_t>::uniform(10, 1, 1);
  return pr;
}

double cpu_now() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

pf::Z3TreeRules rules() {
  pf::Z3TreeRules r;
  r.heap_order = std::getenv("NONORDERED_Z3_NO_HEAP") == nullptr;
  return r;
}

void solve(const std::string& label, const std::string& solver, const cv::TreeProblem<std::int64_t>& pr,
           std::uint64_t rlimit) {
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = cpu_now();
  if (solver == "dp") {
    const auto s = pf::nonordered_subset_dp(pr, pf::RootChoice::best());
    fmt::print("{} solver=subset-dp p={} optimum={} seconds={:.3f}\n", label, pr.p(), s.time, seconds_since(t0));
  } else {
    const auto z = pf::nonordered_z3(pr, pf::RootChoice::best(), pf::SolverOptions{rlimit},
                                     std::nullopt, cv::trees::LeafCopy::paid, rules());
    fmt::print("{} solver=z3 heap={} p={} outcome={} optimum={} calls={} seconds={:.3f} cpu={:.3f}\n",
               label, rules().heap_order ? 1 : 0, pr.p(), pf::to_string(z.outcome),
               z.best ? z.best->time : -1, z.solver_calls, seconds_since(t0), cpu_now() - c0);
  }
  std::fflush(stdout);
}

// Z3 confirms the DP's optimum: a tree within it (sat) and none within it minus one (unsat).
void confirm(const std::string& label, const cv::TreeProblem<std::int64_t>& pr, std::uint64_t rlimit) {
  const auto opt = pf::nonordered_subset_dp(pr, pf::RootChoice::best()).time;
  for (const std::int64_t bound : {opt, opt - 1}) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto o = pf::nonordered_tree_within(pr, pf::RootChoice::best(), bound, pf::SolverOptions{rlimit});
    fmt::print("{} solver=z3-confirm p={} bound={} outcome={} seconds={:.3f}\n", label, pr.p(), bound,
               pf::to_string(o), seconds_since(t0));
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 3 && std::string(argv[1]) == "partition") {
    std::vector<std::int64_t> values;
    std::stringstream in(argv[2]);
    for (std::string item; std::getline(in, item, ',');) values.push_back(std::stoll(item));
    const auto inst = cv::partition_gather_instance(values);
    const std::uint64_t rlimit = argc >= 4 ? std::stoull(argv[3]) : 4'000'000'000ULL;
    fmt::print("partition target={}\n", inst.target);
    solve("partition", "dp", inst.problem, rlimit);
    confirm("partition", inst.problem, rlimit);
    if (argc < 5 || std::string(argv[4]) != "no-descent") solve("partition", "z3", inst.problem, rlimit);
    return 0;
  }
  if (argc < 4) {
    std::fprintf(stderr, "usage: nonordered_bench dp|z3 P_FROM P_TO [SEED] [RLIMIT] | partition V1,V2,...\n");
    return 2;
  }
  const std::string solver = argv[1];
  const std::int64_t from = std::stoll(argv[2]), to = std::stoll(argv[3]);
  const std::uint64_t seed = argc >= 5 ? std::stoull(argv[4]) : 1;
  const std::uint64_t rlimit = argc >= 6 ? std::stoull(argv[5]) : 4'000'000'000ULL;
  for (std::int64_t p = from; p <= to; ++p) solve(fmt::format("random seed={}", seed), solver, random_problem(p, seed), rlimit);
  return 0;
}
