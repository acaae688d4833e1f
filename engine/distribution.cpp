#include "engine/distribution.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "model/error.hpp"

namespace collverify::engine {
namespace {

int env_size(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return 0;
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  if (*end != '\0' || n < 1 || n > 1'000'000) {
    throw InputError(fmt::format("the launcher's {}='{}' is not a process count", name, v));
  }
  return static_cast<int>(n);
}

std::filesystem::path beside_executable(const char* file) {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : exe.parent_path() / file;
}

}  // namespace

int launcher_size() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}) {
    if (const int n = env_size(name); n > 0) return n;
  }
  return 1;
}

std::unique_ptr<Distribution> open_distribution() {
  if (launcher_size() <= 1) return nullptr;
  constexpr const char* kFile = "libcollverify_dist_mpi.so";
  std::vector<std::string> tried;
  if (const char* env = std::getenv("COLLVERIFY_DIST_MODULE"); env != nullptr && *env != '\0') {
    tried.emplace_back(env);
  } else {
    tried.push_back(beside_executable(kFile).string());
    tried.push_back(std::string(COLLVERIFY_DIST_MODULE_DIR) + "/" + kFile);
  }
  std::string errors;
  for (const auto& path : tried) {
    if (path.empty() || !std::filesystem::exists(path)) {
      errors += fmt::format("; {}: not found", path);
      continue;
    }
    // RTLD_GLOBAL: Open MPI's own components, which it dlopens, resolve libmpi's symbols.
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (handle == nullptr) {
      const char* e = dlerror();
      errors += fmt::format("; {}: {}", path, e ? e : "dlopen failed");
      continue;
    }
    // The handle stays open for the life of the process (MPI is finalised by the object).
    auto open = reinterpret_cast<OpenDistributionFn>(dlsym(handle, kOpenDistributionSymbol));
    if (open == nullptr) {
      errors += fmt::format("; {}: no {}", path, kOpenDistributionSymbol);
      continue;
    }
    const char* error = nullptr;
    Distribution* d = open(&error);
    if (d == nullptr) throw InputError(fmt::format("MPI transport {}: {}", path, error ? error : "failed"));
    return std::unique_ptr<Distribution>(d);
  }
  throw InputError(fmt::format(
      "started by a launcher with {} processes, but the MPI transport module could not be "
      "loaded{} (build with COLLVERIFY_MPI=ON, or set COLLVERIFY_DIST_MODULE)",
      launcher_size(), errors));
}

}  // namespace collverify::engine
