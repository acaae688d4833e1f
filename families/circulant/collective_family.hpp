// The multi-origin collectives of seed 000 (`verify allgather | census | allgatherv`): for every
// p, build the construction (Algorithm 7, 8 or 9) as an explicit data-level schedule, round by
// round, and judge it with the data-level checker (checkers/data_simulate.hpp) against the round
// lower bound; allgatherv for every block count n of `blocks` and the sizes of `sizes`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/family.hpp"
#include "generators/block_counts.hpp"
#include "generators/size_distributions.hpp"
#include "reference/circulant/allgatherv.hpp"

namespace collverify::engine {

enum class Collective { allgather, census, allgatherv };

const char* collective_name(Collective c);

struct CollectiveOptions {
  Collective what = Collective::allgather;
  BlockCounts blocks = BlockCounts::parse(BlockCounts::kDefault);                // allgatherv only
  SizeDistribution sizes = SizeDistribution::parse(SizeDistribution::kDefault);  // allgatherv
  circulant::AllgathervReadings readings;                                        // allgatherv only
};

class CollectiveFamily final : public Family {
 public:
  explicit CollectiveFamily(CollectiveOptions options) : o_(std::move(options)) {}
  std::string name() const override { return collective_name(o_.what); }
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  Outcome check(std::int64_t p, const CheckContext& context) const override;

 private:
  std::vector<std::int64_t> block_counts(std::int64_t p) const;
  CollectiveOptions o_;
};

}  // namespace collverify::engine
