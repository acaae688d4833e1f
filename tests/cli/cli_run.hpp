// Runs the collverify binary (COLLVERIFY_BIN, set by tests/cli/CMakeLists.txt) with arguments
// through the shell and returns its exit code and output: what every CLI test needs.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>

namespace collverify::test_cli {

struct CliRun {
  int code = -1;
  std::string out;
};

enum class Stderr { merged, dropped, passed_through };

inline CliRun run_collverify(const std::string& args, Stderr err) {
  const char* redirect = err == Stderr::merged ? " 2>&1" : err == Stderr::dropped ? " 2>/dev/null" : "";
  // Appended, not a chain of operator+: GCC 12 at -O2 reports a false -Wstringop-overflow there.
  std::string cmd(COLLVERIFY_BIN);
  cmd.append(" ").append(args).append(redirect);
  CliRun r;
  FILE* f = popen(cmd.c_str(), "r");
  if (f == nullptr) return r;
  std::array<char, 4096> buf{};
  while (std::size_t got = std::fread(buf.data(), 1, buf.size(), f)) r.out.append(buf.data(), got);
  const int status = pclose(f);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// A fresh, empty directory under the system's temporary directory, unique to this process.
inline std::filesystem::path fresh_temp_dir(const std::string& test, const std::string& name) {
  const std::filesystem::path d = std::filesystem::temp_directory_path() /
      ("collverify_" + test + "_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

inline void expect_contains(const std::string& out, const std::string& text) {
  EXPECT_NE(out.find(text), std::string::npos) << "missing '" << text << "' in:\n" << out;
}

}  // namespace collverify::test_cli
