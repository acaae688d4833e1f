// The report-directory gate every command shares (reports/report_dir.hpp, issue 26): a link as
// the last component is refused naming the resolved directory, also with a trailing slash; a
// dangling link or a link to a file says it leads nowhere; links among the parents are followed;
// a file, or a path under one, is not a directory that can be written.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "model/error.hpp"
#include "reports/report_dir.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;

class ReportDir : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("cv_report_dir_test." + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "real");
    dir_ = fs::canonical(dir_);
    fs::create_directory_symlink(dir_ / "real", dir_ / "link");
    std::ofstream(dir_ / "afile") << "x\n";
    fs::create_symlink(dir_ / "afile", dir_ / "link_to_file");
    fs::create_symlink(dir_ / "nowhere", dir_ / "dangling");
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The message of the refusal, or "" when accepted.
  static std::string refusal(const fs::path& p) {
    try {
      prepare_report_dir(p.string(), "collverify");
      return "";
    } catch (const InputError& e) {
      return e.what();
    }
  }
  fs::path dir_;
};

TEST_F(ReportDir, ALinkAsTheLastComponentIsRefusedNamingTheResolvedDirectory) {
  const std::string link = (dir_ / "link").string();
  for (const std::string& typed : {link, fmt::format("{}/", link), fmt::format("{}//", link)}) {
    const std::string msg = refusal(typed);
    const std::string real = (dir_ / "real").string();
    EXPECT_NE(msg.find(fmt::format("--report '{}' is a symbolic link (to '{}')", typed, real)),
              std::string::npos)
        << msg;
    EXPECT_NE(msg.find(fmt::format("pass the resolved directory '{}' instead", real)),
              std::string::npos)
        << msg;
  }
  // The resolved directory is accepted, and nothing was created through the link.
  EXPECT_EQ(refusal(dir_ / "real"), "");
}

TEST_F(ReportDir, LinksThatLeadToNoDirectoryAreRefused) {
  for (const char* name : {"dangling", "link_to_file"}) {
    const std::string msg = refusal(dir_ / name);
    EXPECT_NE(msg.find("is a symbolic link"), std::string::npos) << msg;
    EXPECT_NE(msg.find("does not lead to a directory"), std::string::npos) << msg;
  }
  EXPECT_FALSE(fs::exists(dir_ / "nowhere"));  // not created through the dangling link
}

TEST_F(ReportDir, LinksAmongTheParentsAreFollowed) {
  EXPECT_EQ(refusal(dir_ / "link" / "run1"), "");
  EXPECT_TRUE(fs::is_directory(dir_ / "real" / "run1"));
  EXPECT_EQ(refusal(dir_ / "fresh" / "deeper"), "");  // created
  EXPECT_TRUE(fs::is_directory(dir_ / "fresh" / "deeper"));
}

TEST_F(ReportDir, AFileOrAPathUnderOneIsNotAWritableDirectory) {
  for (const fs::path& p : {dir_ / "afile", dir_ / "afile" / "sub"}) {
    const std::string msg = refusal(p);
    EXPECT_NE(msg.find(fmt::format("--report '{}' is not a directory collverify can write to", p.string())),
              std::string::npos)
        << msg;
  }
}

}  // namespace
}  // namespace collverify
