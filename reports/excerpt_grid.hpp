// Lays out a ScheduleExcerpt like the paper's tables, for the Markdown and HTML writers
// (internal to reports/): one column per rank, rows "baseblock" (when the excerpt has one),
// "recv 0".."recv q-1", "send 0".."send q-1". Entries missing from a short excerpt are blank.
// At most one cell is marked: the first column whose rank is marked_rank, in the row of
// marked_table and marked_round. O(ranks * q).
//
// Example: ranks {2, 3}, q = 2, recv {{-2, 1}, {-1, 0}}, send {{1, -1}, {0, -3}}, marked send,
// rank 3, round 1 gives header {"2", "3"} and rows recv 0: -2 -1 / recv 1: 1 0 / send 0: 1 0 /
// send 1: -1 [-3], the last cell marked.
#pragma once

#include <string>
#include <vector>

#include "model/run_summary.hpp"

namespace collverify::reports {

struct ExcerptCell {
  std::string text;  // the entry in the paper's numbering, or "" if missing
  bool marked = false;
};

struct ExcerptRow {
  std::string label;  // "baseblock", "recv 2", "send 0"
  std::vector<ExcerptCell> cells;
};

struct ExcerptGrid {
  std::vector<std::string> ranks;  // the column headers
  std::vector<ExcerptRow> rows;
  bool marked = false;      // whether the broken entry lies inside the excerpt
  std::string marked_text;  // the marked cell's text
};

ExcerptGrid layout_excerpt(const ScheduleExcerpt& excerpt);

// "bcast, p=17, q=5, ranks 1 to 5": what the excerpt shows, unescaped.
std::string excerpt_caption(const std::string& construction, const ScheduleExcerpt& excerpt);

// One line, unescaped, saying which entry is marked and why: the marked table, rank, round and
// value, then first->property and first->message (first may be null).
std::string excerpt_legend(const ScheduleExcerpt& excerpt, const ExcerptGrid& grid,
                           const Violation* first);

}  // namespace collverify::reports
