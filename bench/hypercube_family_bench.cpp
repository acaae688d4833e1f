// Times the hypercube family's two judges (families/hypercube/hypercube_family.hpp), docs/PERFORMANCE.md
// "Hypercube":
//   hypercube_family_bench aab D [REPS]   AAB generic tree: the construction, the structural
//                                        rule (*) (check_aab_generic_tree, median of REPS) and the
//                                        full simulation of the 2^D translated trees through the
//                                        routed checker (judge_aab_tree: (*) + simulation, once,
//                                        asking a stop flag before each round as the family does)
//   hypercube_family_bench aab D REPS JOBS   the same, the simulation split over JOBS threads by
//                                        origin (families/hypercube/aab_split.hpp; JOBS 1: the single-threaded
//                                        checker); prints the process's CPU seconds too
//   hypercube_family_bench aab D REPS structural   the construction and the structural rule only
//   hypercube_family_bench aas D          AAS optimal and three-phase through the routed checker
//                                        with the AAS audit (judge_hypercube), once each; the
//                                        measurement behind kAasMaxDimension
// Prints seconds; every verdict is printed too, so a fast wrong answer shows.
#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "checkers/hypercube/tree_checks.hpp"
#include "families/hypercube/hypercube_family.hpp"
#include "reference/hypercube/aab.hpp"

namespace ce = collverify::engine;
namespace hc = collverify::hypercube;
namespace hk = collverify::hypercube_check;

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

void print(const ce::HypercubeJudgement& j, double seconds) {
  fmt::print("{} d={}: {:.3f} s; structural {}; simulation {} in {} rounds (bound {}), {} "
             "deliveries ({:.2f} ns each); agree {}\n",
             ce::to_string(j.algo), j.d, seconds,
             j.structural ? j.structural->property : std::string("ok"),
             j.simulation.witness ? j.simulation.witness->message : std::string("ok"),
             j.simulation.rounds, j.lower_bound, j.simulation.deliveries,
             1e9 * seconds / static_cast<double>(std::max<std::int64_t>(1, j.simulation.deliveries)),
             j.agree() ? "yes" : "NO");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    fmt::print(stderr, "usage: hypercube_family_bench aab|aas D [REPS [JOBS|structural]]\n");
    return 2;
  }
  const std::string what = argv[1];
  const int d = std::atoi(argv[2]);
  const int reps = argc > 3 ? std::atoi(argv[3]) : 5;
  if (what == "aab") {
    double t = now();
    const hc::GenericTree tree = hc::aab_generic_tree(d);
    fmt::print("aab d={}: construction ({}) {:.3f} s\n", d, tree.source, now() - t);
    std::vector<double> times;
    bool ok = true;
    for (int i = 0; i < reps; ++i) {
      t = now();
      ok = ok && !hk::check_aab_generic_tree(tree).has_value();
      times.push_back(now() - t);
    }
    std::sort(times.begin(), times.end());
    fmt::print("aab d={}: structural rule (*) {}; median {:.6f} s of {} (min {:.6f}, max {:.6f})\n",
               d, ok ? "holds" : "FAILS", times[times.size() / 2], reps, times.front(),
               times.back());
    std::fflush(stdout);
    if (argc > 4 && std::string(argv[4]) == "structural") return ok ? 0 : 1;
    const int jobs = argc > 4 ? std::max(1, std::atoi(argv[4])) : 1;
    t = now();
    const double cpu = cpu_seconds();
    // Asked before each round as the family asks Ctrl-C's flag (never set here).
    const std::atomic<bool> stop_flag{false};
    const auto j = ce::judge_aab_tree(tree, jobs, [&stop_flag] {
      return stop_flag.load(std::memory_order_relaxed);
    });
    print(j, now() - t);
    fmt::print("aab d={} jobs={}: simulation {:.3f} s CPU (all threads)\n", d, jobs,
               cpu_seconds() - cpu);
    return j.agree() && ok ? 0 : 1;
  }
  if (what == "aas") {
    int rc = 0;
    for (auto a : {ce::HypercubeAlgo::aas, ce::HypercubeAlgo::aas_3phase}) {
      const double t = now();
      const auto j = ce::judge_hypercube(a, d);
      print(j, now() - t);
      rc = j.agree() ? rc : 1;
    }
    return rc;
  }
  fmt::print(stderr, "unknown '{}'\n", what);
  return 2;
}
