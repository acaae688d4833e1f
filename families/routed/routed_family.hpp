// `verify routed --schedule-file F.json`: one routed schedule (collverify-routed/1) judged by the
// routed checker (checkers/network/routed_check.hpp) against the generic lower bound of its
// network and model (checkers/network/network_bounds.hpp). A single instance: the engine's p is
// the network's node count N, and the only p accepted.
#pragma once

#include <cstdint>
#include <string>

#include "engine/family.hpp"
#include "model/network/network.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify::engine {

class RoutedFamily final : public Family {
 public:
  // `net` and `schedule` must outlive the family; `schedule.network` names `net`. `input` is the
  // file the schedule was read from (the reports name it: JUnit suite, GitHub file=).
  RoutedFamily(const network::Network& net, const network::RoutedSchedule& schedule,
               std::string input = {});
  std::string name() const override { return "routed"; }
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  std::string what(std::int64_t p) const override;
  Outcome check(std::int64_t p, const CheckContext& context) const override;
  void finish(ConstructionSummary& summary, const std::vector<Finished>& finished) const override;

  // The rounds the schedule is held against.
  std::int64_t lower_bound() const { return lower_bound_; }

 private:
  const network::Network& net_;
  const network::RoutedSchedule& s_;
  std::int64_t lower_bound_ = 0;
  std::string input_;
};

}  // namespace collverify::engine
