// collverify-mpi: executes the schedules of collverify with real MPI point-to-point and compares
// the bytes with the native collective (mpi/run.hpp). Parses flags only: every value is judged
// as typed (mpi/ may not include families/common/parse.hpp, so the same rules live here): an empty value
// (an unset CI variable) is refused, and an integer flag takes only a whole decimal number that
// fits 64 bits (CLI11's own conversion read '' as 0 and clamped 10^20); ranges are judged later,
// where the job's size is known (mpi/instance.cpp, mpi/timing.cpp).
//   mpirun -np 8 collverify-mpi bcast --bytes 100000 --blocks 7
//   mpirun -np 4 collverify-mpi program --plugin my_bcast.so --collective bcast --count 5 --root 1
#include <mpi.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>
#include <system_error>

#include <CLI/CLI.hpp>

#include "mpi/options.hpp"
#include "mpi/program_exec.hpp"
#include "mpi/run.hpp"

namespace cv = collverify::mpiexec;

namespace {

std::string refuse_empty(std::string& text) {
  return text.empty() ? "is empty (an unset variable?); give a value" : "";
}

// A whole decimal integer: an optional '-' and digits, nothing else ('+3', ' 3', '0x10' and
// '1e3' are refused), within 64 bits.
std::string refuse_non_integer(std::string& text) {
  if (text.empty()) return refuse_empty(text);
  const bool negative = text[0] == '-';
  const std::size_t digits = negative ? 1 : 0;
  if (text.size() == digits) return "'" + text + "' is not a whole decimal number";
  for (std::size_t i = digits; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return "'" + text + "' is not a whole decimal number";
  }
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::result_out_of_range || end != text.data() + text.size()) {
    return "'" + text + "' does not fit 64 bits";
  }
  return "";
}

const CLI::Validator kNotEmpty(refuse_empty, "", "not empty");
const CLI::Validator kInteger(refuse_non_integer, "INT", "whole decimal integer");

}  // namespace

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
                 "bcast: a schedule JSON (collverify schedule bcast --format json)")
      ->check(kNotEmpty);
  app.add_option("--schedule-plugin", o.schedule_plugin,
                 "bcast: a schedule plugin (include/collverify/plugin.h; ABI 2 for --root != 0)")
      ->check(kNotEmpty);
  app.add_option("--tree-file", o.tree_file, "gather/scatter: a tree JSON (docs/DESIGN.md mpi/)")
      ->check(kNotEmpty);
  app.add_option("--tree", o.tree,
                 "gather/scatter built-in tree: linear, binomial, adaptive, binary, optimal, "
                 "two (TWO_Gatherv: --dist with exactly two sizes)")
      ->check(kNotEmpty);
  app.add_option("--bytes", o.bytes,
                 "bcast: message bytes; allgather: bytes per rank; others: total (default 65536)")
      ->check(kInteger);
  app.add_option("--blocks", o.blocks, "blocks n (default: seed 000 Section 3 rule)")
      ->check(kInteger);
  app.add_option("--root", o.root, "root rank of bcast, gather, scatter (default 0)")
      ->check(kInteger);
  app.add_option("--datatype", o.datatype, "contiguous (default) or vector")->check(kNotEmpty);
  app.add_option("--dist", o.dist,
                 "allgatherv/gather/scatter sizes in elements "
                 "(default paper:<elements>; see collverify verify allgatherv)")
      ->check(kNotEmpty);
  app.add_flag("--time", o.time, "timing mode: schedule vs native over --sizes");
  app.add_option("--sizes", o.sizes, "timing sizes in bytes: 1K..64M (powers of two) or a list")
      ->check(kNotEmpty);
  app.add_option("--reps", o.reps, "timing repetitions (default 5)")->check(kInteger);
  app.add_option("--report", o.report_dir, "write reports into this directory (rank 0)")
      ->check(kNotEmpty);
  app.add_option("--format", o.formats, "json,junit,md,html (default json,junit,md)")
      ->check(kNotEmpty);
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
