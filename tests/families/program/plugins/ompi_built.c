/* Built against Open MPI's own mpi.h (not collverify's): collverify must refuse it, naming the
 * Open MPI symbol it references. */
#include <mpi.h>

int cv_bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm) {
  (void)comm;
  return MPI_Bcast(buf, count, dt, root, MPI_COMM_WORLD);
}
