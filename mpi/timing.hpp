// Timing mode (seed 000 Section 3's method): for each message size, the time of one execution
// is the slowest rank's (MPI_Allreduce with MPI_MAX of each rank's MPI_Wtime difference, after an
// MPI_Barrier), and the reported time is the minimum of that over --reps repetitions, for the
// schedule and for the native collective on the same data. Each size is first executed and
// compared once (check.hpp), so a timed schedule is also a verified one. Schedule construction
// (tables, plan, datatypes) is done before timing and not included.
//
// Sizes: "1K..64M" (every power of two from 1 KiB to 64 MiB), or a list "1K,1M,3000"; suffixes
// K, M, G are powers of 1024. InputError naming the token otherwise.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/verdict.hpp"
#include "mpi/options.hpp"

#include <mpi.h>

namespace collverify::mpiexec {

std::vector<std::int64_t> parse_sizes(const std::string& text);

struct TimingRow {
  std::int64_t bytes = 0;
  std::int64_t n = 0;
  double schedule_seconds = 0;
  double native_seconds = 0;
};

struct TimingResult {
  std::vector<TimingRow> rows;             // rank 0 only
  std::vector<Violation> violations;       // rank 0 only: from the check of each size
};

TimingResult run_timing(MPI_Comm comm, const Options& o, std::int64_t p, std::int64_t me);

// The table as Markdown (also printed on stdout).
std::string timing_markdown(const TimingResult& t, const std::string& collective, std::int64_t p);

}  // namespace collverify::mpiexec
