// The flags of collverify-mpi (main.cpp parses them; run.cpp acts on them). Counts are in
// elements of the datatype: one byte for contiguous, two data bytes for vector.
#pragma once

#include <cstdint>
#include <string>

namespace collverify::mpiexec {

struct Options {
  std::string collective;           // bcast | allgather | allgatherv | gather | scatter
  std::string schedule_file;        // bcast: a user's schedule JSON (schedule bcast --format json)
  std::string schedule_plugin;      // bcast: a user's plugin (ABI 1, or 2 for any --root)
  std::string tree_file;            // gather/scatter: a tree JSON (docs in mpi/tree_file.hpp)
  std::string tree = "binomial";    // gather/scatter built-in tree of seed 001
  std::int64_t bytes = 65536;       // bcast: the message; allgather: per rank; others: the total
  std::int64_t blocks = 0;          // 0: seed 000 Section 3 rule
  std::int64_t root = 0;            // bcast, gather, scatter
  std::string datatype = "contiguous";
  std::string dist;                 // allgatherv/gather/scatter sizes; default paper:<elements>
  bool time = false;
  std::string sizes = "1K..64M";    // timing mode message sizes (bytes)
  int reps = 5;
  std::string report_dir;
  std::string formats = "json,junit,md";
  std::string command;              // the command line, for the reports
};

}  // namespace collverify::mpiexec
