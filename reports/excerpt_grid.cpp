// Paper-style layout of a schedule excerpt; see excerpt_grid.hpp.
#include "reports/excerpt_grid.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace collverify::reports {

namespace {

using Table = std::vector<std::vector<int>>;

// "-" where a column has no entry (the root's receive row, which means nothing).
std::string entry(const Table& table, std::size_t column, int round) {
  if (column >= table.size() || round < 0) return "-";
  const std::vector<int>& row = table[column];
  const auto k = static_cast<std::size_t>(round);
  return k < row.size() ? fmt::format("{}", row[k]) : std::string("-");
}

bool jumps_before(const ScheduleExcerpt& e, std::size_t i) {
  return i > 0 && e.ranks[i] != e.ranks[i - 1] + 1;
}

// One row of cells for the excerpt's columns, with a gap cell wherever the ranks jump;
// text(i) gives column i's cell.
template <typename Text>
std::vector<ExcerptCell> cells_of(const ScheduleExcerpt& e, Text text) {
  std::vector<ExcerptCell> cells;
  for (std::size_t i = 0; i < e.ranks.size(); ++i) {
    if (jumps_before(e, i)) cells.push_back({kGapText, false, true});
    cells.push_back({text(i), false, false});
  }
  return cells;
}

// Appends rows "<name> 0".."<name> q-1", marking the cells of the marks in this table.
void add_table_rows(const ScheduleExcerpt& e, const std::string& name, const Table& table,
                    ExcerptGrid& grid) {
  for (int k = 0; k < e.q; ++k) {
    ExcerptRow row{fmt::format("{} {}", name, k),
                   cells_of(e, [&](std::size_t i) { return entry(table, i, k); })};
    for (std::size_t m = 0; m < e.marks.size(); ++m) {
      const ExcerptMark& mark = e.marks[m];
      if (grid.mark_shown[m] || mark.table != name || mark.round != k) continue;
      std::size_t cell = 0;  // the rank's cell, counting the gap cells before it
      for (std::size_t i = 0; i < e.ranks.size(); ++i, ++cell) {
        if (jumps_before(e, i)) ++cell;
        if (e.ranks[i] != mark.rank) continue;
        row.cells[cell].marked = true;
        grid.mark_shown[m] = true;
        grid.mark_text[m] = row.cells[cell].text;
        break;
      }
    }
    grid.rows.push_back(std::move(row));
  }
}

std::string mark_place(const ExcerptMark& m) {
  return fmt::format("{} of rank {} in round {}", m.table, m.rank, m.round);
}

}  // namespace

ExcerptGrid layout_excerpt(const ScheduleExcerpt& e) {
  ExcerptGrid grid;
  grid.mark_shown.assign(e.marks.size(), false);
  grid.mark_text.assign(e.marks.size(), "");
  for (const ExcerptCell& c : cells_of(e, [&](std::size_t i) {
         return fmt::format("{}", e.ranks[i]);
       })) {
    grid.ranks.push_back(c.text);
    grid.gap.push_back(c.gap);
  }
  if (!e.baseblock.empty()) {
    grid.rows.push_back({"baseblock", cells_of(e, [&](std::size_t i) {
                           return i < e.baseblock.size() ? fmt::format("{}", e.baseblock[i])
                                                         : std::string();
                         })});
  }
  add_table_rows(e, "recv", e.recv, grid);
  add_table_rows(e, "send", e.send, grid);
  return grid;
}

std::string excerpt_caption(const std::string& construction, const ScheduleExcerpt& e) {
  std::string groups;
  std::size_t begin = 0;
  for (std::size_t i = 1; i <= e.ranks.size(); ++i) {
    if (i < e.ranks.size() && !jumps_before(e, i)) continue;
    const std::string group = i - begin == 1 ? fmt::format("{}", e.ranks[begin])
                                             : fmt::format("{} to {}", e.ranks[begin], e.ranks[i - 1]);
    groups += (groups.empty() ? "" : " and ") + group;
    begin = i;
  }
  std::string ranks = "no ranks";
  if (!e.ranks.empty()) ranks = (e.ranks.size() == 1 ? "rank " : "ranks ") + groups;
  return fmt::format("{}, p={}, q={}, {}", construction, e.p, e.q, ranks);
}

std::string excerpt_legend(const ScheduleExcerpt& e, const ExcerptGrid& grid,
                           const Violation* first) {
  std::string shown, hidden;
  for (std::size_t m = 0; m < e.marks.size(); ++m) {
    const std::string at = mark_place(e.marks[m]);
    if (m < grid.mark_shown.size() && grid.mark_shown[m]) {
      shown += fmt::format("{}{}, entry {}", shown.empty() ? "" : " and ", at, grid.mark_text[m]);
    } else {
      hidden += fmt::format("{}{}", hidden.empty() ? "" : " and ", at);
    }
  }
  std::string where;
  if (e.marks.empty()) where = "No entry is marked";
  if (!shown.empty()) where = "Marked: " + shown;
  if (!hidden.empty()) {
    where += fmt::format("{} broken entry ({}) lies outside the excerpt",
                         where.empty() ? "The" : "; the", hidden);
  }
  if (first == nullptr) return where + ".";
  return fmt::format("{}; {} is broken: {}", where, first->property, first->message);
}

}  // namespace collverify::reports
