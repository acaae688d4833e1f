// The results of a verification run, as the report writers (reports/) receive them. This is the
// data behind summary.json schema 1 (DESIGN.md "Reports").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/verdict.hpp"

namespace collverify {

enum class Status { pass, fail, inconclusive };
const char* to_string(Status s);

// One checked instance: a (p, n) pair, or a whole p when n does not apply.
struct InstanceResult {
  std::int64_t p = 0;
  std::int64_t n = kNone;
  Status status = Status::pass;
  std::int64_t rounds = kNone;
  std::int64_t lower_bound = kNone;
};

// One JUnit test case: every instance of one p.
struct CaseResult {
  std::int64_t p = 0;
  Status status = Status::pass;
  double seconds = 0;
  std::optional<Violation> violation;
};

// The schedule rows around a broken entry, laid out like the paper's tables: one row per round,
// one column per rank. recv[i][k] / send[i][k] belong to rank ranks[i] and round k; a column
// with fewer than q entries (the root's recv, which means nothing) shows "-".
struct ScheduleExcerpt {
  std::int64_t p = 0;
  int q = 0;
  std::vector<std::int64_t> ranks;
  std::vector<int> baseblock;             // per column; empty when the schedule states none
  std::vector<std::vector<int>> recv;     // per column, q entries
  std::vector<std::vector<int>> send;     // per column, q entries
  std::int64_t marked_rank = kNone;       // the broken entry
  int marked_round = -1;
  std::string marked_table;               // "recv" or "send"
};

struct ConstructionSummary {
  std::string name;  // e.g. "bcast"
  std::int64_t checked = 0;
  std::int64_t passed = 0;
  std::int64_t failed = 0;
  std::int64_t inconclusive = 0;
  double seconds = 0;
  std::vector<Violation> violations;      // smallest witness first
  std::vector<InstanceResult> instances;  // may be empty (large runs)
  std::vector<CaseResult> cases;          // one per p, ascending
  std::optional<ScheduleExcerpt> excerpt; // around violations[0], when available
  std::string picture_dot;                // Graphviz picture of violations[0] (trees), if any
};

struct RunSummary {
  int schema = 1;
  std::string version;
  std::string command;
  bool complete = true;  // false when the run was interrupted
  std::vector<ConstructionSummary> constructions;
};

}  // namespace collverify
