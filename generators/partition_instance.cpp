#include "generators/partition_instance.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"

namespace collverify {

using Idx = std::size_t;

namespace {

std::int64_t checked_sum(const std::vector<std::int64_t>& values) {
  if (values.empty()) throw InputError("PARTITION: the value list is empty; give at least one positive integer");
  std::int64_t sum = 0;
  for (Idx i = 0; i < values.size(); ++i) {
    if (values[i] <= 0) {
      throw InputError(fmt::format("PARTITION: value m_{} = {} is not positive; accepted: integers >= 1", i, values[i]));
    }
    sum = checked_add(sum, values[i], fmt::format("PARTITION: the sum up to m_{}", i));
  }
  if (sum % 2 != 0) {
    throw InputError(fmt::format("PARTITION: the sum m = {} is odd; Theorem 7 needs an even m", sum));
  }
  return sum;
}

}  // namespace

PartitionGatherInstance partition_gather_instance(const std::vector<std::int64_t>& values) {
  PartitionGatherInstance out;
  out.values = values;
  out.sum = checked_sum(values);
  const std::int64_t p = static_cast<std::int64_t>(values.size());
  const std::int64_t pm = checked_mul(p, out.sum, "Theorem 7 instance: p * m");
  auto& m = out.problem.m;
  for (Idx i = 0; i < values.size(); ++i) {
    m.push_back(checked_add(checked_mul(p, values[i], "Theorem 7 instance: p * m_i"), 1, "p * m_i + 1"));
  }
  m.push_back(pm / 2);
  m.push_back(checked_add(pm / 2, p, "Theorem 7 instance: p * m / 2 + p"));
  out.problem.cost = CostModel<std::int64_t>::uniform(1, 1, 1);
  out.target = checked_add(checked_mul(2, pm, "Theorem 7 target: 2pm"), 2 * p + 2, "target 2pm + 2p + 2");
  // Every tree's time is at most (p + 2) * (1 + M) + M with M = 2pm + 2p; refuse what overflows.
  const std::int64_t total = checked_add(pm, 2 * p, "Theorem 7 instance: total size");
  checked_mul(checked_mul(p + 3, checked_add(total, 1, "M + 1"), "(p + 3)(M + 1)"), 4,
              "Theorem 7 instance: completion-time bound");
  out.nontrivial = true;
  for (const std::int64_t v : values) out.nontrivial = out.nontrivial && 2 * v < out.sum;
  return out;
}

std::optional<std::vector<std::int64_t>> partition_subset(const std::vector<std::int64_t>& values) {
  const std::int64_t sum = checked_sum(values);
  const std::int64_t half = sum / 2;
  if (half > 10'000'000) {
    throw InputError(fmt::format("PARTITION: m / 2 = {} is above the subset-sum limit 10^7", half));
  }
  const Idx n = values.size();
  const Idx width = static_cast<Idx>(half) + 1;
  require_memory(static_cast<std::int64_t>((n + 1) * width), "PARTITION subset-sum table");
  // reach[i][s]: some subset of values[0..i) sums to s.
  std::vector<std::vector<char>> reach(n + 1, std::vector<char>(width, 0));
  reach[0][0] = 1;
  for (Idx i = 0; i < n; ++i) {
    const Idx v = static_cast<Idx>(values[i]);
    for (Idx s = 0; s < width; ++s) {
      reach[i + 1][s] = static_cast<char>(reach[i][s] || (s >= v && reach[i][s - v]));
    }
  }
  if (!reach[n][static_cast<Idx>(half)]) return std::nullopt;
  std::vector<std::int64_t> subset;
  Idx s = static_cast<Idx>(half);
  for (Idx i = n; i > 0; --i) {
    if (!reach[i - 1][s]) {  // values[i - 1] is needed
      subset.push_back(static_cast<std::int64_t>(i - 1));
      s -= static_cast<Idx>(values[i - 1]);
    }
  }
  std::reverse(subset.begin(), subset.end());
  return subset;
}

}  // namespace collverify
