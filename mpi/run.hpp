// The collverify-mpi driver: builds the instance(s) on every rank, agrees on bad input before
// any communication (so a refusal never leaves a rank waiting), executes and compares (or times),
// prints on rank 0 and writes the reports from rank 0.
//
// Exit codes as collverify's: 0 every rank ends with exactly the native collective's bytes, 1 a
// mismatch (witness: rank, block, round), 2 bad input (one message, printed by the lowest rank
// that refused it, naming the value).
//
// Reports (--report DIR, --format json,junit,md,html): the reports/ writers on a RunSummary with
// one construction "mpi-<collective>" and one case (p = the job's size); in timing mode the
// Markdown and HTML reports gain the timing table, and the HTML an SVG plot (svg_plot.hpp).
#pragma once

#include <mpi.h>

#include "mpi/options.hpp"

namespace collverify::mpiexec {

int run(const Options& o, MPI_Comm comm);

}  // namespace collverify::mpiexec
