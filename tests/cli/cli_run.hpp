// Runs the collverify binary (COLLVERIFY_BIN, set by tests/cli/CMakeLists.txt) with arguments
// through the shell and returns its exit code and output: what every CLI test needs.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace collverify::test_cli {

struct CliRun {
  int code = -1;
  std::string out;
};

enum class Stderr { merged, dropped, passed_through };

inline CliRun run_collverify(const std::string& args, Stderr err) {
  const char* redirect = err == Stderr::merged ? " 2>&1" : err == Stderr::dropped ? " 2>/dev/null" : "";
  const std::string cmd = std::string(COLLVERIFY_BIN) + " " + args + redirect;
  CliRun r;
  FILE* f = popen(cmd.c_str(), "r");
  if (f == nullptr) return r;
  std::array<char, 4096> buf{};
  while (std::size_t got = std::fread(buf.data(), 1, buf.size(), f)) r.out.append(buf.data(), got);
  const int status = pclose(f);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace collverify::test_cli
