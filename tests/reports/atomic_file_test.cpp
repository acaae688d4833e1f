// write_file_atomically and write_reports against a scratch directory per test.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>

#include "model/error.hpp"
#include "reports/writers.hpp"
#include "tests/reports/sample_summary.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::set<std::string> names_in(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.insert(entry.path().filename());
  return names;
}

class AtomicFile : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("collverify-reports-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(AtomicFile, WritesTheContentAndLeavesNoTemporary) {
  const std::string content = std::string("line 1\nline 2\n") + std::string(100000, 'x');
  write_file_atomically(dir_ / "out.txt", content);
  EXPECT_EQ(read(dir_ / "out.txt"), content);
  EXPECT_EQ(names_in(dir_), std::set<std::string>{"out.txt"});
}

TEST_F(AtomicFile, ReplacesAnExistingFile) {
  write_file_atomically(dir_ / "out.txt", "a much longer first version\n");
  write_file_atomically(dir_ / "out.txt", "short\n");
  EXPECT_EQ(read(dir_ / "out.txt"), "short\n");
  EXPECT_EQ(names_in(dir_), std::set<std::string>{"out.txt"});
}

TEST_F(AtomicFile, EmptyContent) {
  write_file_atomically(dir_ / "empty", "");
  EXPECT_TRUE(fs::exists(dir_ / "empty"));
  EXPECT_EQ(fs::file_size(dir_ / "empty"), 0u);
}

TEST_F(AtomicFile, CreatesMissingNestedDirectories) {
  const fs::path path = dir_ / "a" / "b" / "c" / "summary.json";
  write_file_atomically(path, "{}\n");
  EXPECT_EQ(read(path), "{}\n");
  EXPECT_EQ(names_in(path.parent_path()), std::set<std::string>{"summary.json"});
}

TEST_F(AtomicFile, PathUnderARegularFileThrowsNamingThePath) {
  write_file_atomically(dir_ / "plain", "I am a file\n");
  const fs::path bad = dir_ / "plain" / "sub" / "report.md";
  try {
    write_file_atomically(bad, "x");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(bad.string()), std::string::npos) << e.what();
  }
  EXPECT_EQ(read(dir_ / "plain"), "I am a file\n");
}

TEST_F(AtomicFile, DirectoryInTheWayThrowsAndCleansUp) {
  fs::create_directories(dir_ / "taken" / "inner");
  EXPECT_THROW(write_file_atomically(dir_ / "taken", "x"), InputError);
  EXPECT_EQ(names_in(dir_), std::set<std::string>{"taken"});
}

TEST_F(AtomicFile, WriteReportsWritesTheSelectedFiles) {
  const RunSummary run = test::sample_summary();
  write_reports(run, dir_ / "out", ReportFormats{});
  EXPECT_EQ(names_in(dir_ / "out"),
            (std::set<std::string>{"summary.json", "junit.xml", "report.md"}));
  EXPECT_EQ(read(dir_ / "out" / "summary.json"), summary_json(run));
  EXPECT_EQ(read(dir_ / "out" / "junit.xml"), junit_xml(run, 1));
  EXPECT_EQ(read(dir_ / "out" / "report.md"), markdown_report(run));

  ReportFormats html_only{false, false, false, true, 1};
  write_reports(run, dir_ / "html", html_only);
  EXPECT_EQ(names_in(dir_ / "html"), std::set<std::string>{"report.html"});
  EXPECT_EQ(read(dir_ / "html" / "report.html"), html_report(run));
}

TEST_F(AtomicFile, WriteReportsUsesTheChunkSize) {
  const RunSummary run = test::sample_summary();
  write_reports(run, dir_, ReportFormats{false, true, false, false, 2});
  EXPECT_EQ(read(dir_ / "junit.xml"), junit_xml(run, 2));
}

TEST_F(AtomicFile, WriteReportsWithBadChunkWritesNothing) {
  EXPECT_THROW(
      write_reports(test::sample_summary(), dir_, ReportFormats{true, true, true, true, 0}),
      InputError);
  EXPECT_TRUE(names_in(dir_).empty());
}

}  // namespace
}  // namespace collverify
