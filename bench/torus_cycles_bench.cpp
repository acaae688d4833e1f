// Times the torus cycle and wormhole work (docs/PERFORMANCE.md "Tori: cycles and wormhole"):
//   torus_cycles_bench cycles AxB[xC...] [SEED|search]  the cycles (closed form, product or
//                                               search: moves, swaps; "search" forces the search)
//                                               and the cycle checker's verdict
//   torus_cycles_bench product-sweep MAX [all]  every 3D torus with sides 3..MAX: where the
//                                               product construction applies, checker verdicts
//   torus_cycles_bench lift-sweep MAX            every 4D torus with sides 3..MAX (a <= b <= c <= d):
//                                               where the 4D lift applies, checker verdicts
//   torus_cycles_bench closed AxB... [REPS]      the 2D closed form alone (plan, colouring, both
//                                               cycles traced) and the cycle checker, best of
//                                               REPS (default 5), in ns per node
//   torus_cycles_bench aab AxB[xC...]            judge_hamilton: cycles + ParallelHamilCycleAAB
//                                               streamed through the routed checker
//   torus_cycles_bench wormhole tiling|diagonal AxB   the schedule, both checkers
//   torus_cycles_bench diagonal-table MAX        rounds - ceil(log5 N) for every a x b, 3..MAX
//   torus_cycles_bench hamilton-table SIDES...   markdown rows: method, rounds, Lemma 12, bound, ratio
//   torus_cycles_bench svg DIR                   the report pictures (cycles 7x7 and 6x9, tiling
//                                               25x25, diagonal 12x12 and 9x14) written into DIR
// Prints seconds and every verdict, so a fast wrong answer shows.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "checkers/network/cycle_check.hpp"
#include "families/torus/torus_hamilton_family.hpp"
#include "families/torus/torus_wormhole_family.hpp"
#include "model/network/network.hpp"
#include "reference/torus/hamilton_cycles.hpp"
#include "reference/torus/hamilton_lift.hpp"
#include "reference/torus/hamilton_product.hpp"
#include "reference/torus/wormhole_broadcast.hpp"
#include "families/torus/torus_cycles_svg.hpp"

#include <fstream>

namespace ce = collverify::engine;
namespace net = collverify::network;
namespace tor = collverify::torus;

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::vector<std::int64_t> parse_sides(const std::string& text) {
  std::vector<std::int64_t> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t x = text.find('x', start);
    out.push_back(std::stoll(text.substr(start, x - start)));
    if (x == std::string::npos) break;
    start = x + 1;
  }
  return out;
}

int usage() {
  fmt::print(stderr,
             "usage: torus_cycles_bench cycles SIDES [SEED] | closed AxB [REPS] | aab SIDES | wormhole tiling|diagonal "
             "SIDES | diagonal-table MAX\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  const std::string what = argv[1];
  if (what == "cycles") {
    const auto sides = parse_sides(argv[2]);
    tor::HamiltonOptions o;
    if (argc > 3 && std::string(argv[3]) == "search") {
      o.force_search = true;  // the search even where a construction applies (the baseline)
    } else if (argc > 3) {
      o.seed = std::stoull(argv[3]);
    }
    const double t0 = now();
    const auto h = tor::hamilton_cycles(sides, o);
    const double t1 = now();
    std::string verdict = "not found";
    if (h.found) {
      const auto r = net::check_link_disjoint_cycles(net::Network::torus(sides), h.cycles);
      verdict = r.witness ? r.witness->message : fmt::format("ok ({} links)", r.links_used);
    }
    const double t2 = now();
    fmt::print("{} {}: {} in {:.3f} s ({} squares tried, {} kept); check {:.3f} s: {}\n",
               ce::sides_name(sides), h.method, h.found ? "found" : "NOT FOUND", t1 - t0, h.moves,
               h.swaps, t2 - t1, verdict);
    return h.found ? 0 : 1;
  }
  if (what == "lift-sweep") {
    const std::int64_t top = std::stoll(argv[2]);
    std::int64_t applies = 0, missed = 0, wrong = 0;
    const double t0 = now();
    for (std::int64_t a = 3; a <= top; ++a) {
      for (std::int64_t b = a; b <= top; ++b) {
        for (std::int64_t c = b; c <= top; ++c) {
          for (std::int64_t d = c; d <= top; ++d) {
            const std::vector<std::int64_t> sides{a, b, c, d};
            const auto p = tor::hamilton_lift(sides);
            if (!p) {
              ++missed;
              fmt::print("not applied: {}\n", ce::sides_name(sides));
              continue;
            }
            const auto r = net::check_link_disjoint_cycles(net::Network::torus(sides), p->cycles);
            if (r.witness) {
              ++wrong;
              fmt::print("REJECTED {}: {}\n", ce::sides_name(sides), r.witness->message);
            } else {
              ++applies;
            }
          }
        }
      }
    }
    fmt::print("4D sides 3..{} (a <= b <= c <= d): lift applies and passes {}, rejected {}, not "
               "applied {} (search); {:.1f} s\n", top, applies, wrong, missed, now() - t0);
    return wrong == 0 ? 0 : 1;
  }
  if (what == "product-sweep") {
    // Every 3D torus with sides 3..MAX (a <= b <= c, or every order with "all"): does the
    // product construction apply, and does the cycle checker pass what it builds?
    const std::int64_t top = std::stoll(argv[2]);
    const bool every_order = argc > 3 && std::string(argv[3]) == "all";
    std::int64_t applies = 0, even_built = 0, even_missed = 0, odd_missed = 0, wrong = 0;
    const double t0 = now();
    for (std::int64_t a = 3; a <= top; ++a) {
      for (std::int64_t b = every_order ? 3 : a; b <= top; ++b) {
        for (std::int64_t c = every_order ? 3 : b; c <= top; ++c) {
          const std::vector<std::int64_t> sides{a, b, c};
          const auto p = tor::hamilton_product_3d(sides);
          const bool odd = a % 2 == 1 || b % 2 == 1 || c % 2 == 1;
          if (!p) {
            ++(odd ? odd_missed : even_missed);
            fmt::print("not applied: {}\n", ce::sides_name(sides));
            continue;
          }
          const auto r = net::check_link_disjoint_cycles(net::Network::torus(sides), p->cycles);
          if (r.witness) {
            ++wrong;
            fmt::print("REJECTED {}: {}\n", ce::sides_name(sides), r.witness->message);
          } else {
            ++applies;
            if (!odd) ++even_built;
          }
        }
      }
    }
    fmt::print("sides 3..{} ({}): product applies and passes {} (every side even: {}), rejected {}, "
               "not applied: with an odd side {}, every side even {} (search); {:.1f} s\n",
               top, every_order ? "every order" : "a <= b <= c", applies, even_built, wrong,
               odd_missed, even_missed, now() - t0);
    return wrong == 0 ? 0 : 1;
  }
  if (what == "closed") {
    const auto sides = parse_sides(argv[2]);
    const int reps = argc > 3 ? std::stoi(argv[3]) : 5;
    if (sides.size() != 2 || reps < 1) return usage();
    tor::require_cycle_sides(sides);
    const double nodes = static_cast<double>(sides[0] * sides[1]);
    double build = 1e30;
    double check = 1e30;
    std::string verdict;
    for (int r = 0; r < reps; ++r) {
      const double t0 = now();
      const auto h = tor::hamilton_cycles(sides);
      const double t1 = now();
      const auto c = net::check_link_disjoint_cycles(net::Network::torus(sides), h.cycles);
      const double t2 = now();
      build = std::min(build, t1 - t0);
      check = std::min(check, t2 - t1);
      verdict = !h.found ? "NOT FOUND" : c.witness ? c.witness->message
                                                   : fmt::format("ok ({} links)", c.links_used);
    }
    fmt::print("{} closed: build {:.4f} s ({:.1f} ns/node), check {:.4f} s ({:.1f} ns/node), best of {}: {}\n",
               ce::sides_name(sides), build, 1e9 * build / nodes, check, 1e9 * check / nodes, reps,
               verdict);
    return verdict.rfind("ok", 0) == 0 ? 0 : 1;
  }
  if (what == "aab") {
    const auto sides = parse_sides(argv[2]);
    const double t0 = now();
    const auto j = ce::judge_hamilton(sides);
    const double t1 = now();
    const auto v = ce::hamilton_violations(j, 0);
    fmt::print("{}: {:.3f} s; {} rounds (Lemma 12 {}, bound {}), {} deliveries; {}\n",
               ce::sides_name(sides), t1 - t0, j.simulation.rounds, j.lemma12_rounds,
               j.lower_bound, j.simulation.deliveries, v.empty() ? "ok" : v[0].message);
    return v.empty() ? 0 : 1;
  }
  if (what == "wormhole" && argc >= 4) {
    const auto algo = std::string(argv[2]) == "tiling" ? ce::TorusWormholeAlgo::tiling
                                                       : ce::TorusWormholeAlgo::diagonal;
    const auto sides = parse_sides(argv[3]);
    const double t0 = now();
    const auto s = ce::torus_wormhole_schedule(algo, sides);
    const double t1 = now();
    const auto j = ce::judge_wormhole_schedule(algo, s);
    const double t2 = now();
    const auto v = ce::wormhole_violations(j, 0);
    fmt::print("{} {}: build {:.3f} s, check {:.3f} s; {} rounds, bound {}, {} worms; {}\n",
               ce::to_string(algo), ce::sides_name(sides), t1 - t0, t2 - t1, j.wormhole.rounds,
               j.bound, j.wormhole.worms, v.empty() ? "ok" : v[0].message);
    return v.empty() ? 0 : 1;
  }
  if (what == "diagonal-table") {
    const std::int64_t max = std::stoll(argv[2]);
    int bad = 0;
    fmt::print("rounds - ceil(log5 N) of the dilated diagonal, rows a, columns b\n   b:");
    for (std::int64_t b = 3; b <= max; ++b) fmt::print("{:3}", b);
    fmt::print("\n");
    for (std::int64_t a = 3; a <= max; ++a) {
      fmt::print("a={:3}", a);
      for (std::int64_t b = 3; b <= max; ++b) {
        const auto j = ce::judge_wormhole(ce::TorusWormholeAlgo::diagonal, {a, b});
        const bool ok = ce::wormhole_violations(j, 0).empty();
        bad += ok ? 0 : 1;
        fmt::print("{:>3}", ok ? std::to_string(j.wormhole.rounds - j.bound) : std::string("X"));
      }
      fmt::print("\n");
    }
    return bad == 0 ? 0 : 1;
  }
  if (what == "hamilton-table") {
    int bad = 0;
    for (int i = 2; i < argc; ++i) {
      const auto sides = parse_sides(argv[i]);
      const double t0 = now();
      const auto j = ce::judge_hamilton(sides);
      const double t1 = now();
      const auto v = ce::hamilton_violations(j, 0);
      bad += v.empty() ? 0 : 1;
      fmt::print("| {} | {} | {} | {} | {} | {} | {:.2f} | {} | {:.2f} |\n", ce::sides_name(sides), j.nodes,
                 j.method, j.simulation.rounds, j.lemma12_rounds, j.lower_bound,
                 static_cast<double>(j.simulation.rounds) / static_cast<double>(j.lower_bound),
                 v.empty() ? "pass" : v[0].property, t1 - t0);
    }
    return bad == 0 ? 0 : 1;
  }
  if (what == "svg") {
    const std::string dir = argv[2];
    auto write = [&](const std::string& name, const std::string& text) {
      std::ofstream(dir + "/" + name) << text;
    };
    for (const std::vector<std::int64_t>& sides : {std::vector<std::int64_t>{7, 7}, {6, 9}}) {
      write("cycles_" + ce::sides_name(sides) + ".svg",
            collverify::torus_cycles_svg(sides, tor::hamilton_cycles(sides).cycles));
    }
    write("tiling_25x25.svg", collverify::wormhole_rounds_svg(
                                  tor::recursive_tiling(2), "recursive tiling on the 25x25 torus"));
    write("diagonal_12x12.svg", collverify::wormhole_rounds_svg(
                                    tor::dilated_diagonal(12, 12), "dilated diagonal on 12x12"));
    write("diagonal_9x14.svg", collverify::wormhole_rounds_svg(
                                   tor::dilated_diagonal(9, 14), "dilated diagonal on 9x14"));
    return 0;
  }
  return usage();
}
