// A hand-built RunSummary shared by the report writer tests: "bcast" passes (4 cases, 2
// instances), "bcast_plugin" fails at p=4 (2 violations, one inconclusive case, an excerpt with
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
  e.marked_rank = 3;
  e.marked_round = 1;
  e.marked_table = "send";
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
