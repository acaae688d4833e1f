// Times the fractional family (families/fractional/fractional_family.hpp), the campaign's part
// `fractional` (P = 1..1024), docs/PERFORMANCE.md "Fractional trees":
//   fractional_family_bench family LO HI [REPS]   FractionalFamily::check for every P of LO..HI,
//                                                the sum over P; median of REPS runs
//   fractional_family_bench phases P [REPS]       the steps of one P's 75 instances, each summed
//                                                over the instances that take it, median of REPS:
//                                                the duplex lock step, the couples, the direct
//                                                order, its replay and the replay's slow twin,
//                                                the simulation, the reduction check
// Thread CPU seconds (the machine is shared: wall time would count the others' jobs). Every
// verdict is checked: a failing P or a replay that differs from its twin exits 1.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "checkers/fractional/reduction_check.hpp"
#include "checkers/simulate.hpp"
#include "families/fractional/fractional_family.hpp"
#include "reference/fractional/broadcast.hpp"
#include "reference/fractional/simplex_direct.hpp"

namespace fr = collverify::fractional;
namespace fc = collverify::fractional_check;
namespace en = collverify::engine;

namespace {

int bad = 0;

double cpu_now() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double timed(const std::function<void()>& f) {
  const double start = cpu_now();
  f();
  return cpu_now() - start;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double family_once(std::int64_t lo, std::int64_t hi) {
  const en::FractionalFamily family;
  return timed([&] {
    for (std::int64_t P = lo; P <= hi; ++P) {
      if (family.check(P, {}).status != collverify::Status::pass) {
        std::fprintf(stderr, "P = %lld fails\n", static_cast<long long>(P));
        ++bad;
      }
    }
  });
}

bool same(const collverify::Schedule& a, const collverify::Schedule& b) {
  if (a.rounds.size() != b.rounds.size()) return false;
  for (std::size_t t = 0; t < a.rounds.size(); ++t) {
    if (a.rounds[t].size() != b.rounds[t].size()) return false;
    for (std::size_t k = 0; k < a.rounds[t].size(); ++k) {
      const auto& x = a.rounds[t][k];
      const auto& y = b.rounds[t][k];
      if (x.from != y.from || x.to != y.to || x.block != y.block || x.stored_as != y.stored_as) {
        return false;
      }
    }
  }
  return true;
}

// One P's instances, step by step; the seconds of each step summed over the instances.
std::map<std::string, double> phases_once(std::int64_t P) {
  std::map<std::string, double> t;
  for (const en::FractionalInstance& i : en::fractional_instances()) {
    fr::BroadcastOptions o{i.layout, P, i.r, i.s, i.simplex};
    o.simplex_direct = i.simplex && i.direct;
    fr::BroadcastResult b;
    if (!i.simplex) {
      t["duplex lock step"] += timed([&] { b = fr::duplex_broadcast(o); });
    } else if (!o.simplex_direct) {
      t["couples"] += timed([&] { b = fr::simplex_broadcast(o); });
    } else {
      fr::SimplexOrder order;
      t["direct order"] += timed([&] { order = fr::simplex_direct_order(o); });
      t["direct replay"] += timed([&] { b = fr::run_simplex_program(order.program, o.s); });
      fr::BroadcastResult slow;
      t["direct replay, slow twin"] +=
          timed([&] { slow = fr::run_simplex_program_slow(order.program, o.s); });
      if (!same(b.schedule, slow.schedule)) ++bad;
    }
    t["simulation"] += timed([&] {
      const auto sim = collverify::simulate_schedule(
          b.schedule, static_cast<std::int64_t>(b.schedule.rounds.size()));
      if (sim.verdict) ++bad;
    });
    if (!i.with_data_checks) continue;
    t["reduction check"] += timed([&] {
      if (fc::check_reduction(fr::reduction_schedule(b.schedule))) ++bad;
    });
  }
  return t;
}

int usage() {
  std::fprintf(stderr, "usage: fractional_family_bench family LO HI [REPS] | phases P [REPS]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  const std::string what = argv[1];
  if (what == "family" && argc >= 4) {
    const std::int64_t lo = std::atoll(argv[2]);
    const std::int64_t hi = std::atoll(argv[3]);
    const int reps = argc > 4 ? std::atoi(argv[4]) : 3;
    if (lo < 1 || hi < lo || reps < 1) return usage();
    std::vector<double> runs;
    for (int k = 0; k < reps; ++k) runs.push_back(family_once(lo, hi));
    fmt::print("family P = {}..{}: median {:.2f} s CPU over {} runs (min {:.2f}, max {:.2f})\n",
               lo, hi, median(runs), reps, *std::min_element(runs.begin(), runs.end()),
               *std::max_element(runs.begin(), runs.end()));
  } else if (what == "phases") {
    const std::int64_t P = std::atoll(argv[2]);
    const int reps = argc > 3 ? std::atoi(argv[3]) : 3;
    if (P < 1 || reps < 1) return usage();
    std::map<std::string, std::vector<double>> runs;
    for (int k = 0; k < reps; ++k) {
      for (const auto& [name, sec] : phases_once(P)) runs[name].push_back(sec);
    }
    for (const auto& [name, v] : runs) {
      fmt::print("P = {} {}: median {:.4f} s CPU over {} runs\n", P, name, median(v), reps);
    }
  } else {
    return usage();
  }
  if (bad != 0) std::fprintf(stderr, "%d failures\n", bad);
  return bad != 0 ? 1 : 0;
}
