#include "mpi/program_exec.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace collverify::mpiexec {

int exec_program_driver(int argc, char** argv) {
  std::vector<char> self(4096, '\0');
  const ssize_t n = ::readlink("/proc/self/exe", self.data(), self.size() - 1);
  std::string dir = n > 0 ? std::string(self.data(), static_cast<std::size_t>(n)) : std::string();
  dir = dir.substr(0, dir.find_last_of('/') + 1);
  const std::string driver = dir + "collverify-mpi-program";
  std::vector<char*> args(argv, argv + argc);
  args[0] = const_cast<char*>(driver.c_str());
  args.push_back(nullptr);
  ::execv(driver.c_str(), args.data());
  std::fprintf(stderr, "collverify-mpi: cannot run %s: %s\n", driver.c_str(), std::strerror(errno));
  return 2;
}

}  // namespace collverify::mpiexec
