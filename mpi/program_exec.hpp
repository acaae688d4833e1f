// `collverify-mpi program ...` (docs/DESIGN.md "The program route", "Against real MPI"): replaces
// this process, before MPI_Init, with collverify-mpi-program from the same directory, given the
// same arguments. A separate executable because it defines the MPI_* functions of collverify's
// mpi.h for the plugin (mpi/program_shim.h), which would take the place of Open MPI's for every
// other command of collverify-mpi.
//
// Returns only when the exec failed: 2, with the reason on stderr.
#pragma once

namespace collverify::mpiexec {

int exec_program_driver(int argc, char** argv);

}  // namespace collverify::mpiexec
