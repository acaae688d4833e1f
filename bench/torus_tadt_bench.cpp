// Torus TADT timings (docs/PERFORMANCE.md "Tori: TADT"): for each torus, the construction
// (reference/torus), checker A (Lemma 11, structural) and checker B (the N translations streamed
// through the routed checker), wall time each, transmissions simulated and the peak resident set.
// Usage: torus_tadt_bench [SIDES ...]   (default: 41x41 13x13x13); SIDES as --sides takes them.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "checkers/network/tadt_check.hpp"
#include "generators/torus_sides.hpp"
#include "reference/torus/tadt.hpp"

namespace cv = collverify;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

long peak_rss_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> words;
  for (int i = 1; i < argc; ++i) words.emplace_back(argv[i]);
  if (words.empty()) words = {"41x41", "13x13x13"};
  std::printf("| torus | N | trees x arcs (transmissions) | height / bound | construction s | checker A s | checker B s | B ns per transmission | verdicts | peak RSS MiB |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|\n");
  for (const std::string& w : words) {
    for (const cv::TorusSides& sides : cv::parse_torus_sides(w)) {
      const cv::network::Network net = cv::network::Network::torus(sides);
      auto t0 = std::chrono::steady_clock::now();
      const cv::network::LevelTree tree = cv::torus::tadt_generic_tree(sides);
      const double build = seconds_since(t0);
      t0 = std::chrono::steady_clock::now();
      const auto a = cv::network::check_generic_tadt(net, tree);
      const double ta = seconds_since(t0);
      const std::int64_t bound = cv::network::aab_noncombining_bound(net);
      t0 = std::chrono::steady_clock::now();
      const auto b = cv::network::simulate_generic_tadt(net, tree, {bound});
      const double tb = seconds_since(t0);
      const auto n = net.nodes();
      const double sends = static_cast<double>(n) * static_cast<double>(tree.arcs.size());
      std::printf("| %s | %lld | %.3g | %lld / %lld | %.3f | %.3f | %.2f | %.0f | A %s, B %s | %ld |\n",
                  cv::sides_text(sides).c_str(), static_cast<long long>(n), sends,
                  static_cast<long long>(b.rounds), static_cast<long long>(bound), build, ta, tb,
                  1e9 * tb / sends, a ? a->property.c_str() : "pass",
                  b.witness ? b.witness->message.c_str() : "pass", peak_rss_mib());
      std::fflush(stdout);
    }
  }
  return 0;
}
