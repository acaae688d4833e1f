// collverify-mpi: executes the schedules of collverify with real MPI point-to-point and compares
// the bytes with the native collective (mpi/run.hpp). Parses flags only.
//   mpirun -np 8 collverify-mpi bcast --bytes 100000 --blocks 7
//   mpirun -np 4 collverify-mpi program --plugin my_bcast.so --collective bcast --count 5 --root 1
#include <mpi.h>

#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>

#include "mpi/options.hpp"
#include "mpi/program_exec.hpp"
#include "mpi/run.hpp"

namespace cv = collverify::mpiexec;

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "program") return cv::exec_program_driver(argc, argv);
  MPI_Init(&argc, &argv);
  int me = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  cv::Options o;
  CLI::App app{"collverify-mpi: execute collective schedules with MPI and compare with the "
               "native collective"};
  app.add_option("collective", o.collective, "bcast, allgather, allgatherv, gather or scatter")
      ->required();
  app.add_option("--schedule-file", o.schedule_file,
                 "bcast: a schedule JSON (collverify schedule bcast --format json)");
  app.add_option("--schedule-plugin", o.schedule_plugin,
                 "bcast: a schedule plugin (include/collverify/plugin.h; ABI 2 for --root != 0)");
  app.add_option("--tree-file", o.tree_file, "gather/scatter: a tree JSON (docs/DESIGN.md mpi/)");
  app.add_option("--tree", o.tree,
                 "gather/scatter built-in tree: linear, binomial, adaptive, binary, optimal");
  app.add_option("--bytes", o.bytes,
                 "bcast: message bytes; allgather: bytes per rank; others: total (default 65536)");
  app.add_option("--blocks", o.blocks, "blocks n (default: seed 000 Section 3 rule)");
  app.add_option("--root", o.root, "root rank of bcast, gather, scatter (default 0)");
  app.add_option("--datatype", o.datatype, "contiguous (default) or vector");
  app.add_option("--dist", o.dist, "allgatherv/gather/scatter sizes in elements "
                                   "(default paper:<elements>; see collverify verify allgatherv)");
  app.add_flag("--time", o.time, "timing mode: schedule vs native over --sizes");
  app.add_option("--sizes", o.sizes, "timing sizes in bytes: 1K..64M (powers of two) or a list");
  app.add_option("--reps", o.reps, "timing repetitions (default 5)");
  app.add_option("--report", o.report_dir, "write reports into this directory (rank 0)");
  app.add_option("--format", o.formats, "json,junit,md,html (default json,junit,md)");
  int code = 0;
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    if (me == 0) app.exit(e);
    MPI_Finalize();
    return 0;
  } catch (const CLI::ParseError& e) {
    if (me == 0) std::fprintf(stderr, "collverify-mpi: %s (see collverify-mpi --help)\n", e.what());
    MPI_Finalize();
    return 2;
  }
  std::string command = "collverify-mpi";
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  o.command = command;
  code = cv::run(o, MPI_COMM_WORLD);
  MPI_Finalize();
  return code;
}
