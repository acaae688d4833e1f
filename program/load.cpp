// load_plugin: the simulation's way in (plugin.hpp). The MPI entry points
// (libcollverify_mpi_shim.so, beside libcollverify_program.so) join the global symbol scope only
// here, when a plugin is loaded: a process that uses a real MPI (a run under mpirun, whose
// transport module collverify dlopens RTLD_GLOBAL) must never see our MPI_* first.
#include <dlfcn.h>

#include <string>

#include <fmt/format.h>

#include "program/plugin.hpp"

namespace collverify::program {
namespace {

void load_mpi_shim() {
  static const std::string error = [] {
    Dl_info info{};
    if (::dladdr(reinterpret_cast<void*>(&load_mpi_shim), &info) == 0 || !info.dli_fname) {
      return std::string("cannot locate libcollverify_program.so");
    }
    std::string dir = info.dli_fname;
    dir = dir.substr(0, dir.find_last_of('/') + 1);
    const std::string shim = dir + "libcollverify_mpi_shim.so";
    void* handle = ::dlopen(shim.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (handle == nullptr) return fmt::format("cannot load {}: {}", shim, ::dlerror());
    if (::dlsym(RTLD_DEFAULT, "MPI_Send") != ::dlsym(handle, "MPI_Send")) {
      return std::string(
          "another MPI library is loaded in this process (a run under mpirun?): the program "
          "route simulates MPI in one process and runs its own workers; run it without mpirun");
    }
    return std::string();
  }();
  if (!error.empty()) throw ProgramError(error);
}

}  // namespace

Plugin load_plugin(const std::string& path) {
  load_mpi_shim();
  return open_plugin(path);
}

}  // namespace collverify::program
