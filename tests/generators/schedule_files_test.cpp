// Files of many schedules: one object, an array, JSON Lines and a directory give the schedules
// they hold, each naming its origin; a malformed line names file and line, an array element its
// index, a p held twice both origins; --p selection refuses a p not held.
#include "generators/external/schedule_files.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "generators/external/schedule_json.hpp"
#include "model/error.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;

fs::path temp_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() /
                     ("collverify_schedule_files_test_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// One schedule as one line (schedule_to_json prints one rank a line).
std::string line_of(std::int64_t p) {
  return nlohmann::json::parse(schedule_to_json(circulant::build_circulant_bcast(p))).dump();
}

void write(const fs::path& f, const std::string& text) { std::ofstream(f) << text; }

// Joined piecewise: GCC 12 -O3 warns falsely (-Wrestrict) on "literal" + std::string.
std::string cat(std::initializer_list<std::string> parts) {
  std::string out;
  for (const std::string& part : parts) out.append(part);
  return out;
}

std::string error_of(const fs::path& f) {
  try {
    ScheduleFiles::read(f);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

void expect_tables_of(const ScheduleFiles& files, std::int64_t p) {
  const auto want = circulant::build_circulant_bcast(p);
  EXPECT_EQ(files.at(p).schedule.recv, want.recv) << "p = " << p;
  EXPECT_EQ(files.at(p).schedule.send, want.send) << "p = " << p;
  EXPECT_EQ(files.at(p).schedule.baseblock, want.baseblock) << "p = " << p;
}

TEST(ScheduleFiles, OneObjectFileHoldsItsP) {
  const auto dir = temp_dir("one");
  write(dir / "s.json", schedule_to_json(circulant::build_circulant_bcast(20)));
  const auto files = ScheduleFiles::read(dir / "s.json");
  EXPECT_EQ(files.ps(), std::vector<std::int64_t>{20});
  EXPECT_EQ(files.at(20).origin, (dir / "s.json").string());
  expect_tables_of(files, 20);
  fs::remove_all(dir);
}

TEST(ScheduleFiles, ArrayHoldsEveryElementInPOrder) {
  const auto dir = temp_dir("array");
  write(dir / "a.json", cat({"[", line_of(9), ",\n", line_of(2), ",\n", line_of(33), "]"}));
  const auto files = ScheduleFiles::read(dir / "a.json");
  EXPECT_EQ(files.ps(), (std::vector<std::int64_t>{2, 9, 33}));
  EXPECT_EQ(files.at(33).origin, (dir / "a.json").string() + "[2]");
  for (const std::int64_t p : {2, 9, 33}) expect_tables_of(files, p);
  fs::remove_all(dir);
}

TEST(ScheduleFiles, JsonLinesSkipBlankLinesAndNameTheirLine) {
  const auto dir = temp_dir("lines");
  write(dir / "d.jsonl", line_of(5) + "\n\n" + line_of(4) + "\n" + line_of(3) + "\n");
  const auto files = ScheduleFiles::read(dir / "d.jsonl");
  EXPECT_EQ(files.ps(), (std::vector<std::int64_t>{3, 4, 5}));
  EXPECT_EQ(files.at(4).origin, (dir / "d.jsonl").string() + ":3");
  for (const std::int64_t p : {3, 4, 5}) expect_tables_of(files, p);
  fs::remove_all(dir);
}

TEST(ScheduleFiles, DirectoryReadsEveryScheduleFileAndNothingElse) {
  const auto dir = temp_dir("dir");
  write(dir / "a.json", schedule_to_json(circulant::build_circulant_bcast(7)));
  write(dir / "b.jsonl", line_of(8) + "\n" + line_of(9) + "\n");
  write(dir / "c.ndjson", line_of(10) + "\n");
  write(dir / "notes.txt", "not a schedule");
  fs::create_directories(dir / "sub.json");  // a directory named like a file is skipped
  const auto files = ScheduleFiles::read(dir);
  EXPECT_EQ(files.ps(), (std::vector<std::int64_t>{7, 8, 9, 10}));
  EXPECT_EQ(files.at(9).origin, (dir / "b.jsonl").string() + ":2");
  fs::remove_all(dir);
}

TEST(ScheduleFiles, MalformedLineNamesFileAndLine) {
  const auto dir = temp_dir("badline");
  write(dir / "d.jsonl", line_of(2) + "\n" + line_of(3) + "\n{\"p\": 4, \"q\": 2, \"skips\"\n");
  const std::string m = error_of(dir / "d.jsonl");
  EXPECT_NE(m.find((dir / "d.jsonl").string() + ":3: invalid JSON"), std::string::npos) << m;
  // A well-formed line whose table entry is out of range names line, key, p, r and k.
  auto j = nlohmann::json::parse(line_of(4));
  j["send"][1][0] = 7;
  write(dir / "e.jsonl", line_of(2) + "\n" + j.dump() + "\n");
  const std::string range = error_of(dir / "e.jsonl");
  EXPECT_NE(range.find((dir / "e.jsonl").string() + ":2: \"send\"[1][0] = 7 for p = 4, r = 1"),
            std::string::npos)
      << range;
  fs::remove_all(dir);
}

TEST(ScheduleFiles, BadArrayElementNamesItsIndex) {
  const auto dir = temp_dir("badelem");
  write(dir / "a.json", cat({"[", line_of(2), ", {\"p\": 3}]"}));
  const std::string m = error_of(dir / "a.json");
  EXPECT_NE(m.find((dir / "a.json").string() + "[1]: missing key \"q\""), std::string::npos) << m;
  write(dir / "b.json", cat({"[", line_of(2), ", "}));
  EXPECT_NE(error_of(dir / "b.json").find((dir / "b.json").string() + ": invalid JSON"),
            std::string::npos);
  fs::remove_all(dir);
}

TEST(ScheduleFiles, PHeldTwiceNamesBothOrigins) {
  const auto dir = temp_dir("dup");
  write(dir / "a.jsonl", line_of(2) + "\n" + line_of(6) + "\n");
  write(dir / "b.json", cat({"[", line_of(3), ",", line_of(6), "]"}));
  const std::string m = error_of(dir);
  EXPECT_NE(m.find("p = 6 is held twice: by " + (dir / "a.jsonl").string() + ":2 and by " +
                   (dir / "b.json").string() + "[1]"),
            std::string::npos)
      << m;
  fs::remove_all(dir);
}

TEST(ScheduleFiles, EmptyInputsAreRefused) {
  const auto dir = temp_dir("empty");
  EXPECT_NE(error_of(dir).find("holds no *.json"), std::string::npos);
  write(dir / "e.jsonl", "\n\n");
  EXPECT_NE(error_of(dir / "e.jsonl").find("holds no schedule"), std::string::npos);
  write(dir / "e.json", "[]");
  EXPECT_NE(error_of(dir / "e.json").find("holds no schedule"), std::string::npos);
  EXPECT_NE(error_of(dir / "missing.json").find("cannot read schedule file"), std::string::npos);
  fs::remove_all(dir);
}

TEST(ScheduleFiles, SelectionAndListText) {
  EXPECT_EQ(p_list_text({2, 3, 4, 9}), "2..4,9");
  EXPECT_EQ(p_list_text({5}), "5");
  EXPECT_EQ(p_list_text({1, 3, 5, 6}), "1,3,5..6");
  const std::vector<std::int64_t> held{2, 3, 4, 9};
  EXPECT_EQ(select_held(held, {3, 9}, "schedule file F"), (std::vector<std::int64_t>{3, 9}));
  try {
    select_held(held, {3, 5}, "schedule file F");
    ADD_FAILURE() << "p = 5 is not held";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("p = 5, but schedule file F holds no schedule of p = 5 "
                                         "(it holds p = 2..4,9)"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace collverify
