// The results of a verification run, as the report writers (reports/) receive them. This is the
// data behind summary.json schema 4 (docs/DESIGN.md "Reports").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/gather_tree.hpp"
#include "model/fractional/cost.hpp"
#include "model/hypercube_tree.hpp"
#include "model/network/level_tree.hpp"
#include "model/network/routed_schedule.hpp"
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

// One entry of a schedule excerpt that the witness involves: table[rank][round].
struct ExcerptMark {
  std::int64_t rank = kNone;
  int round = -1;     // round of a phase, 0..q-1
  std::string table;  // "recv" or "send"
};

// The schedule rows around a broken entry, laid out like the paper's tables: one row per round,
// one column per rank. recv[i][k] / send[i][k] belong to rank ranks[i] and round k; a column
// with fewer than q entries (the root's recv, which means nothing) shows "-". ranks ascend and
// may jump (a group of columns around each rank the witness involves); the writers draw a gap
// between columns whose ranks are not consecutive.
struct ScheduleExcerpt {
  std::int64_t p = 0;
  int q = 0;
  std::vector<std::int64_t> ranks;
  std::vector<int> baseblock;             // per column; empty when the schedule states none
  std::vector<std::vector<int>> recv;     // per column, q entries
  std::vector<std::vector<int>> send;     // per column, q entries
  // The entries the witness involves: for agreement the sender's send entry and the receiver's
  // recv entry of the same round; for other properties the one broken entry. Empty: none.
  std::vector<ExcerptMark> marks;
};

// What a construction's run covered, as a reader of the reports needs it: the p range, the
// parameters (block counts, sizes, distributions), the properties checked, and the rounds
// against the lower bound over the instances whose rounds were counted.
struct Coverage {
  std::string p_range;                  // e.g. "2..4096" (filled by the engine)
  std::string parameters;               // e.g. "n in 1,2,q,q+1,2q+1,3q+2"
  std::vector<std::string> properties;  // checked, in the order the checker tries them
  std::string lower_bound;              // e.g. "n - 1 + ceil(log2 p) rounds"
  std::int64_t instances = 0;           // instances checked (every p, every parameter)
  std::int64_t rounds_counted = 0;      // instances whose rounds were counted
  std::int64_t rounds_at_bound = 0;     // of those, rounds == lower bound
  std::int64_t rounds_max_excess = kNone;  // max(rounds - lower bound) over them
  // What one p of the range stands for, in the words of "not checked: 3 tori (torus index =
  // 57..59)": a processor count unless the family says otherwise (hypercube: a dimension d;
  // torus: an index into its list of tori; fractional: a PU count P). Not in summary.json,
  // whose not_checked and not_checked_p count and list the p values themselves.
  std::string unit = "p";         // one of them
  std::string units = "p";        // several
  std::string unit_symbol = "p";  // the value's name before " = "
};

// A picture the HTML report embeds inline: its file name beside the report and the SVG text.
struct SvgPicture {
  std::string file;
  std::string title;
  std::string svg;
};

// A file written beside the reports and not embedded (a CSV of a figure's points): its name
// and text.
struct DataFile {
  std::string file;
  std::string text;
};

// A per-size table a family adds to its report section (the hypercube's rounds against the bound
// per d, a torus family's per torus): shown as a real table in report.md and report.html. Every
// row has headers.size() cells. Not in summary.json, whose instances hold the same numbers.
struct SizeTable {
  std::string title;  // e.g. "Rounds / bound by d"
  std::vector<std::string> headers;
  std::vector<std::vector<std::string>> rows;
  std::string note;  // one line under the table, may be empty
};

// A place in a user's input file.
struct InputLocation {
  std::string file;
  std::int64_t line = kNone;
};

struct ConstructionSummary {
  std::string name;  // e.g. "bcast"
  // checked, passed, failed and inconclusive count p (one JUnit test case each); the instances
  // of each p are counted in coverage.instances.
  std::int64_t checked = 0;
  std::int64_t passed = 0;
  std::int64_t failed = 0;
  std::int64_t inconclusive = 0;
  double seconds = 0;
  std::vector<Violation> violations;      // smallest witness first, at most violations_cap
  std::int64_t violations_total = 0;      // violations found, listed or not
  std::int64_t violations_cap = 0;        // the most listed (--max-violations)
  bool truncated = false;                 // violations_total > violations.size()
  std::vector<InstanceResult> instances;  // may be empty (large runs)
  std::vector<CaseResult> cases;          // one per p, ascending
  std::optional<ScheduleExcerpt> excerpt; // around violations[0], when available
  // What a family draws (Family::finish, families/<name>/): a Graphviz picture of the witness
  // (trees), written beside the reports as <name>_witness.dot and shown in report.md/html; SVG
  // figures, embedded in report.html and written beside it; data files written beside it (Figure
  // 3's CSV). One container for every family: the writers know no family's pictures.
  std::string picture_dot;
  std::vector<SvgPicture> pictures_svg;
  std::vector<DataFile> data_files;
  Coverage coverage;
  // false when some p of the range were not checked (the run was interrupted): its verdict is
  // then "incomplete" (unless a violation was found) and its witness the smallest found so far.
  bool complete = true;
  std::int64_t not_checked = 0;  // p of the range not checked
  std::string not_checked_p;     // which: "14, 21..30000" (the first runs, then "... (N more)")
  // The user's file this construction judged, as given on the command line (a plugin, a
  // --schedule-file, a --routed-file or tree file); empty for a built-in construction. JUnit
  // names its suite after it, GitHub annotations point at it (file=).
  std::string input;
  // Where violations[i] points: the file (the input itself, or the file of a directory that
  // holds the schedule) and its 1-based line when the family knows it (kNone otherwise). May be
  // shorter than violations (the rest: `input`, no line).
  std::vector<InputLocation> locations;
  std::vector<SizeTable> tables;  // per-size tables, in the order shown
};

struct RunSummary {
  int schema = 4;
  std::string version;
  std::string command;
  bool complete = true;  // false when the run was interrupted
  std::vector<ConstructionSummary> constructions;
  std::string run_id;  // unique per run; every report file of the run carries it (last: keeps
                       // the aggregate initialisation {schema, version, command, complete, ...})
};

}  // namespace collverify
