// The campaign's data is read from the installed tree when the executable sits in one, else from
// the build tree (families/common/data_dir.hpp).
#include "families/common/data_dir.hpp"

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <unistd.h>

namespace collverify::cli {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() /
                     ("collverify_data_dir_test_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

TEST(DataDir, TheInstalledFolderWinsWhenItExists) {
  const fs::path prefix = fresh_dir("installed");
  fs::create_directories(prefix / "lib/collverify/programs");
  fs::create_directories(prefix / "share/collverify/routed");
  const fs::path exe_dir = prefix / "lib/collverify";
  EXPECT_EQ(data_dir(exe_dir, "programs", "/build/examples/programs"), exe_dir / "programs");
  EXPECT_EQ(data_dir(exe_dir, "../../share/collverify/routed", "/clone/examples/routed"),
            prefix / "share/collverify/routed");
  fs::remove_all(prefix);
}

TEST(DataDir, ABuildTreeFallsBackToTheBuildFolder) {
  const fs::path build = fresh_dir("build");
  fs::create_directories(build / "cli");
  // A file of that name is not the folder either.
  std::ofstream(build / "cli" / "programs") << "x";
  EXPECT_EQ(data_dir(build / "cli", "programs", "/build/examples/programs"),
            fs::path("/build/examples/programs"));
  EXPECT_EQ(data_dir(build / "cli", "../../share/collverify/routed", "/clone/examples/routed"),
            fs::path("/clone/examples/routed"));
  EXPECT_EQ(data_dir(fs::path(), "programs", "/b"), fs::path("/b"));
  fs::remove_all(build);
}

TEST(DataDir, TheExecutableFolderIsThisTestsOwn) {
  const fs::path dir = executable_dir();
  ASSERT_FALSE(dir.empty());
  EXPECT_TRUE(fs::exists(dir / "families_data_dir_test"));
}

}  // namespace
}  // namespace collverify::cli
