/* A binomial-tree broadcast from any root (the program route on real MPI, tests/mpi): children
 * receive from their parent with MPI_Recv and check the length with MPI_Get_count; parents send
 * to all children with MPI_Isend and complete them with one MPI_Waitall. With -DSHORT_BY_ONE
 * every send leaves out the last element (count - 1), so every rank but the root keeps the poison
 * in its last element: a wrong_result that deadlocks nowhere, on real MPI as in the simulation. */
#include <mpi.h>

#ifdef SHORT_BY_ONE
#define SENT(count) ((count) > 0 ? (count) - 1 : 0)
#else
#define SENT(count) (count)
#endif

int cv_bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const int me = (rank - root + size) % size; /* rank relative to the root */
  int bit = 1;
  for (; bit < size; bit <<= 1) {
    if (me & bit) {
      MPI_Status st;
      int got = -1;
      MPI_Recv(buf, count, dt, (me - bit + root) % size, 7, comm, &st);
      MPI_Get_count(&st, dt, &got);
      if (got != SENT(count)) return MPI_ERR_COUNT;
      break;
    }
  }
  MPI_Request reqs[32];
  int n = 0;
  for (bit >>= 1; bit > 0; bit >>= 1) {
    if (me + bit < size) {
      MPI_Isend(buf, SENT(count), dt, (me + bit + root) % size, 7, comm, &reqs[n++]);
    }
  }
  MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE);
  return MPI_SUCCESS;
}
