/* Binomial-tree broadcast with an off-by-one in the children test (vr + mask <= size): the rank
 * with the largest virtual rank sends once more, to the root's virtual rank 0 (wrapped), which
 * never receives: unmatched_message under eager buffering, a deadlock under rendezvous, smallest
 * at p = 3, count 0, root 0, rank 2, call 1. */
#include <mpi.h>

int cv_bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int vr = (rank - root + size) % size;
  int mask = 1;
  while (mask < size) {
    if (vr & mask) {
      MPI_Recv(buf, count, dt, (vr - mask + root) % size, 0, comm, MPI_STATUS_IGNORE);
      break;
    }
    mask <<= 1;
  }
  mask >>= 1;
  while (mask > 0) {
    if (vr + mask <= size) MPI_Send(buf, count, dt, (vr + mask + root) % size, 0, comm);
    mask >>= 1;
  }
  return MPI_SUCCESS;
}
