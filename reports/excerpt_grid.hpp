// Lays out a ScheduleExcerpt like the paper's tables, for the Markdown and HTML writers
// (internal to reports/): one column per rank, rows "baseblock" (when the excerpt has one),
// "recv 0".."recv q-1", "send 0".."send q-1". Entries missing from a short excerpt are blank.
// Where the excerpt's ranks jump (two groups of columns, e.g. around ranks 1 and 31 of p = 33)
// a gap column "…" separates the groups, so nobody reads 3 and 29 as neighbours. Every mark of
// the excerpt marks its cell (table, round, rank), at most once each. O(ranks * q).
//
// Example: ranks {2, 3}, q = 2, recv {{-2, 1}, {-1, 0}}, send {{1, -1}, {0, -3}}, one mark send,
// rank 3, round 1 gives header {"2", "3"} and rows recv 0: -2 -1 / recv 1: 1 0 / send 0: 1 0 /
// send 1: -1 [-3], the last cell marked.
#pragma once

#include <string>
#include <vector>

#include "model/run_summary.hpp"

namespace collverify::reports {

// The text of a gap column (header and cells).
inline constexpr const char* kGapText = "\u2026";

struct ExcerptCell {
  std::string text;  // the entry in the paper's numbering, "-" if missing, kGapText in a gap
  bool marked = false;
  bool gap = false;
};

struct ExcerptRow {
  std::string label;  // "baseblock", "recv 2", "send 0"
  std::vector<ExcerptCell> cells;
};

struct ExcerptGrid {
  std::vector<std::string> ranks;  // the column headers (kGapText for a gap column)
  std::vector<bool> gap;           // per column: a gap between two groups of ranks
  std::vector<ExcerptRow> rows;
  // Per mark of the excerpt, in its order: whether its cell lies inside, and the cell's text.
  std::vector<bool> mark_shown;
  std::vector<std::string> mark_text;
};

ExcerptGrid layout_excerpt(const ScheduleExcerpt& excerpt);

// "bcast, p=33, q=6, ranks 0 to 3 and 29 to 32": what the excerpt shows, unescaped.
std::string excerpt_caption(const std::string& construction, const ScheduleExcerpt& excerpt);

// One line, unescaped, saying which entries are marked and why: per mark its table, rank,
// round and value ("send of rank 31 in round 2, entry -1 and recv of rank 1 in round 2,
// entry 0"), then first->property and first->message (first may be null).
std::string excerpt_legend(const ScheduleExcerpt& excerpt, const ExcerptGrid& grid,
                           const Violation* first);

}  // namespace collverify::reports
