// Wording shared by the human-readable writers (internal to reports/), so Markdown, HTML, JUnit
// and GitHub output state a witness, a duration and a verdict the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/run_summary.hpp"

namespace collverify::reports {

// How many cause groups per construction the Markdown and HTML reports show before "and N more".
inline constexpr std::size_t kListedViolations = 20;

// Violations that share a cause: the same property (within one construction). The Markdown and
// HTML reports show one row per group, its count and its smallest witness; summary.json keeps
// every violation.
struct ViolationGroup {
  std::string property;
  std::int64_t count = 0;
  const Violation* smallest = nullptr;  // smallest p, then the first in the list's order
};

// The groups of c.violations (the listed ones), in the order of their smallest witness (p,
// then list order), so the first group holds the report's smallest witness.
std::vector<ViolationGroup> group_violations(const ConstructionSummary& c);

// One sentence over the groups, unescaped: "2 causes (distinct properties); each row: how many
// listed violations share it and its smallest witness (smallest p, then the first)." plus, when
// the list was cut, "Counted over the 100 listed violations, not the 638 found."
std::string groups_text(const ConstructionSummary& c, std::size_t groups);

// Under every violation table: what its witness columns mean (the circulant broadcast's round
// column is the cause's round of a phase; its message also names the simulation's absolute
// round).
// The program route's violations (a user's collective run as a program) carry count, root, call
// and op instead of n, round and block: their tables show those columns and this note.
inline constexpr const char* kProgramColumnsNote =
    "Columns count, root, rank, call, op: the instance (the collective's count and root) and the "
    "failing rank's MPI call (its index among that rank's calls, and the MPI function); the "
    "message leads with the collective, element type or op, and buffering mode.";
bool program_violations(const ConstructionSummary& c);
std::vector<std::string> violation_headers(bool program);
// The cells after # and property, unescaped.
std::vector<std::string> violation_cells(const Violation& v, bool program);

inline constexpr const char* kColumnsNote =
    "Columns n, rank, round, block: the witness as the checker reports it (for the circulant "
    "broadcast, the cause: its rank, round of a phase and block, and the first n whose "
    "simulation fails; the message gives that simulation's absolute round); the message leads "
    "with the schedule entries in the round of a phase, as the excerpt shows them.";

// The value, or "-" for kNone.
std::string field_text(std::int64_t value);

// "p=17, n=-, rank=3, round=2, block=5" with the given separator between fields.
std::string witness_text(const Violation& v, std::string_view separator = ", ");

// Violations found, listed or not: violations_total, or the list's length if that is larger (a
// summary not filled by the engine).
std::int64_t violations_found(const ConstructionSummary& c);

// How many violations there are and how many summary.json lists, one sentence, unescaped:
// "638 violations found; summary.json lists the first 100 (the run keeps at most 100:
// --max-violations); 538 are not listed (truncated)." or "2 violations found; summary.json lists
// both." / "... lists all 27."
std::string violations_count_text(const ConstructionSummary& c);

// The rounds against the lower bound: "rounds = lower bound for 1234 of 1234 counted
// instances; max excess 0", "rounds not counted (fast checker only)", plus how many instances
// were not counted when some were.
std::string rounds_text(const Coverage& coverage);

// What a construction's run covered, as (label, text) lines, unescaped: p range, parameters,
// properties checked, lower bound, instances, rounds. Empty fields are left out.
std::vector<std::pair<std::string, std::string>> coverage_lines(const ConstructionSummary& c);

// The witness as a reader checks it, message first (the circulant broadcast's message leads
// with the schedule's entries, then the simulated n and absolute round), then the witness
// fields that apply: "p=33 agreement: <message> (n=5, rank=1, round=7, block=4)".
std::string witness_lead(const Violation& v);

// Seconds with millisecond resolution, "1.250"; negative or non-finite values read "0.000"
// (JUnit consumers reject "nan").
std::string seconds_text(double seconds);

// fail if anything failed or a violation is recorded, else inconclusive if anything was, else
// pass.
Status construction_status(const ConstructionSummary& c);

// The worst construction status of the run (pass for a run with no constructions).
Status run_status(const RunSummary& run);

// Whether c left p of its range unchecked: c.complete is false, or the run is incomplete and no
// construction says which one was cut (a summary not filled by the engine).
bool construction_incomplete(const RunSummary& run, const ConstructionSummary& c);

// What an incomplete construction did not check, one sentence, unescaped: "interrupted: 29999
// of 29999 p not checked (p = 2..30000); nothing was checked" (the p list when known), in the
// family's unit (coverage.unit): "1 of 12 dimensions not checked (d = 12)".
std::string not_checked_text(const ConstructionSummary& c);

// "Smallest witness" or, for an incomplete construction, "Smallest witness found so far (the
// run was interrupted; a smaller p among those not checked may fail)".
std::string witness_heading(const RunSummary& run, const ConstructionSummary& c);

}  // namespace collverify::reports
