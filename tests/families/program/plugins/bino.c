/* Binomial-tree broadcast from any root: the passing twin of bino_extra_send.c. */
#include <mpi.h>

int cv_bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int vr = (rank - root + size) % size;
  int mask = 1;
  while (mask < size) {
    if (vr & mask) {
      int src = (vr - mask + root) % size;
      MPI_Recv(buf, count, dt, src, 0, comm, MPI_STATUS_IGNORE);
      break;
    }
    mask <<= 1;
  }
  mask >>= 1;
  while (mask > 0) {
    if (vr + mask < size) {
      int dst = (vr + mask + root) % size;
      MPI_Send(buf, count, dt, dst, 0, comm);
    }
    mask >>= 1;
  }
  return MPI_SUCCESS;
}
