// `campaign --quick` against its golden summary (tests/cli/golden/): the restructuring of the
// families into families/<name>/ (issue 21) must not change what the campaign checks and says.
// The golden summary.json has the timings removed (every "seconds", times such as "Z3 0.03 s"
// in texts, the run id, the command and the version, and the build tree's path to the example
// programs written as PROGRAMS) and is compared construction by
// construction, by name (the order of the parts may change); every picture and CSV beside the
// reports is compared by an FNV-1a hash of its text with the run id masked.
//
// When a change is meant to alter the campaign's output (a new check, a new part), regenerate
// the golden files with tests/cli/golden/regenerate.sh and say why in the commit.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "tests/cli/cli_run.hpp"

namespace collverify::test_cli {
namespace {

using nlohmann::json;

json without_timings(const json& j) {
  static const std::regex kTime("[0-9]+\\.[0-9]+ s\\b");
  if (j.is_object()) {
    json out = json::object();
    for (const auto& [k, v] : j.items()) {
      if (k == "seconds" || k == "run_id" || k == "command" || k == "version") continue;
      out[k] = without_timings(v);
    }
    return out;
  }
  if (j.is_array()) {
    json out = json::array();
    for (const auto& v : j) out.push_back(without_timings(v));
    return out;
  }
  if (j.is_string()) {
    // The example programs are named by their path in the build tree, which differs per clone.
    std::string text = j.get<std::string>();
    const std::string programs = PROGRAMS_DIR;
    for (std::size_t at = text.find(programs); at != std::string::npos; at = text.find(programs, at)) {
      text.replace(at, programs.size(), "PROGRAMS");
    }
    return std::regex_replace(text, kTime, "T s");
  }
  return j;
}

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

// "name hash" per picture or CSV (the report files themselves: name only), sorted by name.
std::map<std::string, std::string> report_files(const std::filesystem::path& dir) {
  static const std::regex kRun("collverify run [0-9a-f]+");
  static const std::set<std::string> kReports{"summary.json", "junit.xml", "report.md",
                                              "report.html"};
  std::map<std::string, std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.front() == '.') continue;
    if (kReports.count(name) != 0) {
      out[name] = "";
      continue;
    }
    const std::string masked = std::regex_replace(read(e.path()), kRun, "collverify run RUN");
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv1a(masked)));
    out[name] = hex;
  }
  return out;
}

TEST(CampaignGolden, QuickCampaignSaysWhatItSaidBefore) {
  const auto dir = fresh_temp_dir("campaign_golden", "out");
  const CliRun r = run_collverify("campaign --quick --jobs 2 --report " + dir.string(), Stderr::dropped);
  ASSERT_EQ(r.code, 0) << r.out;

  const json golden = json::parse(read(std::filesystem::path(GOLDEN_DIR) / "campaign_quick_summary.json"));
  const json now = without_timings(json::parse(read(dir / "summary.json")));
  std::map<std::string, json> want, got;
  for (const auto& c : golden.at("constructions")) want[c.at("name")] = c;
  for (const auto& c : now.at("constructions")) got[c.at("name")] = c;
  for (const auto& [name, c] : want) {
    ASSERT_TRUE(got.count(name)) << "the campaign lost its part " << name;
    EXPECT_EQ(got[name], c) << "part " << name << " changed:\nnow:    " << got[name].dump()
                            << "\ngolden: " << c.dump();
  }
  for (const auto& [name, c] : got) EXPECT_TRUE(want.count(name)) << "new part " << name;
  for (const auto& key : {"schema", "complete", "verdict"}) EXPECT_EQ(now.at(key), golden.at(key));

  std::map<std::string, std::string> want_files;
  std::ifstream list(std::filesystem::path(GOLDEN_DIR) / "campaign_quick_files.txt");
  std::string name, hash;
  std::string line;
  while (std::getline(list, line)) {
    std::istringstream fields(line);
    name.clear();
    hash.clear();
    fields >> name >> hash;
    if (!name.empty()) want_files[name] = hash;
  }
  EXPECT_EQ(report_files(dir), want_files);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace collverify::test_cli
