// One instance of the program route: the plugin's collective run on a world of p ranks with MPI's
// buffers and values (collective.hpp), once per wildcard matching order up to a bound, and
// judged against MPI's definition of the collective.
//
// Contract:
// - The verdict is the first violation found, in this order within a run: a fault of the runtime
//   (world.hpp), error_return (a rank's call returned non-zero; the smallest such rank), then
//   out_of_bounds (a guard zone around a buffer we gave was written), then wrong_result (the first
//   rank, in rank order, whose output differs from MPI's definition, or whose send buffer changed).
// - Every matching order of the wildcard receives is run until a violation or max_interleavings
//   runs; a bound that is hit with orders left makes the instance inconclusive, never a pass.
// - The cost (messages, bytes of the busiest rank, rounds and alpha-beta time of the 1-ported
//   schedule: cost.hpp) is the first run's, with the collective's lower bounds beside it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "program/collective.hpp"
#include "program/plugin.hpp"
#include "program/world.hpp"

namespace collverify::program {

struct InstanceLimits {
  std::int64_t max_interleavings = 1000;
  std::int64_t step_budget = 10'000'000;
  bool keep_first_run = false;  // the verdict keeps the first run's records even on a pass (tests)
  bool general_matching = false;  // WorldOptions::general_matching (tests)
};

enum class InstanceStatus { pass, fail, inconclusive };

struct InstanceCost {
  std::int64_t messages = 0;
  std::int64_t busiest_bytes = 0;
  std::int64_t rounds = 0;
  std::int64_t round_bound = 0;
  std::int64_t time_ns = 0;  // alpha-beta time, 1-ported (cost.hpp)
  std::int64_t busiest_bound = 0;
  std::int64_t time_bound_ns = 0;
};

struct InstanceVerdict {
  InstanceStatus status = InstanceStatus::pass;
  std::optional<Fault> fault;
  std::int64_t interleavings = 0;
  InstanceCost cost;
  // The failing run's calls and messages (for the witness); empty on a pass unless
  // InstanceLimits::keep_first_run.
  std::vector<CallRecord> calls;
  std::vector<MessageRecord> messages;
};

InstanceVerdict run_instance(const Plugin& plugin, const Instance& in, Buffering buffering,
                             const InstanceLimits& limits, StackPool& stacks);

}  // namespace collverify::program
