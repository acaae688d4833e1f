#include "families/hypercube/aab_split.hpp"

#include "checkers/network/routed_split.hpp"
#include "engine/work_pool.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/hypercube/aab.hpp"

namespace collverify::engine {

namespace net = network;

std::int64_t aab_split_parts(int d, int jobs) {
  net::RoutedHeader h;
  h.collective = net::Collective::aab;
  return static_cast<std::int64_t>(net::split_origins(std::int64_t{1} << d, h, jobs).size()) - 1;
}

std::int64_t aab_split_bytes(const net::Network& cube, const net::RoutedHeader& h, int jobs) {
  return net::routed_split_bytes(cube, h,
                                 static_cast<std::int64_t>(net::split_origins(cube, h, jobs).size()) - 1);
}

void drop_unfinished_witness(net::RoutedResult& r) {
  if (r.witness && (r.witness->property == net::RoutedProperty::completeness ||
                    r.witness->property == net::RoutedProperty::lower_bound)) {
    r.witness.reset();
  }
}

net::RoutedResult simulate_aab_split(const hypercube::GenericTree& tree, const net::RoutedHeader& h,
                                     net::RoutedCheckOptions options, int jobs) {
  AabSplitRun run = simulate_aab_split(tree, h, options, jobs, {});
  CV_ASSERT(!run.interrupted, "no stop, no interruption");
  return std::move(run.simulation);
}

AabSplitRun simulate_aab_split(const hypercube::GenericTree& tree, const net::RoutedHeader& h,
                               net::RoutedCheckOptions options, int jobs,
                               const std::function<bool()>& stop) {
  const net::Network cube = net::Network::hypercube(tree.d);
  net::RoutedSplitCheck check(cube, h, options, net::split_origins(cube, h, jobs));
  const auto by_round = hypercube::aab_edges_by_round(tree);
  PoolOptions pool;
  pool.jobs = jobs;
  AabSplitRun run;
  for (std::int64_t r = 0; r < tree.rounds; ++r) {
    if (stop && stop()) {
      run.interrupted = true;
      break;
    }
    check.begin_round(r);
    run_items(check.parts(), pool, [&](std::size_t k) {
      hypercube::stream_aab_round_sends(by_round, r, check.first_origin(k), check.end_origin(k),
                                        check.part(k));
      check.close_part(k);
    });
    check.end_round();
  }
  run.simulation = check.finish();
  if (run.interrupted) drop_unfinished_witness(run.simulation);
  return run;
}

}  // namespace collverify::engine
