// Seed 004's model axes (docs/RESULTS-hypercube.md "The algorithms under every model variant"):
// every hypercube algorithm's schedule judged under every variant of ports (all, 1) and
// directedness (full duplex, half duplex, simplex channels, and seed 002's per-node simplex),
// store-and-forward, non-combining: where it is valid, its rounds beside the generic lower bound
// of that variant (checkers/network/network_bounds.hpp), else the property it breaks. The table
// printed here is the one in RESULTS-hypercube; the test holds the code to it. The slow twin
// gives the same verdict on the small cubes.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "checkers/network/network_bounds.hpp"
#include "checkers/network/routed_check.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/hypercube/aas.hpp"
#include "reference/hypercube/esbt.hpp"
#include "reference/hypercube/oab.hpp"
#include "reference/hypercube/oas.hpp"

namespace cv = collverify;
namespace net = collverify::network;
namespace hc = collverify::hypercube;

namespace {

struct Variant {
  const char* name;
  cv::CommModel model;
};

const std::vector<Variant>& variants() {
  using cv::CommModel;
  using cv::Duplex;
  constexpr auto sf = cv::Switching::store_and_forward;
  static const std::vector<Variant> v = {
      {"all-port full", {CommModel::kAllPorts, Duplex::full, sf, false}},
      {"all-port half", {CommModel::kAllPorts, Duplex::half, sf, false}},
      {"all-port simplex channels", {CommModel::kAllPorts, Duplex::simplex_channel, sf, false}},
      {"all-port node simplex", {CommModel::kAllPorts, Duplex::simplex, sf, false}},
      {"1-port full", {1, Duplex::full, sf, false}},
      {"1-port half", {1, Duplex::half, sf, false}},
      {"1-port simplex channels", {1, Duplex::simplex_channel, sf, false}},
      {"all-port full, combining", {CommModel::kAllPorts, Duplex::full, sf, true}},
      {"all-port full, wormhole", {CommModel::kAllPorts, Duplex::full, cv::Switching::wormhole, false}},
  };
  return v;
}

struct Algorithm {
  const char* name;
  std::function<net::RoutedSchedule(int)> build;
};

const std::vector<Algorithm>& algorithms() {
  static const std::vector<Algorithm> a = {
      {"OAB binomial", [](int d) { return hc::oab_schedule(d); }},
      {"AAB", [](int d) { return hc::aab_schedule(d); }},
      {"OAS", [](int d) { return hc::oas_schedule(d); }},
      {"AAS optimal", [](int d) { return hc::aas_schedule(hc::AasVariant::optimal, d); }},
      {"AAS three-phase", [](int d) { return hc::aas_schedule(hc::AasVariant::three_phase, d); }},
      {"ESBT, s = 2d", [](int d) { return hc::esbt_broadcast(d, 2 * d); }},
  };
  return a;
}

// "rounds / bound" when valid, else the first property broken.
std::string cell(net::RoutedSchedule s, const cv::CommModel& model, bool twin) {
  s.model = model;
  const net::Network cube = net::Network::from_spec(s.network);
  const std::int64_t bound = net::routed_lower_bound(cube, net::header_of(s));
  const net::RoutedResult r = net::check_routed(cube, s, {});
  if (twin) {
    const net::RoutedResult slow = net::check_routed_slow(cube, s, {});
    EXPECT_EQ(r.witness.has_value(), slow.witness.has_value());
    if (r.witness && slow.witness) {
      EXPECT_EQ(r.witness->message, slow.witness->message);
    }
  }
  if (r.witness) return net::to_string(r.witness->property);
  EXPECT_GE(r.rounds, bound) << "a valid schedule below the bound: the bound is wrong";
  return fmt::format("{} / {}", r.rounds, bound);
}

std::string table(int d) {
  std::string out = fmt::format("| d = {} |", d);
  for (const Variant& v : variants()) out.append(fmt::format(" {} |", v.name));
  out.append("\n|---|");
  for (std::size_t i = 0; i < variants().size(); ++i) out.append("---|");
  out.append("\n");
  for (const Algorithm& a : algorithms()) {
    out.append(fmt::format("| {} |", a.name));
    for (const Variant& v : variants()) out.append(fmt::format(" {} |", cell(a.build(d), v.model, d <= 3)));
    out.append("\n");
  }
  return out;
}

// The tables of docs/RESULTS-hypercube.md (run the test to print them).
constexpr const char* kD3 = R"(| d = 3 | all-port full | all-port half | all-port simplex channels | all-port node simplex | 1-port full | 1-port half | 1-port simplex channels | all-port full, combining | all-port full, wormhole |
|---|---|---|---|---|---|---|---|---|---|
| OAB binomial | 3 / 3 | 3 / 3 | 3 / 3 | 3 / 3 | 3 / 3 | 3 / 3 | 3 / 3 | 3 / 3 | 3 / 2 |
| AAB | 3 / 3 | arc_exclusivity | one_way_channel | simplex | port_limit | arc_exclusivity | port_limit | 3 / 3 | 3 / 3 |
| OAS | 3 / 3 | 3 / 3 | 3 / 3 | simplex | port_limit | port_limit | port_limit | 3 / 3 | 3 / 3 |
| AAS optimal | 4 / 4 | arc_exclusivity | one_way_channel | simplex | port_limit | arc_exclusivity | port_limit | 4 / 3 | 4 / 4 |
| AAS three-phase | 12 / 4 | arc_exclusivity | one_way_channel | simplex | 12 / 7 | arc_exclusivity | one_way_channel | 12 / 3 | 12 / 4 |
| ESBT, s = 2d | 9 / 3 | arc_exclusivity | one_way_channel | simplex | 9 / 6 | arc_exclusivity | one_way_channel | 9 / 3 | 9 / 2 |
)";

constexpr const char* kD5 = R"(| d = 5 | all-port full | all-port half | all-port simplex channels | all-port node simplex | 1-port full | 1-port half | 1-port simplex channels | all-port full, combining | all-port full, wormhole |
|---|---|---|---|---|---|---|---|---|---|
| OAB binomial | 5 / 5 | 5 / 5 | 5 / 5 | 5 / 5 | 5 / 5 | 5 / 5 | 5 / 5 | 5 / 5 | 5 / 2 |
| AAB | 7 / 7 | arc_exclusivity | one_way_channel | simplex | port_limit | arc_exclusivity | port_limit | 7 / 5 | 7 / 7 |
| OAS | 7 / 7 | 7 / 7 | 7 / 7 | simplex | port_limit | port_limit | port_limit | 7 / 5 | 7 / 7 |
| AAS optimal | 16 / 16 | arc_exclusivity | one_way_channel | simplex | port_limit | arc_exclusivity | port_limit | 16 / 5 | 16 / 16 |
| AAS three-phase | 80 / 16 | arc_exclusivity | one_way_channel | simplex | 80 / 31 | arc_exclusivity | one_way_channel | 80 / 5 | 80 / 16 |
| ESBT, s = 2d | 15 / 5 | arc_exclusivity | one_way_channel | simplex | 15 / 10 | arc_exclusivity | one_way_channel | 15 / 5 | 15 / 2 |
)";

TEST(ModelVariants, TableOfD3) {
  const std::string t = table(3);
  std::printf("%s", t.c_str());
  EXPECT_EQ(t, kD3);
}

TEST(ModelVariants, TableOfD5) {
  const std::string t = table(5);
  std::printf("%s", t.c_str());
  EXPECT_EQ(t, kD5);
}

}  // namespace
