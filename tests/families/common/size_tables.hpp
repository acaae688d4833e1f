// Test helper: whether a construction summary's per-size tables (model/run_summary.hpp SizeTable)
// have a row that starts with the given cells.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "model/run_summary.hpp"

namespace collverify::test_families {

inline bool has_row(const ConstructionSummary& s, const std::vector<std::string>& prefix) {
  for (const SizeTable& t : s.tables) {
    for (const auto& row : t.rows) {
      if (row.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), row.begin())) return true;
    }
  }
  return false;
}

// Every row of every table, cells joined by " | ", one row a line (for failure messages).
inline std::string tables_text(const ConstructionSummary& s) {
  std::string out;
  for (const SizeTable& t : s.tables) {
    for (const auto& row : t.rows) {
      for (std::size_t i = 0; i < row.size(); ++i) out.append(i == 0 ? "" : " | ").append(row[i]);
      out.append("\n");
    }
  }
  return out;
}

}  // namespace collverify::test_families
