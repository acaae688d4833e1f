// `compare bcast` as a family: for every p, the circulant broadcast tables of both built-in
// constructions (Algorithms 4-5 of seed 000 and the O(log p) one), each checked with the fast
// checker, and the entries where the tables differ (their number and the first differing
// (rank, round, table) with both values). A p fails when either construction is invalid;
// differing tables alone are a finding, not a failure. The per-p comparisons are kept for the
// caller to print (comparisons()).
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>

#include "engine/family.hpp"
#include "model/circulant_schedule.hpp"
#include "reference/circulant/transcription.hpp"

namespace collverify::engine {

struct TableDiff {
  std::int64_t entries = 0;  // differing entries of recv and send together
  std::int64_t rank = -1;    // the first differing entry (smallest rank, then round, recv first)
  int round = 0;
  const char* table = "";
  int alg45 = 0;
  int logp = 0;
};

struct Comparison {
  TableDiff diff;
  std::optional<Violation> alg45_violation;
  std::optional<Violation> logp_violation;
};

// The first differing entry and the number of differing entries of two tables of one p.
TableDiff diff_tables(const CirculantSchedule& alg45, const CirculantSchedule& logp);

class CompareFamily final : public Family {
 public:
  explicit CompareFamily(circulant::Transcriptions t) : t_(t) {}
  std::string name() const override { return "compare-bcast"; }
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  Outcome check(std::int64_t p, const CheckContext& context) const override;
  // Every p compared so far, ascending.
  std::map<std::int64_t, Comparison> comparisons() const;

 private:
  circulant::Transcriptions t_;
  mutable std::mutex mutex_;
  mutable std::map<std::int64_t, Comparison> done_;
};

}  // namespace collverify::engine
