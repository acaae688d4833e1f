// One consistent report set per directory (issue 14, "Reports"): every file carries the run id,
// files and temporaries of other runs are removed, summary.json comes last, a symbolic link
// planted where a temporary goes is never written through, and two runs never share a directory.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include <unistd.h>
#include <sys/file.h>
#include <fcntl.h>

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

class ReportSet : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("collverify-report-set-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

RunSummary run_with_id(const std::string& id) {
  RunSummary run = test::sample_summary();
  run.run_id = id;
  return run;
}

TEST_F(ReportSet, EveryFileCarriesTheRunId) {
  RunSummary run = run_with_id("feedfacefeedfacefeedfacefeedface");
  run.constructions[1].picture_dot = "digraph witness { 0 -> 1; }\n";
  write_reports(run, dir_, ReportFormats{true, true, true, true, 1});
  for (const char* f : {"summary.json", "junit.xml", "report.md", "report.html",
                        "bcast_plugin_witness.dot"}) {
    EXPECT_NE(read(dir_ / f).find("feedfacefeedfacefeedfacefeedface"), std::string::npos) << f;
  }
}

TEST_F(ReportSet, RunIdsAreFresh) {
  const std::string a = new_run_id();
  EXPECT_EQ(a.size(), 32u);
  EXPECT_NE(a, new_run_id());
}

// A rerun with fewer formats removes the previous run's other files: no stale report.html
// beside the new summary.json.
TEST_F(ReportSet, RerunWithFewerFormatsRemovesThePreviousFiles) {
  RunSummary first = run_with_id("11111111111111111111111111111111");
  first.constructions[1].picture_dot = "digraph witness { 0 -> 1; }\n";
  write_reports(first, dir_, ReportFormats{true, true, true, true, 1});
  std::ofstream(dir_ / "notes.txt") << "the user's own file\n";
  write_reports(run_with_id("22222222222222222222222222222222"), dir_,
                ReportFormats{true, false, false, false, 1});
  EXPECT_EQ(names_in(dir_), (std::set<std::string>{"summary.json", "notes.txt"}));
  EXPECT_NE(read(dir_ / "summary.json").find("22222222222222222222222222222222"),
            std::string::npos);
}

// Issue 26 #11: a hypercube run's SVGs stayed beside a later run's summary in the same directory
// (the pictures were written by the CLI, outside the set). They are now part of the set: written
// with the run id, and removed by a later run that does not draw them; a user's SVG stays.
TEST_F(ReportSet, PicturesOfAPreviousRunAreRemovedAndCarryTheRunId) {
  RunSummary first = run_with_id("44444444444444444444444444444444");
  first.constructions[0].pictures_svg.push_back({"aab_tree.svg", "AAB", "<svg></svg>"});
  first.constructions[0].pictures_svg.push_back({"tadt_synth_3x3.svg", "Z3", "<svg></svg>"});
  write_reports(first, dir_, ReportFormats{});
  EXPECT_NE(
      read(dir_ / "aab_tree.svg").find("<!-- collverify run 44444444444444444444444444444444"),
      std::string::npos);
  EXPECT_TRUE(fs::exists(dir_ / "tadt_synth_3x3.svg"));
  std::ofstream(dir_ / "mine.svg") << "<svg/>";
  RunSummary second = run_with_id("55555555555555555555555555555555");
  second.constructions[0].pictures_svg.push_back({"torus_cycles.svg", "cycles", "<svg></svg>"});
  write_reports(second, dir_, ReportFormats{});
  EXPECT_EQ(names_in(dir_), (std::set<std::string>{"summary.json", "junit.xml", "report.md",
                                                   "torus_cycles.svg", "mine.svg"}));
  // A picture whose name is a file collverify did not write (no run marker) is refused before
  // anything is written: it could be the user's.
  RunSummary third = run_with_id("66666666666666666666666666666666");
  third.constructions[0].pictures_svg.push_back({"mine.svg", "x", "<svg></svg>"});
  EXPECT_THROW(write_reports(third, dir_, ReportFormats{}), InputError);
  EXPECT_EQ(read(dir_ / "mine.svg"), "<svg/>");
  for (const char* n : {"aab_tree.svg", "fractional_speedup.csv", "fractional_embed_figure4.svg",
                        "tadt_synth_3x3x3.svg", "mine.svg", "A-b.c.svg"}) {
    EXPECT_TRUE(is_picture_file_name(n)) << n;
  }
  for (const char* n : {".svg", ".hidden.svg", "-x.svg", "a/b.svg", "../x.svg", "x..svg",
                        "aab_tree.svg~", "fractional_embed_x.png", "sp ace.svg"}) {
    EXPECT_FALSE(is_picture_file_name(n)) << n;
  }
}

// A family's data file (Figure 3's CSV) is written with the run marker, replaced by the next
// run, and removed when a later run does not write it; a user's CSV of another name stays.
TEST_F(ReportSet, DataFilesCarryTheRunMarkerAndOnlyOursAreRemoved) {
  std::ofstream(dir_ / "user.csv") << "a,b\n1,2\n";
  RunSummary first = run_with_id("77777777777777777777777777777777");
  first.constructions[0].data_files.push_back({"curve.csv", "x,y\n1,2\n"});
  write_reports(first, dir_, ReportFormats{});
  EXPECT_EQ(read(dir_ / "curve.csv"), "# collverify run 77777777777777777777777777777777\nx,y\n1,2\n");
  write_reports(run_with_id("88888888888888888888888888888888"), dir_, ReportFormats{});
  EXPECT_FALSE(fs::exists(dir_ / "curve.csv"));
  EXPECT_EQ(read(dir_ / "user.csv"), "a,b\n1,2\n");
}

// A run killed while writing left temporaries and a mixed set; the next run removes the
// temporaries (also a symbolic link among them, never what it points to).
TEST_F(ReportSet, TemporariesOfKilledRunsAreRemoved) {
  std::ofstream(dir_ / "junit.xml.tmp.4242") << "<half";
  std::ofstream(dir_ / "summary.json.tmp.4242.0011223344556677") << "{";
  std::ofstream(dir_ / "victim.txt") << "keep me\n";
  fs::create_symlink(dir_ / "victim.txt", dir_ / "report.md.tmp.77");
  write_reports(run_with_id("33333333333333333333333333333333"), dir_, ReportFormats{});
  EXPECT_EQ(names_in(dir_),
            (std::set<std::string>{"summary.json", "junit.xml", "report.md", "victim.txt"}));
  EXPECT_EQ(read(dir_ / "victim.txt"), "keep me\n");
}

// The previous summary.json goes before anything else is written: if this run dies before its
// own summary.json, no summary.json vouches for a mixed set. A directory in report.md's way makes
// the write fail midway, after junit.xml was replaced.
TEST_F(ReportSet, AFailureMidwayLeavesNoSummaryJson) {
  write_reports(run_with_id("44444444444444444444444444444444"), dir_, ReportFormats{});
  ASSERT_TRUE(fs::exists(dir_ / "summary.json"));
  fs::remove(dir_ / "report.md");
  fs::create_directories(dir_ / "report.md" / "in-the-way");
  EXPECT_THROW(write_reports(run_with_id("55555555555555555555555555555555"), dir_,
                             ReportFormats{}),
               InputError);
  EXPECT_FALSE(fs::exists(dir_ / "summary.json"));
  fs::remove_all(dir_ / "report.md");
}

TEST_F(ReportSet, OnlyOurNamesAreReportFiles) {
  for (const char* n : {"summary.json", "junit.xml", "report.md", "report.html", "trees_witness.dot"}) {
    EXPECT_TRUE(is_report_file_name(n)) << n;
  }
  for (const char* n : {"summary.json.bak", "notes.txt", "_witness.dot", "junit.xml~", ".collverify.lock"}) {
    EXPECT_FALSE(is_report_file_name(n)) << n;
  }
  EXPECT_TRUE(is_report_temporary_name("junit.xml.tmp.123"));
  EXPECT_TRUE(is_report_temporary_name("summary.json.tmp.123.00ff"));
  EXPECT_FALSE(is_report_temporary_name("notes.txt.tmp.123"));
  EXPECT_FALSE(is_report_temporary_name("junit.xml"));
}

// A symbolic link planted at the temporary name the old writer used (<name>.tmp.<pid>) made it
// overwrite the link's target. Now the temporary is created O_EXCL|O_NOFOLLOW under an
// unpredictable name, and the target stays untouched.
TEST_F(ReportSet, PlantedSymlinkAtTheTemporaryNameIsNotWrittenThrough) {
  std::ofstream(dir_ / "victim.txt") << "precious\n";
  const fs::path target = dir_ / "junit.xml";
  fs::path planted = target;
  planted += ".tmp." + std::to_string(::getpid());
  fs::create_symlink(dir_ / "victim.txt", planted);
  write_file_atomically(target, "new content\n");
  EXPECT_EQ(read(dir_ / "victim.txt"), "precious\n");
  EXPECT_EQ(read(target), "new content\n");
  EXPECT_TRUE(fs::is_symlink(planted));  // not ours: left alone by write_file_atomically
}

// A symbolic link at the report's own name is replaced by the report, not followed.
TEST_F(ReportSet, SymlinkAtTheTargetIsReplacedNotFollowed) {
  std::ofstream(dir_ / "victim.txt") << "precious\n";
  fs::create_symlink(dir_ / "victim.txt", dir_ / "report.md");
  write_file_atomically(dir_ / "report.md", "report\n");
  EXPECT_EQ(read(dir_ / "victim.txt"), "precious\n");
  EXPECT_FALSE(fs::is_symlink(dir_ / "report.md"));
  EXPECT_EQ(read(dir_ / "report.md"), "report\n");
}

TEST_F(ReportSet, SecondLockOnADirectoryIsRefusedNamingTheHolder) {
  ReportDirLock first = lock_report_dir(dir_, "66666666666666666666666666666666");
  try {
    lock_report_dir(dir_, "77777777777777777777777777777777");
    FAIL() << "a second lock was granted";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("is in use by another collverify run"), std::string::npos) << what;
    EXPECT_NE(what.find("pid " + std::to_string(::getpid())), std::string::npos) << what;
    EXPECT_NE(what.find("66666666666666666666666666666666"), std::string::npos) << what;
  }
  first = ReportDirLock();  // released
  EXPECT_NO_THROW(lock_report_dir(dir_, "88888888888888888888888888888888"));
}

TEST_F(ReportSet, LockFileIsNotAReportFileAndSurvivesWrites) {
  ReportDirLock lock = lock_report_dir(dir_, "99999999999999999999999999999999");
  write_reports(run_with_id("99999999999999999999999999999999"), dir_, ReportFormats{});
  EXPECT_TRUE(fs::exists(dir_ / ".collverify.lock"));
}

// Issue 25: the lock file ended up in every report directory and CI artifact. Released, the
// lock removes its file; a file left by a killed run (unlocked) neither blocks the next run nor
// survives it.
TEST_F(ReportSet, ReleasedLockLeavesNoFile) {
  {
    ReportDirLock lock = lock_report_dir(dir_, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    EXPECT_TRUE(fs::exists(dir_ / ".collverify.lock"));
  }
  EXPECT_FALSE(fs::exists(dir_ / ".collverify.lock"));
  std::ofstream(dir_ / ".collverify.lock") << "pid 1, run id of a killed run\n";
  {
    ReportDirLock lock = lock_report_dir(dir_, "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
  }
  EXPECT_FALSE(fs::exists(dir_ / ".collverify.lock"));
}

// After the holder removed its file, a descriptor of the old file locks nothing that matters: the
// next run creates and holds a new file, and a third run is refused. (The window in which a run
// opens the old file and locks it after the holder let go lies inside lock_report_dir, which
// then starts over; no test reaches into it.)
TEST_F(ReportSet, RemovedLockFileIsNotTheLock) {
  ReportDirLock first = lock_report_dir(dir_, "cccccccccccccccccccccccccccccccc");
  const int stale = ::open((dir_ / ".collverify.lock").c_str(), O_RDWR);
  ASSERT_GE(stale, 0);
  first = ReportDirLock();  // removes the file, then unlocks
  EXPECT_FALSE(fs::exists(dir_ / ".collverify.lock"));
  ReportDirLock second = lock_report_dir(dir_, "dddddddddddddddddddddddddddddddd");
  // The stale descriptor's file is not the one at the path: locking it proves nothing, and the
  // path's file is held by `second`.
  EXPECT_EQ(::flock(stale, LOCK_EX | LOCK_NB), 0);
  EXPECT_THROW(lock_report_dir(dir_, "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"), InputError);
  ::close(stale);
}

}  // namespace
}  // namespace collverify
