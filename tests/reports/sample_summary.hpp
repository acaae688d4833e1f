// A hand-built RunSummary shared by the report writer tests: "bcast" passes (4 cases, 2
// instances, 8 instances counted at the lower bound), "bcast_plugin" fails at p=4 (2
// violations, all listed, one inconclusive case, rounds not counted, an excerpt with
// send[rank 3][round 1] = -2 marked). Fields that do not apply are kNone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "model/run_summary.hpp"

namespace collverify::test {

inline Violation sample_first_violation() {
  return Violation{"send_before_receive",
                   4,
                   kNone,
                   3,
                   1,
                   -2,
                   "rank 3 sends block -2 in round 1 before receiving it"};
}

inline ConstructionSummary sample_passing() {
  ConstructionSummary c;
  c.name = "bcast";
  c.checked = 4;
  c.passed = 4;
  c.seconds = 0.5;
  c.instances = {InstanceResult{2, 3, Status::pass, 3, 3},
                 InstanceResult{3, kNone, Status::pass, 2, 2}};
  for (std::int64_t p = 2; p <= 5; ++p) c.cases.push_back(CaseResult{p, Status::pass, 0.125, {}});
  c.violations_cap = 100;
  c.coverage.p_range = "2..5";
  c.coverage.parameters = "block counts n in {1,2}";
  c.coverage.properties = {"agreement", "completeness"};
  c.coverage.lower_bound = "n - 1 + ceil(log2 p) rounds";
  c.coverage.instances = 8;
  c.coverage.rounds_counted = 8;
  c.coverage.rounds_at_bound = 8;
  c.coverage.rounds_max_excess = 0;
  return c;
}

inline ScheduleExcerpt sample_excerpt() {
  ScheduleExcerpt e;
  e.p = 4;
  e.q = 2;
  e.ranks = {1, 2, 3};
  e.baseblock = {0, 1, 1};
  e.recv = {{0, -1}, {-2, 1}, {-1, 0}};
  e.send = {{-1, 0}, {1, 0}, {0, -2}};
  e.marks = {ExcerptMark{3, 1, "send"}};
  return e;
}

inline ConstructionSummary sample_failing() {
  ConstructionSummary c;
  c.name = "bcast_plugin";
  c.checked = 4;
  c.passed = 2;
  c.failed = 1;
  c.inconclusive = 1;
  c.seconds = 0.25;
  c.violations = {sample_first_violation(),
                  Violation{"agreement", 4, 5, 2, kNone, kNone, "rank 2 expects another block"}};
  c.cases = {CaseResult{2, Status::pass, 0.0625, {}}, CaseResult{3, Status::pass, 0.0625, {}},
             CaseResult{4, Status::fail, 0.0625, sample_first_violation()},
             CaseResult{5, Status::inconclusive, 0.0625, {}}};
  c.excerpt = sample_excerpt();
  c.violations_total = 2;
  c.violations_cap = 100;
  c.coverage.p_range = "2..5";
  c.coverage.parameters = "plugin <libfaulty.so>";
  c.coverage.properties = {"agreement", "send_before_receive"};
  c.coverage.lower_bound = "n - 1 + ceil(log2 p) rounds";
  c.coverage.instances = 4;
  return c;
}

inline RunSummary sample_summary() {
  RunSummary run;
  run.version = "0.1.0";
  run.command = "collverify verify bcast --p 2..5";
  run.complete = true;
  run.constructions = {sample_passing(), sample_failing()};
  return run;
}

// sample_failing() with `total` violations found at p = 10, 11, ..., of which the first `cap`
// are listed (truncated when total > cap), as run_range leaves a capped construction.
inline ConstructionSummary sample_capped(std::int64_t total, std::int64_t cap) {
  ConstructionSummary c = sample_failing();
  c.violations.clear();
  for (std::int64_t i = 0; i < total && i < cap; ++i) {
    c.violations.push_back(Violation{"agreement", 10 + i, kNone, 1, 0, 0, "m"});
  }
  c.violations_total = total;
  c.violations_cap = cap;
  c.truncated = total > cap;
  c.failed = total;
  return c;
}

// Occurrences of needle in text (non-overlapping).
inline std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + needle.size())) {
    ++n;
  }
  return n;
}

}  // namespace collverify::test
