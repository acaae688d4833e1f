// Non-ordered gather trees by branch and bound (reference/trees/nonordered_bnb) at useful sizes,
// and side by side with the subset DP. A plain program (one solve per line, wall time by
// steady_clock); bench/nonordered_bnb.sh takes medians over repeated runs.
//   nonordered_bnb_bench one DIST P ALPHA SEED SECONDS      one instance: time, optimal, gap
//   nonordered_bnb_bench maxp DIST ALPHA SEED SECONDS PMAX  p = 2, 3, ... until one is not
//                                                           proved within SECONDS; the largest
//   nonordered_bnb_bench vsdp DIST P ALPHA SEED            B&B and subset DP on one instance
// Instances: generators/tree_distributions (seed 001, Section 5.1) with b = 1000, lambda = 5,
// beta = gamma = 1, best root, the paper's leaf-copy convention (a leaf does not copy).
// With BNB_CPU_LIMIT set in the environment, SECONDS is process CPU time instead of wall time
// (on a loaded machine a wall-clock limit measures the load). With BNB_NO_SEEDS set, Lemma B5
// is off (the B4-only search: the same-run baseline of docs/PERFORMANCE.md); with BNB_NO_LOCAL
// set, the local search that improves the first incumbent is off (its same-run baseline); with
// BNB_NO_PROBE set, the search runs once below the incumbent instead of probing upwards;
// BNB_LOCAL_ROUNDS=N caps the local search's perturbation rounds per phase (default 5000).
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "generators/tree_distributions.hpp"
#include "proofs/trees/nonordered_dp.hpp"
#include "reference/trees/nonordered_bnb.hpp"

namespace cv = collverify;
namespace tr = collverify::trees;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

cv::TreeProblem<std::int64_t> instance(const std::string& dist, std::int64_t p, std::int64_t alpha,
                                       std::uint64_t seed) {
  cv::DistributionParams params;
  params.seed = seed;
  cv::TreeProblem<std::int64_t> pr;
  pr.m = cv::block_sizes(cv::parse_distribution(dist), p, params);
  pr.cost = cv::CostModel<std::int64_t>::uniform(alpha, 1, 1);
  return pr;
}

double cpu_seconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

double last_cpu = 0;  // CPU seconds of the last solve (the machine is shared: wall > CPU)

tr::BnbResult solve(const cv::TreeProblem<std::int64_t>& pr, double seconds, double& wall) {
  tr::BnbOptions o;
  o.seconds = seconds;
  o.cpu_clock = std::getenv("BNB_CPU_LIMIT") != nullptr;  // the limit in CPU seconds
  o.seed_bounds = std::getenv("BNB_NO_SEEDS") == nullptr;  // Lemma B5 off: the baseline
  o.local_search = std::getenv("BNB_NO_LOCAL") == nullptr;  // the ordered incumbent as it is
  if (const char* r = std::getenv("BNB_LOCAL_ROUNDS")) o.local_rounds = std::atoi(r);
  o.probe = std::getenv("BNB_NO_PROBE") == nullptr;  // one search below the incumbent
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = cpu_seconds();
  tr::BnbResult r = tr::nonordered_bnb(pr, tr::RootMode::best_root(), o);
  wall = seconds_since(t0);
  last_cpu = cpu_seconds() - c0;
  return r;
}

void print(const std::string& dist, std::int64_t p, std::int64_t alpha, std::uint64_t seed,
           const tr::BnbResult& r, double wall) {
  fmt::print(
      "dist={} p={} alpha={} seed={} time={} optimal={} lower_bound={} gap={} ordered={} local={} "
      "b4={} b5={} nodes={} memo={} stopped={} seconds={:.3f} cpu={:.3f}\n",
      dist, p, alpha, seed, r.time, r.optimal ? 1 : 0, r.lower_bound, r.gap(), r.first_incumbent, r.local_incumbent,
      r.bounds.chain, r.bounds.seeds, r.nodes, r.memo_entries, r.stopped_by.empty() ? "-" : r.stopped_by, wall, last_cpu);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "one" && argc == 7) {
    const std::int64_t p = std::stoll(argv[3]), alpha = std::stoll(argv[4]);
    const std::uint64_t seed = std::stoull(argv[5]);
    double wall = 0;
    const auto r = solve(instance(argv[2], p, alpha, seed), std::stod(argv[6]), wall);
    print(argv[2], p, alpha, seed, r, wall);
    return 0;
  }
  if (mode == "maxp" && argc == 8) {
    const std::int64_t alpha = std::stoll(argv[3]), pmax = std::stoll(argv[7]);
    const std::uint64_t seed = std::stoull(argv[4]);
    const double seconds = std::stod(argv[5]);
    std::int64_t reached = 1;
    for (std::int64_t p = std::stoll(argv[6]); p <= pmax; ++p) {
      double wall = 0;
      const auto r = solve(instance(argv[2], p, alpha, seed), seconds, wall);
      print(argv[2], p, alpha, seed, r, wall);
      if (!r.optimal) break;
      reached = p;
    }
    fmt::print("dist={} alpha={} seed={} largest_p_proved={}\n", argv[2], alpha, seed, reached);
    return 0;
  }
  if (mode == "vsdp" && argc == 6) {
    const std::int64_t p = std::stoll(argv[3]), alpha = std::stoll(argv[4]);
    const std::uint64_t seed = std::stoull(argv[5]);
    const auto pr = instance(argv[2], p, alpha, seed);
    double wall = 0;
    const auto r = solve(pr, 0, wall);
    print(argv[2], p, alpha, seed, r, wall);
    const double bnb_cpu = last_cpu;
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = cpu_seconds();
    const auto dp =
        cv::proofs::nonordered_subset_dp(pr, cv::proofs::RootChoice::best(), tr::LeafCopy::free);
    const double dp_wall = seconds_since(t0), dp_cpu = cpu_seconds() - c0;
    fmt::print(
        "dist={} p={} alpha={} seed={} subset_dp={} seconds={:.3f} cpu={:.3f} agree={} "
        "cpu_ratio_dp_over_bnb={:.2f}\n",
        argv[2], p, alpha, seed, dp.time, dp_wall, dp_cpu, dp.time == r.time ? 1 : 0,
        dp_cpu / std::max(bnb_cpu, 1e-6));
    return dp.time == r.time ? 0 : 1;
  }
  std::fprintf(stderr,
               "usage: nonordered_bnb_bench one DIST P ALPHA SEED SECONDS | maxp DIST ALPHA SEED "
               "SECONDS P_FROM P_MAX | vsdp DIST P ALPHA SEED\n");
  return 2;
}
