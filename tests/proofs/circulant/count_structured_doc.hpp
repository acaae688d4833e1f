// Reads the counts table of docs/RESULTS-count-schedules.md ("## The counts, every p = 2..64"):
// p -> (q, count) for every row "| p | q | count | ...". Shared by the unit and the slow test.
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <utility>

namespace collverify::testing_doc {

inline std::map<std::int64_t, std::pair<int, std::uint64_t>> read_count_table(
    const std::string& path) {
  std::ifstream in(path);
  std::map<std::int64_t, std::pair<int, std::uint64_t>> rows;
  const std::regex row(R"(^\| (\d+) \| (\d+) \| (\d+) \|)");
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## ", 0) == 0) inside = line.rfind("## The counts, every p", 0) == 0;
    std::smatch m;
    if (inside && std::regex_search(line, m, row)) {
      const auto p = std::stoll(m[1].str());
      if (rows.count(p) != 0) rows[p].first = -1;  // a p listed twice: fails the q check
      else rows[p] = {std::stoi(m[2].str()), std::stoull(m[3].str())};
    }
  }
  return rows;
}

}  // namespace collverify::testing_doc
