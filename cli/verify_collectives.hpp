// The `verify allgather | census | allgatherv` runs: for every p of the range, build the seed
// 000 construction (Algorithm 7, 8 or 9) as an explicit data-level schedule, round by round, and
// judge it with the data-level checker (checkers/data_simulate.hpp) against the round lower
// bound; allgatherv for every block count n of --blocks and the sizes of --sizes. Work is spread
// over `jobs` threads, largest p first; the smallest witness is reported first.
#pragma once

#include <atomic>
#include <cstdint>

#include "cli/verify_bcast.hpp"
#include "generators/block_counts.hpp"
#include "generators/p_range.hpp"
#include "generators/size_distributions.hpp"
#include "model/run_summary.hpp"
#include "reference/circulant/allgatherv.hpp"

namespace collverify::cli {

enum class Collective { allgather, census, allgatherv };

struct CollectiveVerifyOptions {
  Collective what = Collective::allgather;
  PRange range = PRange::single(2);
  BlockCounts blocks = BlockCounts::parse(BlockCounts::kDefault);                // allgatherv only
  SizeDistribution sizes = SizeDistribution::parse(SizeDistribution::kDefault);  // allgatherv
  circulant::AllgathervReadings readings;                                        // allgatherv only
  int jobs = 1;
  std::size_t max_violations = 100;
  bool instances = false;
  const std::atomic<bool>* interrupted = nullptr;
};

VerifyResult verify_collective(const CollectiveVerifyOptions& options);

const char* collective_name(Collective c);

}  // namespace collverify::cli
