// Prints docs/RESULTS-tori.md's issue-23 tables (nothing hard-coded: every number is counted):
//   torus_mesh_kport_results mesh2 A B     every a x b mesh, 2 <= a <= b <= B, b >= A: the
//                                          explicit TADTs of reference/torus/mesh_tadt.hpp, checker A
//                                          (check_explicit_tadts) and checker B (the routed
//                                          simulation), rounds beside max(corner, diameter), seconds;
//   torus_mesh_kport_results mesh3 C       every a x b x c mesh with 2 <= a <= b <= c <= C;
//   torus_mesh_kport_results mesh S...     the meshes named (5x5, 32x32, 3x4x5, ...);
//   torus_mesh_kport_results kport         the sizes of the torus tables (a x b, 3 <= a <= b <= 20; the
//                                          even squares to 40; a x b x c, 2 <= a <= b <= c <= 7):
//                                          for every k = 1 .. 2n - 1 the k-port tree, checker A
//                                          (kport_check) and checker B (routed, k ports), rounds/bound;
//   torus_mesh_kport_results kport S...    the tori named.
// A line says FAIL when a checker rejects; exit 1 then. Bad sides: exit 2 naming them.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "checkers/network/kport_check.hpp"
#include "checkers/network/tadt_check.hpp"
#include "reference/torus/mesh_tadt.hpp"
#include "reference/torus/tadt_builder.hpp"

namespace net = collverify::network;
namespace torus = collverify::torus;
using Sides = std::vector<std::int64_t>;

namespace {

std::string text(const Sides& s) {
  std::string o;
  for (std::int64_t x : s) o.append(o.empty() ? "" : "x").append(std::to_string(x));
  return o;
}

Sides parse(const std::string& w) {
  Sides s;
  std::size_t p = 0;
  while (p <= w.size()) {
    std::size_t q = w.find('x', p);
    if (q == std::string::npos) q = w.size();
    const std::string part = w.substr(p, q - p);
    if (part.empty() || part.size() > 9 || part.find_first_not_of("0123456789") != std::string::npos) {
      throw std::invalid_argument("sides '" + w + "': '" + part + "' is not a side");
    }
    s.push_back(std::stoll(part));
    p = q + 1;
  }
  return s;
}

double since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

bool mesh_row(const Sides& s) {
  const auto t0 = std::chrono::steady_clock::now();
  const net::Network m = net::Network::mesh(s);
  const auto trees = torus::mesh_tadt_trees(s);
  const double build = since(t0);
  const auto t1 = std::chrono::steady_clock::now();
  const auto a = net::check_explicit_tadts(m, trees);
  const std::int64_t corner = net::aab_noncombining_bound(m);
  const std::int64_t bound = std::max(corner, m.diameter());
  const auto b = net::simulate_explicit_tadts(m, trees, {bound});
  const bool ok = !a && !b.witness;
  fmt::print("| {} | {} | {} | {} | {} | {} | {} | {} | {:.2f} | {:.2f} |\n", text(s), m.nodes(), corner, m.diameter(),
             bound, b.rounds, b.rounds - bound, ok ? "pass" : "FAIL", build, since(t1));
  return ok;
}

bool kport_row(const Sides& s) {
  const net::Network t = net::Network::torus(s);
  std::string row = fmt::format("| {} | {} |", text(s), t.nodes());
  bool ok = true;
  for (std::int64_t k = 1; k < 2 * static_cast<std::int64_t>(s.size()); ++k) {
    const auto tree = torus::tadt_built_tree_kport(s, k);
    const auto a = net::check_generic_tadt_kport(t, tree, k);
    const std::int64_t bound = net::aab_kport_bound(t, k);
    const auto b = net::simulate_generic_tadt_kport(t, tree, k, {bound});
    ok = ok && !a && !b.witness;
    row.append(fmt::format(" {}/{}{}{} |", b.rounds, bound, a || b.witness ? " FAIL" : "",
                           b.rounds > bound ? fmt::format(" (+{})", b.rounds - bound) : std::string()));
  }
  fmt::print("{}\n", row);
  return ok;
}

}  // namespace

int run(int argc, char** argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: torus_mesh_kport_results mesh2 A B | mesh3 C | mesh S... | kport [S...]\n");
    return 2;
  }
  const std::string mode = argv[1];
  std::vector<Sides> sizes;
  if (mode == "mesh2" && argc == 4) {
    const int lo = std::atoi(argv[2]);
    const int hi = std::atoi(argv[3]);
    for (int a = 2; a <= hi; ++a) {
      for (int b = std::max(a, lo); b <= hi; ++b) sizes.push_back({a, b});
    }
  } else if (mode == "mesh3" && argc == 3) {
    const int hi = std::atoi(argv[2]);
    for (int a = 2; a <= hi; ++a) {
      for (int b = a; b <= hi; ++b) {
        for (int c = b; c <= hi; ++c) sizes.push_back({a, b, c});
      }
    }
  } else if ((mode == "mesh" || mode == "kport") && argc > 2) {
    for (int i = 2; i < argc; ++i) sizes.push_back(parse(argv[i]));
  } else if (mode == "kport") {
    for (int a = 3; a <= 20; ++a) {
      for (int b = a; b <= 20; ++b) sizes.push_back({a, b});
    }
    for (int z = 22; z <= 40; z += 2) sizes.push_back({z, z});
    for (int a = 2; a <= 7; ++a) {
      for (int b = a; b <= 7; ++b) {
        for (int c = b; c <= 7; ++c) sizes.push_back({a, b, c});
      }
    }
  } else {
    fmt::print(stderr, "torus_mesh_kport_results: '{}' with {} arguments is not a mode\n", mode, argc - 2);
    return 2;
  }
  bool ok = true;
  if (mode == "kport") {
    fmt::print("| torus | N | k = 1 | k = 2 | k = 3 | k = 4 | k = 5 |\n|---|---|---|---|---|---|---|\n");
    for (const Sides& s : sizes) ok = kport_row(s) && ok;
  } else {
    fmt::print("| mesh | N | corner | diameter | bound L | rounds | gap | A and B | build s | check s |\n"
               "|---|---|---|---|---|---|---|---|---|---|\n");
    for (const Sides& s : sizes) ok = mesh_row(s) && ok;
  }
  return ok ? 0 : 1;
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {  // InputError naming the sides, or a word that is not a number
    fmt::print(stderr, "torus_mesh_kport_results: {}\n", e.what());
    return 2;
  }
}
