// The program route's cost table (program_cost.csv, written beside the reports by the program
// family) read back and summed up for summary.json (coverage.cost) and report.md/html: per
// passing instance, messages, busiest-rank bytes, rounds and alpha-beta time beside the
// collective's lower bounds (docs/DESIGN.md "The cost of a passing instance"; reported, not
// failed).
//
// Contract: the table is the construction's data file named program_cost*.csv (one per program
// construction of a run: program_cost_<plugin stem>.csv); its first line is kCostCsvHeader, then
// one line per passing instance; a construction without it has no cost (nullopt).
// - One definition for every figure (rounds included, and the engine's coverage.rounds_* of the
//   program route, which families/program fills the same way): a figure is held against its
//   bound over the passing instances whose bound is positive (count > 0 and p > 1). An instance
//   whose bound is 0 (count = 0 or p = 1: a correct program may send nothing, but many still send
//   empty messages) stays in the table and is not counted: neither at the bound nor in a ratio.
// - A ratio is a figure over its bound; the worst instance is the first with the largest ratio,
//   in the table's order (ascending p). O(rows).
// Example: two bcast rows, busiest 8 against 4 and 12 against 12: counted 2, bytes counted 2,
// at bound 1, max ratio 2, worst the first row's "p=4 count=1 root=0 bcast int eager".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/run_summary.hpp"

namespace collverify::reports {

inline constexpr std::string_view kCostCsvPrefix = "program_cost";
inline constexpr std::string_view kCostCsvHeader =
    "p,count,root,instance,messages,busiest_bytes,busiest_bytes_bound,rounds,rounds_bound,"
    "time_ns,time_bound_ns";
// The cost model in words (program/cost.hpp: alpha 1000 ns, beta 1 ns per byte).
inline constexpr std::string_view kCostModel =
    "alpha-beta, 1-ported (a rank sends one message and receives one at a time, in the order of "
    "its calls): a message of b bytes takes alpha + beta b, alpha = 1000 ns, beta = 1 ns per "
    "byte; rounds: the same schedule with every message one round";

struct FigureSummary {
  std::int64_t counted = 0;   // passing instances whose bound is positive
  std::int64_t at_bound = 0;  // of those, figure == bound
  double max_ratio = 0;       // 0: no positive bound
  std::string worst;          // "p=8 count=9 root=0 bcast int eager"
  std::int64_t worst_value = 0, worst_bound = 0;
};

struct CostSummary {
  std::string table;         // the data file's name
  std::int64_t counted = 0;  // passing instances in the table
  std::int64_t messages_max = 0;
  FigureSummary bytes, rounds, time;
};

std::optional<CostSummary> program_cost(const ConstructionSummary& c);

// The report lines ("cost model", "messages", "busiest-rank bytes", "rounds (1-ported)",
// "alpha-beta time", "cost table"). The rounds line is the program route's only rounds line: it
// also says which instances were not counted (a bound of 0; failed or inconclusive, out of
// `instances`, the construction's instances checked).
std::vector<std::pair<std::string, std::string>> cost_lines(const CostSummary& s,
                                                            std::int64_t instances);
// The rounds line's text alone (the GitHub summary's rounds cell).
std::string cost_rounds_text(const CostSummary& s, std::int64_t instances);

}  // namespace collverify::reports
