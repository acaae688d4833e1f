// Distribution of a run over processes (docs/DESIGN.md "Distributed verification"). The engine
// stays free of MPI: this is what run_range needs of a transport, and mpi/dist_transport.cpp
// implements it with MPI in a module that collverify loads only when started by a launcher.
//
// Contract:
// - Every rank calls the collective members (start_items, all_gather) in the same order.
// - After start_items(count) on every rank, next_item() hands out 0, 1, 2, ... over the threads
//   of all ranks together, each index once, in order of request (then count and above): the
//   work pool's atomic counter, shared by every rank. Thread-safe.
// - add_done(items, units) adds to two totals shared by every rank (reset to 0 by start_items)
//   and returns them after the addition: the progress line of rank 0 counts the items every
//   rank finished (thread-safe, one round trip).
// - all_gather(bytes) returns every rank's bytes, in rank order, on every rank.
// - abort(code) ends every rank of the job with exit code `code` (an error on some ranks while
//   others wait in a collective must not hang the job).
// Example: 4 ranks with 2 threads each over 1000 p: every p is checked exactly once, by whichever
// thread of whichever rank was free, the most expensive first.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace collverify::engine {

class Distribution {
 public:
  virtual ~Distribution() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  virtual void start_items(std::uint64_t count) = 0;
  virtual std::uint64_t next_item() = 0;
  struct Done {
    std::uint64_t items = 0;
    std::uint64_t units = 0;  // of cost, in the caller's fixed-point units
  };
  virtual Done add_done(std::uint64_t items, std::uint64_t units) = 0;
  virtual std::vector<std::string> all_gather(const std::string& bytes) = 0;
  [[noreturn]] virtual void abort(int code) = 0;
};

// The launcher's job size from the environment (OMPI_COMM_WORLD_SIZE, PMI_SIZE, PMIX_SIZE is
// not set by every launcher, so those two), 1 when not started by a launcher.
int launcher_size();

// The distribution of this process: nullptr when not started by a launcher of more than one
// process (collverify then runs as it always did). Otherwise loads the MPI transport module
// (COLLVERIFY_DIST_MODULE, else libcollverify_dist_mpi.so beside the executable, else the build
// tree's) and initialises MPI; throws InputError when the module cannot be loaded (this
// collverify was built without MPI): N independent copies of one run must never start.
std::unique_ptr<Distribution> open_distribution();

// The module's entry point (extern "C", returns a new Distribution or nullptr with *error set).
using OpenDistributionFn = Distribution* (*)(const char** error);
inline constexpr const char* kOpenDistributionSymbol = "collverify_open_distribution";

}  // namespace collverify::engine
