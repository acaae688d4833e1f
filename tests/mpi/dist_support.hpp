// Helpers of the distributed-verification tests (dist_test.cpp, dist_stream_test.cpp): shell
// runs, the mpirun prefix, scratch directories, summary.json without what differs between two
// runs of the same check.
#pragma once

#include <unistd.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

namespace dist_test {

namespace fs = std::filesystem;

struct ShellRun {
  int code = -1;
  std::string out;
};

inline ShellRun sh(const std::string& cmd) {
  ShellRun r;
  FILE* f = popen((cmd + " 2>&1").c_str(), "r");
  if (f == nullptr) return r;
  std::array<char, 4096> buf{};
  while (std::size_t got = std::fread(buf.data(), 1, buf.size(), f)) r.out.append(buf.data(), got);
  const int status = pclose(f);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline std::string launcher(int np) {
  return std::string(MPIEXEC) + " --oversubscribe --bind-to none -np " + std::to_string(np) + " ";
}

inline fs::path scratch(const std::string& name) {
  const auto dir = fs::temp_directory_path() /
                   ("collverify_dist_test_" + std::to_string(getpid()) + "_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// summary.json without what differs between two runs of the same check: the run id, the
// seconds, and (for a resumed run, whose command names --resume) the command.
inline nlohmann::json comparable(const fs::path& file, bool keep_command = true) {
  std::ifstream in(file);
  auto j = nlohmann::json::parse(in);
  j.erase("run_id");
  if (!keep_command) j.erase("command");
  for (auto& c : j["constructions"]) c.erase("seconds");
  return j;
}

}  // namespace dist_test
