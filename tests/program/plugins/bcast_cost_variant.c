/* Two correct bcasts that cost more than the binomial tree of examples/programs/bcast_binomial.c,
 * for tests/program/cost_test.cpp (a figure of the cost must change, the verdict must not).
 * SMALLEST_FIRST: the binomial tree with each rank's sends in the other order (nearest child
 * first), so the largest subtree starts last: same messages and bytes, more 1-ported rounds and
 * time. Otherwise (LINEAR): the root sends the whole buffer to every other rank: p - 1 messages,
 * (p - 1) count bytes at the root, p - 1 rounds. */
#include <mpi.h>

int cv_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  int rank, p;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
#ifdef SMALLEST_FIRST
  const int vr = (rank - root + p) % p;
  int mask = 1;
  while (mask < p) {
    if (vr & mask) {
      MPI_Recv(buffer, count, datatype, (vr - mask + root) % p, 0, comm, MPI_STATUS_IGNORE);
      break;
    }
    mask <<= 1;
  }
  for (int m = 1; m < mask; m <<= 1) {
    if (vr + m < p) MPI_Send(buffer, count, datatype, (vr + m + root) % p, 0, comm);
  }
#else
  if (rank == root) {
    for (int r = 0; r < p; ++r) {
      if (r != root) MPI_Send(buffer, count, datatype, r, 0, comm);
    }
  } else {
    MPI_Recv(buffer, count, datatype, root, 0, comm, MPI_STATUS_IGNORE);
  }
#endif
  return MPI_SUCCESS;
}
