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

// Appends rows "<name> 0".."<name> q-1", marking the broken entry if it is in this table.
void add_table_rows(const ScheduleExcerpt& e, const std::string& name, const Table& table,
                    ExcerptGrid& grid) {
  for (int k = 0; k < e.q; ++k) {
    ExcerptRow row{fmt::format("{} {}", name, k), {}};
    for (std::size_t i = 0; i < e.ranks.size(); ++i) {
      ExcerptCell cell{entry(table, i, k), false};
      if (!grid.marked && e.marked_table == name && e.marked_round == k &&
          e.marked_rank == e.ranks[i]) {
        cell.marked = true;
        grid.marked = true;
        grid.marked_text = cell.text;
      }
      row.cells.push_back(std::move(cell));
    }
    grid.rows.push_back(std::move(row));
  }
}

}  // namespace

ExcerptGrid layout_excerpt(const ScheduleExcerpt& e) {
  ExcerptGrid grid;
  for (std::int64_t r : e.ranks) grid.ranks.push_back(fmt::format("{}", r));
  if (!e.baseblock.empty()) {
    ExcerptRow row{"baseblock", {}};
    for (std::size_t i = 0; i < e.ranks.size(); ++i) {
      row.cells.push_back({i < e.baseblock.size() ? fmt::format("{}", e.baseblock[i]) : "", false});
    }
    grid.rows.push_back(std::move(row));
  }
  add_table_rows(e, "recv", e.recv, grid);
  add_table_rows(e, "send", e.send, grid);
  return grid;
}

std::string excerpt_caption(const std::string& construction, const ScheduleExcerpt& e) {
  std::string ranks = "no ranks";
  if (!e.ranks.empty()) {
    ranks = e.ranks.size() == 1 ? fmt::format("rank {}", e.ranks.front())
                                : fmt::format("ranks {} to {}", e.ranks.front(), e.ranks.back());
  }
  return fmt::format("{}, p={}, q={}, {}", construction, e.p, e.q, ranks);
}

std::string excerpt_legend(const ScheduleExcerpt& e, const ExcerptGrid& grid,
                           const Violation* first) {
  std::string where;
  if (e.marked_table.empty() || e.marked_rank == kNone) {
    where = "No entry is marked";
  } else {
    const std::string at =
        fmt::format("{} of rank {} in round {}", e.marked_table, e.marked_rank, e.marked_round);
    where = grid.marked ? fmt::format("Marked: {}, entry {}", at, grid.marked_text)
                        : fmt::format("The broken entry ({}) lies outside the excerpt", at);
  }
  if (first == nullptr) return where + ".";
  return fmt::format("{}; {} is broken: {}", where, first->property, first->message);
}

}  // namespace collverify::reports
